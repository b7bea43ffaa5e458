/**
 * Routes: each page's route is its own, redirects start from a free route and land on a page, and any path can be
 * asked whether some page or redirect answers it. Matching is renderer/lib/route-match.ts, as in the app.
 */
import type { SiteConfig } from '../../../renderer/generated/config-types.ts';
import { normalisePath, routeMatches } from '../../../renderer/lib/route-match.ts';
import { closest } from '../suggest.ts';
import { say } from './diagnostics.ts';
import type { Findings } from './findings.ts';
import type { JsonSource } from './json-source.ts';
import type { PageFile } from './model.ts';

export interface RouteIndex {
  /** Routes without placeholders, normalised: what "did you mean" draws from. */
  staticRoutes: Set<string>;
  exists: (path: string) => boolean;
}

/** Two pages with one route; redirects that clash with a page or each other, or lead nowhere. Returns the route index. */
export function checkRoutes(pages: PageFile[], routesOfBrokenPages: string[], site: SiteConfig, siteSrc: JsonSource, findings: Findings): RouteIndex {
  const seen = new Map<string, PageFile>();
  for (const p of pages) {
    const prev = seen.get(p.config.route);
    if (prev) findings.at(p.source, '/route', say('duplicate-route', { route: p.config.route, page: prev.file }));
    else seen.set(p.config.route, p);
  }
  const pageRoutes = [...seen.keys(), ...routesOfBrokenPages];
  site.redirects.forEach((r, i) => {
    const page = seen.get(r.from);
    if (page) findings.at(siteSrc, `/redirects/${i}/from`, say('duplicate-route', { route: r.from, page: page.file, redirect: true }));
    if (!pageRoutes.some((route) => routeMatches(route, r.to))) {
      const guess = closest(
        r.to,
        pageRoutes.filter((x) => !x.includes(':')),
      );
      findings.at(siteSrc, `/redirects/${i}/to`, say('unknown-route', { path: r.to, from: r.from, guess, redirect: true }));
    }
    if (site.redirects.findIndex((o) => o.from === r.from) !== i)
      findings.at(siteSrc, `/redirects/${i}/from`, say('duplicate-route', { route: r.from, twoRedirects: true }));
  });
  return routeIndex([...pageRoutes, ...site.redirects.map((r) => r.from)]);
}

/** A set for static routes keeps link checking linear in the number of links, however many pages there are. */
export function routeIndex(routes: string[]): RouteIndex {
  const staticRoutes = new Set(routes.filter((r) => !r.includes(':')).map(normalisePath));
  const paramRoutes = routes.filter((r) => r.includes(':'));
  return { staticRoutes, exists: (path) => staticRoutes.has(normalisePath(path)) || paramRoutes.some((r) => routeMatches(r, path)) };
}
