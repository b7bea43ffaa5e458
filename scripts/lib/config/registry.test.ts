// @vitest-environment node
import { expect, test } from 'vitest';
import { Findings } from './findings.ts';
import { checkRegistry } from './registry.ts';

test('a block schema needs its component folder', () => {
  const findings = new Findings();
  checkRegistry(
    [
      { type: 'hero', folder: 'Hero' },
      { type: 'faq', folder: 'Faq' },
    ],
    (folder) => folder === 'Hero',
    findings,
  );
  expect(findings.diagnostics.map((d) => [d.file, d.code, d.severity, d.message, d.suggestion])).toEqual([
    [
      'schemas/blocks/faq.schema.json',
      'registry',
      'error',
      'Block type "faq" has a schema but no component: blocks/Faq/index.tsx does not exist.',
      "Create blocks/Faq/index.tsx and add faq: { load: () => import('./Faq/index.tsx') } to blocks/registry.ts.",
    ],
  ]);
});
