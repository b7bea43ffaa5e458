// @vitest-environment node
/**
 * The validator reads well-formed files with JSON.parse and finds positions by scanning the text, building
 * jsonc-parser's tree only for files with a syntax error or a repeated name. These tests hold the fast path to the
 * tree's answers: the same value, the same repeated-name detection, and the same line, column and underline for
 * every value and every property name of every JSON file in the project.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getNodeValue, parseTree } from 'jsonc-parser';
import { describe, expect, test } from 'vitest';
import { escapeSegment } from '../json-pointer.ts';
import { locate, locateWithTree, parseJsonSource, type JsonSource } from './json-source.ts';

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

/** Every JSON pointer to a value, plus pointers that lead nowhere from each of them. */
function pointers(value: unknown, at = ''): string[] {
  const out = [at, `${at}/nope`, `${at}/0`, `${at}/999`];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pointers(v, `${at}/${i}`)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...pointers(v, `${at}/${escapeSegment(k)}`));
  }
  return out;
}

function objectsWithPointers(value: unknown, at = ''): [string, Record<string, unknown>][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => objectsWithPointers(v, `${at}/${i}`));
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    return [[at, obj], ...Object.entries(obj).flatMap(([k, v]) => objectsWithPointers(v, `${at}/${escapeSegment(k)}`))];
  }
  return [];
}

function compareEverywhere(src: JsonSource): number {
  let checked = 0;
  for (const p of pointers(src.value)) {
    expect(locate(src, p), `${src.file} ${p}`).toEqual(locateWithTree(src, p));
    checked++;
  }
  for (const [p, obj] of objectsWithPointers(src.value)) {
    for (const key of [...Object.keys(obj), 'notThere']) {
      expect(locate(src, p, key), `${src.file} ${p} key ${key}`).toEqual(locateWithTree(src, p, key));
      checked++;
    }
  }
  return checked;
}

describe('fast path: JSON.parse and a text scanner instead of a tree', () => {
  const all = [...projectFiles, ...tricky];

  test('covers the project', () => {
    expect(projectFiles.length).toBeGreaterThan(50);
  });

  test.each(all.map((f) => [f.name, f.text]))('%s: same value and positions as the tree', (name, text) => {
    const src = parseJsonSource(name, text);
    if (src.syntaxErrors.length > 0) return; // broken fixtures take the tree path by construction
    const tree = parseTree(text.replace(/^\ufeff/, ''), [], { disallowComments: true, allowTrailingComma: false });
    expect(src.value).toEqual(getNodeValue(tree!));
    expect(compareEverywhere(src)).toBeGreaterThan(0);
  });

  test('the scanner is what answers for a well-formed file (locating does not build the tree)', () => {
    const src = parseJsonSource('x.json', tricky[1].text);
    let built = false;
    const spy = Object.create(src, { tree: { get: () => ((built = true), src.tree) } }) as JsonSource;
    // A copy is not a parsed source, so it must go through the tree...
    locate(spy, '/l/1');
    expect(built).toBe(true);
    // ...while the source itself answers the same without one.
    expect(locate(src, '/l/1')).toEqual(locateWithTree(src, '/l/1'));
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
