import { use } from 'react';
import { site } from 'virtual:sitewright/config';
import { ChunkCache } from './chunk-cache.ts';
import { matchPage, matchRedirect } from './routes.ts';

// A chunk of its own, whose styles scripts/build.ts puts only on the pages that show it (NOT_FOUND_SCREEN there):
// only unknown routes and the construction gate show this screen, and in the entry it cost every page its code
// and, inlined, its styles.
const cache = new ChunkCache((_key: string) => import('../screens/NotFound.tsx').then((m) => m.NotFound));

export const loadNotFound = () => cache.load('not-found');
export const resetNotFound = () => cache.reset();

/** Whether the construction gate covers `route` for a visitor who has not passed it. */
export function gateCovers(route: string): boolean {
  // The preview login stays open while the site is under construction: it is the way past the gate.
  return site.flags.underConstruction && route !== site.previewLogin;
}

/** Whether a first visit to `pathname` shows the not-found screen (a visitor past the preview gate sees the page instead). */
export function showsNotFound(pathname: string): boolean {
  if (matchRedirect(pathname)) return false;
  const entry = matchPage(pathname);
  return !entry || gateCovers(entry.route);
}

export function NotFoundScreen(props: { underConstruction?: boolean }) {
  // Preloaded on the server; may suspend on the dev server, which renders in the browser.
  const NotFound = use(loadNotFound());
  return <NotFound {...props} />;
}
