/** The block registry (blocks/registry.ts) and the block schemas agree: every type has both a schema and a component. */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BlockRegistration } from '../../../blocks/registry.ts';
import { say } from './diagnostics.ts';
import type { Findings } from './findings.ts';

/** `schemaTypes` are the types with a schema file (schemas/blocks/<type>.schema.json); `hasComponent` looks for a folder's index.tsx. */
export function checkRegistry(registry: readonly BlockRegistration[], schemaTypes: string[], hasComponent: (folder: string) => boolean, findings: Findings): void {
  for (const reg of registry) {
    if (!schemaTypes.includes(reg.type)) findings.whole('blocks/registry.ts', say('registry', { type: reg.type, problem: 'no-schema' }));
    if (!hasComponent(reg.folder)) findings.whole('blocks/registry.ts', say('registry', { type: reg.type, problem: 'no-folder', folder: reg.folder }));
  }
  for (const type of schemaTypes) {
    if (!registry.some((r) => r.type === type)) findings.whole(`schemas/blocks/${type}.schema.json`, say('registry', { type, problem: 'no-component' }));
  }
}

/** The block types that have a schema, from the schema files' paths. */
export function blockSchemaTypes(schemaFiles: string[]): string[] {
  return schemaFiles.filter((p) => p.includes(join('schemas', 'blocks'))).map((f) => basename(f, '.schema.json'));
}

export const componentIn = (root: string) => (folder: string) => existsSync(join(root, 'blocks', folder, 'index.tsx'));
