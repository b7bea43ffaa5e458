/**
 * Every finding the checker can report reads in plain words in the editor: each code of the catalogue, and what the
 * checker really says about broken copies of every block example, page, the site settings, FAQ sets and forms.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../scripts/lib/config/diagnostics.ts';
import { loadProject } from '../scripts/lib/config/index.ts';
import { toApiDiagnostic } from './server/api.ts';
import { configPath, normaliseDiagnostic } from './pointer.ts';
import { problemText } from './problems.ts';
import { developerWords, problemWords } from './words.ts';

const root = join(import.meta.dirname, '..');
const config = join(root, 'site.config');
const json = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const files = (dir: string) => readdirSync(join(config, dir)).filter((f) => f.endsWith('.json'));

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Three ways to break a value: every text too long or not a link, every value of the wrong kind, every list emptied. */
function broken(v: Json, how: number, key = ''): Json {
  if (key === 'type' || key === '$schema') return v;
  if (Array.isArray(v)) return how === 2 ? [] : v.map((x) => broken(x, how));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, broken(x, how, k)]));
  if (typeof v === 'string') return how === 0 ? `http://${'x'.repeat(300)} y` : how === 1 ? 12 : '   ';
  if (typeof v === 'number') return how === 0 ? -5 : 'many';
  if (typeof v === 'boolean') return 'yes';
  return v;
}

const seen = new Map<object, { code: string; text: string }[]>();

/** What the editor would show for every finding of the checker with `overlay` in place of the files on disk. */
function shown(overlay: Record<string, Json>): { code: string; text: string }[] {
  const known = seen.get(overlay);
  if (known) return known;
  const text = Object.fromEntries(Object.entries(overlay).map(([p, v]) => [p, `${JSON.stringify(v, null, 2)}\n`]));
  const found = loadProject(root, {}, { overlay: text }).diagnostics.map((raw) => {
    const d = normaliseDiagnostic({ ...toApiDiagnostic(raw) });
    const file = configPath(d.file);
    return { code: d.code, text: problemText({ ...d, file }, overlay[file] ?? null) };
  });
  seen.set(overlay, found);
  return found;
}

describe('problemWords', () => {
  it.each(Object.keys(CATALOGUE))('words %s without setting names, JSON values, paths or escapes', (code) => {
    for (const args of [undefined, { prop: 'hasDropdown', limit: 3, length: 9, first: 1, second: 2, what: 'asset', format: 'email', headings: ['a', 'b'] }]) {
      const text = problemWords({ code, args }, (child) => (child ? 'Shows a dropdown' : 'Link address'));
      expect(developerWords(text)).toEqual([]);
      expect(text).toMatch(/^[A-Z“]/);
    }
  });

  it('names the field by its title and says what to do: a required link address', () => {
    expect(problemWords({ code: 'missing-property', args: { prop: 'href' } }, (c) => (c === 'href' ? 'Link address' : 'Button'))).toBe(
      'Link address is required. Fill it in.',
    );
    expect(problemWords({ code: 'too-long', args: { limit: 40, length: 52 } }, () => 'Button words')).toBe(
      'Button words is longer than 40 characters (it has 52). Shorten it.',
    );
  });

  it('says the bound a number must keep, and stays general without one', () => {
    const said = (args: Record<string, unknown>) => problemWords({ code: 'out-of-range', args }, () => 'Price');
    expect(said({ comparison: '>=', limit: 0 })).toBe('Price must be 0 or more.');
    expect(said({ comparison: '<=', limit: 100000 })).toBe('Price must be 100,000 or less.');
    expect(said({ comparison: '>', limit: 1 })).toBe('Price must be more than 1.');
    expect(said({ comparison: '<', limit: 12 })).toBe('Price must be less than 12.');
    expect(said({ rule: 'must be >= 0' })).toBe('Price is outside the numbers allowed here. See the help under it.');
  });

  it('the checker gives the bound of a number out of range', () => {
    const site = json(join(config, 'site.json')) as { pricing: Record<string, Json> };
    const found = loadProject(root, {}, { overlay: { 'site.json': JSON.stringify({ ...site, pricing: { ...site.pricing, basicPerUser: -5 } }) } }).diagnostics;
    const range = found.find((d) => d.code === 'out-of-range');
    expect(range?.args).toMatchObject({ comparison: '>=', limit: 0 });
  });
});

describe('the checker’s findings as the editor shows them', () => {
  const blocks = readdirSync(join(root, 'blocks'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'lib')
    .map((d) => json(join(root, 'blocks', d.name, 'example.json')) as Json);
  const home = json(join(config, 'pages', 'home.json')) as { [k: string]: Json };
  const overlays: [string, Record<string, Json>][] = [0, 1, 2].flatMap((how) => [
    [`every block, broken way ${how}`, { 'pages/home.json': { ...home, blocks: blocks.map((b) => broken(b, how)) } }],
    [`every block without its settings, way ${how}`, { 'pages/home.json': { ...home, blocks: blocks.map((b) => ({ type: (b as { type: string }).type })) } }],
    [`a page's settings, broken way ${how}`, { 'pages/home.json': { ...(broken({ ...home, blocks: [] }, how) as object), blocks: home.blocks } }],
    [`the site settings, broken way ${how}`, { 'site.json': broken(json(join(config, 'site.json')) as Json, how) }],
    ...files('faqs').map((f): [string, Record<string, Json>] => [
      `FAQ set ${f}, broken way ${how}`,
      { [`faqs/${f}`]: broken(json(join(config, 'faqs', f)) as Json, how) },
    ]),
    ...files('forms').map((f): [string, Record<string, Json>] => [
      `form ${f}, broken way ${how}`,
      { [`forms/${f}`]: broken(json(join(config, 'forms', f)) as Json, how) },
    ]),
  ]);

  it.each(overlays)('%s: every finding in plain words', (_name, overlay) => {
    const found = shown(overlay);
    const bad = found.flatMap((d) => {
      const words = developerWords(d.text);
      return words.length ? [`${d.code}: ${words.join(', ')} in: ${d.text}`] : [];
    });
    expect(bad.join('\n')).toBe('');
  });

  it('found many kinds of problem on the broken copies, so the checks above mean something', () => {
    const codes = new Set(overlays.flatMap(([, o]) => shown(o).map((d) => d.code)));
    expect(codes.size).toBeGreaterThanOrEqual(10);
  });
});
