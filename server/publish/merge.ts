/**
 * Three-way merge of config documents by JSON path (a small version; the full one, with a diff3 of arrays, replaces
 * it). Changes to different keys or different elements merge by themselves; the same place changed differently on
 * both sides is a conflict, whose merged value holds `mine` until the person chooses.
 */
import { conflictKey, type FieldConflict, type Resolutions } from './types.ts';
import { editJsonText } from '../../editor/server/json-edit.ts';
import { fieldLabel } from './describe.ts';

export interface RawConflict {
  /** RFC 6901 pointer, indexing arrays by the base document's positions. */
  pointer: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

const canon = (v: unknown): string =>
  JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1))) : x,
  ) ?? 'undefined';
const same = (a: unknown, b: unknown) => canon(a) === canon(b);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

export function merge3(base: unknown, mine: unknown, theirs: unknown, at = ''): { value: unknown; conflicts: RawConflict[] } {
  if (same(mine, theirs)) return { value: mine, conflicts: [] };
  if (same(base, mine)) return { value: theirs, conflicts: [] };
  if (same(base, theirs)) return { value: mine, conflicts: [] };
  if (isObject(base) && isObject(mine) && isObject(theirs)) {
    const value: Record<string, unknown> = {};
    const conflicts: RawConflict[] = [];
    const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])];
    for (const k of keys) {
      const r = merge3(base[k], mine[k], theirs[k], `${at}/${esc(k)}`);
      conflicts.push(...r.conflicts);
      if (r.value !== undefined) value[k] = r.value;
    }
    return { value, conflicts };
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs) && base.length === mine.length && base.length === theirs.length) {
    const conflicts: RawConflict[] = [];
    const value = base.map((b, i) => {
      const r = merge3(b, mine[i], theirs[i], `${at}/${i}`);
      conflicts.push(...r.conflicts);
      return r.value;
    });
    return { value, conflicts };
  }
  return { value: mine, conflicts: [{ pointer: at, base, mine, theirs }] };
}

function setAt(doc: unknown, pointer: string, v: unknown): unknown {
  if (pointer === '') return v;
  const parts = pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const rootCopy: unknown = structuredClone(doc);
  let cur = rootCopy as Record<string, unknown> | unknown[];
  for (const p of parts.slice(0, -1)) cur = (cur as Record<string, unknown>)[p] as Record<string, unknown>;
  const last = parts[parts.length - 1];
  if (Array.isArray(cur)) {
    if (v === undefined) cur.splice(Number(last), 1);
    else cur[Number(last)] = v;
  } else if (v === undefined) delete cur[last];
  else cur[last] = v;
  return rootCopy;
}

/** Sets each conflicted place to the chosen side (theirs absent: the key or element goes). */
export function applyResolutions(merged: unknown, conflicts: RawConflict[], choices: Record<string, 'mine' | 'theirs'>): unknown {
  let out = merged;
  // Deepest and last first, so removing an element does not shift the ones still to set.
  for (const c of [...conflicts].reverse()) {
    const choice = choices[c.pointer];
    if (choice) out = setAt(out, c.pointer, choice === 'mine' ? c.mine : c.theirs);
  }
  return out;
}

export function mergeText(
  base: string | undefined,
  mine: string | undefined,
  theirs: string | undefined,
): { value: string | undefined; conflicts: RawConflict[] } {
  if (mine === theirs || base === theirs) return { value: mine, conflicts: [] };
  if (base === mine) return { value: theirs, conflicts: [] };
  return { value: mine, conflicts: [{ pointer: '', base, mine, theirs }] };
}

const parse = (text: string | undefined): unknown => (text === undefined ? undefined : (JSON.parse(text) as unknown));

/**
 * Merges one config file's three texts (undefined: the file is not there on that side). `resolutions` (keyed by
 * conflictKey) settles conflicts; the ones left are returned, and where they are the text holds `mine`.
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
  let raw: { value: unknown; conflicts: RawConflict[] };
  let json = false;
  if (file.endsWith('.json') && mineText !== undefined && theirsText !== undefined && baseText !== undefined) {
    try {
      raw = merge3(parse(baseText), parse(mineText), parse(theirsText));
      json = true;
    } catch {
      raw = mergeText(baseText, mineText, theirsText);
    }
  } else raw = mergeText(baseText, mineText, theirsText);
  const choices: Record<string, 'mine' | 'theirs'> = {};
  for (const c of raw.conflicts) {
    const choice = resolutions[conflictKey({ file, pointer: c.pointer })];
    if (choice) choices[c.pointer] = choice;
  }
  let text: string | undefined;
  if (json) {
    const value = applyResolutions(raw.value, raw.conflicts, choices);
    text = value === undefined ? undefined : editJsonText(theirsText, value);
  } else text = choices[''] === 'theirs' ? theirsText : mineText;
  const doc = (() => {
    try {
      return parse(mineText ?? theirsText);
    } catch {
      return undefined;
    }
  })();
  const left = raw.conflicts.filter((c) => !choices[c.pointer]);
  return { text, conflicts: left.map((c) => ({ file, ...c, label: fieldLabel(file, c.pointer, doc) })) };
}
