/**
 * Every block schema has its component. blocks/registry.ts itself is checked against the schemas by the compiler
 * (its map must have exactly the generated Block types), so only the folder on disk is left to check here.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BlockInfo } from '../blocks.ts';
import { say } from './diagnostics.ts';
import type { Findings } from './findings.ts';

export function checkRegistry(blocks: BlockInfo[], hasComponent: (folder: string) => boolean, findings: Findings): void {
  for (const { type, folder } of blocks) {
    if (!hasComponent(folder)) findings.whole(`schemas/blocks/${type}.schema.json`, say('registry', { type, folder }));
  }
}

export const componentIn = (root: string) => (folder: string) => existsSync(join(root, 'blocks', folder, 'index.tsx'));
