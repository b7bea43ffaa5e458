/**
 * The editor's save: the new data of a config file written into its current text with the smallest text change.
 *
 * Pure (no file system). The old text is parsed with jsonc-parser's parseTree and the old and new values are compared
 * structurally; only the parts that differ are rewritten, everything else is copied byte for byte from the old text:
 *  - a changed value is replaced where it stands (one changed field = one changed line);
 *  - object keys keep their order; a new key goes after the key that precedes it in the new data (so a key the data
 *    appends goes after the existing keys); a removed key takes its separator with it;
 *  - arrays are aligned (longest common subsequence of equal items, then the most similar removed/added items in
 *    each gap are treated as the same item edited), so moving, duplicating, pasting or deleting one item leaves every
 *    other item and separator as it was; a moved or duplicated item keeps its own original text;
 *  - new values are written in the style of the place they go: inline in a one-line object or array, otherwise as
 *    indented JSON with the file's own indent unit.
 * jsonc-parser's `modify` is not used for the edits themselves: its formatter re-flows the whole lines around an
 * edit, which expands neighbouring one-line objects such as `{ "label": "…", "href": "…" }`.
 * A text that does not parse (or has duplicate keys) is replaced by fresh JSON, the way new files are written.
 */
import { parseTree, getNodeValue, type Edit, type Node, type ParseError } from 'jsonc-parser';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How a new file is written: 2-space JSON and a trailing newline (the format of npm run new-page). */
export function serializeNew(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** The indent unit of a JSON text: the leading whitespace of its first indented line; 2 spaces when there is none. */
export function detectIndent(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return '  ';
  return m[1].startsWith('\t') ? '\t' : m[1];
}

function detectEol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

const canonicalMemo = new WeakMap<object, string>();

/** Canonical text of a value: key order does not matter to JSON equality. Remembered per object (values are not mutated here). */
export function canonical(v: unknown): string {
  if (typeof v !== 'object' || v === null) return JSON.stringify(v) ?? 'null';
  const known = canonicalMemo.get(v);
  if (known !== undefined) return known;
  let out: string;
  if (Array.isArray(v)) out = `[${v.map(canonical).join(',')}]`;
  else {
    const o = v as Record<string, unknown>;
    out = `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  canonicalMemo.set(v, out);
  return out;
}

const nodeMemo = new WeakMap<Node, string>();

/** canonical() of the value a parse-tree node holds, without building the value. */
function nodeCanonical(node: Node): string {
  const known = nodeMemo.get(node);
  if (known !== undefined) return known;
  let out: string;
  if (node.type === 'array') out = `[${(node.children ?? []).map(nodeCanonical).join(',')}]`;
  else if (node.type === 'object') {
    // The last of duplicate keys wins, as in JSON.parse.
    const props = new Map<string, Node | undefined>();
    for (const p of node.children ?? []) props.set(p.children![0].value as string, p.children![1]);
    out = `{${[...props.keys()]
      .sort()
      .map((k) => `${JSON.stringify(k)}:${props.get(k) ? nodeCanonical(props.get(k)!) : 'null'}`)
      .join(',')}}`;
  } else out = JSON.stringify(node.value) ?? 'null';
  nodeMemo.set(node, out);
  return out;
}

/** The value as JSON would store it (undefined properties dropped, as JSON.stringify does). */
function normalise(v: unknown): Json {
  return JSON.parse(JSON.stringify(v) ?? 'null') as Json;
}

/** `{ "a": 1 }` / `[1, 2]`: the one-line style of the project's config files. */
export function inlineStringify(v: unknown): string {
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[${v.map(inlineStringify).join(', ')}]`;
  if (isObject(v)) {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined);
    return keys.length === 0 ? '{}' : `{ ${keys.map((k) => `${JSON.stringify(k)}: ${inlineStringify(v[k])}`).join(', ')} }`;
  }
  return JSON.stringify(v) ?? 'null';
}

interface Ctx {
  text: string;
  unit: string;
  eol: string;
}

/** Leading whitespace of the line that holds `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

function fresh(value: unknown, indent: string, inline: boolean, ctx: Ctx): string {
  if (inline) return inlineStringify(value);
  return JSON.stringify(value, null, ctx.unit)
    .split('\n')
    .join(ctx.eol + indent);
}

/** A piece of a rebuilt container: an old child (by index) or new text; `render` gets the indent of its line. */
interface Piece {
  orig?: number;
  render: (indent: string, inline: boolean) => string;
}

const end = (n: Node) => n.offset + n.length;

function mostCommon(list: string[]): string | undefined {
  const count = new Map<string, number>();
  let best: string | undefined;
  for (const s of list) {
    const c = (count.get(s) ?? 0) + 1;
    count.set(s, c);
    if (best === undefined || c > count.get(best)!) best = s;
  }
  return best;
}

/** Joins pieces inside the old container, reusing its opening, closing and separators wherever two old neighbours stay neighbours. */
function rebuild(node: Node, pieces: Piece[], ctx: Ctx): string {
  const { text } = ctx;
  const children = node.children ?? [];
  const [openChar, closeChar] = node.type === 'object' ? ['{', '}'] : ['[', ']'];
  if (pieces.length === 0) return `${openChar}${closeChar}`;
  if (children.length === 0) {
    const base = lineIndent(text, node.offset);
    const indent = base + ctx.unit;
    return `${openChar}${ctx.eol}${indent}${pieces.map((p) => p.render(indent, false)).join(`,${ctx.eol}${indent}`)}${ctx.eol}${base}${closeChar}`;
  }
  const open = text.slice(node.offset, children[0].offset);
  const close = text.slice(end(children[children.length - 1]), end(node));
  const seps = children.slice(1).map((c, i) => text.slice(end(children[i]), c.offset));
  const inline = !open.includes('\n');
  const indent = inline ? '' : open.slice(open.lastIndexOf('\n') + 1);
  const sep = mostCommon(seps) ?? (inline ? ', ' : `,${ctx.eol}${indent}`);
  let out = open;
  pieces.forEach((p, k) => {
    if (k > 0) {
      const prev = pieces[k - 1].orig;
      out += prev !== undefined && p.orig === prev + 1 ? seps[prev] : sep;
    }
    out += p.render(indent, inline);
  });
  return out + close;
}

/** New text for `node` (whose old value is known to parse) so that it holds `value`. */
function render(node: Node, value: Json, inlineParent: boolean, ctx: Ctx): string {
  if (nodeCanonical(node) === canonical(value)) return ctx.text.slice(node.offset, end(node));
  if (node.type === 'object' && isObject(value)) return renderObject(node, value, ctx) ?? fresh(value, lineIndent(ctx.text, node.offset), inlineParent, ctx);
  if (node.type === 'array' && Array.isArray(value)) return renderArray(node, value, ctx);
  return fresh(value, lineIndent(ctx.text, node.offset), inlineParent, ctx);
}

function renderObject(node: Node, value: Record<string, Json>, ctx: Ctx): string | undefined {
  const props = node.children ?? [];
  const keys = props.map((p) => p.children![0].value as string);
  if (new Set(keys).size !== keys.length) return undefined; // duplicate keys: no unambiguous place to edit
  const colon = props.length ? ctx.text.slice(end(props[0].children![0]), props[0].children![1]?.offset ?? end(props[0].children![0])) : ': ';
  const wanted = Object.keys(value).filter((k) => value[k] !== undefined);
  // Old keys in their old order, then each new key after the key before it in the new data.
  const order: string[] = keys.filter((k) => k in value && value[k] !== undefined);
  wanted.forEach((k, i) => {
    if (order.includes(k)) return;
    // After the nearest key before it in the new data; first when no key comes before it.
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const idx = order.indexOf(wanted[j]);
      if (idx >= 0) {
        at = idx + 1;
        break;
      }
    }
    order.splice(at, 0, k);
  });
  const pieces: Piece[] = order.map((k) => {
    const i = keys.indexOf(k);
    if (i < 0) return { render: (indent, inline) => `${JSON.stringify(k)}${colon}${fresh(value[k], indent, inline, ctx)}` };
    const prop = props[i];
    const valueNode = prop.children![1];
    return {
      orig: i,
      render: (_indent, inline) =>
        valueNode ? ctx.text.slice(prop.offset, valueNode.offset) + render(valueNode, value[k], inline, ctx) : ctx.text.slice(prop.offset, end(prop)),
    };
  });
  return rebuild(node, pieces, ctx);
}

