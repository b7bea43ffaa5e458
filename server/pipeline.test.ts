// @vitest-environment node
// The lead pipeline's database parts: the shared rate limit, and spam kept 30 days.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './db.ts';
import { DbRateLimiter } from './rate-limit.ts';
import { insertLead, listLeads, purgeExpired } from './store.ts';
import { startPurge } from './node.ts';
import { backends, truncateAll } from './test-backends.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(backends())('lead pipeline on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const lead = (email: string, spam?: string) =>
    insertLead(db, { form: 'contact', payload: { email }, clientHash: 'h', outbox: true, message: 'ok', ...(spam ? { spam } : {}) });
  const idOf = async (p: ReturnType<typeof lead>) => {
    const o = await p;
    if (o.kind !== 'created') throw new Error(o.kind);
    return o.answer.body.id;
  };

  describe('rate limit in the database', () => {
    it('allows exactly the limit when many take one bucket at once, and says when to come back', async () => {
      const limiter = new DbRateLimiter(db, 5);
      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.take('contact:abc')));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
      for (const d of decisions.filter((x) => !x.allowed)) expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect((await limiter.take('contact:other')).allowed).toBe(true);
      const counted = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_hits WHERE bucket = 'contact:abc'");
      expect(counted.rows[0].n).toBe(5);
    });

    it("slides its window and drops the bucket's expired hits", async () => {
      let now = Date.parse('2026-06-01T12:00:00Z');
      const limiter = new DbRateLimiter(db, 2, 60_000, () => now);
      expect((await limiter.take('b')).allowed).toBe(true);
      now += 10_000;
      expect((await limiter.take('b')).allowed).toBe(true);
      now += 10_000;
      expect(await limiter.take('b')).toMatchObject({ allowed: false, retryAfterSeconds: 40 });
      now += 40_001;
      expect((await limiter.take('b')).allowed).toBe(true);
      const left = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM rate_hits WHERE bucket = 'b'");
      expect(left.rows[0].n).toBe(2);
    });

    it('is off at 0', async () => {
      const limiter = new DbRateLimiter(db, 0);
      for (let i = 0; i < 5; i++) expect((await limiter.take('x')).allowed).toBe(true);
      expect((await db.query('SELECT 1 FROM rate_hits')).rows).toHaveLength(0);
    });
  });

  describe('spam', () => {
    it('is stored with its reason, queues no webhook copy, and is listed only when asked', async () => {
      const real = await idOf(lead('ada@example.com'));
      const spam = await idOf(lead('bot@example.com', 'honeypot'));
      expect((await listLeads(db)).map((l) => l.id)).toEqual([real]);
      expect((await listLeads(db, { spam: true })).map((l) => [l.id, l.status])).toEqual([
        [real, 'new'],
        [spam, 'spam'],
      ]);
      const outbox = await db.query<{ lead_id: string }>('SELECT lead_id FROM outbox');
      expect(outbox.rows).toEqual([{ lead_id: real }]);
    });

    it('is deleted after 30 days, with its history and Idempotency-Key, and nothing else is', async () => {
      const old = await idOf(lead('old-bot@example.com', 'honeypot'));
      const recent = await idOf(lead('new-bot@example.com', 'honeypot'));
      const oldReal = await idOf(lead('ada@example.com'));
      await db.query("UPDATE leads SET received_at = now() - interval '31 days' WHERE id = ANY($1::uuid[])", [[old, oldReal]]);
      await db.query("INSERT INTO idempotency_keys (form_id, key, fingerprint, status, response, lead_id) VALUES ('contact', 'k', 'f', 201, '{}', $1)", [old]);
      await db.query("INSERT INTO rate_hits (bucket, at) VALUES ('old', now() - interval '2 hours'), ('fresh', now())");
      expect(await purgeExpired(db)).toBe(1);
      expect((await listLeads(db, { spam: true })).map((l) => l.id).sort()).toEqual([recent, oldReal].sort());
      expect((await db.query('SELECT 1 FROM lead_events WHERE lead_id = $1', [old])).rows).toHaveLength(0);
      expect((await db.query('SELECT 1 FROM idempotency_keys')).rows).toHaveLength(0);
      expect((await db.query<{ bucket: string }>('SELECT bucket FROM rate_hits')).rows).toEqual([{ bucket: 'fresh' }]);
      // Measured from the given time: 30 days on, the recent one goes too.
      expect(await purgeExpired(db, new Date(Date.now() + 31 * 24 * 3600_000))).toBe(1);
      expect((await listLeads(db, { spam: true })).map((l) => l.id)).toEqual([oldReal]);
    });

    it('is purged by the service at start and then on its timer, which stops on close', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      try {
        const first = await idOf(lead('bot1@example.com', 'honeypot'));
        await db.query("UPDATE leads SET received_at = now() - interval '40 days' WHERE id = $1", [first]);
        const purge = startPurge(db, 1000);
        await vi.waitFor(async () => expect((await listLeads(db, { spam: true })).map((l) => l.id)).not.toContain(first));
        const second = await idOf(lead('bot2@example.com', 'honeypot'));
        await db.query("UPDATE leads SET received_at = now() - interval '40 days' WHERE id = $1", [second]);
        await vi.advanceTimersByTimeAsync(1000);
        await vi.waitFor(async () => expect((await listLeads(db, { spam: true })).map((l) => l.id)).not.toContain(second));
        await purge.stop();
        const third = await idOf(lead('bot3@example.com', 'honeypot'));
        await db.query("UPDATE leads SET received_at = now() - interval '40 days' WHERE id = $1", [third]);
        await vi.advanceTimersByTimeAsync(5000);
        expect((await listLeads(db, { spam: true })).map((l) => l.id)).toEqual([third]);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
