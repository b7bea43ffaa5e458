/** What an undo or redo step changed, in words for a screen reader: "changed Heading in Section 1: Hero". */
import { humanise, sectionName } from './pointer.ts';

type Doc = Record<string, unknown>;

const record = (v: unknown): Doc => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {});
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const blockName = (block: unknown, i: number) => sectionName(i, humanise(String(record(block).type ?? 'section')));

/** The first key whose value differs between two versions of an object, in words ("Heading"), or ''. */
function changedKey(before: unknown, after: unknown, skip: string[] = []): string {
  const a = record(before);
  const b = record(after);
  const key = [...new Set([...Object.keys(a), ...Object.keys(b)])].find((k) => !skip.includes(k) && !same(a[k], b[k]));
  return key ? humanise(key) : '';
}

/** One file's change: a section added, removed or moved, a field of a section or of the page, or a setting of a file. */
function fileChange(before: unknown, after: unknown, label: string, selected: number | null): string {
  const was = record(before).blocks;
  const now = record(after).blocks;
  if (Array.isArray(was) && Array.isArray(now)) {
    if (now.length > was.length) return `added a section to ${label}`;
    if (now.length < was.length) return `removed a section from ${label}`;
    const at = now.findIndex((b, i) => !same(b, was[i]));
    if (at >= 0) {
      const key = (b: unknown) => JSON.stringify(b);
      const moved = [...was.map(key)].sort().join('\n') === [...now.map(key)].sort().join('\n');
      // A move swaps neighbours: the section that moved is the one selected (undo restores the selection).
      const which = selected !== null && now[selected] !== undefined && !same(now[selected], was[selected]) ? now[selected] : was[at];
      if (moved) return `moved ${humanise(String(record(which).type ?? 'section'))} in ${label}`;
      const field = changedKey(was[at], now[at]);
      return `changed ${field || 'a field'} in ${blockName(now[at], at)}`;
    }
    const field = changedKey(before, after, ['blocks']);
    return `changed ${field || 'a setting'} in the page settings of ${label}`;
  }
  const field = changedKey(before, after);
  return `changed ${field || 'a setting'} in ${label}`;
}

/**
 * The change between two states of the editor's files, each file named by `label` ("Page “Home” (/)"). Several files
 * at once (rare: a paste into another page) are counted. `selected` is the section selected after the change.
 */
export function describeChange(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  label: (path: string) => string,
  selected: number | null = null,
): string {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((p) => before[p] !== after[p] && !same(before[p], after[p]));
  if (paths.length === 0) return 'nothing to change';
  if (paths.length > 1) return `changes in ${paths.length} files`;
  const [path] = paths;
  return fileChange(before[path], after[path], label(path), selected);
}
