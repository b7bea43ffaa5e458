// @vitest-environment node
// A stored lead counts in the funnel in its own transaction; spam and replays do not. The admin socket's report
// writes out what the running service counted first.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdminApp, createLeadApp } from '../app.ts';
import type { Db } from '../db.ts';
import { backends, truncateAll } from '../test-backends.ts';
import { StatsAggregator } from './aggregator.ts';
import { utcDay } from './salt.ts';
import type { StatsReport } from './types.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Please call me about a quote.' };

describe.each(backends())('leads in the funnel on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const app = () => createLeadApp({ db, hashSecret: 's', rateLimit: 0 });
  const post = (body: object, headers: Record<string, string> = {}) =>
    app().request('/api/v1/inquiries/contact-us', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const forms = async () =>
    (await db.query("SELECT to_char(day, 'YYYY-MM-DD') AS day, form, landing, source, campaign, starts, leads FROM stats_forms ORDER BY landing, source")).rows;

  it('adds a lead to its day, form, landing page, source and campaign', async () => {
    expect(await post(CONTACT, { 'sitewright-attribution': 'page=%2Fcontact&landing=%2Fowner&utm_source=newsletter&utm_campaign=spring' })).toHaveProperty(
      'status',
      201,
    );
    expect(await post(CONTACT, { 'sitewright-attribution': 'page=%2Fcontact&landing=%2Fpricing&ref=News.Example.com' })).toHaveProperty('status', 201);
    expect(await post(CONTACT)).toHaveProperty('status', 201);
    const day = utcDay(Date.now());
    expect(await forms()).toEqual([
      { day, form: 'contact', landing: '', source: '', campaign: '', starts: 0, leads: 1 },
      { day, form: 'contact', landing: '/owner', source: 'newsletter', campaign: 'spring', starts: 0, leads: 1 },
      { day, form: 'contact', landing: '/pricing', source: 'news.example.com', campaign: '', starts: 0, leads: 1 },
    ]);
  });

  it('does not count spam', async () => {
    expect(await post({ ...CONTACT, website: 'http://spam.example' }, { 'sitewright-attribution': 'landing=%2Fowner' })).toHaveProperty('status', 201);
    expect((await db.query('SELECT status FROM leads')).rows).toEqual([{ status: 'spam' }]);
    expect(await forms()).toEqual([]);
  });

  it('counts an idempotent replay once', async () => {
    const headers = { 'idempotency-key': 'retry-1', 'sitewright-attribution': 'landing=%2Fowner&utm_campaign=spring' };
    expect(await post(CONTACT, headers)).toHaveProperty('status', 201);
    const again = await post(CONTACT, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await forms()).map((r) => r.leads)).toEqual([1]);
  });

  it("counts a lead's landing page by the site's route, as its page views are", async () => {
    const routed = createLeadApp({ db, hashSecret: 's', rateLimit: 0, siteRoutes: () => ({ pages: new Set(['/']), patterns: ['/referral/:refId'] }) });
    const res = await routed.request('/api/v1/inquiries/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sitewright-attribution': 'landing=%2Freferral%2Fabc123' },
      body: JSON.stringify(CONTACT),
    });
    expect(res.status).toBe(201);
    expect((await forms()).map((r) => r.landing)).toEqual(['/referral/:refId']);
    // The lead itself keeps the address as it was.
    expect((await db.query('SELECT landing_path FROM leads')).rows).toEqual([{ landing_path: '/referral/abc123' }]);
  });

  it("the admin socket's report writes out what waits in memory first, and refuses a bad range", async () => {
    const stats = new StatsAggregator({ db });
    const lead = createLeadApp({ db, hashSecret: 's', stats, peerAddress: () => '192.0.2.1' });
    const res = await lead.request('/api/v1/events', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 Chrome/140.0' },
      body: 'k=view&p=%2Fowner',
    });
    expect(res.status).toBe(204);
    expect(stats.waiting).toBe(1);
    const admin = createAdminApp(db, undefined, stats);
    const today = utcDay(Date.now());
    const answer = await admin.request(`/stats?from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    const { report } = (await answer.json()) as { report: StatsReport };
    expect(report.totals).toEqual({ visitors: 1, views: 1, starts: 0, leads: 0 });
    expect(report.pages).toEqual([{ path: '/owner', visitors: 1, views: 1 }]);
    for (const q of ['', `from=${today}`, 'from=2026-02-30&to=2026-03-01', 'from=2026-03-02&to=2026-03-01', 'from=2024-01-01&to=2026-01-01']) {
      const bad = await admin.request(`/stats?${q}`);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { message: string }).message).toMatch(/^"?[A-Za-z].*\.$/);
    }
  });
});
