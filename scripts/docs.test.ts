// @vitest-environment node
/**
 * docs/blocks.md is generated (npm run docs, also run by npm run gen:types). These fail when it is stale, when a
 * block is missing from it, or when an example it tells people to copy does not validate.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BLOCKS_DOC, defaultOf, generateBlocksDoc } from './docs.ts';
import { blockRegistry } from '../blocks/registry.ts';
import { checkExamples } from './lib/catalogue.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const doc = readFileSync(join(root, BLOCKS_DOC), 'utf8');

describe('docs/blocks.md', () => {
  test('is up to date with the schemas and examples (else: npm run docs)', () => {
    expect(doc, `${BLOCKS_DOC} is stale: run npm run docs`).toBe(generateBlocksDoc(root));
  });

  test('has a section for every block type, with every setting of its schema', () => {
    for (const b of blockRegistry) {
      const schema = JSON.parse(readFileSync(join(root, `schemas/blocks/${b.type}.schema.json`), 'utf8')) as { properties: Record<string, unknown> };
      const start = doc.indexOf(`## \`${b.type}\``);
      expect(start, `section for ${b.type}`).toBeGreaterThan(0);
      const section = doc.slice(start, doc.indexOf('\n## ', start + 1));
      for (const prop of Object.keys(schema.properties)) expect(section, `${b.type}.${prop}`).toContain(`| \`${prop}\` |`);
      expect(section).toContain('```json');
    }
  });

  test('every copy-paste example validates as part of a page (schema, links and fragments)', () => {
    const { diagnostics, entries } = checkExamples(root, {});
    expect(entries.length).toBe(blockRegistry.length);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  test('defaults are read from "default" or from the description', () => {
    expect(defaultOf({ default: 3 })).toBe('`3`');
    expect(defaultOf({ description: 'Background: "light" (white, default), "alt" or "dark".' })).toBe('`"light"`');
    expect(defaultOf({ description: 'Cards per row. Default 2.' })).toBe('`2`');
    expect(defaultOf({ description: 'true shows it. Default false.' })).toBe('`false`');
    expect(defaultOf({ description: 'No default here.' })).toBe('');
  });

  test('every setting of the block, page, site and FAQ schemas tells a marketer what it does, with an example', () => {
    // An example is an "e.g."/"such as" value, a quoted value (“…” or "…") or a number in the description, or examples/enum/const.
    const hasExample = (s: { description?: string; examples?: unknown; enum?: unknown; const?: unknown; $ref?: string }) =>
      s.examples !== undefined ||
      s.enum !== undefined ||
      s.const !== undefined ||
      (s.$ref !== undefined && !s.description) ||
      /e\.g\.|example|such as|"[^"]+"|\u201c[^\u201d]+\u201d|\d/i.test(s.description ?? '');
    const files = [
      'defs.schema.json',
      'page.schema.json',
      'site.schema.json',
      'faq-set.schema.json',
      ...readdirSync(join(root, 'schemas/blocks')).map((f) => `blocks/${f}`),
    ];
    const missing: string[] = [];
    for (const f of files) {
      const walk = (node: unknown, path: string) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach((x, i) => walk(x, `${path}/${i}`));
        const props = (node as { properties?: Record<string, { description?: string }> }).properties;
        for (const [name, prop] of Object.entries(props ?? {})) {
          if (name === '$schema') continue;
          if (!prop.description && !(prop as { $ref?: string }).$ref) missing.push(`${f} ${path}/properties/${name}: no description`);
          else if (!hasExample(prop)) missing.push(`${f} ${path}/properties/${name}: no example in "${prop.description}"`);
        }
        // Conditions (if/then/else, not, dependencies) restate settings already described; they are not settings.
        for (const [k, v] of Object.entries(node))
          if (!['examples', 'default', 'const', 'enum', 'if', 'then', 'else', 'not', 'dependencies'].includes(k)) walk(v, `${path}/${k}`);
      };
      walk(JSON.parse(readFileSync(join(root, 'schemas', f), 'utf8')), '');
    }
    expect(missing).toEqual([]);
  });
});
