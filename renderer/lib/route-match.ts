/**
 * The one route matcher: the app's router, the config checker, the dev server and the CDN rules (`_redirects`,
 * `_headers`, which `npm run serve` applies) all decide with it whether a path belongs to a route, so they cannot
 * disagree about trailing slashes or placeholders. Case-sensitive, as a CDN serving the prerendered files is.
 */

/** A path without trailing slashes, "/" for the root: "/owner/" and "/owner" are the same page. */
export function normalisePath(path: string): string {
  return path.replace(/\/+$/, '') || '/';
}

/**
 * Matches a route pattern against a path. ":name" matches one non-empty segment; a final "*" matches the rest of
 * the path (the CDN's splat, possibly empty). Returns the values of the placeholders, or null when it does not match.
 */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const want = normalisePath(pattern).split('/');
  const got = normalisePath(path).split('/');
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const seg = want[i];
    if (seg === '*' && i === want.length - 1) {
      params.splat = got.slice(i).join('/');
      return params;
    }
    const value = got[i];
    if (value === undefined) return null;
    if (seg.startsWith(':')) {
      if (value === '') return null;
      params[seg.slice(1)] = value;
    } else if (seg !== value) return null;
  }
  return want.length === got.length ? params : null;
}

/** Does a route pattern such as "/referral/:refId" match a concrete path? */
export function routeMatches(pattern: string, path: string): boolean {
  return matchRoute(pattern, path) !== null;
}
