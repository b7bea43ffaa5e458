import { memo, Suspense, use, useEffect, useMemo } from 'react';
import type { Block } from './generated/config-types.ts';
import { BlockBoundary } from './BlockBoundary.tsx';
import { blockCache, isRegistered } from './lib/blocks.ts';
import { hydrationWait, blockHydrated, SLOT_ATTRIBUTE } from './lib/deferred-blocks.ts';
import { useHydrating } from './lib/use-hydrating.ts';
import { Spinner } from './ui/Spinner.tsx';
import styles from './renderer.module.css';

function BlockSlot({ block, index }: { block: Block; index: number }) {
  // While the opened page hydrates, a block below the first screen waits (as its prerendered HTML) until it is
  // needed; see lib/deferred-blocks.ts. Elsewhere the chunk is preloaded, or this suspends on client navigation.
  const hydrating = useHydrating();
  const wait = hydrating ? hydrationWait(index) : undefined;
  if (wait) use(wait);
  const Component = use(blockCache.load(block.type));
  useEffect(() => {
    if (hydrating) blockHydrated(index);
    // Only the commit of the hydrating render counts; the re-render that follows it changes nothing here.
  }, [index]);
  // The hydrating flag flips once hydration is done, which re-renders this slot synchronously; the same element
  // lets React skip the block itself then, instead of rendering every block a second time in one long task.
  return useMemo(() => <Component {...block} />, [Component, block]);
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
 * Memoised: a block still sleeping as server HTML that received new props would be re-rendered on the client
 * (spinner, then fresh markup) instead of hydrated. The page's block list never changes identity.
 */
export const Blocks = memo(function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => {
    const id = (block as { id?: unknown }).id;
    return (
      // display: contents, so the wrapper changes no layout; it marks where a block sits for deferred hydration.
      <div
        key={`${i}-${block.type}`}
        className={styles.slot}
        {...{ [SLOT_ATTRIBUTE]: i }}
        data-block={block.type}
        data-block-id={typeof id === 'string' ? id : undefined}
      >
        <BlockBoundary label={`${block.type} (block ${i + 1})`} onRetry={() => blockCache.reset()}>
          {isRegistered(block.type) ? (
            <Suspense
              fallback={
                <div className={styles['block-loading']}>
                  <Spinner />
                </div>
              }
            >
              <BlockSlot block={block} index={i} />
            </Suspense>
          ) : (
            <UnknownBlock type={block.type} />
          )}
        </BlockBoundary>
      </div>
    );
  });
});
