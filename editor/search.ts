/**
 * Search across the whole site: every setting and text of the pages (their sections and page settings), the site
 * settings, the question sets and the forms, found by the titles the panel shows or by the value, and said in plain
 * words ("Page “Owners” › Section 2: FAQ › Heading: …") with the place to jump to.
 */
import { formatPrice } from '../blocks/lib/pricing.ts';
import { formOptions, prepare } from './fields.tsx';
import { humanise, sectionName } from './pointer.ts';
import { isPriceRule, isPriceRuleSchema, priceTable, ruleAmount } from './prices.ts';
import { fileSchema, blockSchema, pageSettingsSchema } from './schemas.ts';
import { SCREENS, screenSchema } from './settings-screens.ts';

type Schema = Record<string, unknown>;

export interface SearchEntry {
  /** The file, as a path in site.config/ ("pages/owner.json", "site.json"). */
  file: string;
  /** Where in the file ("/blocks/1/heading"). */
  pointer: string;
  /** "Page “Owners” › Section 2: FAQ › Heading". */
  place: string;
  /** The value in words ("How long does it take?", "Yes", "Basic: NGN 20,000 per user a month"); empty when not set. */
  value: string;
  /** What a query is matched against: place and value, in lower case. */
  text: string;
}

/** One file to search: its data and how the editor names it. */
export interface SearchDoc {
  file: string;
  /** "Page “Owners”", "Question set “owner”", "Form “contact”"; site.json is always "Site settings". */
  name: string;
  data: unknown;
}

const record = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const escapeKey = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The amounts of the Prices screen: said with their currency. */
const AMOUNTS = new Set(['basicPerUser', 'proBase', 'proExtraUser', 'perUser', 'costMin', 'costMax', 'costStep']);

/** The kinds of setting that the panel shows as one box even while empty. */
const EMPTY_KINDS = new Set(['string', 'number', 'integer', 'boolean']);

/** The names an entry of a list goes by, in order of preference. */
const NAME_KEYS = ['title', 'label', 'heading', 'question', 'name', 'id'];

interface Walk {
  file: string;
  out: SearchEntry[];
  /** For plans' price rules and amounts: the site's prices. */
  site: unknown;
  /** Inside the Prices screen: amounts get the currency. */
  prices: boolean;
}

/** A schema made of several (allOf), as one: rjsf shows their properties together. */
function merged(schema: Schema): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  return (allOf as Schema[]).reduce<Schema>((acc, part) => {
    const p = merged(part);
    return { ...p, ...acc, properties: { ...record(p.properties), ...record(acc.properties) } };
  }, rest);
}

/** The kind of an entry that fits `data` best, among a schema's oneOf/anyOf. */
function branchFor(whole: Schema, data: unknown): Schema {
  const schema = merged(whole);
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (!Array.isArray(branches) || !branches.length) return schema;
  const isObject = data !== null && typeof data === 'object' && !Array.isArray(data);
  let best: Schema | undefined;
  let bestScore = -Infinity;
  for (const b of branches) {
    const props = record(b.properties);
    const objectLike = b.type === 'object' || b.properties !== undefined;
    if (objectLike !== isObject) continue;
    const keys = Object.keys(record(data));
    const required = Array.isArray(b.required) ? (b.required as string[]) : [];
    const score =
      keys.filter((k) => Object.hasOwn(props, k)).length -
      keys.filter((k) => !Object.hasOwn(props, k)).length * 2 -
      required.filter((k) => !keys.includes(k)).length * 2;
    if (score > bestScore) [best, bestScore] = [b, score];
  }
  return best ? { ...schema, ...best, properties: { ...record(schema.properties), ...record(best.properties) } } : schema;
}

function valueWords(schema: Schema, key: string, value: unknown, w: Walk): { shown: string; extra: string } {
  if (typeof value === 'boolean') return { shown: value ? 'Yes' : 'No', extra: '' };
  if (typeof value === 'number') {
    const prices = priceTable(w.site);
    const grouped = formatPrice(value, '').trim();
    if (w.prices && AMOUNTS.has(key) && prices) return { shown: formatPrice(value, prices.currency), extra: `${value} ${grouped}` };
    return { shown: String(value), extra: grouped };
  }
  const text = oneLine(String(value));
  if (isPriceRuleSchema(schema) && isPriceRule(value)) return { shown: ruleAmount(value, priceTable(w.site)), extra: text };
  const choice = ((schema.oneOf ?? []) as Schema[]).find((c) => c.const === value);
  if (choice && typeof choice.title === 'string') return { shown: choice.title, extra: text };
  return { shown: text, extra: '' };
}

