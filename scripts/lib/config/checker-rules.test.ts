// @vitest-environment node
/** The small pure rules behind issue 17's checks: the one suggester, file paths and sizes, main headings, stray files. */
import { describe, expect, test } from 'vitest';
import type { ErrorObject } from 'ajv';
import { closest, distance, isNear } from '../suggest.ts';
import { formatBytes, ratioDifference, urlForm, dimensionsOf, AssetIndex, checkAsset } from './assets.ts';
import { checkMainHeading, rendersMainHeading } from './headings.ts';
import { strayFileAdvice } from '../project.ts';
import { mostSpecific } from './explain.ts';
import { svgOf } from '../corpus.ts';
import { blockRegistry } from '../../../blocks/registry.ts';

describe('one suggester', () => {
  test('distance counts a swap of neighbours as one edit, ignoring case', () => {
    expect(distance('titel', 'title')).toBe(1);
    expect(distance('Hero', 'hero')).toBe(0);
    expect(distance('heroo', 'hero')).toBe(1);
  });
  test('never suggests the value written, nor a far name', () => {
    expect(closest('3', ['3', '2', '4'])).toBeUndefined();
    expect(closest('ab', ['xy'])).toBeUndefined();
    expect(closest('/foo', ['/owner', '/contact'])).toBeUndefined();
  });
  test('suggests near names and names cut short', () => {
    expect(closest('headng', ['heading', 'text'])).toBe('heading');
    expect(closest('/ownr', ['/owner', '/contact'])).toBe('/owner');
    expect(closest('phone', ['phoneNumber', 'email'])).toBe('phoneNumber');
    expect(closest('lastName', ['lastname'])).toBe('lastname');
    expect(isNear('abc', 'abcdef')).toBe(false); // too short to be a cut-down name
  });
});

describe('file paths and sizes', () => {
  test('the URL form of paths written as on a computer', () => {
    expect(urlForm('/site.config/assets/images/landing/x.svg')).toBe('/images/landing/x.svg');
    expect(urlForm('site.config/assets/images/x.svg')).toBe('/images/x.svg');
    expect(urlForm('public/images/x.svg')).toBe('/images/x.svg');
    expect(urlForm('./images/x.svg')).toBe('/images/x.svg');
    expect(urlForm('\\images\\landing\\x.svg')).toBe('/images/landing/x.svg');
    expect(urlForm('/images/x.svg')).toBeUndefined();
  });
  test('sizes and proportions', () => {
    expect(formatBytes(600_000)).toBe('586 KB');
    expect(formatBytes(2_300_000)).toBe('2.2 MB');
    expect(ratioDifference({ width: 560, height: 420 }, { width: 1120, height: 840 })).toBe(0);
    expect(ratioDifference({ width: 560, height: 560 }, { width: 560, height: 420 })).toBeCloseTo(0.25);
  });
  test('dimensions come from the file header', () => {
    expect(dimensionsOf(Buffer.from(svgOf(800, 600)))).toEqual({ width: 800, height: 600 });
    // A 1 × 1 PNG: signature, IHDR with width 1 and height 1.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(dimensionsOf(png)).toEqual({ width: 1, height: 1 });
    expect(dimensionsOf(Buffer.from('not an image'))).toBeUndefined();
  });
  test('an index of files answers existence, near names, weight and proportions', () => {
    const index = new AssetIndex('/nonexistent', {
      '/images/a/hero.svg': svgOf(560, 420),
      '/images/b/logo.svg': svgOf(200, 56),
      '/images/a/big.svg': svgOf(400, 300, 600_000),
    });
    expect(checkAsset(index, '/images/a/hero.svg', { width: 1120, height: 840 })).toEqual([]);
    expect(checkAsset(index, '/images/a/heros.svg')[0]).toMatchObject({ code: 'missing-file', suggestion: 'Did you mean "/images/a/hero.svg"?' });
    expect(checkAsset(index, '/images/a/logo.svg')[0].suggestion).toBe('Did you mean "/images/b/logo.svg"?');
    expect(checkAsset(index, '/site.config/assets/images/a/hero.svg')[0]).toMatchObject({ code: 'file-path-form', suggestion: 'Write "/images/a/hero.svg".' });
    expect(checkAsset(index, '/images/a/hero.svg', { width: 560, height: 560 })[0]).toMatchObject({ code: 'image-ratio', severity: 'warning' });
    expect(checkAsset(index, '/images/a/big.svg')[0]).toMatchObject({ code: 'image-heavy', severity: 'warning' });
  });
});

