/**
 * Every block's script by block type, from the modules a glob of blocks/<Folder>/script.ts found (blocks/scripts.ts):
 * for the dev server and the editor's preview, which render any block in the browser. The renderer imports no block
 * itself; whoever renders hands it the scripts, as it hands it the registry.
 */
import type { BlockScripts, BlockStart } from './block-scripts.ts';

/** "/blocks/PricingPlans/script.ts" or "./PricingPlans/script.ts" → "pricingPlans". */
export const blockTypeOfScript = (path: string): string => {
  const folder = path.split('/').at(-2) ?? '';
  return folder.charAt(0).toLowerCase() + folder.slice(1);
};

/** The scripts of `modules` (path → module) by block type. */
export function blockScriptsByType(modules: Record<string, { default: BlockStart }>): BlockScripts {
  return Object.fromEntries(Object.entries(modules).map(([path, m]) => [blockTypeOfScript(path), m.default]));
}
