/**
 * The funnel's dashboard at /admin/stats and a CSV file of each of its tables, for every role (stats.read). Every
 * figure comes from statsReport, the one read of the aggregates; nothing here can tell one visitor from another.
 */
import type { Hono } from 'hono';
import { csvTable } from '../../csv.ts';
import { formTitle } from '../../lead-text.ts';
import { statsReport } from '../../stats/queries.ts';
import { audit } from '../audit.ts';
import { needs, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { refusalPage, renderPage } from '../layout.tsx';
import { readRange } from './range.ts';
import { isTableId, statsTables } from './tables.ts';
import { StatsPage } from './views.tsx';

export function registerStats(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const now = () => (o.clock ?? Date.now)();
  const titleOf = (id: string) => formTitle(id, o.forms.get(id)?.config as { title?: unknown } | undefined);

  app.get('/admin/stats', needs('stats.read', refusalPage), async (c) => {
    const query = readRange(c.req.query(), now());
    const signedIn = c.get('signedIn')!;
    if (!query.range) return renderPage(c, <StatsPage signedIn={signedIn} query={query} />, 400);
    const report = await statsReport(o.db, query.range);
    return renderPage(c, <StatsPage signedIn={signedIn} query={query} report={report} tables={statsTables(report, titleOf)} />);
  });

  app.get('/admin/stats/:file', needs('stats.read', refusalPage), async (c) => {
    const id = /^([a-z-]+)\.csv$/.exec(c.req.param('file'))?.[1];
    if (!id || !isTableId(id)) return refusalPage(c, 404, 'There is no such table. Open Stats and use a Download CSV link there.');
    const query = readRange(c.req.query(), now());
    if (!query.range || query.problem) return refusalPage(c, 400, query.problem?.message ?? 'Those days cannot be read.');
    const report = await statsReport(o.db, query.range);
    const table = statsTables(report, titleOf).find((t) => t.id === id)!;
    const staff = c.get('signedIn')!.staff;
    // As with the inbox's export: a file left the back office, so the log says who took which one. It holds counts only.
    await audit(o.db, { actorId: staff.id, actor: staff.email, action: 'stats-export', detail: { table: id, from: query.range.from, to: query.range.to } });
    return c.body(csvTable([table.columns, ...table.rows]), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="stats-${id}-${query.range.from}-to-${query.range.to}.csv"`,
    });
  });
}
