/**
 * Block scripts: `blocks/<Folder>/script.ts`, plain DOM code with no framework, default-exporting
 * `start(block)`. The shell calls it once for each block of that type on the page, so the block answers the
 * visitor's first action from its prerendered HTML before (or without) React; once React owns the block
 * (isLive in ./markup.ts) the script leaves it alone. The build bundles only the page's own blocks' scripts into its
 * shell (./page-block-scripts.ts); the dev server and the editor's preview run every block's (./all-block-scripts.ts).
 */
import { BLOCK_ATTR, LIVE_ATTR } from './markup.ts';

/** What a block script default-exports. */
export type BlockStart = (block: HTMLElement) => void;

/** Block scripts by block type. */
export type BlockScripts = Readonly<Record<string, BlockStart>>;

/**
 * Calls each type's start once for each of its blocks under `root`, skipping those in `started` (and adding them).
 * One script that throws is reported and leaves the others, and the rest of the shell, running.
 */
export function startBlockScripts(root: ParentNode, scripts: BlockScripts, started?: WeakSet<Element>): void {
  for (const [type, start] of Object.entries(scripts)) {
    for (const block of root.querySelectorAll<HTMLElement>(`[${BLOCK_ATTR}="${type}"]`)) {
      if (started?.has(block)) continue;
      started?.add(block);
      try {
        start(block);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/**
 * For pages whose blocks are rendered in the browser (the dev server, the editor's preview): starts the blocks on
 * the page now and each one rendered later, once per element. There React renders every block from the start, so
 * a block that is an island in the build (`isIsland`) is marked live before its script starts: the script leaves it
 * to React, as it does on a built page once the island has hydrated. Returns what stops watching.
 */
export function watchBlockScripts(doc: Document, scripts: BlockScripts, isIsland: (type: string) => boolean = () => false): () => void {
  const started = new WeakSet<Element>();
  const run = () => {
    for (const block of doc.querySelectorAll(`[${BLOCK_ATTR}]`))
      if (!started.has(block) && isIsland(block.getAttribute(BLOCK_ATTR) ?? '')) block.setAttribute(LIVE_ATTR, '');
    startBlockScripts(doc, scripts, started);
  };
  run();
  const observer = new MutationObserver(run);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  return () => observer.disconnect();
}
