/**
 * Three-way merge of config files by path, not by text lines: the draft ("mine") and what is live now ("theirs"),
 * both grown from a common base. Pure: no file system, no git.
 *
 * Objects merge key by key; arrays (a page's blocks, lists of links, questions, form fields) by a diff3 of their
 * elements compared as canonical JSON, so an edit to one block and an insertion elsewhere merge by themselves. The
 * same place changed differently on both sides is a conflict: the merged value holds the person's own value there
 * until they choose.
 */
import { canonical, editJsonText } from '../../editor/server/json-edit.ts';
import { alignPairs } from './align.ts';
import { fieldLabel, fileLabel } from './describe.ts';
import { conflictKey, type FieldConflict, type Resolutions } from './types.ts';

export interface MergeConflict {
  /**
   * RFC 6901 pointer of the conflicted place in the BASE document: it stays the same however the live version moves
   * on, so a person's choice made for one publish attempt still applies when the publish is retried.
   */
  pointer: string;
  /** Where the conflicted place is in the merged value (it differs from `pointer` when elements were added before it). */
  at: string;
  /** undefined: absent on that side. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  value: unknown;
  conflicts: MergeConflict[];
}

type Seg = string | number;
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON equality with key order ignored; undefined (absent) equals only undefined. */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  return canonical(a) === canonical(b);
}

const escapeSeg = (s: Seg) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
export const toPointer = (segs: readonly Seg[]) => segs.map((s) => `/${escapeSeg(s)}`).join('');

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

interface Hunk {
  /** Start of the hunk in base, and the three sides' elements. */
  start: number;
  base: unknown[];
  mine: unknown[];
  theirs: unknown[];
  stable: boolean;
}

/**
 * diff3: the arrays cut into stable elements (the same element on all three sides, possibly edited) and the unstable
 * hunks between them (elements added or removed).
 */
function diff3(base: unknown[], mine: unknown[], theirs: unknown[]): Hunk[] {
  const toMine = new Map(alignPairs(base, mine));
  const toTheirs = new Map(alignPairs(base, theirs));
  const hunks: Hunk[] = [];
  let b = 0;
  let m = 0;
  let t = 0;
  const push = (bEnd: number, mEnd: number, tEnd: number, stable: boolean) => {
    if (bEnd > b || mEnd > m || tEnd > t) hunks.push({ start: b, base: base.slice(b, bEnd), mine: mine.slice(m, mEnd), theirs: theirs.slice(t, tEnd), stable });
    [b, m, t] = [bEnd, mEnd, tEnd];
  };
  while (b < base.length || m < mine.length || t < theirs.length) {
    let j = b;
    while (j < base.length && !(toMine.has(j) && toTheirs.has(j))) j++;
    if (j >= base.length) {
      push(base.length, mine.length, theirs.length, false);
      break;
    }
    const mj = toMine.get(j)!;
    const tj = toTheirs.get(j)!;
    if (j === b && mj === m && tj === t) push(b + 1, m + 1, t + 1, true);
    else push(j, mj, tj, false);
  }
  return hunks;
}

function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Sets (or, with undefined, removes) the value at `segs` inside `root`, returning the new root. */
function setAt(root: unknown, segs: readonly string[], value: unknown): unknown {
  if (segs.length === 0) return value;
  let node = root;
  for (const s of segs.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(s)] : isObj(node) ? node[s] : undefined;
    if (node === undefined || node === null || typeof node !== 'object') throw new Error(`No place at ${toPointer(segs)}`);
  }
  const last = segs[segs.length - 1];
  if (Array.isArray(node)) {
    const i = Number(last);
    if (value === undefined) node.splice(i, 1);
    else node[i] = value;
  } else if (isObj(node)) {
    if (value === undefined) delete node[last];
    else node[last] = value;
  }
  return root;
}

class Merger {
  conflicts: MergeConflict[] = [];

