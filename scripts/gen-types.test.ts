// @vitest-environment node
/**
 * Generated files are committed; these fail when they drift from the schemas, with the command that fixes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { blockUnionSchema, generatedTypes } from './gen-types.ts';
import { blockRegistry } from '../blocks/registry.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const read = (rel: string) => readFileSync(join(root, rel), 'utf8');

describe('generated types match the schemas (else: npm run gen:types)', () => {
  test('schemas/block.schema.json lists every registered block type', () => {
    expect(read('schemas/block.schema.json'), 'schemas/block.schema.json is stale: run npm run gen:types').toBe(
      `${JSON.stringify(blockUnionSchema(), null, 2)}\n`,
    );
    const union = JSON.parse(read('schemas/block.schema.json')) as { properties: { type: { enum: string[] } } };
    expect(union.properties.type.enum).toEqual(blockRegistry.map((b) => b.type).sort());
  });

  test('renderer/generated/config-types.ts is what json-schema-to-typescript makes of the schemas', async () => {
    const current = read('renderer/generated/config-types.ts');
    expect(current, 'renderer/generated/config-types.ts is stale: run npm run gen:types').toBe(await generatedTypes());
    // One props type per block schema, named by its title, in the Block union.
    for (const b of blockRegistry) {
      const title = (JSON.parse(read(`schemas/blocks/${b.type}.schema.json`)) as { title: string }).title;
      expect(current).toMatch(new RegExp(`export (interface|type) ${title}\\b`));
    }
  }, 120_000);
});
