/**
 * Plain words for a change to the site's config, for people who do not read JSON: the commit message of a publish
 * ("Owner page: hero heading changed; new page /vendors; header: link to /vendors"), the labels of a merge conflict
 * and the history's before/after. Pure: works on the documents it is given.
 *
 * Block types are named as the block schemas title them ("HeroBlock" → "Hero"), which is the type in words.
 */
import { canonical } from '../../editor/server/json-edit.ts';
import { humanise } from '../../editor/pointer.ts';
import { alignPairs } from './align.ts';
import type { FieldChange, FileChange } from './types.ts';

type Seg = string | number;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const same = (a: unknown, b: unknown) => a === b || (a !== undefined && b !== undefined && canonical(a) === canonical(b));

/** A long name cut to a readable length. */
export function clip(s: string, max = 40): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length <= max ? one : `${one.slice(0, max - 1).trimEnd()}…`;
}

const escapeSeg = (s: Seg) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const toPointer = (segs: readonly Seg[]) => segs.map((s) => `/${escapeSeg(s)}`).join('');
const fromPointer = (p: string): string[] =>
  p === ''
    ? []
    : p
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

type Kind = 'page' | 'site' | 'faqs' | 'form' | 'text' | 'other';

function kindOf(file: string): Kind {
  if (/^pages\/[^/]+\.json$/.test(file)) return 'page';
  if (file === 'site.json') return 'site';
  if (/^faqs\/[^/]+\.json$/.test(file)) return 'faqs';
  if (/^forms\/[^/]+\.json$/.test(file)) return 'form';
  if (file.endsWith('.mdx')) return 'text';
  return 'other';
}