function itemName(item: unknown): string | undefined {
  const r = record(item);
  for (const k of NAME_KEYS) {
    const v = typeof r[k] === 'string' ? oneLine(r[k] as string) : '';
    if (v) return v.length > 40 ? `${v.slice(0, 39)}…` : v;
  }
  return undefined;
}

/** A setting that is not in the file but that the panel shows as an empty box. */
function emptyEntry(sub: Schema, pointer: string, place: string[], w: Walk) {
  if (pointer.endsWith('/$schema') || 'const' in sub || !EMPTY_KINDS.has(String(sub.type)) || sub.enum) return;
  const where = place.join(' › ');
  w.out.push({ file: w.file, pointer, place: where, value: '', text: where.toLowerCase() });
}

function walk(schema: Schema | undefined, data: unknown, pointer: string, place: string[], key: string, w: Walk) {
  if (data === undefined || data === null) return;
  const node = schema ? branchFor(schema, data) : {};
  if (Array.isArray(data)) {
    const items = (node.items ?? {}) as Schema;
    const each = typeof items.title === 'string' && items.title ? items.title : 'Item';
    data.forEach((item, i) => {
      const name = item && typeof item === 'object' ? itemName(item) : undefined;
      walk(items, item, `${pointer}/${i}`, [...place, name ? `${each} “${name}”` : `${each} ${i + 1}`], key, w);
    });
    return;
  }
  if (typeof data === 'object') {
    const props = record(node.properties);
    const more = node.additionalProperties && typeof node.additionalProperties === 'object' ? (node.additionalProperties as Schema) : undefined;
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (k === '$schema') continue;
      const sub = (props[k] as Schema | undefined) ?? more;
      // The kind of a section, and any other fixed value, is hidden in the panel.
      if ((k === 'type' && /^\/blocks\/\d+$/.test(pointer)) || (sub && 'const' in sub)) continue;
      const title = Object.hasOwn(props, k) && typeof sub?.title === 'string' && sub.title ? sub.title : humanise(k);
      walk(sub, v, `${pointer}/${escapeKey(k)}`, [...place, title], k, w);
    }
    // Settings left empty are found by their titles too (the panel shows them), so that one can be filled in.
    for (const [k, sub] of Object.entries(props) as [string, Schema][]) {
      if (!Object.hasOwn(data, k))
        emptyEntry(sub, `${pointer}/${escapeKey(k)}`, [...place, typeof sub.title === 'string' && sub.title ? sub.title : humanise(k)], w);
    }
    return;
  }
  const { shown, extra } = valueWords(node, key, data, w);
  const where = place.join(' › ');
  w.out.push({ file: w.file, pointer, place: where, value: shown, text: `${where} ${shown} ${extra}`.toLowerCase() });
}

const preparedCache = new Map<string, Schema>();
function prepared(id: string, schema: () => Schema | undefined): Schema | undefined {
  if (!preparedCache.has(id)) {
    const s = schema();
    if (!s) return undefined;
    preparedCache.set(id, prepare(s).schema);
  }
  return preparedCache.get(id);
}

/** The entries of one page: its own settings, then each section's fields. */
export function indexPage(file: string, title: string, doc: unknown, site: unknown): SearchEntry[] {
  const w: Walk = { file, out: [], site, prices: false };
  const page = record(doc);
  const name = `Page “${title}”`;
  const { blocks, ...settings } = page;
  walk(prepared('page', pageSettingsSchema), settings, '', [name, 'Page settings'], '', w);
  if (Array.isArray(blocks)) {
    blocks.forEach((b, i) => {
      const type = String(record(b).type ?? '');
      walk(
        prepared(`block:${type}`, () => blockSchema(type)),
        b,
        `/blocks/${i}`,
        [name, sectionName(i, humanise(type))],
        '',
        w,
      );
    });
  }
  return w.out;
}

