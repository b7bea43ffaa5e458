import { createContext, memo, Suspense, use, useContext, useEffect, useMemo } from 'react';
import type { Block } from './generated/config-types.ts';
import { BlockBoundary } from './BlockBoundary.tsx';
import { useBlockSet } from './lib/blocks.ts';
import { resetAllChunkCaches } from './lib/chunk-cache.ts';
import { DIALOG_ATTRIBUTE, HYDRATE_ATTRIBUTE, ISLAND_ATTRIBUTE, MEDIA_ATTRIBUTE } from './islands/contract.ts';
import { Spinner } from './ui/Spinner.tsx';
import styles from './renderer.module.css';

/**
 * True while the prerenderer renders a page: an island's wrapper is then left empty, and the prerenderer fills it
 * with the island rendered as a root of its own (renderer/entry-server.tsx). Elsewhere (the dev server, the editor's
 * preview) every block renders in place.
 */
export const PrerenderIslands = createContext(false);

function BlockSlot({ block }: { block: Block }) {
  // Loaded before the page or island renders, so this does not suspend; it may on the dev server.
  const Component = use(useBlockSet().components.load(block.type));
  return useMemo(() => <Component {...block} />, [Component, block]);
}

/** Renders nothing; tells its parent once the tree around it is committed (also when the block failed). */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit]);
  return null;
}

/** Shown in place of a block whose type has no component, so the mistake is visible rather than a blank gap. */
function UnknownBlock({ type }: { type: string }) {
  return (
    <section className={styles['block-failed']} role="note">
      <p>Unknown block type “{type}”.</p>
    </section>
  );
}

/**
 * One block with its error boundary: the same tree on the server and when an island hydrates, so the markup matches.
 * An island's block is loaded before it renders, so it needs no Suspense boundary, and must have none: React hydrates
 * a boundary's content in a later pass, after `onCommit`, and would drop the events replayed then. `onCommit` is
 * called once the block is on screen and live.
 */
export function BlockContent({ block, index, island = false, onCommit }: { block: Block; index: number; island?: boolean; onCommit?: () => void }) {
  const { isRegistered } = useBlockSet();
  const slot = island ? (
    <BlockSlot block={block} />
  ) : (
    <Suspense
      fallback={
        <div className={styles['block-loading']}>
          <Spinner />
        </div>
      }
    >
      <BlockSlot block={block} />
    </Suspense>
  );
  return (
    <>
      <BlockBoundary label={`${block.type} (block ${index + 1})`} onRetry={resetAllChunkCaches}>
        {isRegistered(block.type) ? slot : <UnknownBlock type={block.type} />}
      </BlockBoundary>
      {onCommit && <Committed onCommit={onCommit} />}
    </>
  );
}

/** The page's blocks, each in a wrapper (display: contents, so no layout change) that says what it is. */
export const Blocks = memo(function Blocks({ blocks }: { blocks: Block[] }) {
  const prerender = useContext(PrerenderIslands);
  const { hydrationOf, mediaOf, isDialog } = useBlockSet();
  return blocks.map((block, i) => {
    const id = (block as { id?: unknown }).id;
    const hydrate = prerender ? hydrationOf(block.type) : undefined;
    const island = hydrate
      ? {
          [ISLAND_ATTRIBUTE]: i,
          [HYDRATE_ATTRIBUTE]: hydrate,
          [MEDIA_ATTRIBUTE]: mediaOf(block.type),
          [DIALOG_ATTRIBUTE]: isDialog(block.type) ? id : undefined,
        }
      : {};
    return (
      <div key={`${i}-${block.type}`} className={styles.slot} data-block={block.type} data-block-id={typeof id === 'string' ? id : undefined} {...island}>
        {hydrate ? null : <BlockContent block={block} index={i} />}
      </div>
    );
  });
});