const baseName = (file: string) => file.replace(/^.*\//, '').replace(/\.[^.]+$/, '');

/** "/owner" → "Owner", "/pricing/enterprise" → "Pricing enterprise". */
function routeWords(route: string): string {
  const words = route.replace(/^\/+|\/+$/g, '').replace(/[/_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The file in words. A page is named by its address, which is short and unique ("/owner" → "Owner page", "/" →
 * "Home page"); its title only when it has no route.
 */
export function fileLabel(file: string, doc: unknown): string {
  const d = isObj(doc) ? doc : {};
  switch (kindOf(file)) {
    case 'page': {
      const route = text(d.route);
      if (route === '/') return 'Home page';
      if (route) return `${routeWords(route)} page`;
      return `${text(d.title) ?? routeWords(baseName(file))} page`;
    }
    case 'site':
      return 'Site settings';
    case 'faqs':
      return `FAQ set “${baseName(file)}”`;
    case 'form':
      return `Form “${baseName(file)}”`;
    case 'text':
      return `Text “${baseName(file)}”`;
    default:
      return `File “${file}”`;
  }
}

/** A block's name: its type in words, as its schema's title says it ("featureGrid" → "Feature grid"). */
export const blockName = (type: unknown) => humanise(String(type ?? 'section'));

const childOf = (node: unknown, s: Seg): unknown => (Array.isArray(node) ? node[Number(s)] : isObj(node) ? node[String(s)] : undefined);

interface Part {
  words: string;
  /** Set on an element of a list: the list's pointer and what one element is called ("section", "question", "link"). */
  item?: { list: string; noun: string; isBlock: boolean; isLink: boolean };
}

/** The place at `segs` in `doc`, one part per step that means something to a person (structural keys are left out). */
function parts(file: string, segs: readonly Seg[], doc: unknown): Part[] {
  const kind = kindOf(file);
  const out: Part[] = [];
  let node: unknown = doc;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const parent = node;
    node = childOf(parent, s);
    const key = String(s);
    const list = toPointer(segs.slice(0, i));
    if (Array.isArray(parent)) {
      const listKey = String(segs[i - 1] ?? '');
      const el = isObj(node) ? node : {};
      if (kind === 'page' && i === 1 && listKey === 'blocks')
        out.push({ words: blockName(el.type), item: { list, noun: 'section', isBlock: true, isLink: false } });
      else if (text(el.href) && !isObj(el.links)) out.push({ words: `link to ${text(el.href)}`, item: { list, noun: 'link', isBlock: false, isLink: true } });
      else if (kind === 'faqs' && listKey === 'items')
        out.push({
          words: text(el.question) ? `question “${clip(text(el.question)!)}”` : `question ${Number(s) + 1}`,
          item: { list, noun: 'question', isBlock: false, isLink: false },
        });
      else {
        const name = text(el.name) ?? text(el.label) ?? text(el.question) ?? text(el.heading) ?? text(el.title);
        out.push({ words: name ? `“${clip(name)}”` : `item ${Number(s) + 1}`, item: { list, noun: 'item', isBlock: false, isLink: false } });
      }
      continue;
    }
    // An element's list is named by the element itself ("Hero", "link to /vendors"), not by the list's key.
    if (Array.isArray(node) && i < segs.length - 1) continue;
    if (kind === 'faqs' && key === 'items' && i === 0) continue;
    if (kind === 'form' && i === 0 && key === 'schema') continue;
    if (kind === 'form' && key === 'properties' && isObj(node)) continue;
    if (kind === 'form' && i === 0 && key === 'uiSchema') {
      out.push({ words: 'Look' });
      continue;
    }
    if (kind === 'form' && (segs[i - 1] === 'properties' || (segs[0] === 'uiSchema' && i === 1))) {
      const field = childOf(childOf(childOf(doc, 'schema'), 'properties'), key);
      out.push({ words: `field “${isObj(field) && text(field.title) ? text(field.title) : humanise(key)}”` });
      continue;
    }
    out.push({ words: humanise(key) });
  }
  return out;
}

/** Where `pointer` is in `doc`, in words: "Hero › Heading", "header › link to /vendors", "Feature grid › Cards › item 2 › Card title". */
export function fieldLabel(file: string, pointer: string, doc: unknown): string {
  const ps = parts(file, fromPointer(pointer), doc);
  if (kindOf(file) === 'site' && ps.length) ps[0] = { ...ps[0], words: lower(ps[0].words) };
  return ps.map((p) => p.words).join(' › ') || fileLabel(file, doc);
}

/** First letter lower-case, except in acronyms ("FAQ") and quoted names. */
function lower(w: string): string {
  if (/^[A-Z]{2}/.test(w) || w.startsWith('“')) return w;
  return w.charAt(0).toLowerCase() + w.slice(1);
}

const phraseOf = (ps: Part[]) => ps.map((p) => lower(p.words)).join(' ');

interface RawChange {
  segs: Seg[];
  /** The document whose positions `segs` index: the new one, or the old one for a thing that was removed. */
  doc: unknown;
  before: unknown;
  after: unknown;
}

/**
 * Leaf-level changes between two versions. A list's elements are aligned first (the same block, edited or not), so
 * an element inserted or removed is one change and the elements after it are not reported as changed; plain values
 * left over in the same place of a gap are that item changed.
 */
function diff(before: unknown, after: unknown, segs: Seg[], docs: { before: unknown; after: unknown }, out: RawChange[]): void {
  if (same(before, after)) return;
  if (isObj(before) && isObj(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) diff(before[k], after[k], [...segs, k], docs, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const pairs = alignPairs(before, after);
    let i = 0;
    let j = 0;
    for (const [pi, pj] of [...pairs, [before.length, after.length] as [number, number]]) {
      const gone = before.slice(i, pi);
      const come = after.slice(j, pj);
      const n = Math.min(gone.length, come.length);
      for (let k = 0; k < gone.length || k < come.length; k++) {
        const b = gone[k];
        const a = come[k];
        if (k < n && plain(b) && plain(a)) diff(b, a, [...segs, j + k], docs, out);
        else {
          if (k < gone.length) out.push({ segs: [...segs, i + k], doc: docs.before, before: b, after: undefined });
          if (k < come.length) out.push({ segs: [...segs, j + k], doc: docs.after, before: undefined, after: a });
        }
      }
      if (pi < before.length) diff(before[pi], after[pj], [...segs, pj], docs, out);
      i = pi + 1;
      j = pj + 1;
    }
    return;
  }
  out.push({ segs, doc: after === undefined ? docs.before : docs.after, before, after });
}

/** A plain value (text, number): left over in the same place of a list, it is that item changed. */
const plain = (v: unknown) => v === null || typeof v !== 'object';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** "a, b and c". */
function andList(xs: string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
}

/** The words for a group of changes inside one file (or one section of the site settings). */
function summarise(file: string, changes: RawChange[], skip: number): string {
  const items = changes.map((c) => {
    const ps = parts(file, c.segs, c.doc).slice(skip);
    const last = ps[ps.length - 1];
    const whole = last?.item && c.segs.length > 0;
    let phrase: string;
    if (whole && c.before === undefined) {
      const el = isObj(c.after) ? c.after : {};
      phrase = last.item!.isBlock ? `new ${lower(blockName(el.type))} section` : last.item!.isLink ? phraseOf(ps) : `new ${phraseOf(ps)}`;
    } else if (whole && c.after === undefined) phrase = `${phraseOf(ps)}${last.item!.isBlock ? ' section' : ''} removed`;
    else phrase = `${phraseOf(ps)} changed`;
    const at = ps.findIndex((p) => p.item);
    return {
      ps,
      phrase,
      unit: at >= 0 ? ps[at] : undefined,
      unitKey: at >= 0 ? phraseOf(ps.slice(0, at + 1)) : '',
      edited: !phrase.startsWith('new ') && !phrase.endsWith(' removed'),
    };
  });
  const phrases = [...new Set(items.map((x) => x.phrase))];
  if (phrases.length === 1) return phrases[0];
  // Several fields of one element: "hero heading and intro changed".
  if (items.every((x) => x.edited && x.unit && x.unitKey === items[0].unitKey)) {
    const at = items[0].ps.indexOf(items[0].unit!);
    const fields = [...new Set(items.map((x) => phraseOf(x.ps.slice(at + 1))))];
    return fields.length <= 3 && fields.every(Boolean)
      ? `${items[0].unitKey} ${andList(fields)} changed`
      : `${items[0].unitKey}: ${plural(fields.length, 'field')} changed`;
  }
  // Different elements of one list edited: "2 questions changed".
  if (items.every((x) => x.edited && x.unit?.item && x.unit.item.list === items[0].unit!.item!.list)) {
    const n = new Set(items.map((x) => x.unitKey)).size;
    return `${plural(n, items[0].unit!.item!.noun)} changed`;
  }
  return phrases.length <= 3 ? phrases.join(', ') : plural(phrases.length, 'change');
}

/** What changed in one file: status, its fields' before and after, and the phrase for the commit message. */
export function describeFile(file: string, before: unknown, after: unknown): FileChange {
  const status: FileChange['status'] = before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified';
  const label = fileLabel(file, after ?? before);
  const kind = kindOf(file);
  if (status !== 'modified' || kind === 'text' || !isObj(before) || !isObj(after)) {
    const pageRoute = kind === 'page' ? text((isObj(after) ? after : isObj(before) ? before : {}).route) : undefined;
    const what = pageRoute ? `page ${pageRoute}` : lower(label);
    const summary = status === 'added' ? `new ${what}` : status === 'deleted' ? `${what} removed` : `${label} changed`;
    return { file, label, status, summary, fields: same(before, after) ? [] : [{ pointer: '', label, before, after }] };
  }
  const raw: RawChange[] = [];
  diff(before, after, [], { before, after }, raw);
  const fields: FieldChange[] = raw.map((c) => ({
    pointer: toPointer(c.segs),
    label: fieldLabel(file, toPointer(c.segs), c.doc),
    before: c.before,
    after: c.after,
  }));
  let summary: string;
  if (raw.length === 0) summary = `${label}: no change`;
  else if (kind === 'site') {
    // The site settings are several things at once: each part that changed is named ("header: link to /vendors").
    const groups = new Map<string, RawChange[]>();
    for (const c of raw) groups.set(String(c.segs[0]), [...(groups.get(String(c.segs[0])) ?? []), c]);
    summary = [...groups]
      .map(([key, cs]) => (cs.every((c) => c.segs.length === 1) ? `${lower(humanise(key))} changed` : `${lower(humanise(key))}: ${summarise(file, cs, 1)}`))
      .join('; ');
  } else summary = `${label}: ${summarise(file, raw, 0)}`;
  return { file, label, status, summary, fields };
}

const MESSAGE_MAX = 200;

/** The commit message for a set of changed files, and each file's change. Long messages end with "and N more changes". */
export function describeChanges(files: { file: string; before?: unknown; after?: unknown }[]): { message: string; files: FileChange[] } {
  const described = files.map((f) => describeFile(f.file, f.before, f.after)).filter((f) => f.fields.length > 0);
  const summaries = described.map((f) => f.summary);
  let message = summaries.join('; ');
  if (message.length > MESSAGE_MAX) {
    let n = summaries.length - 1;
    const cut = (k: number) => `${summaries.slice(0, k).join('; ')} and ${plural(summaries.length - k, 'more change')}`;
    while (n > 1 && cut(n).length > MESSAGE_MAX) n--;
    message = cut(n);
  }
  return { message: message || 'No change', files: described };
}
