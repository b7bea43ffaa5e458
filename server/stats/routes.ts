/**
 * The routes of a built site, read from its folder: every prerendered page (an index.html) and every parameter route
 * its _redirects rewrites (status 200), so the funnel counts an address the site does not have as the not-found page.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteRoutes } from './ingest.ts';

/** Folders of a build that hold no pages. */
const NOT_PAGES = new Set(['assets', 'images', '.vite']);

export function siteRoutes(dir: string, redirects: readonly { from: string; to: string; status: number }[]): SiteRoutes {
  const rewrites = redirects.filter((r) => r.status === 200 && r.from.includes('/:'));
  // The placeholder page a parameter route is prerendered as (/referral/_refId) is not a page of its own.
  const placeholders = new Set(rewrites.map((r) => r.to.replace(/\/index\.html$/, '')));
  const pages = new Set<string>();
  const walk = (folder: string, route: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory() && !NOT_PAGES.has(entry.name) && !entry.name.startsWith('.')) walk(join(folder, entry.name), `${route}/${entry.name}`);
      else if (entry.isFile() && entry.name === 'index.html' && !placeholders.has(route)) pages.add(route || '/');
    }
  };
  walk(dir, '');
  return { pages, patterns: rewrites.map((r) => r.from) };
}
