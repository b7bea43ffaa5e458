// @vitest-environment node
import { expect, test } from 'vitest';
import { Findings } from './findings.ts';
import { blockSchemaTypes, checkRegistry } from './registry.ts';

test('a registered type needs a schema and a folder; a schema needs a registered type', () => {
  const findings = new Findings();
  const registry = [
    { type: 'hero', folder: 'Hero' },
    { type: 'faq', folder: 'Faqs' },
  ];
  checkRegistry(registry, ['faq', 'steps'], (folder) => folder === 'Hero', findings);
  expect(findings.diagnostics.map((d) => [d.file, d.message])).toEqual([
    ['blocks/registry.ts', 'Block type "hero" is registered but has no schema.'],
    ['blocks/registry.ts', 'Block type "faq" points at blocks/Faqs/index.tsx, which does not exist.'],
    ['schemas/blocks/steps.schema.json', 'Block type "steps" has a schema but no component is registered for it.'],
  ]);
  expect(findings.diagnostics.every((d) => d.code === 'registry' && d.severity === 'error')).toBe(true);
});

test('block types come from the schema files under schemas/blocks/', () => {
  expect(blockSchemaTypes(['/p/schemas/page.schema.json', '/p/schemas/blocks/hero.schema.json'])).toEqual(['hero']);
});
