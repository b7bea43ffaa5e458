// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyResolutions, merge3, mergeFile, mergeText, parsePointer, toPointer } from './merge.ts';

const owner = readFileSync(new URL('../../site.config/pages/owner.json', import.meta.url), 'utf8');
const ownerDoc = JSON.parse(owner) as { blocks: Record<string, unknown>[]; title: string };
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('merge3 on objects', () => {
  it('takes a key added, removed or changed on one side only', () => {
    const base = { a: 1, b: 2, c: 3 };
    const r = merge3(base, { a: 1, b: 20, c: 3, d: 4 }, { a: 1, c: 3 });
    // b: mine changed it, theirs removed it → conflict; d added by mine only.
    expect(r.conflicts.map((c) => c.pointer)).toEqual(['/b']);
    expect(merge3(base, { a: 10, b: 2, c: 3 }, { a: 1, b: 2, c: 3, e: 5 })).toEqual({ value: { a: 10, b: 2, c: 3, e: 5 }, conflicts: [] });
    expect(merge3(base, { a: 1, c: 3 }, { a: 1, b: 2, c: 30 })).toEqual({ value: { a: 1, c: 30 }, conflicts: [] });
  });

  it('takes the same change made on both sides once, key order ignored', () => {
    const r = merge3({ a: { x: 1, y: 2 } }, { a: { x: 5, y: 2 } }, { a: { y: 2, x: 5 } });
    expect(r).toEqual({ value: { a: { x: 5, y: 2 } }, conflicts: [] });
  });

  it('recurses into objects before it reports a conflict, at the deepest place both changed', () => {
    const base = { hero: { heading: 'A', intro: 'I' } };
    const r = merge3(base, { hero: { heading: 'Mine', intro: 'I' } }, { hero: { heading: 'Theirs', intro: 'New intro' } });
    expect(r.conflicts).toEqual([{ pointer: '/hero/heading', at: '/hero/heading', base: 'A', mine: 'Mine', theirs: 'Theirs' }]);
    // The conflicted place holds mine; the clean change of theirs is in.
    expect(r.value).toEqual({ hero: { heading: 'Mine', intro: 'New intro' } });
  });

  it('reports a conflict when both added the same key differently, or types differ', () => {
    expect(merge3({}, { a: 1 }, { a: 2 }).conflicts).toEqual([{ pointer: '/a', at: '/a', base: undefined, mine: 1, theirs: 2 }]);
    expect(merge3({ a: { x: 1 } }, { a: [1] }, { a: { x: 2 } }).conflicts.map((c) => c.pointer)).toEqual(['/a']);
    expect(merge3(undefined, { a: 1 }, { a: 2 }).conflicts.map((c) => c.pointer)).toEqual(['']);
  });

  it('escapes pointers as RFC 6901 says', () => {
    const r = merge3({ 'a/b': { '~c': 1 } }, { 'a/b': { '~c': 2 } }, { 'a/b': { '~c': 3 } });
    expect(r.conflicts[0].pointer).toBe('/a~1b/~0c');
    expect(parsePointer('/a~1b/~0c')).toEqual(['a/b', '~c']);
    expect(toPointer(['a/b', '~c', 0])).toBe('/a~1b/~0c/0');
  });
});

