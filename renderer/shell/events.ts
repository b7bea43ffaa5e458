/**
 * The funnel's beacons, as the pages send them to the site's own service and the service reads them
 * (server/stats/): one URL-encoded body per event, posted with navigator.sendBeacon (or fetch with keepalive) to
 * EVENTS_PATH. URL-encoded text is a simple request: no preflight, and nothing for an ad blocker's JSON rules.
 * Only types and constants live here, so the shell's bytes do not grow by importing it.
 */

/** Where beacons are posted, on the page's own origin. */
export const EVENTS_PATH = '/api/v1/events';

/** The largest body the service reads, in bytes: a longer one is refused whole. */
export const EVENT_BODY_MAX = 1024;

/** The longest path, host or utm_ value kept, in characters: a longer one is cut there by the page and refused by the service. */
export const EVENT_VALUE_MAX = 200;

/** The path the not-found page is counted under, whatever address was asked for: storage grows with pages, not with typos. */
export const NOT_FOUND_PATH = '(not found)';

/**
 * The body's keys. A page view: `k=view`, `p` its path, `ref` the other site's host that linked to it (none within
 * the site, or when the browser withholds it), the page address's `utm_source`, `utm_medium`, `utm_campaign`,
 * `entry=1` when the view begins a visit (no referrer from this site) and `nf=1` on the not-found page.
 * A form start (the visitor's first interaction with a form on this page): `k=start`, `f` the form's id, `p` the
 * page's path, and the visit the tab recorded (renderer/shell/visit.ts): `landing`, `ref`, `utm_source`,
 * `utm_campaign`. Any other key is ignored by the service.
 */
export type EventKind = 'view' | 'start';
export const EVENT_KEYS = ['k', 'p', 'ref', 'utm_source', 'utm_medium', 'utm_campaign', 'entry', 'nf', 'f', 'landing'] as const;
export type EventKey = (typeof EVENT_KEYS)[number];
