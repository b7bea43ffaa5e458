// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadLeadForms } from '../../server/forms.ts';
import { inboxBenchTable, mulberry32, QUERIES, seedLeads, timeRequests, type BackendResult } from './inbox-bench.ts';

describe('the inbox bench seed', () => {
  const now = Date.UTC(2026, 5, 1);
  const leads = seedLeads(2000, { now });

  it('is the same for the same seed, and another for another', () => {
    expect(seedLeads(50, { now })).toEqual(leads.slice(0, 50));
    expect(seedLeads(50, { now, seed: 7 })).not.toEqual(leads.slice(0, 50));
    const a = mulberry32(1);
    const b = mulberry32(1);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it("fills each form's own payload keys, over every form, status and the 90 days before now", () => {
    const keys = new Map([...loadLeadForms().values()].map((f) => [f.id, Object.keys(f.config.submit.payload).sort()]));
    for (const l of leads) expect(Object.keys(l.payload).sort()).toEqual(keys.get(l.form));
    const share = (pred: (l: (typeof leads)[number]) => boolean) => leads.filter(pred).length / leads.length;
    expect(share((l) => l.form === 'contact')).toBeGreaterThan(0.3);
    for (const form of ['waitlist', 'demo-lead', 'enquiry']) expect(share((l) => l.form === form)).toBeGreaterThan(0.05);
    for (const status of ['new', 'handled', 'spam']) expect(share((l) => l.status === status)).toBeGreaterThan(0.05);
    const times = leads.map((l) => Date.parse(l.receivedAt));
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(now - 90 * 86_400_000);
    // Spread, not bunched: every one of the 90 days has leads.
    expect(new Set(times.map((t) => Math.floor((now - t) / 86_400_000))).size).toBe(90);
    expect(new Set(leads.map((l) => l.payload.email)).size).toBe(leads.length);
    expect(share((l) => l.utm.campaign !== null)).toBeGreaterThan(0.2);
    expect(share((l) => l.referrerHost !== null)).toBeGreaterThan(0.3);
  });
});

describe('timing', () => {
  it('measures the runs after the warm-up and gives nearest-rank p50 and p95', async () => {
    let calls = 0;
    const t = await timeRequests(async () => (calls++, 200), 20, 3);
    expect(calls).toBe(23);
    expect(t.status).toBe(200);
    expect(t.p50).toBeGreaterThanOrEqual(0);
    expect(t.p95).toBeGreaterThanOrEqual(t.p50);
  });

  it('stops at the first answer that is not 200 and says which', async () => {
    let calls = 0;
    expect(await timeRequests(async () => (++calls === 2 ? 404 : 200), 50)).toEqual({ p50: NaN, p95: NaN, status: 404 });
    expect(calls).toBe(2);
  });

  it('marks each figure against its limit', () => {
    const result = (p95: number[], status = 200): BackendResult => ({
      backend: 'PGlite',
      seedSeconds: 1,
      timings: p95.map((p) => ({ p50: p / 2, p95: p, status })),
    });
    const table = (b: BackendResult, hashMs: number) =>
      inboxBenchTable({ count: 10_000, runs: 50, results: [b], notes: [], hash: { source: 'argon2', median: hashMs, min: hashMs, max: hashMs } });
    const ok = table(result([12, 40, 99.9]), 80);
    expect(ok).not.toContain('✗');
    expect(ok).toContain(`| ${QUERIES[2].name} | 50.0 | 99.9 |`);
    expect(table(result([12, 40, 100]), 80)).toMatch(/✗ PGlite, search \(\?q=\): p95 100\.0 ms/);
    expect(table(result([1, 1, 1]), 40)).toMatch(/✗ sign-in password hash: median 40 ms/);
    expect(table(result([1, 1, 1]), 600)).toMatch(/✗ sign-in password hash/);
    expect(table(result([1, 1, 1], 404), 80)).toContain('answered 404');
  });
});
