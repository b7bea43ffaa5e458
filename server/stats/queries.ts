/**
 * Reads the funnel's aggregates for a range of days: what the dashboard, its CSV files and the command line show.
 * Only sums of stored rows; nothing here can tell one visitor from another.
 */
import type { Queryable } from '../db.ts';
import type { DayFigures, DayRange, FunnelFigures, PageFigures, StatsReport } from './types.ts';

const n = (v: unknown) => Number(v ?? 0);

/** Every day from `from` to `to`, both included, as 'YYYY-MM-DD'. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Visitors whose visit began at each key (from stats_pages' entries) beside the form starts and leads of the same key. */
async function funnel(db: Queryable, range: DayRange, pagesColumn: 'path' | 'source' | 'campaign', formsColumn: 'landing' | 'source' | 'campaign') {
  const { rows } = await db.query<{ key: string; visitors: unknown; starts: unknown; leads: unknown }>(
    `WITH v AS (SELECT ${pagesColumn} AS key, SUM(entries) AS visitors FROM stats_pages WHERE day BETWEEN $1 AND $2 GROUP BY 1),
          f AS (SELECT ${formsColumn} AS key, SUM(starts) AS starts, SUM(leads) AS leads FROM stats_forms WHERE day BETWEEN $1 AND $2 GROUP BY 1)
     SELECT COALESCE(v.key, f.key) AS key, COALESCE(v.visitors, 0) AS visitors, COALESCE(f.starts, 0) AS starts, COALESCE(f.leads, 0) AS leads
     FROM v FULL OUTER JOIN f ON v.key = f.key`,
    [range.from, range.to],
  );
  return rows
    .map((r): FunnelFigures => ({ key: r.key, visitors: n(r.visitors), starts: n(r.starts), leads: n(r.leads) }))
    .filter((r) => r.visitors || r.starts || r.leads)
    .sort((a, b) => b.visitors - a.visitors || b.leads - a.leads || b.starts - a.starts || a.key.localeCompare(b.key));
}

/** The whole report for a range of whole UTC days. */
export async function statsReport(db: Queryable, range: DayRange): Promise<StatsReport> {
  const p = [range.from, range.to];
  const dayRows = await db.query<{ day: string | Date; visitors: unknown; views: unknown }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, visitors, views FROM stats_days WHERE day BETWEEN $1 AND $2`,
    p,
  );
  const byDay = new Map(dayRows.rows.map((r) => [String(r.day), r]));
  const days: DayFigures[] = daysOf(range).map((day) => ({ day, visitors: n(byDay.get(day)?.visitors), views: n(byDay.get(day)?.views) }));

  const pageRows = await db.query<{ path: string; visitors: unknown; views: unknown }>(
    `SELECT path, SUM(visitors) AS visitors, SUM(views) AS views FROM stats_pages WHERE day BETWEEN $1 AND $2 GROUP BY path`,
    p,
  );
  const pages: PageFigures[] = pageRows.rows
    .map((r) => ({ path: r.path, visitors: n(r.visitors), views: n(r.views) }))
    .sort((a, b) => b.visitors - a.visitors || b.views - a.views || a.path.localeCompare(b.path));

  const formRows = await db.query<{ form: string; starts: unknown; leads: unknown }>(
    `SELECT form, SUM(starts) AS starts, SUM(leads) AS leads FROM stats_forms WHERE day BETWEEN $1 AND $2 GROUP BY form`,
    p,
  );
  const visitors = days.reduce((s, d) => s + d.visitors, 0);
  const forms: FunnelFigures[] = formRows.rows
    .map((r) => ({ key: r.form, visitors, starts: n(r.starts), leads: n(r.leads) }))
    .sort((a, b) => b.leads - a.leads || b.starts - a.starts || a.key.localeCompare(b.key));

  return {
    range,
    totals: {
      visitors,
      views: days.reduce((s, d) => s + d.views, 0),
      starts: forms.reduce((s, f) => s + f.starts, 0),
      leads: forms.reduce((s, f) => s + f.leads, 0),
    },
    days,
    pages,
    sources: await funnel(db, range, 'source', 'source'),
    campaigns: await funnel(db, range, 'campaign', 'campaign'),
    landings: await funnel(db, range, 'path', 'landing'),
    forms,
  };
}
