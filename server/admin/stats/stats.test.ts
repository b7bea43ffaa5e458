// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db.ts';
import { loadLeadForms } from '../../forms.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import type { Role } from '../roles.ts';
import { signedInCookie } from '../testing.ts';
import { describeAction } from '../auth/audit-page.tsx';
import { chartSummary, niceMax } from './chart.tsx';
import { readRange, MAX_DAYS } from './range.ts';
import { rate } from './tables.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const FORMS = loadLeadForms();
const ORIGIN = 'http://localhost';
/** Thursday 26 November 2026, 15:00 UTC: "7 days" is the 20th to the 26th. */
const NOW = Date.parse('2026-11-26T15:00:00Z');

/** Figures as the counting would have stored them, in the week before NOW and once long before. */
async function seedFigures(db: Db) {
  await db.exec(`
    INSERT INTO stats_days (day, views, visitors) VALUES ('2026-11-20', 1500, 600), ('2026-11-26', 40, 12), ('2026-01-01', 999, 999);
    INSERT INTO stats_pages (day, path, source, campaign, views, visitors, entries) VALUES
      ('2026-11-20', '/owner', 'newsletter', 'spring-extensions', 1000, 400, 400),
      ('2026-11-20', '(not found)', '', '', 500, 200, 150),
      ('2026-11-26', '/contact', '=cmd|calc', '@SUM(A1)', 40, 12, 10),
      ('2026-01-01', '/old', '', '', 999, 999, 999);
    INSERT INTO stats_forms (day, form, landing, source, campaign, starts, leads) VALUES
      ('2026-11-20', 'contact', '/owner', 'newsletter', 'spring-extensions', 30, 8),
      ('2026-11-26', 'contact', '', '=cmd|calc', '@SUM(A1)', 3, 1),
      ('2026-11-26', 'waitlist', '', '', '', 0, 0);
  `);
}

describe('the range read from the address', () => {
  it('defaults to the 7 days ending today in UTC, and reads the other choices', () => {
    expect(readRange({}, NOW)).toMatchObject({ choice: '7d', range: { from: '2026-11-20', to: '2026-11-26' } });
    expect(readRange({ range: 'today' }, NOW).range).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(readRange({ range: '30d', from: '2000-01-01' }, NOW).range).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    // Just before midnight UTC it is still that day, whatever the server's own time zone.
    expect(readRange({ range: 'today' }, Date.parse('2026-11-26T23:59:59Z')).range).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(readRange({ range: 'custom', from: '2025-11-26', to: '2026-11-26' }, NOW).range).toEqual({ from: '2025-11-26', to: '2026-11-26' });
  });

  it('says what is wrong with a custom range it cannot read', () => {
    const problem = (q: Record<string, string>) => readRange(q, NOW).problem;
    expect(problem({ range: 'custom', from: '', to: '2026-11-26' })).toEqual({
      field: 'from',
      message: 'From is empty. Pick a day, or type it as YYYY-MM-DD.',
    });
    expect(problem({ range: 'custom', from: '2026-11-01', to: '2026-02-30' })).toEqual({
      field: 'to',
      message: 'To is not a date. Pick a day, or type it as YYYY-MM-DD.',
    });
    expect(problem({ range: 'custom', from: '2026-11-26', to: '2026-11-01' })?.message).toBe('From is after To. Pick a From day on or before the To day.');
    expect(problem({ range: 'custom', from: '2024-01-01', to: '2025-01-01' })?.message).toBe(
      `That is more than ${MAX_DAYS} days. Pick a shorter range, at most a year.`,
    );
    expect(problem({ range: 'custom', from: '2024-01-01', to: '2024-12-31' })).toBeUndefined();
    expect(problem({ range: 'year' })?.field).toBe('range');
  });
});

