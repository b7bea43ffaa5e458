// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockFolder, listBlocks } from '../scripts/lib/blocks.ts';
import { blockRegistry } from './registry.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('block registry', () => {
  it('has one entry per block schema, loaded from the folder named after its type', () => {
    expect(blockRegistry.map((b) => b.type).sort()).toEqual(listBlocks(root).map((b) => b.type));
    for (const b of blockRegistry) {
      expect(String(b.load)).toMatch(new RegExp(`["/]${blockFolder(b.type)}/index\\.tsx"`));
      expect(existsSync(new URL(`./${blockFolder(b.type)}/index.tsx`, import.meta.url))).toBe(true);
    }
  });

  it('a loader gives the component', async () => {
    const hero = blockRegistry.find((b) => b.type === 'hero')!;
    expect(typeof (await hero.load()).default).toBe('function');
  });
});