describe('one main heading', () => {
  test('the registry and settings say which blocks render an h1', () => {
    expect(rendersMainHeading({ type: 'hero' }, blockRegistry)).toBe(true);
    expect(rendersMainHeading({ type: 'hero', headingLevel: 2 }, blockRegistry)).toBe(false);
    expect(rendersMainHeading({ type: 'form' }, blockRegistry)).toBe(false);
    expect(rendersMainHeading({ type: 'form', headingLevel: 1 }, blockRegistry)).toBe(true);
    expect(rendersMainHeading({ type: 'scheduler' }, blockRegistry)).toBe(false);
    expect(rendersMainHeading({ type: 'scheduler', heading: 'Pick a time' }, blockRegistry)).toBe(true);
    expect(rendersMainHeading({ type: 'faq' }, blockRegistry)).toBe(false);
  });
  test('zero or two are one error each, naming the blocks', () => {
    expect(checkMainHeading([{ type: 'hero' }, { type: 'faq' }], blockRegistry)).toEqual([]);
    expect(checkMainHeading([], blockRegistry)).toEqual([]);
    const none = checkMainHeading([{ type: 'faq' }], blockRegistry);
    expect(none).toHaveLength(1);
    expect(none[0].path).toBe('/blocks');
    const two = checkMainHeading([{ type: 'hero' }, { type: 'faq' }, { type: 'hero', id: 'again' }], blockRegistry);
    expect(two).toHaveLength(1);
    expect(two[0].path).toBe('/blocks/2/type');
    expect(two[0].message).toContain('the hero block (block 3, "again")');
    expect(two[0].suggestion).toContain('"headingLevel": 2');
  });
});

describe('stray files', () => {
  const none = () => false;
  test('backups and editor files are only said to be ignored', () => {
    for (const name of ['owner.json.bak', 'owner.json~', '.owner.json.swp', 'notes.txt', 'owner.json.orig']) {
      expect(strayFileAdvice(name, '.json', none), name).not.toContain('Rename');
    }
  });
  test('a name that only lacks its extension is told the right one, never a doubled one', () => {
    expect(strayFileAdvice('owner.jsn', '.json', none)).toBe('Rename it to owner.json if it is meant to be used.');
    expect(strayFileAdvice('owner.jsn', '.json', (n) => n === 'owner.json')).not.toContain('Rename');
    expect(strayFileAdvice('owner.json.json5', '.json', none)).not.toContain('owner.json.json');
  });
});

describe('most specific error per location', () => {
  const err = (keyword: string, instancePath = '/blocks/1/columns'): ErrorObject => ({ keyword, instancePath, schemaPath: '', params: {} });
  test('a wrong type hides the enum error for the same value, not errors elsewhere', () => {
    const kept = mostSpecific([err('type'), err('enum'), err('enum', '/blocks/2/columns'), err('required', '/blocks/1')]);
    expect(kept.map((e) => `${e.keyword} ${e.instancePath}`)).toEqual(['type /blocks/1/columns', 'enum /blocks/2/columns', 'required /blocks/1']);
  });
  test('an empty text is "empty", not also "only spaces"', () => {
    expect(mostSpecific([err('pattern', '/title'), err('minLength', '/title')]).map((e) => e.keyword)).toEqual(['minLength']);
  });
});
