// @vitest-environment node
// Batched counting: what is written (never an address, a user agent or a visitor's hash), how much (with rows, not
// beacons), what a failed flush keeps, what the end of a day deletes, and two instances on one database counting once.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'hono';
import { createLeadApp } from '../app.ts';
import { DbUnavailableError, type Db, type Queryable } from '../db.ts';
import { backends, truncateAll } from '../test-backends.ts';
import { StatsAggregator } from './aggregator.ts';
import { visitorHash, utcDay } from './salt.ts';
import type { PageView } from './types.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 SecretAgent/7.7';
const ADDRESS = '198.51.100.77';
const DAY1 = Date.parse('2026-11-24T23:59:58Z');
const DAY2 = Date.parse('2026-11-25T00:00:03Z');

/** A Db whose statements are counted, and which fails every transaction while `down` is set. */
function watched(db: Db) {
  const state = { statements: 0, down: false };
  const count = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      state.statements++;
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const wrapped: Db = {
    ...db,
    ...count(db),
    transaction: (fn) => {
      if (state.down) return Promise.reject(new DbUnavailableError(new Error('connect ECONNREFUSED')));
      return db.transaction((tx) => fn(count(tx)));
    },
  };
  return { db: wrapped, state };
}

describe.each(backends())('counting in batches on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
  const beacon = (app: ReturnType<typeof createLeadApp>, body: string, peer = ADDRESS, ua = CHROME) =>
    app.request('/api/v1/events', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua, 'x-test-peer': peer },
      body,
    });
  const appWith = (stats: StatsAggregator) =>
    createLeadApp({ db, hashSecret: 's', stats, peerAddress: (c: Context) => c.req.header('x-test-peer') ?? ADDRESS });
  const table = async (sql: string) => (await db.query(sql)).rows;
  const view = (day: string, path: string, visitor: string, entry = false): PageView => ({
    kind: 'view',
    day,
    path,
    source: 'newsletter',
    campaign: 'spring',
    entry,
    visitor: createHash('sha256').update(visitor).digest(),
  });

  it('never writes an address, a user agent, nor a visitor hash salted or not', async () => {
    let now = DAY1;
    const stats = new StatsAggregator({ db, clock: () => now });
    const app = appWith(stats);
    for (const p of ['/', '/owner', '/contact'])
      expect(await beacon(app, `k=view&p=${encodeURIComponent(p)}&utm_source=newsletter&entry=1`, ADDRESS, UA)).toHaveProperty('status', 204);
    await stats.flush();
    const salt = (await table("SELECT salt FROM stats_salts WHERE day = '2026-11-24'"))[0].salt as Uint8Array;
    const hashes = [
      visitorHash(salt, ADDRESS, UA),
      createHash('sha256').update(ADDRESS).update(UA).digest(),
      createHash('sha256').update(`${ADDRESS}${UA}`).digest(),
      createHash('sha256').update(ADDRESS).digest(),
      createHash('sha256').update(UA).digest(),
    ].map((h) => h.toString('hex'));
    // Every column of every stats table, as text and as hex, searched for what must never be there.
    let dump = '';
    for (const t of ['stats_salts', 'stats_seen', 'stats_days', 'stats_pages', 'stats_forms'])
      for (const row of await table(`SELECT * FROM ${t}`))
        for (const v of Object.values(row))
          dump += ` ${v instanceof Uint8Array ? Buffer.from(v).toString('hex') : String(v)} ${v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : ''}`;
    expect(dump).toContain('/owner');
    for (const secret of [ADDRESS, UA, 'SecretAgent', '198.51.100', ...hashes, ...hashes.map((h) => h.slice(0, 32))]) expect(dump).not.toContain(secret);
    expect(await table('SELECT count(*)::int AS n FROM stats_seen')).toEqual([{ n: 7 }]); // 3 rows × (visitor, entry) + the day
    now = DAY2;
  });

  it("deletes yesterday's salt and seen keys once the day is over, at the first flush of the new day, and keeps the figures", async () => {
    let now = DAY1;
    const stats = new StatsAggregator({ db, clock: () => now });
    const app = appWith(stats);
    await beacon(app, 'k=view&p=%2F');
    await stats.flush();
    expect(await table("SELECT to_char(day, 'YYYY-MM-DD') AS d FROM stats_salts")).toEqual([{ d: '2026-11-24' }]);
    const yesterdaySalt = (await table('SELECT salt FROM stats_salts'))[0].salt as Uint8Array;
    expect((await table('SELECT count(*)::int AS n FROM stats_seen'))[0].n).toBe(2);
    now = DAY2;
    await beacon(app, 'k=view&p=%2F');
    await stats.flush();
    expect(await table("SELECT to_char(day, 'YYYY-MM-DD') AS d FROM stats_salts")).toEqual([{ d: '2026-11-25' }]);
    expect(await table("SELECT to_char(day, 'YYYY-MM-DD') AS d, count(*)::int AS n FROM stats_seen GROUP BY 1")).toEqual([{ d: '2026-11-25', n: 2 }]);
    expect(Buffer.from((await table('SELECT salt FROM stats_salts'))[0].salt as Uint8Array).equals(Buffer.from(yesterdaySalt))).toBe(false);
    // The same visitor on the new day is a new visitor of it: nothing links the two days.
    expect(await table("SELECT to_char(day, 'YYYY-MM-DD') AS d, views, visitors FROM stats_days ORDER BY day")).toEqual([
      { d: '2026-11-24', views: 1, visitors: 1 },
      { d: '2026-11-25', views: 1, visitors: 1 },
    ]);
  });

  it('lets the hourly purge delete days that are over too', async () => {
    const stats = new StatsAggregator({ db, clock: () => DAY1 });
    await beacon(appWith(stats), 'k=view&p=%2F');
    await stats.flush();
    const { purgeExpired } = await import('../store.ts');
    await purgeExpired(db, new Date(DAY1));
    expect((await table('SELECT count(*)::int AS n FROM stats_seen'))[0].n).toBe(2);
    await purgeExpired(db, new Date(DAY2));
    expect(await table('SELECT count(*)::int AS n FROM stats_seen')).toEqual([{ n: 0 }]);
    expect(await table('SELECT count(*)::int AS n FROM stats_salts')).toEqual([{ n: 0 }]);
    expect(await table('SELECT views FROM stats_days')).toEqual([{ views: 1 }]);
  });

  it('writes with distinct rows and visitors, not with beacons: 1,000 views of 3 rows take the statements 10 do', async () => {
    const w = watched(db);
    const stats = new StatsAggregator({ db: w.db, clock: () => DAY1 });
    await stats.flush(); // the day's first flush also clears earlier days; measured apart
    const flushOf = async (n: number) => {
      for (let i = 0; i < n; i++) stats.addView(view('2026-11-24', ['/', '/owner', '/contact'][i % 3], `visitor ${i % 5}`));
      const before = w.state.statements;
      await stats.flush();
      return w.state.statements - before;
    };
    const ten = await flushOf(10);
    const thousand = await flushOf(1000);
    expect(thousand).toBe(ten);
    expect(thousand).toBeLessThanOrEqual(3);
    expect(stats.figures.flushes).toBe(3);
    expect(await table('SELECT path, views, visitors FROM stats_pages ORDER BY path')).toEqual([
      { path: '/', views: 338, visitors: 5 },
      { path: '/contact', views: 336, visitors: 5 },
      { path: '/owner', views: 336, visitors: 5 },
    ]);
    expect(await table('SELECT views, visitors FROM stats_days')).toEqual([{ views: 1010, visitors: 5 }]);
  });

  it('flushes at once when 5,000 events wait', async () => {
    const stats = new StatsAggregator({ db, clock: () => DAY1, flushAt: 50 });
    await stats.flush(); // the day's first
    for (let i = 0; i < 49; i++) stats.addView(view('2026-11-24', '/', 'one'));
    await stats.settled();
    expect(stats.waiting).toBe(49);
    stats.addView(view('2026-11-24', '/', 'one'));
    await stats.settled();
    expect(stats.waiting).toBe(0);
    expect(stats.figures.flushes).toBe(2);
    expect(await table('SELECT views FROM stats_days')).toEqual([{ views: 50 }]);
  });

  it('keeps a failed batch for the next flush, up to its bound, and says how many it could not keep', async () => {
    const w = watched(db);
    const lines: string[] = [];
    const stats = new StatsAggregator({ db: w.db, clock: () => DAY1, maxHeld: 9, log: (l) => lines.push(l) });
    w.state.down = true;
    stats.addView(view('2026-11-24', '/', 'a', true)); // 1 row + 3 keys
    await stats.flush();
    stats.addView(view('2026-11-24', '/', 'b')); // + 2 keys
    stats.addView(view('2026-11-24', '/owner', 'a')); // + 1 row + 1 key: 8 held
    await stats.flush();
    stats.addView(view('2026-11-24', '/owner', 'c')); // 8 < 9: + 2 keys, 10 held
    stats.addView(view('2026-11-24', '/contact', 'd')); // full: not counted
    expect(stats.figures).toMatchObject({ failures: 2, dropped: 1 });
    expect(lines[0]).toMatch(/^\[stats\] counting visits failed \(1 times so far\); 1 kept for the next try/);
    w.state.down = false;
    await stats.flush();
    expect(await table('SELECT path, views, visitors, entries FROM stats_pages ORDER BY path')).toEqual([
      { path: '/', views: 2, visitors: 2, entries: 1 },
      { path: '/owner', views: 2, visitors: 2, entries: 0 },
    ]);
    expect(await table('SELECT views, visitors FROM stats_days')).toEqual([{ views: 4, visitors: 3 }]);
    expect(lines.at(-1)).toBe('[stats] 1 visits were not counted: the database could not be reached and the memory set aside for them was full');
  });

  it('writes what waits when it closes', async () => {
    const stats = new StatsAggregator({ db, clock: () => DAY1, intervalMs: 60_000 }).start();
    stats.addView(view('2026-11-24', '/', 'a'));
    await stats.close();
    expect(await table('SELECT views FROM stats_days')).toEqual([{ views: 1 }]);
  });

  it('counts a visitor once across two instances on one database, and every view', async () => {
    const one = new StatsAggregator({ db, clock: () => DAY1 });
    const two = new StatsAggregator({ db, clock: () => DAY1 });
    const a = appWith(one);
    const b = appWith(two);
    // The same visitor's views reach both instances, interleaved; another visitor only the second.
    await beacon(a, 'k=view&p=%2Fowner&utm_campaign=spring&entry=1');
    await beacon(b, 'k=view&p=%2Fowner&utm_campaign=spring&entry=1');
    await beacon(b, 'k=view&p=%2Fpricing&utm_campaign=spring');
    await beacon(a, 'k=view&p=%2Fpricing&utm_campaign=spring');
    await beacon(b, 'k=view&p=%2Fpricing&utm_campaign=spring', '192.0.2.9');
    // Both flush at once: the second waits on the first's keys and then finds them counted.
    await Promise.all([one.flush(), two.flush()]);
    expect(await table('SELECT count(*)::int AS n FROM stats_salts')).toEqual([{ n: 1 }]);
    expect(await table('SELECT path, views, visitors, entries FROM stats_pages ORDER BY path')).toEqual([
      { path: '/owner', views: 2, visitors: 1, entries: 1 },
      { path: '/pricing', views: 3, visitors: 2, entries: 0 },
    ]);
    expect(await table('SELECT views, visitors FROM stats_days')).toEqual([{ views: 5, visitors: 2 }]);
  });

  it('makes one salt a day, whichever instance asks first', async () => {
    const [x, y] = await Promise.all([new StatsAggregator({ db }).salt.saltFor('2026-11-24'), new StatsAggregator({ db }).salt.saltFor('2026-11-24')]);
    expect(x.equals(y)).toBe(true);
    expect(x.byteLength).toBe(32);
    expect(utcDay(DAY2)).toBe('2026-11-25');
  });
});
