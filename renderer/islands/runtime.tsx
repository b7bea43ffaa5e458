/**
 * The React half of the islands: loaded by the loader (./loader.ts) when the first island's trigger fires, never on
 * a page without islands. Each island is hydrated as a root of its own.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BlockContent } from '../Blocks.tsx';
import { blockSetOf, type BlockRegistry } from '../lib/blocks.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, islandIdPrefix, type IslandProps } from './contract.ts';
import { IslandRoot } from './IslandRoot.tsx';
import { loadChunk } from '../lib/with-timeout.ts';
import { LIVE_ATTR } from '../shell/markup.ts';

/** Shows the toast the page before left for this one; its code is fetched only when there is one. */
export const showFlash = (): Promise<void> => loadChunk('toasts', () => import('../forms/show-flash.ts')).then((m) => m.showFlash());

/**
 * Loads the island's block from `registry` (the site's, which the loader is given by the build) and hydrates it;
 * settles once the block is live (its effects have run).
 */
export async function hydrateIsland(el: HTMLElement, registry: BlockRegistry): Promise<void> {
  const blocks = blockSetOf(registry);
  const props = JSON.parse(el.getAttribute(PROPS_ATTRIBUTE) ?? 'null') as IslandProps;
  const index = Number(el.getAttribute(ISLAND_ATTRIBUTE));
  // Before hydrating, so the block renders at once instead of suspending (and a failed load is the loader's to show).
  await blocks.components.load(props.block.type);
  // A task of its own, after the one that evaluated React and the block's code; and hydration as a transition,
  // which React splits into short slices, so no long task keeps the page from answering meanwhile.
  await new Promise((next) => setTimeout(next));
  await new Promise<void>((resolve) => {
    startTransition(() => {
      hydrateRoot(
        el,
        <IslandRoot props={props} path={window.location.pathname} blocks={blocks}>
          <BlockContent block={props.block} index={index} island onCommit={resolve} />
        </IslandRoot>,
        { identifierPrefix: islandIdPrefix(index) },
      );
    });
  });
  // From here React owns the block: its script, if it has one, stops acting (isLive in renderer/shell/markup.ts).
  el.setAttribute(LIVE_ATTR, '');
}
