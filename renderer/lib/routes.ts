import { pages, site } from 'virtual:sitewright/config';
import { ChunkCache } from './chunk-cache.ts';
import { normalisePath, routeMatches } from './route-match.ts';
import { preloadBlocks, type BlockSet } from './blocks.ts';
import type { LoadedPage, PageEntry } from './types.ts';

const bySlug = new Map(pages.map((p) => [p.slug, p]));

export const pageCache = new ChunkCache<LoadedPage>(async (slug) => {
  const entry = bySlug.get(slug);
  if (!entry) throw new Error(`unknown page "${slug}"`);
  return (await entry.load()).default;
});

// Static routes are looked up in a map so matching costs the same for 10 pages or 10,000;
// only parameter routes are tried one by one, after every static route (as the router ranks them).
const staticRoutes = new Map(pages.filter((p) => !p.route.includes(':')).map((p) => [p.route, p]));
const paramRoutes = pages.filter((p) => p.route.includes(':'));

export function matchPage(pathname: string): PageEntry | undefined {
  const path = normalisePath(pathname);
  return staticRoutes.get(path) ?? paramRoutes.find((p) => routeMatches(p.route, path));
}

export function matchRedirect(pathname: string): string | undefined {
  const path = normalisePath(pathname);
  return site.redirects.find((r) => routeMatches(r.from, path))?.to;
}

/** Loads a route's page chunk and every block chunk it uses, so it can render without suspending. */
export async function preloadRoute(pathname: string, blocks: BlockSet): Promise<void> {
  const entry = matchPage(pathname);
  if (!entry) return;
  const loaded = await pageCache.load(entry.slug);
  await preloadBlocks(
    blocks,
    loaded.page.blocks.map((b) => b.type),
  );
}
