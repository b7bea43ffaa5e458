import { describe, expect, it } from 'vitest';
import { recordVisit, VISIT_KEY } from './visit.ts';
import { attributionHeaders } from '../forms/attribution.ts';

/** A window with just what the visit code reads: its address, its referrer and a sessionStorage. */
function fakeView(address: string, referrer = '', storage: Storage | 'blocked' = new MemoryStorage()): Window {
  const url = new URL(address);
  return {
    location: { origin: url.origin, hostname: url.hostname, pathname: url.pathname, search: url.search },
    document: { referrer },
    get sessionStorage() {
      if (storage === 'blocked') throw new DOMException('The operation is insecure.', 'SecurityError');
      return storage;
    },
  } as unknown as Window;
}

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

const recorded = (storage: Storage) => Object.fromEntries(new URLSearchParams(storage.getItem(VISIT_KEY) ?? ''));

describe('recordVisit', () => {
  it('keeps the first page, the other site and the utm parameters, trimmed and cut at 200 characters', () => {
    const storage = new MemoryStorage();
    const long = 'x'.repeat(250);
    recordVisit(
      fakeView(
        `https://buildpad.example/owner?utm_source=%20newsletter%20&utm_medium=email&utm_campaign=${long}&utm_id=9&gclid=abc`,
        'https://news.example/a?b=c',
        storage,
      ),
    );
    expect(recorded(storage)).toEqual({ landing: '/owner', ref: 'news.example', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'x'.repeat(200) });
  });

  it('keeps the first page of the tab: a later page changes nothing', () => {
    const storage = new MemoryStorage();
    recordVisit(fakeView('https://buildpad.example/owner?utm_source=ads', '', storage));
    recordVisit(fakeView('https://buildpad.example/contact?utm_source=other', 'https://elsewhere.example/', storage));
    expect(recorded(storage)).toEqual({ landing: '/owner', utm_source: 'ads' });
  });

  it('takes a page of the site left before it could record as the first page, with its utm values, naming no referrer', () => {
    const storage = new MemoryStorage();
    recordVisit(fakeView('https://buildpad.example/contact?utm_source=later', 'https://buildpad.example/?utm_source=newsletter&utm_campaign=spring', storage));
    expect(recorded(storage)).toEqual({ landing: '/', utm_source: 'newsletter', utm_campaign: 'spring' });
  });

  it('names no referrer when there is none, or one it cannot read', () => {
    for (const referrer of ['', 'not a url']) {
      const storage = new MemoryStorage();
      recordVisit(fakeView('https://buildpad.example/', referrer, storage));
      expect(recorded(storage)).toEqual({ landing: '/' });
    }
  });

  it('says nothing when storage is blocked', () => {
    expect(() => recordVisit(fakeView('https://buildpad.example/', '', 'blocked'))).not.toThrow();
  });
});

describe('attributionHeaders', () => {
  it("sends the form's page and the recorded visit to the site's own service", () => {
    const storage = new MemoryStorage();
    recordVisit(fakeView('https://buildpad.example/owner?utm_source=newsletter', 'https://news.example/', storage));
    const headers = attributionHeaders('/api/v1/contact', fakeView('https://buildpad.example/contact', '', storage));
    expect(headers).toEqual({ 'Sitewright-Attribution': 'page=%2Fcontact&landing=%2Fowner&ref=news.example&utm_source=newsletter' });
    expect(attributionHeaders('https://buildpad.example/api/v1/contact', fakeView('https://buildpad.example/contact', '', storage))).toEqual(headers);
  });

  it('sends nothing to another origin', () => {
    const storage = new MemoryStorage();
    recordVisit(fakeView('https://buildpad.example/owner?utm_source=newsletter', '', storage));
    expect(attributionHeaders('https://forms.example/submit', fakeView('https://buildpad.example/contact', '', storage))).toEqual({});
    expect(attributionHeaders('https://buildpad.example:8443/api', fakeView('https://buildpad.example/contact', '', storage))).toEqual({});
    expect(attributionHeaders('/api/v1/contact', undefined)).toEqual({});
  });

  it('sends the page alone when storage is blocked or nothing was recorded', () => {
    expect(attributionHeaders('/api/v1/contact', fakeView('https://buildpad.example/contact', '', 'blocked'))).toEqual({
      'Sitewright-Attribution': 'page=%2Fcontact',
    });
    expect(attributionHeaders('/api/v1/contact', fakeView('https://buildpad.example/contact'))).toEqual({ 'Sitewright-Attribution': 'page=%2Fcontact' });
  });
});
