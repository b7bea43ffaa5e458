/** Alignment of two lists of elements (compared by their canonical JSON), shared by the merge and the change descriptions. */
import { canonical } from '../../editor/server/json-edit.ts';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Two versions of one element (a block, a link, a question) rather than two different ones: objects of the same
 * type whose anchor names (if both have one) agree and at least half of whose settings are equal.
 */
export function alike(a: unknown, b: unknown): boolean {
  if (!isObj(a) || !isObj(b)) return false;
  if (a.type !== b.type) return false;
  if (a.id !== undefined && b.id !== undefined) return canonical(a.id) === canonical(b.id);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  let equal = 0;
  for (const k of keys) if (a[k] !== undefined && b[k] !== undefined && canonical(a[k]) === canonical(b[k])) equal++;
  return keys.size > 0 && equal * 2 >= keys.size;
}

/**
 * Pairs of the same element in two versions of a list (index in a, index in b), in order: equal elements first, then
 * edited ones (alike), so an element edited on one side still lines up with its old self when another was inserted.
 */
export function alignPairs(a: readonly unknown[], b: readonly unknown[]): [number, number][] {
  const ka = a.map((x) => canonical(x));
  const kb = b.map((x) => canonical(x));
  let head = 0;
  while (head < a.length && head < b.length && ka[head] === kb[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && ka[a.length - 1 - tail] === kb[b.length - 1 - tail]) tail++;
  const n = a.length - head - tail;
  const m = b.length - head - tail;
  // An equal pair weighs more than two edited ones, so equality wins where they compete.
  const weight = (i: number, j: number) => (ka[head + i] === kb[head + j] ? 3 : alike(a[head + i], b[head + j]) ? 1 : 0);
  const score: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const w = weight(i, j);
      score[i][j] = Math.max(score[i + 1][j], score[i][j + 1], w > 0 ? w + score[i + 1][j + 1] : 0);
    }
  const pairs: [number, number][] = [];
  for (let i = 0; i < head; i++) pairs.push([i, i]);
  for (let i = 0, j = 0; i < n && j < m;) {
    const w = weight(i, j);
    if (w > 0 && score[i][j] === w + score[i + 1][j + 1]) {
      pairs.push([head + i, head + j]);
      i++;
      j++;
    } else if (score[i + 1][j] >= score[i][j + 1]) i++;
    else j++;
  }
  for (let k = tail; k > 0; k--) pairs.push([a.length - k, b.length - k]);
  return pairs;
}