/** How alike two values are (0: not at all): the number of equal properties of two objects; arrays are alike. */
function similarity(a: Json, b: Json): number {
  if (isObject(a) && isObject(b)) {
    let n = 0;
    for (const k of Object.keys(a)) if (k in b && canonical(a[k]) === canonical(b[k])) n++;
    return n;
  }
  if (Array.isArray(a) && Array.isArray(b)) return 1;
  return 0;
}

/** Longest common subsequence of two lists of keys, as pairs of indices. */
function lcs(a: string[], b: string[]): [number, number][] {
  // Common start and end first: the usual edit touches one place, which keeps the table small.
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let e = 0;
  while (e < a.length - s && e < b.length - s && a[a.length - 1 - e] === b[b.length - 1 - e]) e++;
  const A = a.slice(s, a.length - e);
  const B = b.slice(s, b.length - e);
  const n = A.length;
  const m = B.length;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] = A[i] === B[j] ? table[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  for (let k = 0; k < s; k++) pairs.push([k, k]);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (A[i] === B[j]) {
      pairs.push([s + i, s + j]);
      i++;
      j++;
    } else if (table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1]) i++;
    else j++;
  }
  for (let k = 0; k < e; k++) pairs.push([a.length - e + k, b.length - e + k]);
  return pairs;
}

