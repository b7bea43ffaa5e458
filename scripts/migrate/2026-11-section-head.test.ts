// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { candidateFiles, migrateSource, RENAMED } from './2026-11-section-head.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('migration 2026-11-section-head', () => {
  test('renames "text" to "intro" and "badge" to "eyebrow" in place, leaving every other character as it was', () => {
    const before = [
      '{',
      '  // a comment the migration keeps',
      '  "route": "/x",',
      '  "blocks": [',
      '    { "type": "hero", "heading": "Hi",   "text": "Lead" },',
      '    {',
      '      "type": "contactInfo",',
      '      "badge": "Contact us",',
      '      "text": "Reach out",',
      '    },',
      '    { "type": "featureGrid", "cards": [{ "text": "a card keeps its text" }] },',
      '    { "type": "formDialog", "id": "d", "title": "T", "text": "a dialog keeps its text" }',
      '  ]',
      '}',
    ].join('\n');
    const after = before
      .replace('"text": "Lead"', '"intro": "Lead"')
      .replace('"badge": "Contact us"', '"eyebrow": "Contact us"')
      .replace('"text": "Reach out"', '"intro": "Reach out"');
    expect(migrateSource(before)).toBe(after);
  });

  test('is idempotent', () => {
    const page = '{ "blocks": [{ "type": "ctaBanner", "heading": "H", "text": "T", "actions": [] }] }';
    const once = migrateSource(page);
    expect(once).toContain('"intro": "T"');
    expect(migrateSource(once)).toBe(once);
  });

  test('migrates a single block file (blocks/<Name>/example.json)', () => {
    expect(migrateSource('{\n  "type": "form",\n  "text": "T",\n  "form": "waitlist"\n}\n')).toBe(
      '{\n  "type": "form",\n  "intro": "T",\n  "form": "waitlist"\n}\n',
    );
  });

  test('leaves a block alone when it already has the new name, and files it cannot read', () => {
    const both = '{ "blocks": [{ "type": "hero", "intro": "new", "text": "old" }] }';
    expect(migrateSource(both)).toBe(both);
    expect(migrateSource('')).toBe('');
    expect(migrateSource('[1, 2]')).toBe('[1, 2]');
  });

  test('every renamed setting exists under its new name in the block schema, which lists the old name in "x-renamed"', () => {
    for (const [type, renames] of Object.entries(RENAMED)) {
      const schema = JSON.parse(readFileSync(`${root}/schemas/blocks/${type}.schema.json`, 'utf8'));
      for (const [from, to] of Object.entries(renames)) {
        expect(schema.properties[to], `${type}.${to}`).toBeDefined();
        expect(schema.properties[from], `${type}.${from}`).toBeUndefined();
      }
      // The checker names the new setting when a page still has the old one.
      expect(schema['x-renamed'], type).toEqual(renames);
    }
  });

  test('the repository is already migrated', () => {
    const files = candidateFiles(root);
    expect(files.length).toBeGreaterThan(20);
    const left = files.filter((f) => {
      const text = readFileSync(f, 'utf8');
      return migrateSource(text) !== text;
    });
    expect(left).toEqual([]);
  });
});
