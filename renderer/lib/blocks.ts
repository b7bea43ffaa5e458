import { blockRegistry } from '../../blocks/registry.ts';
import type { BlockComponent } from './types.ts';
import { ChunkCache } from './chunk-cache.ts';

const byType = new Map(blockRegistry.map((b) => [b.type as string, b]));

export function isRegistered(type: string): boolean {
  return byType.has(type);
}

export const blockCache = new ChunkCache<BlockComponent>(async (type) => {
  const reg = byType.get(type);
  if (!reg) throw new Error(`no component registered for block type "${type}"`);
  return (await reg.load()).default as BlockComponent;
});