/** Ordered pairing of removed and added items in one gap that maximises their total similarity. */
function matchGap(removed: number[], added: number[], oldItem: (i: number) => Json, newItems: Json[]): [number, number][] {
  const n = removed.length;
  const m = added.length;
  if (n === 0 || m === 0) return [];
  const score = new Float64Array((n + 1) * (m + 1));
  const sim = (i: number, j: number) => similarity(oldItem(removed[i]), newItems[added[j]]);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const s = sim(i, j);
      score[i * (m + 1) + j] = Math.max(s > 0 ? s + score[(i + 1) * (m + 1) + j + 1] : 0, score[(i + 1) * (m + 1) + j], score[i * (m + 1) + j + 1]);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    const s = sim(i, j);
    if (s > 0 && score[i * (m + 1) + j] === s + score[(i + 1) * (m + 1) + j + 1]) {
      pairs.push([removed[i], added[j]]);
      i++;
      j++;
    } else if (score[(i + 1) * (m + 1) + j] >= score[i * (m + 1) + j + 1]) i++;
    else j++;
  }
  return pairs;
}

function renderArray(node: Node, value: Json[], ctx: Ctx): string {
  const children = node.children ?? [];
  // Old values are only built for items that may have been edited (similarity in a gap).
  const built = new Map<number, Json>();
  const oldItem = (i: number): Json => {
    if (!built.has(i)) built.set(i, getNodeValue(children[i]) as Json);
    return built.get(i)!;
  };
  const oldKeys = children.map(nodeCanonical);
  const newKeys = value.map(canonical);
  const same = lcs(oldKeys, newKeys);
  // Gaps between matched items: what was removed and added there may be the same item, edited.
  const pairs: [number, number][] = [];
  const bounds: [number, number][] = [[-1, -1], ...same, [children.length, value.length]];
  for (let g = 0; g + 1 < bounds.length; g++) {
    const [oi, ni] = bounds[g];
    const [oj, nj] = bounds[g + 1];
    if (g > 0) pairs.push(bounds[g]);
    const removed = Array.from({ length: oj - oi - 1 }, (_, k) => oi + 1 + k);
    const added = Array.from({ length: nj - ni - 1 }, (_, k) => ni + 1 + k);
    pairs.push(...matchGap(removed, added, oldItem, value));
  }
  const oldOf = new Map(pairs.map(([o, n]) => [n, o]));
  const pieces: Piece[] = value.map((item, n) => {
    const o = oldOf.get(n);
    if (o !== undefined) return { orig: o, render: (_indent, inline) => render(children[o], item, inline, ctx) };
    // An item equal to an old one (moved or duplicated) keeps that item's own text.
    const twin = oldKeys.indexOf(newKeys[n]);
    if (twin >= 0) return { render: () => ctx.text.slice(children[twin].offset, end(children[twin])) };
    return { render: (indent, inline) => fresh(item, indent, inline, ctx) };
  });
  return rebuild(node, pieces, ctx);
}

/**
 * The text to save: `oldText` changed as little as possible so that it parses to `data`.
 * With no old text (a new file), or one that does not parse, the data as fresh 2-space JSON.
 */
export function editJsonText(oldText: string | undefined, data: unknown): string {
  const value = normalise(data);
  if (oldText === undefined || oldText.trim() === '') return serializeNew(value);
  const errors: ParseError[] = [];
  const root = parseTree(oldText, errors, { allowTrailingComma: false, disallowComments: true });
  if (!root || errors.length > 0) return serializeNew(value);
  const ctx: Ctx = { text: oldText, unit: detectIndent(oldText), eol: detectEol(oldText) };
  let body: string;
  if (root.type === 'object' && isObject(value)) {
    const out = nodeCanonical(root) === canonical(value) ? oldText.slice(root.offset, end(root)) : renderObject(root, value, ctx);
    // Duplicate keys at the top: no unambiguous place to edit.
    if (out === undefined) return serializeNew(value);
    body = out;
  } else body = render(root, value, false, ctx);
  return oldText.slice(0, root.offset) + body + oldText.slice(end(root));
}

/** The change from one text to another as jsonc-parser edits (one edit spanning the differing middle; none if equal). */
export function textEdits(oldText: string, newText: string): Edit[] {
  if (oldText === newText) return [];
  let s = 0;
  while (s < oldText.length && s < newText.length && oldText[s] === newText[s]) s++;
  let e = 0;
  while (e < oldText.length - s && e < newText.length - s && oldText[oldText.length - 1 - e] === newText[newText.length - 1 - e]) e++;
  return [{ offset: s, length: oldText.length - s - e, content: newText.slice(s, newText.length - e) }];
}
