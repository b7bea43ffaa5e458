import { matchPath } from 'react-router';
import { pages, site } from 'virtual:sitewright/config';
import { ChunkCache } from './chunk-cache.ts';
import { blockCache, isRegistered } from './blocks.ts';
import type { LoadedPage, PageEntry } from './types.ts';

export const pageCache = new ChunkCache<LoadedPage>(async (slug) => {
  const entry = pages.find((p) => p.slug === slug);
  if (!entry) throw new Error(`unknown page "${slug}"`);
  return (await entry.load()).default;
});

export function matchPage(pathname: string): PageEntry | undefined {
  // Static routes win over parameter routes, as in the router.
  const sorted = [...pages].sort((a, b) => Number(a.route.includes(':')) - Number(b.route.includes(':')));
  return sorted.find((p) => matchPath({ path: p.route, end: true }, pathname));
}

export function matchRedirect(pathname: string): string | undefined {
  return site.redirects.find((r) => matchPath({ path: r.from, end: true }, pathname))?.to;
}

/** Loads a route's page chunk and every block chunk it uses, so it can render without suspending. */
export async function preloadRoute(pathname: string): Promise<void> {
  const entry = matchPage(pathname);
  if (!entry) return;
  const loaded = await pageCache.load(entry.slug);
  await Promise.all([...new Set(loaded.page.blocks.map((b) => b.type))].filter(isRegistered).map((t) => blockCache.load(t)));
}
