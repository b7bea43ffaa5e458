/**
 * Pure edit operations on config documents. Every one returns a new value and shares every untouched part with the
 * old one (structural sharing), so undo history stays cheap and the preview can tell changed blocks by identity.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Block = { type: string; [key: string]: unknown };
export type PageDoc = { route?: string; title?: string; description?: string; blocks: Block[]; [key: string]: unknown };

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return list.slice();
  const target = clamp(to, 0, list.length - 1);
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item);
  return next;
}

/** A deep copy through JSON: what a block is on disk, with nothing shared with the original. */
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function withBlocks(page: PageDoc, blocks: Block[]): PageDoc {
  return { ...page, blocks };
}

export function moveBlock(page: PageDoc, from: number, to: number): PageDoc {
  return withBlocks(page, moveItem(page.blocks, from, to));
}

export function duplicateBlock(page: PageDoc, index: number): PageDoc {
  const block = page.blocks[index];
  if (!block) return page;
  const copy = cloneJson(block);
  // Two blocks with the same anchor name would break links to it; the copy gets a fresh one.
  if (typeof copy.id === 'string') copy.id = uniqueId(page.blocks, copy.id);
  const blocks = page.blocks.slice();
  blocks.splice(index + 1, 0, copy);
  return withBlocks(page, blocks);
}

export function removeBlock(page: PageDoc, index: number): PageDoc {
  if (index < 0 || index >= page.blocks.length) return page;
  return withBlocks(
    page,
    page.blocks.filter((_, i) => i !== index),
  );
}

/** Inserts a copy of `block` at `at` (default: the end). Used by the palette and by paste. */
export function insertBlock(page: PageDoc, block: Block, at = page.blocks.length): PageDoc {
  const copy = cloneJson(block);
  if (typeof copy.id === 'string' && page.blocks.some((b) => b.id === copy.id)) copy.id = uniqueId(page.blocks, copy.id);
  const blocks = page.blocks.slice();
  blocks.splice(clamp(at, 0, blocks.length), 0, copy);
  return withBlocks(page, blocks);
}

export function replaceBlock(page: PageDoc, index: number, block: Block): PageDoc {
  if (!page.blocks[index]) return page;
  const blocks = page.blocks.slice();
  blocks[index] = block;
  return withBlocks(page, blocks);
}

function uniqueId(blocks: readonly Block[], id: string): string {
  const base = id.replace(/-\d+$/, '');
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!blocks.some((b) => b.id === candidate)) return candidate;
  }
}

/**
 * What a form produced, tidied for the file: keys whose value became undefined are dropped, and empty objects or
 * lists that the form made up (they were not in the file before) are left out, so opening and editing one field
 * never adds clutter elsewhere in the file.
 */
export function tidy(next: unknown, before: unknown): unknown {
  if (Array.isArray(next)) return next.map((v, i) => tidy(v, Array.isArray(before) ? before[i] : undefined));
  if (next && typeof next === 'object') {
    const prev = before && typeof before === 'object' && !Array.isArray(before) ? (before as Record<string, unknown>) : {};
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(next as Record<string, unknown>)) {
      if (v === undefined) continue;
      const t = tidy(v, prev[k]);
      const empty = (Array.isArray(t) && t.length === 0) || (t && typeof t === 'object' && !Array.isArray(t) && Object.keys(t).length === 0);
      if (empty && !(k in prev)) continue;
      out[k] = t;
    }
    return sameJson(out, before) ? before : out;
  }
  return next;
}

export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