describe('the figures in words', () => {
  it('writes rates with one decimal, and a dash when there is nothing to divide by', () => {
    expect(rate(1, 3)).toBe('33.3%');
    expect(rate(2, 2)).toBe('100.0%');
    expect(rate(0, 5)).toBe('0.0%');
    expect(rate(3, 0)).toBe('–');
  });

  it('gives the chart a scale and a text alternative', () => {
    expect([0, 3, 7, 40, 150, 1500, 2001].map(niceMax)).toEqual([4, 4, 10, 50, 200, 2000, 5000]);
    expect(
      chartSummary([
        { day: '2026-11-01', visitors: 1, views: 2 },
        { day: '2026-11-02', visitors: 3, views: 1200 },
      ]),
    ).toBe(
      'Page views and visitors per day from 1 Nov 2026 to 2 Nov 2026: 1,202 page views and 4 visitors in all. The most page views were on 2 Nov 2026: 1,200. The table below gives every day’s figures.',
    );
  });

  it('names a stats download in the audit log', () => {
    expect(describeAction({ action: 'stats-export', detail: { table: 'pages', from: '2026-11-20', to: '2026-11-26' } })).toBe(
      'Downloaded the stats table “Top pages” as CSV (2026-11-20 to 2026-11-26)',
    );
  });
});

