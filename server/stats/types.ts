/**
 * The funnel's shapes, shared by what counts (ingest.ts: beacons in, aggregates out, in batches), what is counted
 * at a lead's storage (store.ts's insertLead) and what reads (queries.ts, the dashboard at /admin/stats).
 * Tables: server/migrations/009_stats.sql. A day is a UTC calendar day, 'YYYY-MM-DD'.
 */

/** Source and campaign of a visit: source is utm_source, else the other site's host, else '' (direct). */
export interface VisitOrigin {
  source: string;
  campaign: string;
}

/** A page view the service accepted, before it is counted. `visitor` is the day's salted hash; never stored as such. */
export interface PageView extends VisitOrigin {
  kind: 'view';
  day: string;
  path: string;
  entry: boolean;
  visitor: Uint8Array;
}

/** A form start the service accepted: the form, and the visit's landing page, source and campaign. */
export interface FormStart extends VisitOrigin {
  kind: 'start';
  day: string;
  form: string;
  landing: string;
}

export type StatsEvent = PageView | FormStart;

/** Why a beacon was not counted: the answer's status and a plain sentence (never echoing what was sent). */
export type Refusal = { status: 400 | 403 | 413 | 415; message: string };

/** A date range of whole UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** One day of the whole site. */
export interface DayFigures {
  day: string;
  visitors: number;
  views: number;
}

/** One page in a range. */
export interface PageFigures {
  path: string;
  visitors: number;
  views: number;
}

/**
 * One funnel row: a landing page, a source, a campaign or a form. `visitors` are the visits that began there (for
 * a form: the site's visitors in the range), then its form starts and stored leads.
 */
export interface FunnelFigures {
  key: string;
  visitors: number;
  starts: number;
  leads: number;
}

/** What the dashboard shows for a range; every list is sorted by its first number, largest first. */
export interface StatsReport {
  range: DayRange;
  totals: { visitors: number; views: number; starts: number; leads: number };
  days: DayFigures[];
  pages: PageFigures[];
  sources: FunnelFigures[];
  campaigns: FunnelFigures[];
  landings: FunnelFigures[];
  forms: FunnelFigures[];
}