describe('merge3 on arrays', () => {
  it('takes the array of the only side that changed it', () => {
    expect(merge3({ l: [1, 2, 3] }, { l: [3, 2, 1] }, { l: [1, 2, 3] }).value).toEqual({ l: [3, 2, 1] });
    expect(merge3({ l: [1, 2, 3] }, { l: [1, 2, 3] }, { l: [] }).value).toEqual({ l: [] });
  });

  it('merges insertions at different places and takes one identical insertion once', () => {
    expect(merge3([1, 2, 3, 4], [0, 1, 2, 3, 4], [1, 2, 3, 4, 5])).toEqual({ value: [0, 1, 2, 3, 4, 5], conflicts: [] });
    expect(merge3([1, 2], [1, 9, 2], [1, 9, 2])).toEqual({ value: [1, 9, 2], conflicts: [] });
    expect(merge3([1, 2, 3], [1, 3], [1, 2, 3, 4])).toEqual({ value: [1, 3, 4], conflicts: [] });
  });

  it('merges two people editing different fields of the same block, and different blocks, while a block is inserted elsewhere', () => {
    const base = copy(ownerDoc);
    const mine = copy(ownerDoc);
    const theirs = copy(ownerDoc);
    mine.blocks[0].heading = 'Mine heading';
    mine.blocks[1].intro = 'Mine intro';
    theirs.blocks[0].eyebrow = 'Their eyebrow';
    theirs.blocks[2] = { ...theirs.blocks[2], heading: 'Their FAQ heading' };
    theirs.blocks.splice(1, 0, { type: 'prose', body: 'Inserted by a developer' });
    const r = merge3(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    const blocks = (r.value as typeof ownerDoc).blocks;
    expect(blocks).toHaveLength(ownerDoc.blocks.length + 1);
    expect(blocks[0]).toMatchObject({ heading: 'Mine heading', eyebrow: 'Their eyebrow' });
    expect(blocks[1]).toEqual({ type: 'prose', body: 'Inserted by a developer' });
    expect(blocks[2]).toMatchObject({ intro: 'Mine intro' });
    expect(blocks[3]).toMatchObject({ heading: 'Their FAQ heading' });
  });

  it('names a conflict inside an array by its position in the base, and where it is in the merged value', () => {
    const base = { blocks: [{ h: 'a' }, { h: 'b' }] };
    const mine = { blocks: [{ h: 'a' }, { h: 'mine' }] };
    const theirs = { blocks: [{ h: 'new' }, { h: 'a' }, { h: 'theirs' }] };
    const r = merge3(base, mine, theirs);
    expect(r.conflicts).toEqual([{ pointer: '/blocks/1/h', at: '/blocks/2/h', base: 'b', mine: 'mine', theirs: 'theirs' }]);
    expect(r.value).toEqual({ blocks: [{ h: 'new' }, { h: 'a' }, { h: 'mine' }] });
    expect(applyResolutions(r.value, r.conflicts, { '/blocks/1/h': 'theirs' })).toEqual(theirs);
  });

  it('reports a hunk changed differently on both sides with different lengths as one conflict at the array, keeping the clean changes on both choices', () => {
    const base = { l: ['a', 'b', 'c', 'd'] };
    // b replaced by two elements on one side and by another one on the other; z appended by theirs only.
    const r = merge3(base, { l: ['a', 'X', 'Y', 'c', 'd'] }, { l: ['a', 'Q', 'c', 'd', 'z'] });
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]).toMatchObject({ pointer: '/l', at: '/l', base: base.l, mine: ['a', 'X', 'Y', 'c', 'd', 'z'], theirs: ['a', 'Q', 'c', 'd', 'z'] });
    expect(r.value).toEqual({ l: ['a', 'X', 'Y', 'c', 'd', 'z'] });
    expect(applyResolutions(r.value, r.conflicts, { '/l': 'theirs' })).toEqual({ l: ['a', 'Q', 'c', 'd', 'z'] });
    // Changes at both ends with different lengths still merge when the hunks do not touch.
    expect(merge3({ l: [1, 2, 3, 4, 5] }, { l: [0, 0, 2, 3, 4, 5] }, { l: [1, 2, 3, 4, 9, 9] })).toEqual({
      value: { l: [0, 0, 2, 3, 4, 9, 9] },
      conflicts: [],
    });
  });

  it('folds conflicts inside elements into the array conflict when the array itself conflicts', () => {
    const base = { l: [{ k: 1 }, 'x', 'y'] };
    const mine = { l: [{ k: 2 }, 'M', 'M2', 'y'] };
    const theirs = { l: [{ k: 3 }, 'T', 'y'] };
    const r = merge3(base, mine, theirs);
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]).toMatchObject({ pointer: '/l', mine: [{ k: 2 }, 'M', 'M2', 'y'], theirs: [{ k: 3 }, 'T', 'y'] });
  });
});

describe('applyResolutions', () => {
  it('sets each chosen place to its side, removes it when that side has none, and leaves unchosen ones as mine', () => {
    const base = { a: 1, b: 1, c: 1 };
    const r = merge3(base, { a: 2, b: 2, c: 2 }, { a: 3, c: 3 });
    expect(r.conflicts.map((c) => c.pointer).sort()).toEqual(['/a', '/b', '/c']);
    const out = applyResolutions(r.value, r.conflicts, { '/a': 'theirs', '/b': 'theirs', '/c': 'mine' });
    expect(out).toEqual({ a: 3, c: 2 });
    // The merged value itself is not changed.
    expect(r.value).toEqual({ a: 2, b: 2, c: 2 });
  });

  it('sets the whole document for a conflict at ""', () => {
    const r = merge3('a', 'b', 'c');
    expect(applyResolutions(r.value, r.conflicts, { '': 'theirs' })).toBe('c');
  });
});

describe('mergeText', () => {
  it('takes identical texts, the one changed side, and reports two different changes as one conflict', () => {
    expect(mergeText('a', 'b', 'b')).toEqual({ value: 'b', conflicts: [] });
    expect(mergeText('a', 'a', 'c')).toEqual({ value: 'c', conflicts: [] });
    expect(mergeText('a', 'b', 'a')).toEqual({ value: 'b', conflicts: [] });
    expect(mergeText('a', 'b', 'c')).toEqual({ value: 'b', conflicts: [{ pointer: '', at: '', base: 'a', mine: 'b', theirs: 'c' }] });
  });
});

