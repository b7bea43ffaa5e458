/**
 * Where a visit came from, kept for the tab only: the first page's path, the other site that linked to it and its
 * utm_ parameters, in sessionStorage (gone when the tab closes; no cookie, nothing kept across visits). A form sent
 * to the site's own service later in the visit carries it in one header (renderer/forms/attribution.ts). It is stored
 * already in the header's URL-encoded form, so the shell, inlined into every page, needs as little code as possible.
 * The page view's beacon (./beacon.ts) reads the same referrer and utm_ values with the helpers below.
 */

/** The sessionStorage key of the visit. */
export const VISIT_KEY = 'sitewright:visit';
/** The longest value kept for a key: a longer one is cut there. */
export const VISIT_VALUE_MAX = 200;
/** The utm_ parameters kept from the first page's address. */
const UTM = /^utm_(source|medium|campaign|term|content)$/;

/** The page's referrer as an address; undefined when there is none (typed, bookmarked, withheld) or it cannot be read. */
export function referrerOf(view: Window): URL | undefined {
  try {
    return new URL(view.document.referrer);
  } catch {
    return undefined;
  }
}

/** The other site's host in `from` (cut like any value): none for a page of this site, or no referrer. */
export const otherSite = (view: Window, from: URL | undefined): string =>
  from && from.hostname !== view.location.hostname ? from.hostname.slice(0, VISIT_VALUE_MAX) : '';

/** Sets in `into` the utm_ values of the query `search` whose names `keys` matches, trimmed and cut; empty ones are left out. */
export function copyUtm(search: string, into: URLSearchParams, keys: RegExp): void {
  for (const [key, value] of new URLSearchParams(search)) if (keys.test(key) && value.trim()) into.set(key, value.trim().slice(0, VISIT_VALUE_MAX));
}

/** Records the visit on its first page; later pages of the tab keep the first one. Storage that fails is left alone. */
export function recordVisit(view: Window = window): void {
  try {
    const store = view.sessionStorage;
    if (store.getItem(VISIT_KEY) !== null) return;
    // The visit's first page is this one, unless the visitor came from a page of this site that was left before it
    // could record (its script comes after the first paint): that page's address, with its utm_ values, is then the
    // referrer, as the site's strict-origin-when-cross-origin policy sends it whole within the site.
    const from = referrerOf(view);
    const first = from?.origin === view.location.origin ? from : view.location;
    const visit = new URLSearchParams({ landing: first.pathname.slice(0, VISIT_VALUE_MAX) });
    // Only another site's host: a link within the site, or no referrer (typed, bookmarked, withheld), names none.
    const ref = otherSite(view, from);
    if (ref) visit.set('ref', ref);
    copyUtm(first.search, visit, UTM);
    store.setItem(VISIT_KEY, String(visit));
  } catch {
    // Private modes and blocked storage refuse or throw: the visit is then simply not attributed.
  }
}
