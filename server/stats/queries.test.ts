// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db.ts';
import { migrate } from '../migrate.ts';
import { daysOf, statsReport } from './queries.ts';

describe('the funnel report', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase();
    await migrate(db);
    await db.exec(`
      INSERT INTO stats_days (day, views, visitors) VALUES ('2026-11-24', 5, 3), ('2026-11-26', 4, 2), ('2026-10-01', 99, 99);
      INSERT INTO stats_pages (day, path, source, campaign, views, visitors, entries) VALUES
        ('2026-11-24', '/owner', 'newsletter', 'spring', 3, 2, 2),
        ('2026-11-24', '/contact', '', '', 2, 1, 0),
        ('2026-11-26', '/owner', '', '', 4, 2, 1),
        ('2026-10-01', '/old', '', '', 99, 99, 99);
      INSERT INTO stats_forms (day, form, landing, source, campaign, starts, leads) VALUES
        ('2026-11-24', 'contact', '/owner', 'newsletter', 'spring', 2, 1),
        ('2026-11-26', 'contact', '', '', '', 1, 0),
        ('2026-11-26', 'waitlist', '/owner', '', '', 1, 1);
    `);
  });
  afterAll(() => db.close());

  it('lists every day of the range, both ends included, across a month', () => {
    expect(daysOf({ from: '2026-10-30', to: '2026-11-02' })).toEqual(['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-02']);
    expect(daysOf({ from: '2026-11-02', to: '2026-11-01' })).toEqual([]);
  });

  it('sums only the range, fills empty days and joins visits with form starts and leads', async () => {
    const r = await statsReport(db, { from: '2026-11-24', to: '2026-11-26' });
    expect(r.days).toEqual([
      { day: '2026-11-24', visitors: 3, views: 5 },
      { day: '2026-11-25', visitors: 0, views: 0 },
      { day: '2026-11-26', visitors: 2, views: 4 },
    ]);
    expect(r.totals).toEqual({ visitors: 5, views: 9, starts: 4, leads: 2 });
    expect(r.pages).toEqual([
      { path: '/owner', visitors: 4, views: 7 },
      { path: '/contact', visitors: 1, views: 2 },
    ]);
    expect(r.campaigns).toEqual([
      { key: 'spring', visitors: 2, starts: 2, leads: 1 },
      { key: '', visitors: 1, starts: 2, leads: 1 },
    ]);
    expect(r.sources).toEqual([
      { key: 'newsletter', visitors: 2, starts: 2, leads: 1 },
      { key: '', visitors: 1, starts: 2, leads: 1 },
    ]);
    expect(r.landings).toEqual([
      { key: '/owner', visitors: 3, starts: 3, leads: 2 },
      { key: '', visitors: 0, starts: 1, leads: 0 },
    ]);
    expect(r.forms).toEqual([
      { key: 'contact', visitors: 5, starts: 3, leads: 1 },
      { key: 'waitlist', visitors: 5, starts: 1, leads: 1 },
    ]);
  });
});