describe('mergeFile', () => {
  const file = 'pages/owner.json';
  const edit = (f: (d: typeof ownerDoc) => void, text = owner) => {
    const d = JSON.parse(text) as typeof ownerDoc;
    f(d);
    return `${JSON.stringify(d, null, 2)}\n`;
  };

  it('merges two edits of one page and keeps the live text’s formatting everywhere else', () => {
    const mine = edit((d) => (d.blocks[0].heading = 'Mine'));
    const theirs = owner.replace('"title": "Private Project Owners"', '"title": "Owners"');
    const r = mergeFile(file, owner, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.text).toBe(theirs.replace('"heading": "Build your dream project remotely, on time and on budget"', '"heading": "Mine"'));
  });

  it('labels a conflict in plain words and settles it with a resolution keyed by file#pointer', () => {
    const mine = edit((d) => (d.blocks[0].heading = 'Mine'));
    const theirs = edit((d) => (d.blocks[0].heading = 'Theirs'));
    const r = mergeFile(file, owner, mine, theirs);
    expect(r.conflicts).toEqual([
      {
        file,
        pointer: '/blocks/0/heading',
        label: 'Owner page › Hero › Heading',
        base: ownerDoc.blocks[0].heading,
        mine: 'Mine',
        theirs: 'Theirs',
      },
    ]);
    expect(JSON.parse(r.text!).blocks[0].heading).toBe('Mine');
    const chosen = mergeFile(file, owner, mine, theirs, { 'pages/owner.json#/blocks/0/heading': 'theirs' });
    expect(chosen.conflicts).toEqual([]);
    expect(chosen.text).toBe(theirs);
  });

  it('treats a file added on both sides differently, or deleted on one side and changed on the other, as one conflict over the whole file', () => {
    const mine = edit((d) => (d.title = 'Mine'));
    const deleted = mergeFile(file, owner, mine, undefined);
    expect(deleted.conflicts).toHaveLength(1);
    expect(deleted.conflicts[0]).toMatchObject({ pointer: '', label: 'Owner page', theirs: undefined, mine: JSON.parse(mine) });
    expect(deleted.text).toBe(mine);
    expect(mergeFile(file, owner, mine, undefined, { [`${file}#`]: 'theirs' })).toEqual({ text: undefined, conflicts: [] });

    const added = mergeFile('pages/vendors.json', undefined, '{"route":"/vendors","title":"A"}\n', '{"route":"/vendors","title":"B"}\n');
    expect(added.conflicts.map((c) => [c.pointer, c.label])).toEqual([['', 'Vendors page']]);
    expect(mergeFile(file, owner, undefined, owner)).toEqual({ text: undefined, conflicts: [] });
    expect(mergeFile(file, undefined, mine, undefined)).toEqual({ text: mine, conflicts: [] });
  });

  it('merges .mdx text whole', () => {
    const r = mergeFile('content/policy.mdx', 'a\n', 'b\n', 'c\n');
    expect(r.conflicts).toEqual([{ file: 'content/policy.mdx', pointer: '', label: 'Text “policy”', base: 'a\n', mine: 'b\n', theirs: 'c\n' }]);
    expect(mergeFile('content/policy.mdx', 'a\n', 'a\n', 'c\n').text).toBe('c\n');
  });
});

describe('merge3 on lists of items edited in place', () => {
  const faqs = {
    items: [
      { question: 'Q1', answer: 'A1' },
      { question: 'Q2', answer: 'A2' },
      { question: 'Q3', answer: 'A3' },
    ],
  };

  it('merges a question edited on one side with one added and another removed on the other', () => {
    const mine = copy(faqs);
    mine.items[1].answer = 'Mine A2';
    const theirs = copy(faqs);
    theirs.items.splice(0, 1);
    theirs.items.push({ question: 'Q4', answer: 'A4' });
    expect(merge3(faqs, mine, theirs)).toEqual({
      value: {
        items: [
          { question: 'Q2', answer: 'Mine A2' },
          { question: 'Q3', answer: 'A3' },
          { question: 'Q4', answer: 'A4' },
        ],
      },
      conflicts: [],
    });
  });

  it('reports an item removed on one side and edited on the other as a conflict at the list', () => {
    const mine = copy(faqs);
    mine.items[1].answer = 'Mine A2';
    const theirs = copy(faqs);
    theirs.items.splice(1, 1);
    const r = merge3(faqs, mine, theirs);
    expect(r.conflicts.map((c) => c.pointer)).toEqual(['/items']);
    expect(applyResolutions(r.value, r.conflicts, { '/items': 'theirs' })).toEqual(theirs);
    expect(applyResolutions(r.value, r.conflicts, { '/items': 'mine' })).toEqual(mine);
  });

  it('reports the same answer changed on both sides at that answer, with other items’ changes kept', () => {
    const mine = copy(faqs);
    mine.items[0].answer = 'Mine';
    const theirs = copy(faqs);
    theirs.items[0].answer = 'Theirs';
    theirs.items[2].question = 'Q3?';
    const r = merge3(faqs, mine, theirs);
    expect(r.conflicts).toEqual([{ pointer: '/items/0/answer', at: '/items/0/answer', base: 'A1', mine: 'Mine', theirs: 'Theirs' }]);
    expect((r.value as typeof faqs).items[2].question).toBe('Q3?');
  });
});
