/** RFC 6901 JSON pointers ("/blocks/0/type"), the way diagnostics name a place inside a config file. */

/** One segment as a pointer writes it: "~" becomes "~0" and "/" becomes "~1". */
export function escapeSegment(seg: string | number): string {
  return String(seg).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A pointer from its segments: pointer('blocks', 0, 'type') is "/blocks/0/type". */
export function pointer(...segs: (string | number)[]): string {
  return segs.map((s) => `/${escapeSegment(s)}`).join('');
}

/** Splits a pointer into segments, numbers for array indexes. */
export function pointerSegments(ptr: string): (string | number)[] {
  if (ptr === '') return [];
  return ptr
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The value a pointer names inside a parsed document, or undefined when there is none. */
export function valueAt(root: unknown, ptr: string): unknown {
  let cur: unknown = root;
  for (const seg of pointerSegments(ptr)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[String(seg)];
  }
  return cur;
}
