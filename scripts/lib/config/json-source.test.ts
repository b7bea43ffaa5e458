// @vitest-environment node
/**
 * The validator reads well-formed files with JSON.parse, building jsonc-parser's tree only for files with a syntax
 * error, a repeated name or a problem to point at. These tests hold the fast path to the tree's answers (the same
 * value, the same repeated-name detection) for every JSON file in the project, and check where locating points.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getNodeValue, parseTree } from 'jsonc-parser';
import { describe, expect, test } from 'vitest';
import { locate, parseJsonSource } from './json-source.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsonFilesUnder(p);
    return name.endsWith('.json') ? [p] : [];
  });
}

const projectFiles = [
  ...jsonFilesUnder(join(root, 'site.config')),
  ...jsonFilesUnder(join(root, 'schemas')),
  ...jsonFilesUnder(join(root, 'tests/fixtures')),
  ...readdirSync(join(root, 'blocks'))
    .map((d) => join(root, 'blocks', d, 'example.json'))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    }),
].map((f) => ({ name: f.slice(root.length), text: readFileSync(f, 'utf8') }));

/** Texts that stress the scanner: escapes in names and values, colons and brackets inside strings, odd spacing. */
const tricky: { name: string; text: string }[] = [
  { name: 'escaped names', text: '{"a\\"b": 1, "c\\\\": [true, false, null], "d\\/e": {"x": "y"}, "\\u0066": "f"}' },
  { name: 'colons and brackets in strings', text: '{\n  "k": "a: b, \\"c\\": {[d]}",\n  "l": ["}", "]", "\\\\", ":"],\n  "m": {"n": "\\\\\\""}\n}' },
  { name: 'spacing', text: '\r\n\t{ "a" :\n\n  1 ,"b":[ 1 ,\t2,\r\n3 ] , "c" : { } , "d":[]}\r\n' },
  { name: 'numbers', text: '{"a": -0, "b": 1.5e+10, "c": 12345678901234567890, "d": [0.1, -2E-3]}' },
  { name: 'unicode', text: '{"héllo": "wörld ✓", "emoji 🧱": ["\u2028", "a\u2029b"], "cjk": {"名前": "値"}}' },
  { name: 'nested lists', text: '[[[]], [[1, [2, {"a": [3]}]]], {"b": [[{"c": null}]]}]' },
  { name: 'numeric names', text: '{"0": "zero", "10": {"1": ["one"]}, "x": [{"0": 0}]}' },
  { name: 'a scalar file', text: '  "just text"  ' },
  { name: 'a number file', text: '42' },
  { name: 'an empty object', text: '{}' },
];

describe('fast path: JSON.parse instead of a tree', () => {
  const all = [...projectFiles, ...tricky];

  test('covers the project', () => {
    expect(projectFiles.length).toBeGreaterThan(50);
  });

  test.each(all.map((f) => [f.name, f.text]))('%s: same value as the tree', (name, text) => {
    const src = parseJsonSource(name, text);
    if (src.syntaxErrors.length > 0) return; // broken fixtures take the tree path by construction
    const tree = parseTree(text.replace(/^\ufeff/, ''), [], { disallowComments: true, allowTrailingComma: false });
    expect(src.value).toEqual(getNodeValue(tree!));
  });

  test('locating points at a value, at a name, or at the closest existing ancestor', () => {
    const src = parseJsonSource('x.json', tricky[1].text);
    // "l": ["}", "]", … on line 3: the second item, underlined with its quotes.
    expect(locate(src, '/l/1')).toEqual({ line: 3, column: 14, length: 3 });
    // A property holding a list is pointed at by its name.
    expect(locate(src, '/l')).toEqual({ line: 3, column: 3, length: 3 });
    // A scalar on the same line as its name: from the name through the value.
    expect(locate(src, '/k')).toEqual({ line: 2, column: 3, length: 25 });
    // An unknown property, by its own name; a path that leads nowhere, at the closest thing that exists.
    expect(locate(src, '', 'm')).toEqual({ line: 4, column: 3, length: 3 });
    expect(locate(src, '/m/nope/0')).toEqual(locate(src, '/m'));
  });

  test('a name written twice is still found, wherever it is and whatever the strings around it hold', () => {
    const cases = [
      '{"a": 1, "a": 2}',
      '{"x": {"b": "a\\": 1", "b": 2}}',
      '{"l": [{"k": 1}, {"k": 1, "k": 1}]}',
      '{"a:": 1, "b": "\\"a:\\"", "a:": 3}',
      '{"q\\\\": 1, "q\\\\" : 2}',
    ];
    for (const text of cases) {
      const src = parseJsonSource('x.json', text);
      expect(src.duplicateKeys.length, text).toBe(1);
    }
    for (const text of ['{"a": "\\"a\\": 1", "b": {"a": 1}}', '{"a\\"": 1, "a": 2}', '{"x": ["a", "a"], "y": "a:a"}']) {
      expect(parseJsonSource('x.json', text).duplicateKeys, text).toEqual([]);
    }
  });

  test('a "__proto__" name takes the tree path, so such a file reads exactly as before', () => {
    // JSON.parse keeps "__proto__" as an own setting; the tree reader assigns it (it becomes the prototype).
    const src = parseJsonSource('x.json', '{"a": 1, "__proto__": {"b": 2}}');
    expect(Object.keys(src.value as object)).toEqual(['a']);
    expect((src.value as { b?: number }).b).toBe(2);
  });
});
