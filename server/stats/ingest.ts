/**
 * A beacon read strictly (renderer/shell/events.ts has its wire format): the pure parts of POST /api/v1/events.
 * Anything that does not look exactly like what the site's pages send is refused whole, with a status and a plain
 * sentence that never repeats what was sent, so nothing odd reaches the aggregates.
 */
import { EVENT_BODY_MAX, EVENT_VALUE_MAX, NOT_FOUND_PATH } from '../../renderer/shell/events.ts';
import { attributionValue, type AttributionKey } from '../attribution.ts';
import { isFormId } from '../form-id.ts';
import type { Refusal, VisitOrigin } from './types.ts';
import { normalisePath, routeMatches } from '../../renderer/lib/route-match.ts';

/** A page view as the beacon said it, before the day and the visitor are added. */
export interface ViewBeacon extends VisitOrigin {
  kind: 'view';
  path: string;
  entry: boolean;
  notFound: boolean;
}

/** A form start as the beacon said it. */
export interface StartBeacon extends VisitOrigin {
  kind: 'start';
  form: string;
  path: string;
  landing: string;
}

export type Beacon = ViewBeacon | StartBeacon;

export const REFUSALS = {
  type: { status: 415, message: 'Send the visit as application/x-www-form-urlencoded or text/plain.' },
  size: { status: 413, message: `What you sent is larger than ${EVENT_BODY_MAX} bytes, the most a visit may be.` },
  unreadable: { status: 400, message: 'What you sent could not be read as a visit.' },
  kind: { status: 400, message: 'A visit must say what happened: k=view or k=start.' },
  path: { status: 400, message: `The page's path must start with a single "/", be at most ${EVENT_VALUE_MAX} characters and contain no control characters.` },
  form: { status: 400, message: 'A form start must name the form by its id, such as f=contact.' },
  value: { status: 400, message: `A value is longer than ${EVENT_VALUE_MAX} characters, or contains a character that is not allowed.` },
  origin: { status: 403, message: "Visits are counted only when the site's own pages send them." },
} as const satisfies Record<string, Refusal>;

/** True for the two types a beacon is sent as: URL-encoded (sendBeacon with URLSearchParams) or plain text (with a string). */
export function isEventType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'text/plain';
}

/**
 * Crawlers, monitors, command-line tools and HTTP libraries, by user agent; also no user agent at all, which no
 * browser sends. Headless Chromium is a browser and is counted: it is how the tests and the audit see the site.
 */
const BOT =
  /bot\b|bot\/|crawl|spider|slurp|scrape|archiver|facebookexternalhit|embedly|preview|monitor|uptime|pingdom|lighthouse|pagespeed|gtmetrix|curl|wget|httpie|python|aiohttp|httpx|go-http-client|java\/|okhttp|apache-httpclient|axios|node-fetch|undici|^node$|libwww|perl|ruby|php\/|postman|insomnia|headless(?!chrome)/i;

export function isBot(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BOT.test(ua);
}

// C0, DEL and C1 controls; anything else odd is left to attributionValue's own rules.
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** A page's path as the browser's location.pathname gives it: "/" first, never "//" (another host) nor a backslash. */
export function isPagePath(p: string): boolean {
  return p.length <= EVENT_VALUE_MAX && /^\/(?![/\\])/.test(p) && !/[\\\s?#]/.test(p) && !CONTROL.test(p) && attributionValue('page', p) === p;
}

/** One optional value: '' when absent or blank, the value when the key's rules allow it, else null (refused). */
function optional(params: URLSearchParams, name: string, rule: AttributionKey): string | null {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return '';
  if (raw.length > EVENT_VALUE_MAX || CONTROL.test(raw)) return null;
  return attributionValue(rule, raw) ?? null;
}

/** Source: utm_source, else the other site's host (lower case), else '' (direct). Campaign: utm_campaign or ''. */
export function visitOrigin(utmSource: string, referrerHost: string, utmCampaign: string): VisitOrigin {
  return { source: utmSource || referrerHost.toLowerCase(), campaign: utmCampaign };
}

/** The body's bytes as a beacon, or the refusal. */
export function readBeacon(bytes: Uint8Array): Beacon | Refusal {
  if (bytes.byteLength > EVENT_BODY_MAX) return REFUSALS.size;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return REFUSALS.unreadable;
  }
  const kind = params.get('k');
  if (kind !== 'view' && kind !== 'start') return REFUSALS.kind;
  const path = params.get('p') ?? '';
  if (!isPagePath(path)) return REFUSALS.path;
  const ref = optional(params, 'ref', 'referrer');
  const utmSource = optional(params, 'utm_source', 'utmSource');
  const utmCampaign = optional(params, 'utm_campaign', 'utmCampaign');
  // utm_medium is not counted, but an unreadable one still marks the beacon as not the site's own.
  const utmMedium = optional(params, 'utm_medium', 'utmMedium');
  if (ref === null || utmSource === null || utmCampaign === null || utmMedium === null) return REFUSALS.value;
  const origin = visitOrigin(utmSource, ref, utmCampaign);
  if (kind === 'view') return { kind, path, entry: params.get('entry') === '1', notFound: params.get('nf') === '1', ...origin };
  const form = params.get('f') ?? '';
  if (!isFormId(form)) return REFUSALS.form;
  const landing = params.get('landing');
  if (landing !== null && landing !== '' && !isPagePath(landing)) return REFUSALS.path;
  return { kind, form, path, landing: landing ?? '', ...origin };
}

/**
 * The routes of the live site, to count an address the site does not have as the not-found page: storage grows with
 * pages, not with typos. `pages` are the prerendered routes ('/', '/owner'); `patterns` the parameter routes
 * ('/referral/:refId'), under which every value of the parameter is counted.
 */
export interface SiteRoutes {
  pages: ReadonlySet<string>;
  patterns: readonly string[];
}

/** The path a page view is counted under: its route when the site has it, else NOT_FOUND_PATH; as sent without routes. */
export function countedPath(path: string, notFound: boolean, routes?: SiteRoutes): string {
  if (notFound) return NOT_FOUND_PATH;
  if (!routes) return path;
  const p = normalisePath(path);
  if (routes.pages.has(p)) return p;
  return routes.patterns.find((pattern) => routeMatches(pattern, p)) ?? NOT_FOUND_PATH;
}
