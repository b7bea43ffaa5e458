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

/**
 * Sets in `into` where the visit came from: the other site's host in `from` (none for a page of this site, or no
 * referrer), and the utm_ values of the query `search` whose names `keys` matches, trimmed; each value cut, empty
 * ones left out. Returns `into`.
 */
export function addSource(view: Window, from: URL | undefined, search: string, into: URLSearchParams, keys: RegExp): URLSearchParams {
  if (from && from.hostname !== view.location.hostname) into.set('ref', from.hostname.slice(0, VISIT_VALUE_MAX));
  for (const [key, value] of new URLSearchParams(search)) if (keys.test(key) && value.trim()) into.set(key, value.trim().slice(0, VISIT_VALUE_MAX));
  return into;
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
    // Only another site's host: a link within the site, or no referrer (typed, bookmarked, withheld), names none.
    const visit = addSource(view, from, first.search, new URLSearchParams({ landing: first.pathname.slice(0, VISIT_VALUE_MAX) }), UTM);
    store.setItem(VISIT_KEY, String(visit));
  } catch {
    // Private modes and blocked storage refuse or throw: the visit is then simply not attributed.
  }
}
