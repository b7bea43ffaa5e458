// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countView, sendEvent } from './beacon.ts';
import { EVENTS_PATH } from './events.ts';

/** The page's address (on jsdom's own origin), its referrer and whether the browser is prerendering it. */
function onPage(address: string, referrer = '', prerendering = false): void {
  history.replaceState(null, '', address);
  Object.defineProperty(document, 'referrer', { configurable: true, get: () => referrer });
  Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering });
}

const beacon = vi.fn<(url: string, body: unknown) => boolean>();
const fetchMock = vi.fn<typeof fetch>();
/** The bodies sent, as the wire carries them. */
const sent = () => beacon.mock.calls.map(([url, body]) => [url, String(body)]);

beforeEach(() => {
  beacon.mockReset().mockReturnValue(true);
  fetchMock.mockReset().mockResolvedValue(new Response(null, { status: 204 }));
  vi.stubGlobal('navigator', { sendBeacon: beacon });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'referrer');
  Reflect.deleteProperty(document, 'prerendering');
  history.replaceState(null, '', '/');
});

describe('countView', () => {
  it('sends the path of a visit that begins here, and nothing else, to the site’s own service', () => {
    onPage('/owner');
    countView();
    expect(sent()).toEqual([[EVENTS_PATH, 'k=view&p=%2Fowner&entry=1']]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the other site (its host only) and the page’s utm_source, utm_medium and utm_campaign, trimmed and cut at 200 characters', () => {
    const long = 'c'.repeat(250);
    onPage(`/owner?utm_source=%20newsletter%20&utm_medium=email&utm_campaign=${long}&utm_term=roof&gclid=abc&utm_content=%20`, 'https://news.example/a/b?c=d');
    countView();
    const body = new URLSearchParams(sent()[0][1]);
    expect([...body]).toEqual([
      ['k', 'view'],
      ['p', '/owner'],
      ['ref', 'news.example'],
      ['utm_source', 'newsletter'],
      ['utm_medium', 'email'],
      ['utm_campaign', 'c'.repeat(200)],
      ['entry', '1'],
    ]);
  });

  it('names no other site and begins no visit when the referrer is a page of this site', () => {
    onPage('/contact', `${location.origin}/owner?utm_source=newsletter`);
    countView();
    expect(sent()).toEqual([[EVENTS_PATH, 'k=view&p=%2Fcontact']]);
  });

  it('cuts a long path at 200 characters', () => {
    onPage(`/${'p'.repeat(300)}`);
    countView();
    expect(new URLSearchParams(sent()[0][1]).get('p')).toBe(`/${'p'.repeat(199)}`);
  });

  it('counts the not-found page under one path, whatever was asked for, and says so', () => {
    onPage('/no-such-page?utm_source=ads', 'https://search.example/');
    countView(true);
    expect(sent()).toEqual([[EVENTS_PATH, 'k=view&p=%2Fno-such-page&ref=search.example&utm_source=ads&entry=1&nf=1']]);
  });

  it('waits while the page is prerendered, and sends once when it is shown', () => {
    onPage('/owner', 'https://news.example/', true);
    countView();
    expect(beacon).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    onPage('/owner', 'https://news.example/', false);
    document.dispatchEvent(new Event('prerenderingchange'));
    expect(sent()).toEqual([[EVENTS_PATH, 'k=view&p=%2Fowner&ref=news.example&entry=1']]);
  });

  it('keeps nothing in the browser: no cookie, no storage', () => {
    const before = [document.cookie, localStorage.length, sessionStorage.length];
    onPage('/owner?utm_source=ads', 'https://news.example/');
    countView();
    expect([document.cookie, localStorage.length, sessionStorage.length]).toEqual(before);
  });
});

describe('sendEvent', () => {
  const body = () => new URLSearchParams({ k: 'view', p: '/' });

  it('uses fetch with keepalive when sendBeacon refuses the beacon', () => {
    beacon.mockReturnValue(false);
    sendEvent(body());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe(EVENTS_PATH);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(String(init?.body)).toBe('k=view&p=%2F');
  });

  it('uses fetch with keepalive where there is no sendBeacon', () => {
    vi.stubGlobal('navigator', {});
    sendEvent(body());
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', keepalive: true });
  });

  it('leaves the page alone when both throw, or when fetch fails later', async () => {
    beacon.mockImplementation(() => {
      throw new TypeError('beacon');
    });
    fetchMock.mockImplementation(() => {
      throw new TypeError('fetch');
    });
    expect(() => sendEvent(body())).not.toThrow();
    beacon.mockReturnValue(false);
    fetchMock.mockReset().mockRejectedValue(new TypeError('Failed to fetch'));
    // A rejection nobody handles would fail this test run.
    expect(() => sendEvent(body())).not.toThrow();
    await new Promise((next) => setTimeout(next, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
