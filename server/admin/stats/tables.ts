/**
 * The dashboard's tables, made once from the report: the page shows them and each CSV file writes the same columns
 * and labels, so the two can never disagree. Cells hold what the CSV writes (numbers as numbers, rates as "12.5%").
 */
import { NOT_FOUND_PATH } from '../../../renderer/shell/events.ts';
import type { FunnelFigures, StatsReport } from '../../stats/types.ts';

export type Cell = string | number;

export const TABLE_IDS = ['days', 'pages', 'sources', 'campaigns', 'landing-pages', 'forms'] as const;
export type TableId = (typeof TABLE_IDS)[number];
export const isTableId = (s: string): s is TableId => (TABLE_IDS as readonly string[]).includes(s);

/** Each table's heading, on the page and in the audit log's words for a download. */
export const TABLE_TITLES: Readonly<Record<TableId, string>> = {
  days: 'Visitors and page views',
  pages: 'Top pages',
  sources: 'Sources',
  campaigns: 'Campaigns',
  'landing-pages': 'Landing pages',
  forms: 'Forms',
};

export interface StatsTable {
  id: TableId;
  /** The section's heading. */
  title: string;
  /** The table in a sentence's middle: "Download top pages as CSV". */
  name: string;
  /** What the table means, in plain words. */
  about: string;
  /** Said instead of the table when the range has nothing to show. */
  empty: string;
  columns: string[];
  rows: Cell[][];
}

/** A share as a percentage with one decimal, or "–" when there is nothing to divide by. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–';
}

/** Empty keys in words: a visit with no source is direct, one without a campaign has none, an unknown landing page was not recorded. */
export const DIRECT = 'Direct';
export const NO_CAMPAIGN = 'No campaign';
export const NOT_RECORDED = 'Not recorded';
export const PAGE_NOT_FOUND = 'Page not found';

const FUNNEL_COLUMNS = ['Visitors', 'Form starts', 'Leads', 'Conversion rate'];
const funnelRows = (rows: FunnelFigures[], label: (key: string) => string): Cell[][] =>
  rows.map((r) => [label(r.key), r.visitors, r.starts, r.leads, rate(r.leads, r.visitors)]);

/** Every table of the report, in the page's order. `formTitle` names a form by its id. */
export function statsTables(report: StatsReport, formTitle: (id: string) => string): StatsTable[] {
  const nothing = report.totals.views === 0 && report.totals.visitors === 0;
  return [
    {
      id: 'days',
      title: TABLE_TITLES['days'],
      name: 'visitors and page views per day',
      about: 'Each day (days run midnight to midnight UTC): how many people visited the site and how many pages they opened in all.',
      empty: 'No visits were counted in these days yet.',
      columns: ['Day', 'Visitors', 'Page views'],
      rows: nothing ? [] : report.days.map((d) => [d.day, d.visitors, d.views]),
    },
    {
      id: 'pages',
      title: TABLE_TITLES['pages'],
      name: 'top pages',
      about: `Each page of the site: how many visitors opened it and how many times it was opened. Addresses that do not exist are counted together as “${PAGE_NOT_FOUND}”.`,
      empty: 'No page was opened in these days yet.',
      columns: ['Page', 'Visitors', 'Page views'],
      rows: report.pages.map((p) => [p.path === NOT_FOUND_PATH ? PAGE_NOT_FOUND : p.path, p.visitors, p.views]),
    },
    {
      id: 'sources',
      title: TABLE_TITLES['sources'],
      name: 'sources',
      about: `Where visits came from: the source named in the link (utm_source), else the website that linked here, else “${DIRECT}” (typed in, bookmarked or from an app). Visitors are the visits that began from it; form starts and leads are those of the same visits.`,
      empty: 'No visit or form was counted in these days yet, so there are no sources to show.',
      columns: ['Source', ...FUNNEL_COLUMNS],
      rows: funnelRows(report.sources, (k) => k || DIRECT),
    },
    {
      id: 'campaigns',
      title: TABLE_TITLES['campaigns'],
      name: 'campaigns',
      about: `The campaign named in the link a visit began with (utm_campaign), or “${NO_CAMPAIGN}”. Visitors are the visits that began from it; form starts and leads are those of the same visits.`,
      empty: 'No visit or form was counted in these days yet, so there are no campaigns to show.',
      columns: ['Campaign', ...FUNNEL_COLUMNS],
      rows: funnelRows(report.campaigns, (k) => k || NO_CAMPAIGN),
    },
    {
      id: 'landing-pages',
      title: TABLE_TITLES['landing-pages'],
      name: 'landing pages',
      about: `The first page of each visit. Visitors are the visits that began there; form starts and leads are those of the same visits, wherever the form was. “${NOT_RECORDED}”: the browser did not keep the first page (for example a form sent without JavaScript).`,
      empty: 'No visit or form was counted in these days yet, so there are no landing pages to show.',
      columns: ['Landing page', ...FUNNEL_COLUMNS],
      rows: funnelRows(report.landings, (k) => (k === NOT_FOUND_PATH ? PAGE_NOT_FOUND : k || NOT_RECORDED)),
    },
    {
      id: 'forms',
      title: TABLE_TITLES['forms'],
      name: 'forms',
      about:
        'Each form: Visitors are all the site’s visitors in these days; a form start is someone beginning to fill the form in; a lead is a form sent and kept (spam is not counted). Start rate is form starts per visitor, conversion rate leads per visitor, completion rate leads per form start.',
      empty: 'No form was started or sent in these days yet.',
      columns: ['Form', 'Visitors', 'Form starts', 'Leads', 'Start rate', 'Conversion rate', 'Completion rate'],
      rows: report.forms.map((f) => [
        formTitle(f.key),
        f.visitors,
        f.starts,
        f.leads,
        rate(f.starts, f.visitors),
        rate(f.leads, f.visitors),
        rate(f.leads, f.starts),
      ]),
    },
  ];
}
