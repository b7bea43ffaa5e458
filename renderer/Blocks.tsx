import { Suspense, use } from 'react';
import type { Block } from './generated/config-types.ts';
import { BlockBoundary } from './BlockBoundary.tsx';
import { blockCache, isRegistered } from './lib/blocks.ts';
import { Spinner } from './ui/Spinner.tsx';
import styles from './renderer.module.css';

function BlockSlot({ block }: { block: Block }) {
  // Preloaded before hydration and on the server, so this is synchronous there; suspends only on client navigation.
  const Component = use(blockCache.load(block.type));
  return <Component {...block} />;
}

/** Shown in place of a block whose type has no component, so the mistake is visible rather than a blank gap. */
function UnknownBlock({ type }: { type: string }) {
  return (
    <section className={styles['block-failed']} role="note">
      <p>Unknown block type “{type}”.</p>
    </section>
  );
}

export function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => (
    <BlockBoundary key={`${i}-${block.type}`} label={`${block.type} (block ${i + 1})`} onRetry={() => blockCache.reset()}>
      {isRegistered(block.type) ? (
        <Suspense
          fallback={
            <div className={styles['block-loading']}>
              <Spinner />
            </div>
          }
        >
          <BlockSlot block={block} />
        </Suspense>
      ) : (
        <UnknownBlock type={block.type} />
      )}
    </BlockBoundary>
  ));
}