/** The entries of site.json, screen by screen ("Site settings › Prices › Basic per user: NGN 20,000"). */
export function indexSite(doc: unknown): SearchEntry[] {
  const w: Walk = { file: 'site.json', out: [], site: doc, prices: false };
  const whole = fileSchema('site.json');
  if (!whole) return [];
  const data = record(doc);
  for (const screen of SCREENS) {
    const schema = prepared(`site:${screen.id}`, () => screenSchema(whole, screen.id));
    const props = record(schema?.properties);
    w.prices = screen.id === 'prices';
    for (const key of screen.keys) {
      if (!Object.hasOwn(props, key)) continue;
      const sub = props[key] as Schema;
      // A screen with one setting is named after it: "Prices › Basic per user", not "Prices › Pricing › Basic per user".
      const title = String(sub.title || humanise(key));
      const single = screen.keys.filter((k) => k !== '$schema').length === 1 || title === screen.title;
      const place = single ? ['Site settings', screen.title] : ['Site settings', screen.title, title];
      if (data[key] === undefined) emptyEntry(sub, `/${escapeKey(key)}`, ['Site settings', screen.title, title], w);
      else walk(sub, data[key], `/${escapeKey(key)}`, place, key, w);
    }
  }
  return w.out;
}

/** The entries of a question set or a form file. */
export function indexFile(file: string, name: string, doc: unknown, site: unknown): SearchEntry[] {
  const schema = fileSchema(file);
  if (!schema) return [];
  const w: Walk = { file, out: [], site, prices: false };
  const form = file.startsWith('forms/') ? prepare(schema, '', formOptions(doc)).schema : prepared(`file:${file.split('/')[0]}`, () => schema);
  walk(form, doc, '', [name], '', w);
  return w.out;
}

const byDoc = new WeakMap<object, { key: string; entries: SearchEntry[] }>();

/**
 * Every entry of every file, each file's entries kept while its data (and, for what shows prices, the site's) is the
 * same object, so that a search after one edit indexes only the file that changed.
 */
export function buildIndex(docs: readonly SearchDoc[]): SearchEntry[] {
  const site = docs.find((d) => d.file === 'site.json')?.data;
  const out: SearchEntry[] = [];
  for (const d of docs) {
    if (!d.data || typeof d.data !== 'object') continue;
    const key = `${d.name}\n${d.file === 'site.json' ? '' : JSON.stringify(priceTable(site))}`;
    const cached = byDoc.get(d.data);
    if (cached && cached.key === key) {
      out.push(...cached.entries);
      continue;
    }
    const entries =
      d.file === 'site.json'
        ? indexSite(d.data)
        : d.file.startsWith('pages/')
          ? indexPage(d.file, d.name.replace(/^Page “(.*)”$/, '$1'), d.data, site)
          : indexFile(d.file, d.name, d.data, site);
    byDoc.set(d.data, { key, entries });
    out.push(...entries);
  }
  return out;
}

/** Lower case, typographic quotes as plain ones, and the query's words. */
function words(query: string): string[] {
  return query
    .toLowerCase()
    .replace(/[“”"‘’]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * The entries that hold every word of the query in their place or value, best first: a value that is the query,
 * then one that holds it, then a field whose own title holds it; else in the order of the site.
 */
export function search(index: readonly SearchEntry[], query: string, limit = 50): SearchEntry[] {
  const ws = words(query);
  if (!ws.length) return [];
  const phrase = ws.join(' ');
  const scored: { e: SearchEntry; score: number; i: number }[] = [];
  index.forEach((e, i) => {
    for (const word of ws) if (!e.text.includes(word)) return;
    const value = e.value.toLowerCase();
    const label = e.place.slice(e.place.lastIndexOf('›') + 1).toLowerCase();
    let score = 0;
    if (value === phrase) score += 8;
    else if (value.includes(phrase)) score += 4;
    if (label.includes(phrase)) score += 3;
    // An entry's anchor name repeats its label in small letters: the label comes first.
    if (e.pointer.endsWith('/id')) score -= 1;
    for (const word of ws) {
      if (value.includes(word)) score += 1;
      if (label.includes(word)) score += 1;
    }
    scored.push({ e, score, i });
  });
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.slice(0, limit).map((s) => s.e);
}

/** How a result is listed: "Page “Owners” › Section 2: FAQ › Heading: How it works" (a long value is cut short). */
export function resultWords(e: SearchEntry): string {
  const value = !e.value ? 'empty' : e.value.length > 90 ? `${e.value.slice(0, 89)}…` : e.value;
  return `${e.place}: ${value}`;
}
