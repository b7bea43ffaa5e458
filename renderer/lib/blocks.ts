import { blockRegistry } from '../../blocks/registry.ts';
import type { BlockComponent } from './types.ts';
import { ChunkCache } from './chunk-cache.ts';

type BlockModule = { default: BlockComponent };

// One lazy chunk per block folder: a route only downloads the blocks it shows.
const modules = import.meta.glob<BlockModule>('../../blocks/*/index.tsx');

export function isRegistered(type: string): boolean {
  return blockRegistry.some((b) => b.type === type);
}

export const blockCache = new ChunkCache<BlockComponent>(async (type) => {
  const reg = blockRegistry.find((b) => b.type === type);
  const load = reg && modules[`../../blocks/${reg.folder}/index.tsx`];
  if (!load) throw new Error(`no component registered for block type "${type}"`);
  return (await load()).default;
});
