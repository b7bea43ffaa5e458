/**
 * The inbox's pure helpers: the list's filters read from (and written back to) the address, search patterns,
 * days in the server's time zone, and the words the pages use for leads, counts and history.
 */
import { keyWords, STATUS_WORDS } from '../../columns.ts';
import type { LeadStatus } from '../../store.ts';
import { formTitle, leadEmail, leadName, valueText } from '../../lead-text.ts';
import { isDay } from '../../stats/range.ts';

export { formTitle, leadEmail, leadName, valueText };

export const PAGE_SIZE = 50;
export const STATUSES: readonly LeadStatus[] = ['new', 'handled', 'spam'];
export { STATUS_WORDS };
export type { LeadStatus };
export const isStatus = (s: unknown): s is LeadStatus => typeof s === 'string' && (STATUSES as readonly string[]).includes(s);

/** The list's filters as the address carries them; an empty value means "any". */
export interface InboxQuery {
  form: string;
  /** '' is every lead but spam. */
  status: '' | LeadStatus;
  from: string;
  to: string;
  q: string;
  page: number;
}

/** The filters as the database applies them. */
export interface InboxFilter {
  form?: string;
  status?: LeadStatus;
  /** Leads received at or after this instant (the From day's start in the server's time zone). */
  since?: Date;
  /** Leads received before this instant (the day after To, at its start). */
  before?: Date;
  q?: string;
}

/** True for a calendar day written YYYY-MM-DD: the one check of the inbox's and the stats' days. */
export { isDay };

/** How far `timeZone`'s clock is ahead of UTC at the instant `at`, in milliseconds. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD, already checked) starts in `timeZone`; `addDays` moves to a later day first. */
export function dayStart(day: string, timeZone: string, addDays = 0): Date {
  const [y, m, d] = day.split('-').map(Number);
  const wall = Date.UTC(y, m - 1, d + addDays);
  // The offset at the guessed instant can differ from the offset at the real one across a clock change: a second pass settles it.
  const first = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(first, timeZone));
}

/** Today's day (YYYY-MM-DD) in `timeZone`, for the export's file name. */
export function today(now: number, timeZone: string): string {
  return new Date(now + zoneOffsetMs(now, timeZone)).toISOString().slice(0, 10);
}

/** "26 Nov 2026, 14:03" in `timeZone`. */
export function readableTime(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(at));
}

/** The address's filters, or the sentences saying which are wrong. Unknown forms and statuses are refused, not ignored. */
export function readQuery(
  params: Record<string, string | undefined>,
  formIds: readonly string[],
  timeZone: string,
): { query: InboxQuery; filter: InboxFilter; problems: string[] } {
  const problems: string[] = [];
  const form = (params.form ?? '').trim();
  const status = (params.status ?? '').trim();
  const from = (params.from ?? '').trim();
  const to = (params.to ?? '').trim();
  const q = (params.q ?? '').trim().slice(0, 200);
  const pageText = (params.page ?? '').trim();
  const page = /^[1-9]\d{0,6}$/.test(pageText) ? Number(pageText) : 1;
  if (form && !formIds.includes(form)) problems.push(`There is no form called “${form}”. Choose one from the Form list.`);
  if (status && !isStatus(status)) problems.push('Choose a status from the Status list.');
  if (from && !isDay(from)) problems.push('“From” must be a date, such as 2026-11-26.');
  if (to && !isDay(to)) problems.push('“To” must be a date, such as 2026-11-26.');
  if (from && to && isDay(from) && isDay(to) && from > to) problems.push('“From” must be on or before “To”.');
  const query: InboxQuery = { form, status: isStatus(status) ? status : '', from, to, q, page };
  const filter: InboxFilter = {
    form: form || undefined,
    status: isStatus(status) ? status : undefined,
    since: from && isDay(from) ? dayStart(from, timeZone) : undefined,
    before: to && isDay(to) ? dayStart(to, timeZone, 1) : undefined,
    q: q || undefined,
  };
  return { query, filter, problems };
}

/** The filters (and a page, when not the first) as an address's query string, without the leading "?"; empty values left out. */
export function queryString(query: Omit<InboxQuery, 'page'> & { page?: number }): string {
  const p = new URLSearchParams();
  for (const key of ['form', 'status', 'from', 'to', 'q'] as const) if (query[key]) p.set(key, query[key]);
  if (query.page && query.page > 1) p.set('page', String(query.page));
  return p.toString();
}

/** A LIKE pattern that finds `text` anywhere, with `\`, `%` and `_` matching themselves (used with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * "Showing 1–50 of 1,234"; with none, "No leads match these filters." when the person chose some, else what the
 * empty inbox is for (spam, which the default view leaves out, is said to be elsewhere).
 */
export function showing(page: number, total: number, filtered = true): string {
  if (total === 0)
    return filtered ? 'No leads match these filters.' : 'No leads yet. A form sent on the site appears here at once; spam is kept under Status: Spam.';
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}

export const lastPage = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** The page numbers to link to: the first, the last and two either side of the current one; null marks a gap. */
export function pageLinks(page: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** "Erased 3 leads, 2 notes and 1 pending notification for that address." */
export function erasedSentence(counts: { leads: number; notes: number; notifications: number }): string {
  return `Erased ${plural(counts.leads, 'lead')}, ${plural(counts.notes, 'note')} and ${plural(counts.notifications, 'pending notification')} for that address.`;
}

export interface LeadEvent {
  kind: string;
  actor: string | null;
  at: Date | string;
  detail: Record<string, unknown>;
}

/** One line of a lead's history in plain words (who and what; the page shows when). */
export function eventWords(e: LeadEvent, form: string): string {
  const who = e.actor?.trim() || 'someone';
  const recipient = typeof e.detail.recipient === 'string' ? e.detail.recipient : 'a recipient';
  switch (e.kind) {
    case 'received':
      return `Received through the ${form} form`;
    case 'notified':
      return `Notification emailed to ${recipient}`;
    case 'notify-failed':
      return `The notification email to ${recipient} could not be sent`;
    case 'marked-handled':
      return `Marked as handled by ${who}`;
    case 'reopened':
      return `Reopened by ${who}`;
    case 'not-spam':
      return `Moved out of spam by ${who}`;
    case 'exported':
      return `Exported to a CSV file by ${who}`;
    case 'note':
      return `Note added by ${who}`;
    default:
      return `${keyWords(e.kind)} by ${who}`;
  }
}