  merge(base: unknown, mine: unknown, theirs: unknown, ptr: Seg[], at: Seg[]): unknown {
    if (same(mine, theirs)) return mine;
    if (same(base, mine)) return theirs;
    if (same(base, theirs)) return mine;
    if (isObj(base) && isObj(mine) && isObj(theirs)) return this.mergeObject(base, mine, theirs, ptr, at);
    if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)) return this.mergeArray(base, mine, theirs, ptr, at);
    this.conflicts.push({ pointer: toPointer(ptr), at: toPointer(at), base, mine, theirs });
    return mine;
  }

  mergeObject(base: Obj, mine: Obj, theirs: Obj, ptr: Seg[], at: Seg[]): Obj {
    const out: Obj = {};
    // Mine's key order first (the draft is what the person sees), then keys only the live version added.
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
    for (const k of keys) {
      const v = this.merge(base[k], mine[k], theirs[k], [...ptr, k], [...at, k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  mergeArray(base: unknown[], mine: unknown[], theirs: unknown[], ptr: Seg[], at: Seg[]): unknown[] {
    const before = this.conflicts.length;
    const out: unknown[] = [];
    // Each clean hunk's result, and for hunks changed differently on both sides, mine's and theirs' elements.
    const parts: { merged: unknown[]; mine?: unknown[]; theirs?: unknown[]; from: number }[] = [];
    let clash = false;
    for (const h of diff3(base, mine, theirs)) {
      let merged: unknown[];
      if (!h.stable && (same(h.mine, h.theirs) || same(h.base, h.theirs))) merged = h.mine;
      else if (!h.stable && same(h.base, h.mine)) merged = h.theirs;
      else if (h.base.length === h.mine.length && h.base.length === h.theirs.length) {
        // The same element on all sides (or a hunk of the same shape): the elements merge one by one.
        merged = h.base.map((b, k) => this.merge(b, h.mine[k], h.theirs[k], [...ptr, h.start + k], [...at, out.length + k]));
      } else {
        clash = true;
        parts.push({ merged: h.mine, mine: h.mine, theirs: h.theirs, from: this.conflicts.length });
        out.push(...h.mine);
        continue;
      }
      parts.push({ merged, from: this.conflicts.length });
      out.push(...merged);
    }
    if (!clash) return out;
    // One conflict for the whole array: each side is the merged array with every clashing hunk taken from that side
    // (conflicts inside its elements likewise), so whichever the person keeps, the clean changes of both stay.
    const inner = this.conflicts.splice(before);
    const theirsSide: unknown[] = [];
    let pos = 0;
    for (const p of parts) {
      if (p.theirs) {
        theirsSide.push(...clone(p.theirs));
        pos += p.merged.length;
        continue;
      }
      let chunk = clone(p.merged) as unknown;
      for (const c of inner) {
        const segs = parsePointer(c.at).slice(at.length);
        const i = Number(segs[0]) - pos;
        if (i >= 0 && i < p.merged.length) chunk = setAt(chunk, [String(i), ...segs.slice(1)], clone(c.theirs));
      }
      theirsSide.push(...(chunk as unknown[]));
      pos += p.merged.length;
    }
    this.conflicts.push({ pointer: toPointer(ptr), at: toPointer(at), base, mine: out, theirs: theirsSide });
    return out;
  }
}

/** Merges two changed versions of a JSON value (undefined = absent) with their common base. */
export function merge3(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const m = new Merger();
  const value = m.merge(base, mine, theirs, [], []);
  return { value, conflicts: m.conflicts };
}

/** Sets each conflicted place to the side chosen for it (keyed by the conflict's base pointer); theirs absent = removed. */
export function applyResolutions(merged: unknown, conflicts: readonly MergeConflict[], choices: Record<string, 'mine' | 'theirs'>): unknown {
  let out = clone(merged);
  // Deepest and last first, so a removed array element does not move the places still to be set.
  const chosen = conflicts
    .filter((c) => choices[c.pointer])
    .map((c) => ({ c, segs: parsePointer(c.at) }))
    .sort((x, y) => compareSegs(y.segs, x.segs));
  for (const { c, segs } of chosen) out = setAt(out, segs, clone(choices[c.pointer] === 'theirs' ? c.theirs : c.mine));
  return out;
}

function compareSegs(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const [x, y] = [Number(a[i]), Number(b[i])];
    return Number.isInteger(x) && Number.isInteger(y) ? x - y : a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

/** Text files (.mdx) merge whole: one side's change is taken, two different changes are one conflict at "". */
export function mergeText(base: string | undefined, mine: string | undefined, theirs: string | undefined): MergeResult {
  if (mine === theirs || base === theirs) return { value: mine, conflicts: [] };
  if (base === mine) return { value: theirs, conflicts: [] };
  return { value: mine, conflicts: [{ pointer: '', at: '', base, mine, theirs }] };
}

function parseJson(text: string | undefined): { ok: true; value: unknown } | { ok: false } {
  if (text === undefined) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * One config file merged: its text as it should be written (undefined = the file is deleted) and the conflicts the
 * person has not chosen for yet (`resolutions`, keyed by conflictKey, settles the others). JSON keeps the live
 * version's formatting: only what changed is rewritten, so the commit's diff shows just the change.
 */
export function mergeFile(
  file: string,
  baseText: string | undefined,
  mineText: string | undefined,
  theirsText: string | undefined,
  resolutions: Resolutions = {},
): { text: string | undefined; conflicts: FieldConflict[] } {
  if (mineText === theirsText || baseText === theirsText) return { text: mineText, conflicts: [] };
  if (baseText === mineText) return { text: theirsText, conflicts: [] };
  const docs = file.endsWith('.json') ? [parseJson(baseText), parseJson(mineText), parseJson(theirsText)] : [];
  const [base, mine, theirs] = docs.map((d) => (d.ok ? d.value : undefined));
  const wholeFile = docs.length === 0 || docs.some((d) => !d.ok) || base === undefined || mine === undefined || theirs === undefined;
  // A file added, deleted or unreadable on one side is one conflict over the whole file (values parsed when they are JSON).
  const parsed = docs.length > 0 && docs.every((d) => d.ok);
  const result: MergeResult = !wholeFile
    ? merge3(base, mine, theirs)
    : {
        value: undefined,
        conflicts: [parsed ? { pointer: '', at: '', base, mine, theirs } : { pointer: '', at: '', base: baseText, mine: mineText, theirs: theirsText }],
      };
  const choices: Record<string, 'mine' | 'theirs'> = {};
  for (const c of result.conflicts) {
    const choice = resolutions[conflictKey({ file, pointer: c.pointer })];
    if (choice) choices[c.pointer] = choice;
  }
  const left = result.conflicts.filter((c) => !choices[c.pointer]);
  const where = isObj(base) ? base : isObj(theirs) ? theirs : mine;
  const conflicts: FieldConflict[] = left.map((c) => ({
    file,
    pointer: c.pointer,
    label: c.pointer === '' ? fileLabel(file, where) : `${fileLabel(file, where)} › ${fieldLabel(file, c.pointer, where)}`,
    base: c.base,
    mine: c.mine,
    theirs: c.theirs,
  }));

  let text: string | undefined;
  if (wholeFile) text = choices[''] === 'theirs' ? theirsText : mineText;
  else {
    const value = applyResolutions(result.value, result.conflicts, choices);
    text = value === undefined ? undefined : editJsonText(theirsText, value);
  }
  return { text, conflicts };
}
