// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits } from 'jsonc-parser';
import { diffLines } from 'diff';
import { canonical, detectIndent, editJsonText, inlineStringify, serializeNew, textEdits } from './json-edit.ts';

const root = join(import.meta.dirname, '..', '..');

/** Lines removed and added between two texts. */
function changed(a: string, b: string): { removed: string[]; added: string[] } {
  const removed: string[] = [];
  const added: string[] = [];
  for (const part of diffLines(a, b)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    if (part.removed) removed.push(...lines);
    if (part.added) added.push(...lines);
  }
  return { removed, added };
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

const PAGE = `{
  "$schema": "../../schemas/page.schema.json",
  "route": "/owner",
  "title": "Owners",
  "blocks": [
    {
      "type": "hero",
      "heading": "Build remotely",
      "actions": [{ "label": "Sign Up", "href": "@ownerSignup" }],
      "image": { "src": "/images/a.svg", "alt": "A house", "width": 560, "height": 420 }
    },
    {
      "type": "featureGrid",
      "heading": "Features",
      "cards": [
        {
          "cardTitle": "One",
          "cardBody": "First"
        },
        {
          "cardTitle": "Two",
          "cardBody": "Second"
        }
      ]
    },
    { "type": "faq", "set": "general" },
    {
      "type": "ctaBanner",
      "heading": "Start now",
      "actions": [{ "label": "Go", "href": "/contact" }]
    }
  ]
}
`;

const parse = (t: string) => JSON.parse(t) as { blocks: Record<string, unknown>[] } & Record<string, unknown>;

describe('editJsonText', () => {
  it('leaves the text untouched when the data is equal (key order and number spelling do not matter)', () => {
    const t = '{\n  "b": 1.0,\n  "a": [1, 2]\n}\n';
    expect(editJsonText(t, { a: [1, 2], b: 1 })).toBe(t);
    expect(editJsonText(PAGE, parse(PAGE))).toBe(PAGE);
  });

  it('changes one field with a one-line diff', () => {
    const data = parse(PAGE);
    data.blocks[1].heading = 'All the features';
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changed(PAGE, out)).toEqual({ removed: ['      "heading": "Features",'], added: ['      "heading": "All the features",'] });
  });

  it('edits inside a one-line object without expanding it or its neighbours', () => {
    const data = parse(PAGE);
    (data.blocks[0].image as Record<string, unknown>).alt = 'A new house';
    const out = editJsonText(PAGE, data);
    expect(changed(PAGE, out)).toEqual({
      removed: ['      "image": { "src": "/images/a.svg", "alt": "A house", "width": 560, "height": 420 }'],
      added: ['      "image": { "src": "/images/a.svg", "alt": "A new house", "width": 560, "height": 420 }'],
    });
  });

  it('edits a nested object deep down', () => {
    const data = parse(PAGE);
    (data.blocks[1].cards as Record<string, unknown>[])[1].cardBody = 'Second, better';
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changed(PAGE, out)).toEqual({ removed: ['          "cardBody": "Second"'], added: ['          "cardBody": "Second, better"'] });
  });

  it('adds a key after the existing keys, with the file indentation', () => {
    const data = parse(PAGE);
    data.blocks[3].id = 'start';
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changed(PAGE, out)).toEqual({
      removed: ['      "actions": [{ "label": "Go", "href": "/contact" }]'],
      added: ['      "actions": [{ "label": "Go", "href": "/contact" }],', '      "id": "start"'],
    });
  });

  it('adds a key where the new data puts it (after the key before it)', () => {
    const t = '{\n  "type": "hero",\n  "heading": "H"\n}\n';
    expect(editJsonText(t, { type: 'hero', eyebrow: 'E', heading: 'H' })).toBe('{\n  "type": "hero",\n  "eyebrow": "E",\n  "heading": "H"\n}\n');
    expect(editJsonText(t, { $schema: 'x', type: 'hero', heading: 'H' })).toBe('{\n  "$schema": "x",\n  "type": "hero",\n  "heading": "H"\n}\n');
  });

  it('adds a key to a one-line object in one-line style', () => {
    const data = parse(PAGE);
    data.blocks[2].heading = 'Questions';
    const out = editJsonText(PAGE, data);
    expect(changed(PAGE, out)).toEqual({
      removed: ['    { "type": "faq", "set": "general" },'],
      added: ['    { "type": "faq", "set": "general", "heading": "Questions" },'],
    });
  });

  it('adds a nested object as indented JSON at the right depth', () => {
    const data = parse(PAGE);
    data.blocks[3].image = { src: '/images/b.svg', alt: '' };
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changed(PAGE, out).added).toEqual([
      '      "actions": [{ "label": "Go", "href": "/contact" }],',
      '      "image": {',
      '        "src": "/images/b.svg",',
      '        "alt": ""',
      '      }',
    ]);
  });

  it('removes a key with its separator, leaving other lines alone', () => {
    const data = parse(PAGE);
    delete data.blocks[0].actions;
    let out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    expect(changed(PAGE, out)).toEqual({ removed: ['      "actions": [{ "label": "Sign Up", "href": "@ownerSignup" }],'], added: [] });
    // The last key: the comma before it goes too.
    const d2 = parse(PAGE);
    delete d2.blocks[0].image;
    out = editJsonText(PAGE, d2);
    expect(JSON.parse(out)).toEqual(d2);
    expect(changed(PAGE, out)).toEqual({
      removed: [
        '      "actions": [{ "label": "Sign Up", "href": "@ownerSignup" }],',
        '      "image": { "src": "/images/a.svg", "alt": "A house", "width": 560, "height": 420 }',
      ],
      added: ['      "actions": [{ "label": "Sign Up", "href": "@ownerSignup" }]'],
    });
    // undefined counts as removed, as in JSON.stringify.
    expect(JSON.parse(editJsonText(PAGE, { ...parse(PAGE), title: undefined }))).not.toHaveProperty('title');
  });

  it('moves a block (up, down, to the ends) keeping every block text byte for byte', () => {
    const blocks = parse(PAGE).blocks;
    const moves: [number, number][] = [
      [0, 3],
      [3, 0],
      [1, 2],
      [2, 1],
      [0, 1],
    ];
    for (const [from, to] of moves) {
      const data = parse(PAGE);
      const [b] = data.blocks.splice(from, 1);
      data.blocks.splice(to, 0, b);
      const out = editJsonText(PAGE, data);
      expect(JSON.parse(out)).toEqual(data);
      // Every line of the old text is still there, and no other line appeared (only commas may move).
      const norm = (s: string) =>
        s
          .split('\n')
          .map((l) => l.replace(/,$/, ''))
          .sort();
      expect(norm(out)).toEqual(norm(PAGE));
      // The text outside the blocks array is unchanged.
      expect(out.slice(0, out.indexOf('"blocks"'))).toBe(PAGE.slice(0, PAGE.indexOf('"blocks"')));
      expect(blocks).toHaveLength(4);
    }
  });

  it('moving a block by one place is a diff of only that block (and commas)', () => {
    const data = parse(PAGE);
    [data.blocks[2], data.blocks[3]] = [data.blocks[3], data.blocks[2]];
    const out = editJsonText(PAGE, data);
    const { removed, added } = changed(PAGE, out);
    const lines = (xs: string[]) => xs.map((l) => l.replace(/,$/, ''));
    // Either the faq line or the ctaBanner lines move; nothing else is touched.
    expect([...lines(removed)].sort()).toEqual([...lines(added)].sort());
    expect(removed.length).toBeLessThanOrEqual(5);
  });

  it('duplicates a block: the copy is the same text and the rest of the file is byte for byte', () => {
    const data = parse(PAGE);
    data.blocks.splice(2, 0, clone(data.blocks[1]));
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    const { removed, added } = changed(PAGE, out);
    expect(removed).toEqual([]);
    const blockText = PAGE.slice(PAGE.indexOf('    {\n      "type": "featureGrid"'), PAGE.indexOf('    { "type": "faq"'));
    expect(added.join('\n') + '\n').toBe(blockText);
  });

  it('pastes a new block: only added lines, indented like its neighbours', () => {
    const data = parse(PAGE);
    data.blocks.splice(1, 0, { type: 'steps', heading: 'How', items: [{ title: 'A' }] });
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    const { removed, added } = changed(PAGE, out);
    expect(removed).toEqual([]);
    // (The diff may show the inserted lines rotated by one: "{" … "}," or "…}," "{".)
    expect([...added].sort()).toEqual(
      [
        '    {',
        '      "type": "steps",',
        '      "heading": "How",',
        '      "items": [',
        '        {',
        '          "title": "A"',
        '        }',
        '      ]',
        '    },',
      ].sort(),
    );
    const at = PAGE.indexOf('    {\n      "type": "featureGrid"');
    expect(out.startsWith(PAGE.slice(0, at))).toBe(true);
    expect(out.endsWith(PAGE.slice(at))).toBe(true);
  });

  it('appends a block at the end: the previous last line only gains a comma', () => {
    const data = parse(PAGE);
    data.blocks.push({ type: 'faq', set: 'owner' });
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    const { removed } = changed(PAGE, out);
    // Before the new block, the old text up to the last block's closing brace is kept; then a comma.
    expect(removed.length).toBeLessThanOrEqual(1);
    const close = PAGE.lastIndexOf('    }\n  ]');
    expect(out.startsWith(PAGE.slice(0, close + 5) + ',\n    {\n      "type": "faq",')).toBe(true);
    expect(out.endsWith('\n  ]\n}\n')).toBe(true);
  });

  it('deletes a block: only its lines go', () => {
    for (const i of [0, 1, 2, 3]) {
      const data = parse(PAGE);
      data.blocks.splice(i, 1);
      const out = editJsonText(PAGE, data);
      expect(JSON.parse(out)).toEqual(data);
      const { removed, added } = changed(PAGE, out);
      // Deleting the last item also drops the comma after the one before it.
      expect(added.length).toBeLessThanOrEqual(1);
      if (added.length) expect(removed).toContain(`${added[0]},`);
    }
  });

  it('deletes one block and edits another in the same save, touching only those', () => {
    const data = parse(PAGE);
    data.blocks.splice(0, 1);
    data.blocks[0].heading = 'Features!';
    const out = editJsonText(PAGE, data);
    expect(JSON.parse(out)).toEqual(data);
    const { added } = changed(PAGE, out);
    expect(added).toEqual(['      "heading": "Features!",']);
  });

  it('reorders array items inside a one-line array', () => {
    const t = '{\n  "tags": ["a", "b", "c"],\n  "x": 1\n}\n';
    expect(editJsonText(t, { tags: ['c', 'a', 'b'], x: 1 })).toBe('{\n  "tags": ["c", "a", "b"],\n  "x": 1\n}\n');
    expect(editJsonText(t, { tags: ['a', 'c'], x: 1 })).toBe('{\n  "tags": ["a", "c"],\n  "x": 1\n}\n');
    expect(editJsonText(t, { tags: [], x: 1 })).toBe('{\n  "tags": [],\n  "x": 1\n}\n');
    expect(editJsonText(t, { tags: ['a', 'b', 'c', { d: 1 }], x: 1 })).toBe('{\n  "tags": ["a", "b", "c", { "d": 1 }],\n  "x": 1\n}\n');
  });

  it('fills an empty array or object', () => {
    const t = '{\n  "blocks": [],\n  "o": {}\n}\n';
    expect(editJsonText(t, { blocks: [{ type: 'faq' }], o: { a: 1 } })).toBe(
      '{\n  "blocks": [\n    {\n      "type": "faq"\n    }\n  ],\n  "o": {\n    "a": 1\n  }\n}\n',
    );
  });

  it('replaces a value whose type changed', () => {
    const t = '{\n  "a": [1],\n  "b": "x"\n}\n';
    expect(editJsonText(t, { a: 'one', b: { c: true } })).toBe('{\n  "a": "one",\n  "b": {\n    "c": true\n  }\n}\n');
  });

  it('keeps tabs, CRLF line ends and a missing final newline', () => {
    const t = '{\r\n\t"a": 1,\r\n\t"b": {\r\n\t\t"c": 2\r\n\t}\r\n}';
    expect(editJsonText(t, { a: 1, b: { c: 2, d: [1] } })).toBe('{\r\n\t"a": 1,\r\n\t"b": {\r\n\t\t"c": 2,\r\n\t\t"d": [\r\n\t\t\t1\r\n\t\t]\r\n\t}\r\n}');
  });

  it('writes new files and broken files as 2-space JSON with a trailing newline', () => {
    expect(editJsonText(undefined, { a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
    expect(editJsonText('{ "a": ', { a: 1 })).toBe('{\n  "a": 1\n}\n');
    expect(editJsonText('{ "a": 1, "a": 2 }', { a: 3 })).toBe('{\n  "a": 3\n}\n');
    expect(serializeNew({})).toBe('{}\n');
  });

  it('keeps every other byte when one field changes in every block of a real page file', () => {
    const text = readFileSync(join(root, 'site.config/pages/owner.json'), 'utf8');
    const base = JSON.parse(text) as { blocks: Record<string, unknown>[] };
    base.blocks.forEach((_b, i) => {
      const data = clone(base);
      data.blocks[i].type = `${String(data.blocks[i].type)}X`;
      const out = editJsonText(text, data);
      expect(JSON.parse(out)).toEqual(data);
      const { removed, added } = changed(text, out);
      expect(removed).toHaveLength(1);
      expect(added).toHaveLength(1);
    });
  });

  it('move, duplicate, delete and paste on a real page file keep the other blocks byte for byte', () => {
    const text = readFileSync(join(root, 'site.config/pages/owner.json'), 'utf8');
    const base = JSON.parse(text) as { blocks: Record<string, unknown>[] };
    const n = base.blocks.length;
    const ops: ((b: Record<string, unknown>[]) => void)[] = [
      (b) => b.splice(n - 1, 0, b.splice(0, 1)[0]), // move first to before last
      (b) => b.splice(1, 0, clone(b[0])), // duplicate
      (b) => b.splice(1, 1), // delete
      (b) => b.splice(2, 0, { type: 'faq', set: 'general' }), // paste
    ];
    for (const op of ops) {
      const data = clone(base);
      op(data.blocks);
      const out = editJsonText(text, data);
      expect(JSON.parse(out)).toEqual(data);
      // Every untouched block's text is still in the output, verbatim.
      const tree = JSON.parse(text) as { blocks: unknown[] };
      for (const b of data.blocks) {
        const i = tree.blocks.findIndex((x) => canonical(x) === canonical(b));
        if (i < 0) continue;
        expect(out).toContain(blockText(text, i));
      }
    }
  });

  // How long it takes is measured by npm run bench -- --editor, not asserted here.
  it('edits one field of a 200-block page as a one-line change', () => {
    const blocks = Array.from({ length: 200 }, (_, i) => ({ type: 'hero', id: `b${i}`, heading: `Heading ${i}`, actions: [{ label: 'Go', href: '/' }] }));
    const text = serializeNew({ route: '/big', blocks });
    const data = clone({ route: '/big', blocks });
    data.blocks[150].heading = 'Changed';
    const out = editJsonText(text, data);
    expect(changed(text, out).added).toEqual(['      "heading": "Changed",']);
  });
});

/** The original text of the i-th block of a page text. */
function blockText(text: string, i: number): string {
  // Found through the edit module's own guarantee: an unchanged page keeps its text; cut by bracket depth.
  const start = text.indexOf('"blocks"');
  let depth = 0;
  let count = -1;
  let from = -1;
  let inString = false;
  for (let k = text.indexOf('[', start) + 1; k < text.length; k++) {
    const ch = text[k];
    if (inString) {
      if (ch === '\\') k++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (depth === 0) {
        count++;
        from = k;
      }
      depth++;
    } else if (ch === '}' || ch === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0 && count === i) return text.slice(from, k + 1);
    }
  }
  throw new Error(`no block ${i}`);
}

describe('helpers', () => {
  it('detects the indent unit', () => {
    expect(detectIndent('{\n    "a": 1\n}')).toBe('    ');
    expect(detectIndent('{\n\t"a": 1\n}')).toBe('\t');
    expect(detectIndent('{"a":1}')).toBe('  ');
  });
  it('writes one-line values in the project style', () => {
    expect(inlineStringify({ a: [1, 2], b: {} })).toBe('{ "a": [1, 2], "b": {} }');
  });
  it('gives jsonc-parser edits that turn one text into the other', () => {
    const a = '{\n  "a": 1,\n  "b": 2\n}\n';
    const b = editJsonText(a, { a: 1, b: 3 });
    const edits = textEdits(a, b);
    expect(edits).toEqual([{ offset: a.indexOf('2'), length: 1, content: '3' }]);
    expect(applyEdits(a, edits)).toBe(b);
    expect(textEdits(a, a)).toEqual([]);
  });
});
