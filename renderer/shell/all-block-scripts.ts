/**
 * Every block's script (blocks/<Folder>/script.ts), by block type: for the dev server and the editor's preview,
 * which render any block in the browser. Found by the same convention as the block's folder: the type with a
 * capital first letter.
 */
import type { BlockScripts, BlockStart } from './block-scripts.ts';

const modules = import.meta.glob<{ default: BlockStart }>('/blocks/*/script.ts', { eager: true });

/** "/blocks/PricingPlans/script.ts" → "pricingPlans". */
export const blockTypeOfScript = (path: string): string => {
  const folder = path.split('/').at(-2) ?? '';
  return folder.charAt(0).toLowerCase() + folder.slice(1);
};

export const ALL_BLOCK_SCRIPTS: BlockScripts = Object.fromEntries(Object.entries(modules).map(([path, m]) => [blockTypeOfScript(path), m.default]));
