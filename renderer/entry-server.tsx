import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { build, pages, site } from 'virtual:sitewright/config';
import { App } from './App.tsx';
import { matchPage, preloadRoute, pageCache } from './lib/routes.ts';
import { loadNotFound, showsNotFound } from './lib/not-found-screen.tsx';

export { build, pages, site };

export interface RenderResult {
  html: string;
  /** Block types the page shows, so the prerenderer can add their CSS and preload their chunks. */
  blockTypes: string[];
  slug: string | null;
  /** Whether it shows the not-found screen (an unknown route, or any page behind the construction gate), whose chunk it then preloads. */
  notFoundScreen: boolean;
  title: string;
  description: string;
  /** Whether search engines may index the page. */
  index: boolean;
}

export async function render(url: string): Promise<RenderResult> {
  const notFoundScreen = showsNotFound(url);
  await Promise.all([preloadRoute(url), notFoundScreen && loadNotFound()]);
  const entry = matchPage(url);
  const loaded = entry ? pageCache.get(entry.slug) : undefined;
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    blockTypes: loaded ? [...new Set(loaded.page.blocks.map((b) => b.type))] : [],
    slug: entry?.slug ?? null,
    notFoundScreen,
    title: loaded?.page.title ?? 'Page not found',
    description: loaded?.page.description ?? `The page you are looking for does not exist on ${site.name}.`,
    index: Boolean(loaded && loaded.page.sitemap !== false && !entry?.route.includes(':')),
  };
}
