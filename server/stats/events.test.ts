// @vitest-environment node
// POST /api/v1/events: every refusal, with nothing stored; bots answered and not counted; what is counted, where.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'hono';
import { createLeadApp, type LeadAppOptions } from '../app.ts';
import { DbUnavailableError, type Db } from '../db.ts';
import { backends, truncateAll } from '../test-backends.ts';
import { NOT_FOUND_PATH } from '../../renderer/shell/events.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const OWN = 'http://localhost';
const FORM_TYPE = 'application/x-www-form-urlencoded;charset=UTF-8';
const peerAddress = (c: Context) => c.req.header('x-test-peer') ?? '203.0.113.7';

describe.each(backends())('beacons on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const makeApp = (o: Partial<LeadAppOptions> = {}) => createLeadApp({ db, hashSecret: 's', peerAddress, ...o });
  const send = (app: ReturnType<typeof makeApp>, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string | undefined> = {}) => {
    const h: Record<string, string> = {};
    for (const [k, v] of Object.entries({ origin: OWN, 'content-type': FORM_TYPE, 'user-agent': CHROME, ...headers })) if (v !== undefined) h[k] = v;
    return app.request('/api/v1/events', { method: 'POST', headers: h, body });
  };
  /** Every row of every stats table but the salt (made by whichever beacon needs it first). */
  const stored = async () => {
    const out: Record<string, unknown[]> = {};
    for (const t of ['stats_seen', 'stats_days', 'stats_pages', 'stats_forms']) out[t] = (await db.query(`SELECT * FROM ${t}`)).rows;
    return out;
  };
  const nothingStored = { stats_seen: [], stats_days: [], stats_pages: [], stats_forms: [] };
  const pages = async () =>
    (
      await db.query<{ path: string; source: string; campaign: string; views: number; visitors: number; entries: number }>(
        'SELECT path, source, campaign, views, visitors, entries FROM stats_pages ORDER BY path, source, campaign',
      )
    ).rows;

  it('counts a page view with its source and campaign, answering 204 with no body', async () => {
    const app = makeApp();
    const res = await send(app, 'k=view&p=%2Fowner&ref=News.Example.com&utm_source=newsletter&utm_medium=email&utm_campaign=spring&entry=1');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await send(app, 'k=view&p=%2Fpricing&ref=news.example.com')).toHaveProperty('status', 204);
    // Sent as a string by sendBeacon: text/plain, read the same way.
    expect(await send(app, 'k=view&p=%2F', { 'content-type': 'text/plain;charset=UTF-8' })).toHaveProperty('status', 204);
    expect(await pages()).toEqual([
      { path: '/', source: '', campaign: '', views: 1, visitors: 1, entries: 0 },
      { path: '/owner', source: 'newsletter', campaign: 'spring', views: 1, visitors: 1, entries: 1 },
      { path: '/pricing', source: 'news.example.com', campaign: '', views: 1, visitors: 1, entries: 0 },
    ]);
    expect((await db.query('SELECT views, visitors FROM stats_days')).rows).toEqual([{ views: 3, visitors: 1 }]);
  });

  it('counts a form start against the visit it names', async () => {
    const res = await send(makeApp(), 'k=start&f=contact&p=%2Fcontact&landing=%2Fowner&utm_source=newsletter&utm_campaign=spring');
    expect(res.status).toBe(204);
    expect((await db.query('SELECT form, landing, source, campaign, starts, leads FROM stats_forms')).rows).toEqual([
      { form: 'contact', landing: '/owner', source: 'newsletter', campaign: 'spring', starts: 1, leads: 0 },
    ]);
  });

  const refusals: [string, string | Uint8Array<ArrayBuffer>, Record<string, string | undefined>, number][] = [
    ['no Origin', 'k=view&p=%2F', { origin: undefined }, 403],
    ['a foreign Origin', 'k=view&p=%2F', { origin: 'https://evil.example' }, 403],
    ['JSON', '{"k":"view","p":"/"}', { 'content-type': 'application/json' }, 415],
    // Bytes, not a string: a string body would be given text/plain by the Request itself.
    ['no type', new TextEncoder().encode('k=view&p=%2F'), { 'content-type': undefined }, 415],
    ['multipart', 'k=view&p=%2F', { 'content-type': 'multipart/form-data; boundary=x' }, 415],
    ['a body over 1,024 bytes', `k=view&p=%2F&x=${'a'.repeat(1020)}`, {}, 413],
    ['a Content-Length over 1,024', 'k=view&p=%2F', { 'content-length': '5000' }, 413],
    ['bytes that are not UTF-8', new Uint8Array([0x6b, 0x3d, 0xff, 0xfe]), {}, 400],
    ['no kind', 'p=%2F', {}, 400],
    ['an unknown kind', 'k=click&p=%2F', {}, 400],
    ['no path', 'k=view', {}, 400],
    ['a path without its slash', 'k=view&p=owner', {}, 400],
    ['a path naming another host', 'k=view&p=%2F%2Fevil.example%2Fx', {}, 400],
    ['a path with a backslash', 'k=view&p=%2F%5Cevil.example', {}, 400],
    ['a path with a query', 'k=view&p=%2Fowner%3Fa%3D1', {}, 400],
    ['a path over 200 characters', `k=view&p=%2F${'a'.repeat(200)}`, {}, 400],
    ['a control character in the path', 'k=view&p=%2Fa%0Ab', {}, 400],
    ['a control character in a campaign', 'k=view&p=%2F&utm_campaign=a%1Bb', {}, 400],
    ['a NUL in a source', 'k=view&p=%2F&utm_source=a%00b', {}, 400],
    ['a campaign over 200 characters', `k=view&p=%2F&utm_campaign=${'c'.repeat(201)}`, {}, 400],
    ['a referrer that is not a host', 'k=view&p=%2F&ref=https%3A%2F%2Fa.example%2Fx', {}, 400],
    ['a form start without a form', 'k=start&p=%2Fcontact', {}, 400],
    ['a form start of a form the site has not', 'k=start&f=nosuchform&p=%2Fcontact', {}, 400],
    ['a form start with a bad landing page', 'k=start&f=contact&p=%2Fcontact&landing=http%3A%2F%2Fx', {}, 400],
  ];
  it.each(refusals)('refuses %s with its status and a plain sentence, storing nothing', async (_, body, headers, status) => {
    const res = await send(makeApp(), body, headers);
    expect(res.status).toBe(status);
    const { message } = (await res.json()) as { message: string };
    expect(message).toMatch(/^[A-Z].*\.$/);
    expect(await stored()).toEqual(nothingStored);
  });

  it("answers 503 and counts nothing when the day's salt cannot be read (the database is down)", async () => {
    const down = () => Promise.reject(new DbUnavailableError(new Error('connect ECONNREFUSED')));
    const app = createLeadApp({ db: { ...db, query: down, transaction: down }, hashSecret: 's', peerAddress });
    const res = await send(app, 'k=view&p=%2F');
    expect(res.status).toBe(503);
    expect(await stored()).toEqual(nothingStored);
  });

  it('refuses any method but POST', async () => {
    const res = await makeApp().request('/api/v1/events');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['curl', 'curl/8.5.0'],
    ['wget', 'Wget/1.21.4'],
    ['python-requests', 'python-requests/2.32.3'],
    ['Go', 'Go-http-client/1.1'],
    [
      'Lighthouse',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
    ],
    ['no user agent', undefined],
  ])('answers %s 204 and does not count it', async (_, ua) => {
    const res = await send(makeApp(), 'k=view&p=%2F', { 'user-agent': ua });
    expect(res.status).toBe(204);
    expect(await stored()).toEqual(nothingStored);
  });

  it('counts headless Chromium, which the tests and the audit use', async () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
    expect(await send(makeApp(), 'k=view&p=%2F', { 'user-agent': ua })).toHaveProperty('status', 204);
    expect(await pages()).toHaveLength(1);
  });

  it('answers an allowed origin with CORS headers, its preflight too', async () => {
    const app = makeApp({ allowedOrigins: ['https://www.buildpad.example'] });
    const res = await send(app, 'k=view&p=%2F', { origin: 'https://www.buildpad.example' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://www.buildpad.example');
    const pre = await app.request('/api/v1/events', {
      method: 'OPTIONS',
      headers: { origin: 'https://www.buildpad.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it("counts an address the site has not as the not-found page, and a parameter route's values under the route", async () => {
    const routes = { pages: new Set(['/', '/owner', '/referral']), patterns: ['/referral/:refId'] };
    const app = makeApp({ siteRoutes: () => routes });
    for (const p of ['/owner', '/owner/', '/no-such-page', '/referral/abc', '/referral/xyz', '/', '/owner/x'])
      expect(await send(app, `k=view&p=${encodeURIComponent(p)}`)).toHaveProperty('status', 204);
    // The page itself says it is the not-found page, whatever its address.
    expect(await send(app, 'k=view&p=%2Fowner&nf=1')).toHaveProperty('status', 204);
    expect((await pages()).map((r) => [r.path, r.views])).toEqual([
      [NOT_FOUND_PATH, 3],
      ['/', 1],
      ['/owner', 2],
      ['/referral/:refId', 2],
    ]);
  });

  it('counts a path as sent when the service does not serve the site, but the not-found page still as one', async () => {
    const app = makeApp();
    await send(app, 'k=view&p=%2Fanything');
    await send(app, 'k=view&p=%2Fmissing&nf=1');
    expect((await pages()).map((r) => r.path)).toEqual([NOT_FOUND_PATH, '/anything']);
  });
});
