import { blockRegistry, type Hydrate } from '../../blocks/registry.ts';
import type { BlockComponent } from './types.ts';
import { ChunkCache } from './chunk-cache.ts';

const byType = new Map(blockRegistry.map((b) => [b.type as string, b]));

export function isRegistered(type: string): boolean {
  return byType.has(type);
}

/** When a block of this type hydrates in the browser; undefined: never (a static block). */
export function hydrationOf(type: string): Hydrate | undefined {
  return byType.get(type)?.hydrate;
}
/** Whether a block of this type is a dialog, opened by links to "#<its id>". */
export function isDialog(type: string): boolean {
  return Boolean(byType.get(type)?.dialog);
}

export const blockCache = new ChunkCache<BlockComponent>(async (type) => {
  const reg = byType.get(type);
  if (!reg) throw new Error(`no component registered for block type "${type}"`);
  return (await reg.load()).default as BlockComponent;
});