describe.each(backends())('the Stats page on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => {
    await truncateAll(db);
    await db.exec('TRUNCATE stats_days, stats_pages, stats_forms, stats_seen, stats_salts');
  });

  const app = () => createBackOffice({ db, hashSecret: 'test-secret', forms: FORMS, notificationsOn: false, clock: () => NOW });
  const as = async (role: Role) => (await signedInCookie(db, role)).cookie;
  const get = async (path: string, cookie?: string) => app().request(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {} });
  /** The rows of the table under the heading `title`, each as its cells' text. */
  const tableRows = (html: string, title: string) => {
    const section = html.split('<section').find((s) => s.includes(`>${title}</h2>`)) ?? '';
    return [...section.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1].replace(/<[^>]+>/g, '')));
  };

  describe('who may use it', () => {
    it('sends a signed-out request to sign-in with the way back, for the page and for a CSV file', async () => {
      const r = await get('/admin/stats?range=30d');
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/admin/sign-in?next=${encodeURIComponent('/admin/stats?range=30d')}`);
      const csv = await get('/admin/stats/pages.csv');
      expect(csv.status).toBe(303);
      expect(csv.headers.get('location')).toMatch(/^\/admin\/sign-in\?next=/);
      expect((await db.query(`SELECT 1 FROM audit_log WHERE action = 'stats-export'`)).rows).toHaveLength(0);
    });

    it('shows every role the page, with Stats in the navigation marked as the current page', async () => {
      await seedFigures(db);
      for (const role of ['owner', 'editor', 'sales'] as const) {
        const r = await get('/admin/stats', await as(role));
        expect(r.status, role).toBe(200);
        const html = await r.text();
        expect(html).toContain('<h1>Stats</h1>');
        expect(html).toContain('<a href="/admin/stats" aria-current="page">Stats</a>');
        expect(html).toContain('<dt>Visitors</dt><dd>612</dd>');
      }
    });

    it('lets every role download a table', async () => {
      for (const role of ['owner', 'editor', 'sales'] as const) expect((await get('/admin/stats/forms.csv', await as(role))).status, role).toBe(200);
    });
  });

  describe('the page', () => {
    it('shows the totals, the chart and every table of the default 7 days, with empty keys in words', async () => {
      await seedFigures(db);
      const r = await get('/admin/stats', await as('sales'));
      expect(r.headers.get('cache-control')).toBe('no-store');
      const html = await r.text();
      expect(html).toContain('Showing 20 Nov 2026 to 26 Nov 2026 (UTC).');
      expect(html).toContain('<input type="radio" name="range" checked="" value="7d"/>7 days');
      expect(html).toContain('value="2026-11-20"');
      for (const [label, value] of [
        ['Visitors', '612'],
        ['Page views', '1,540'],
        ['Form starts', '33'],
        ['Leads', '9'],
        ['Conversion rate', '1.5%'],
      ])
        expect(html).toContain(`<dt>${label}</dt><dd>${value}</dd>`);

      // A wide chart and a narrow one for phones, the stylesheet showing one of them; each an image with a text alternative.
      for (const [id, width] of [
        ['chart-wide', 640],
        ['chart-narrow', 360],
      ]) {
        expect(html).toContain(`<svg class="chart ${id}" viewBox="0 0 ${width} 240" role="img" aria-labelledby="${id}-title ${id}-desc"`);
        expect(html).toContain(`<desc id="${id}-desc">Page views and visitors per day from 20 Nov 2026 to 26 Nov 2026: 1,540 page views and 612 visitors`);
      }
      expect(html).toContain('Page views (solid line, dots)');
      expect(html).toContain('Visitors (dashed line, squares)');

      const days = tableRows(html, 'Visitors and page views');
      expect(days[0]).toEqual(['Day', 'Visitors', 'Page views']);
      expect(days.slice(1).map((d) => d[0])).toEqual(['20', '21', '22', '23', '24', '25', '26'].map((d) => `${d} Nov 2026`));
      expect(days[1]).toEqual(['20 Nov 2026', '600', '1,500']);
      expect(days[2]).toEqual(['21 Nov 2026', '0', '0']);

      expect(tableRows(html, 'Top pages')).toEqual([
        ['Page', 'Visitors', 'Page views'],
        ['/owner', '400', '1,000'],
        ['Page not found', '200', '500'],
        ['/contact', '12', '40'],
      ]);
      expect(tableRows(html, 'Sources')).toEqual([
        ['Source', 'Visitors', 'Form starts', 'Leads', 'Conversion rate'],
        ['newsletter', '400', '30', '8', '2.0%'],
        ['Direct', '150', '0', '0', '0.0%'],
        ['=cmd|calc', '10', '3', '1', '10.0%'],
      ]);
      expect(tableRows(html, 'Campaigns').slice(1)).toEqual([
        ['spring-extensions', '400', '30', '8', '2.0%'],
        ['No campaign', '150', '0', '0', '0.0%'],
        ['@SUM(A1)', '10', '3', '1', '10.0%'],
      ]);
      expect(tableRows(html, 'Landing pages').slice(1)).toEqual([
        ['/owner', '400', '30', '8', '2.0%'],
        ['Page not found', '150', '0', '0', '0.0%'],
        ['/contact', '10', '0', '0', '0.0%'],
        ['Not recorded', '0', '3', '1', '–'],
      ]);
      expect(tableRows(html, 'Forms')).toEqual([
        ['Form', 'Visitors', 'Form starts', 'Leads', 'Start rate', 'Conversion rate', 'Completion rate'],
        ['Contact', '612', '33', '9', '5.4%', '1.5%', '27.3%'],
        ['Waitlist', '612', '0', '0', '0.0%', '0.0%', '–'],
      ]);
      // Each table has its own download, named for it, with the days on screen written out.
      expect(html).toContain(
        '<a class="button secondary csv" href="/admin/stats/pages.csv?range=custom&amp;from=2026-11-20&amp;to=2026-11-26" download="">Download CSV<span class="visually-hidden"> of top pages</span></a>',
      );
      expect(html.match(/>Download CSV</g)).toHaveLength(6);
    });

    it('keeps each table in its own labelled, focusable scrolling region and needs no script (390 px)', async () => {
      await seedFigures(db);
      const html = await (await get('/admin/stats', await as('editor'))).text();
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
      const regions = [...html.matchAll(/<div class="table-scroll" role="region" aria-label="([^"]+)" tabindex="0"><table/g)].map((m) => m[1]);
      expect(regions).toEqual([
        'Visitors and page views, table',
        'Top pages, table',
        'Sources, table',
        'Campaigns, table',
        'Landing pages, table',
        'Forms, table',
      ]);
      expect(html).not.toContain('<script');
      expect(html).not.toMatch(/ style="/);
      expect(html).toContain('<link rel="stylesheet" href="/admin/assets/stats.css"/>');
      const css = await (await get('/admin/assets/stats.css')).text();
      expect(css).toMatch(/svg\.chart \{\s+display: block;\s+width: 100%;\s+height: auto;/);
      expect(css).toMatch(/@media \(max-width: 40rem\) \{\s+svg\.chart-wide \{\s+display: none;\s+\}\s+svg\.chart-narrow \{\s+display: block;/);
    });

    it('says in plain words that there is nothing yet when the days have no figures', async () => {
      const html = await (await get('/admin/stats?range=today', await as('owner'))).text();
      expect(html).toContain('<dt>Conversion rate</dt><dd>–</dd>');
      for (const sentence of [
        'No visits were counted in these days yet.',
        'No page was opened in these days yet.',
        'no sources to show',
        'no campaigns to show',
        'no landing pages to show',
        'No form was started or sent in these days yet.',
      ])
        expect(html).toContain(sentence);
      expect(html).not.toContain('<svg class="chart"');
      expect(html).not.toContain('<table');
      expect(html).not.toContain('Download CSV');
    });

    it('reads a custom range, only those days', async () => {
      await seedFigures(db);
      const html = await (await get('/admin/stats?range=custom&from=2026-01-01&to=2026-01-01', await as('owner'))).text();
      expect(html).toContain('Showing 1 Jan 2026 (UTC).');
      expect(tableRows(html, 'Top pages').slice(1)).toEqual([['/old', '999', '999']]);
    });

    it('answers a range it cannot read with the form, a message beside the dates and 400, never figures', async () => {
      await seedFigures(db);
      const cookie = await as('sales');
      const r = await get('/admin/stats?range=custom&from=2026-11-26&to=2026-11-01', cookie);
      expect(r.status).toBe(400);
      const html = await r.text();
      expect(html).toContain('<p id="range-problem" role="alert" class="problem">From is after To. Pick a From day on or before the To day.</p>');
      expect(html).toMatch(/id="s-from" type="date" aria-invalid="true" aria-describedby="range-problem range-help" name="from" value="2026-11-26"/);
      expect(html).toContain('<input type="radio" name="range" checked="" value="custom"/>Custom');
      expect(html).not.toContain('<dt>Visitors</dt>');
      for (const q of ['range=custom&from=nonsense&to=2026-11-01', 'range=custom', 'range=custom&from=2020-01-01&to=2026-01-01', 'range=forever'])
        expect((await get(`/admin/stats?${q}`, cookie)).status, q).toBe(400);
    });
  });

  describe('the CSV files', () => {
    it('writes a table with the page’s columns and labels, formula-safe, as an attachment named for its days, and logs the download', async () => {
      await seedFigures(db);
      const { cookie, staff } = await signedInCookie(db, 'editor');
      const r = await get('/admin/stats/sources.csv?range=custom&from=2026-11-20&to=2026-11-26', cookie);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="stats-sources-2026-11-20-to-2026-11-26.csv"');
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(await r.text()).toBe(
        [
          '"Source","Visitors","Form starts","Leads","Conversion rate"',
          '"newsletter","400","30","8","2.0%"',
          '"Direct","150","0","0","0.0%"',
          `"'=cmd|calc","10","3","1","10.0%"`,
          '',
        ].join('\r\n'),
      );
      const campaigns = await (await get('/admin/stats/campaigns.csv?range=7d', cookie)).text();
      expect(campaigns).toContain(`"'@SUM(A1)","10","3","1","10.0%"`);
      const logged = await db.query<{ actor: string; detail: Record<string, string> }>(
        `SELECT actor, detail FROM audit_log WHERE action = 'stats-export' ORDER BY id`,
      );
      expect(logged.rows).toEqual([
        { actor: staff.email, detail: { table: 'sources', from: '2026-11-20', to: '2026-11-26' } },
        { actor: staff.email, detail: { table: 'campaigns', from: '2026-11-20', to: '2026-11-26' } },
      ]);
    });

    it('writes every table, each with the columns the page shows', async () => {
      await seedFigures(db);
      const cookie = await as('sales');
      const first = async (table: string) => (await (await get(`/admin/stats/${table}.csv`, cookie)).text()).split('\r\n').slice(0, 2);
      expect(await first('days')).toEqual(['"Day","Visitors","Page views"', '"2026-11-20","600","1500"']);
      expect(await first('pages')).toEqual(['"Page","Visitors","Page views"', '"/owner","400","1000"']);
      expect(await first('landing-pages')).toEqual(['"Landing page","Visitors","Form starts","Leads","Conversion rate"', '"/owner","400","30","8","2.0%"']);
      expect(await first('forms')).toEqual([
        '"Form","Visitors","Form starts","Leads","Start rate","Conversion rate","Completion rate"',
        '"Contact","612","33","9","5.4%","1.5%","27.3%"',
      ]);
    });

    it('refuses a range it cannot read with 400 and an unknown table with 404, writing nothing to the log', async () => {
      const cookie = await as('owner');
      const bad = await get('/admin/stats/pages.csv?range=custom&from=2026-11-26&to=2026-11-01', cookie);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await bad.text()).toContain('From is after To. Pick a From day on or before the To day.');
      for (const path of ['/admin/stats/visitors.csv', '/admin/stats/pages.json', '/admin/stats/..%2Fleads.csv']) {
        const r = await get(path, cookie);
        expect(r.status, path).toBe(404);
        expect(await r.text()).toContain('There is no such table.');
      }
      expect((await db.query(`SELECT 1 FROM audit_log WHERE action = 'stats-export'`)).rows).toHaveLength(0);
    });
  });
});
