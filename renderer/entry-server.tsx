import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { build, pages, site } from 'virtual:sitewright/config';
import { App, GatePassed } from './App.tsx';
import { BlockContent, PrerenderIslands } from './Blocks.tsx';
import { escapeAttribute, fillIsland } from './islands/fill.ts';
import { ISLAND_ATTRIBUTE, islandIdPrefix, type Hydrate, type IslandProps } from './islands/contract.ts';
import { IslandRoot } from './islands/IslandRoot.tsx';
import { dialogTargets } from './lib/dialog-targets.tsx';
import { blockSetOf, type BlockRegistry, type BlockSet } from './lib/blocks.ts';
import { matchPage, preloadRoute, pageCache } from './lib/routes.ts';
import { gateCovers, loadNotFound, showsNotFound } from './lib/not-found-screen.tsx';
import type { LoadedPage } from './lib/types.ts';
import type { FragmentSource } from './lib/site-context.tsx';

export { build, pages, site };

export interface IslandInfo {
  index: number;
  type: string;
  hydrate: Hydrate;
}

export interface RenderResult {
  html: string;
  /**
   * For a page behind the under-construction gate: the page itself, which the shell script shows instead of the
   * gate's screen to a browser that passed the preview login. Null elsewhere.
   */
  gatedHtml: string | null;
  /** Block types the page shows, so the prerenderer can add their CSS. */
  blockTypes: string[];
  /** The page's islands: the prerenderer adds the islands loader, and preloads what `load` islands need. */
  islands: IslandInfo[];
  slug: string | null;
  /** Whether it shows the not-found screen (an unknown route, or any page behind the construction gate), whose chunk it then preloads. */
  notFoundScreen: boolean;
  title: string;
  description: string;
  /** Whether search engines may index the page. */
  index: boolean;
}

function renderPage(url: string, passed: boolean, blocks: BlockSet): string {
  return renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <PrerenderIslands.Provider value={true}>
          <GatePassed.Provider value={passed}>
            <App blocks={blocks} />
          </GatePassed.Provider>
        </PrerenderIslands.Provider>
      </StaticRouter>
    </StrictMode>,
  );
}

/**
 * Renders each island as a root of its own (as it will hydrate) into its empty wrapper in the page, with its props:
 * the block and exactly the fragments it read while rendering.
 */
function renderIslands(html: string, loaded: LoadedPage, route: string, url: string, blocks: BlockSet): string {
  const dialogs = dialogTargets(loaded.page.blocks, blocks.isDialog);
  return html.replace(new RegExp(`<div ([^>]*\\b${ISLAND_ATTRIBUTE}="(\\d+)"[^>]*)></div>`, 'g'), (_all, attributes: string, at: string) => {
    const index = Number(at);
    const block = loaded.page.blocks[index];
    const used: IslandProps['fragments'] = {};
    const onUse = (kind: string, id: string) => ((used[kind] ??= {})[id] = loaded.fragments[kind]?.[id]);
    const props: IslandProps = { block, fragments: used, dialogs, route };
    const inner = islandMarkup(props, index, url, blocks, { fragments: loaded.fragments, onUse });
    return fillIsland(attributes, escapeAttribute(JSON.stringify(props)), inner);
  });
}

/** One island's markup from its props, as it hydrates. */
function islandMarkup(props: IslandProps, index: number, path: string, blocks: BlockSet, fragments?: FragmentSource): string {
  return renderToString(
    <IslandRoot props={props} path={path} blocks={blocks} fragments={fragments}>
      <BlockContent block={props.block} index={index} island />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(index) },
  );
}

/**
 * An island of a built page rendered again from its props: the lead service's answer pages
 * (scripts/lib/answer-pages.ts) show a page's forms with the answer to a submission this way.
 */
export async function renderIsland(props: IslandProps, index: number, path: string, registry: BlockRegistry): Promise<string> {
  const blocks = blockSetOf(registry);
  await preloadRoute(path, blocks);
  return islandMarkup(props, index, path, blocks);
}

/** Renders the page at `url` with the blocks of `registry` (the site's: blocks/registry.ts). */
export async function render(url: string, registry: BlockRegistry): Promise<RenderResult> {
  const blocks = blockSetOf(registry);
  const notFoundScreen = showsNotFound(url);
  await Promise.all([preloadRoute(url, blocks), notFoundScreen && loadNotFound()]);
  const entry = matchPage(url);
  const loaded = entry ? pageCache.get(entry.slug) : undefined;
  const islands: IslandInfo[] = [];
  loaded?.page.blocks.forEach((b, index) => {
    const hydrate = blocks.hydrationOf(b.type);
    if (hydrate) islands.push({ index, type: b.type, hydrate });
  });
  const withIslands = (html: string) => (loaded && entry ? renderIslands(html, loaded, entry.route, url, blocks) : html);
  const gated = Boolean(entry && gateCovers(entry.route));
  return {
    html: withIslands(renderPage(url, false, blocks)),
    gatedHtml: gated ? withIslands(renderPage(url, true, blocks)) : null,
    blockTypes: loaded ? [...new Set(loaded.page.blocks.map((b) => b.type))] : [],
    islands,
    slug: entry?.slug ?? null,
    notFoundScreen,
    title: loaded?.page.title ?? 'Page not found',
    description: loaded?.page.description ?? `The page you are looking for does not exist on ${site.name}.`,
    index: Boolean(loaded && loaded.page.sitemap !== false && !entry?.route.includes(':')),
  };
}
