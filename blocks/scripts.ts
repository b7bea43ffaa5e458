/**
 * Every block's script (blocks/<Folder>/script.ts: plain DOM code that gives a block its first outcome before any
 * framework), by block type, for the dev server and the editor's preview, which render any block in the browser. The
 * build does not use this: it inlines only a page's own blocks' scripts into that page's shell
 * (scripts/lib/page-scripts.ts). Found by the folder convention, like examples and chunks, not by a registry line.
 */
import { blockScriptsByType } from '../renderer/shell/all-block-scripts.ts';
import type { BlockStart } from '../renderer/shell/block-scripts.ts';

export const blockScripts = blockScriptsByType(import.meta.glob<{ default: BlockStart }>('./*/script.ts', { eager: true }));
