/**
 * Click to edit without the blocks' help: the text of what was clicked in the preview (or a picture's address or
 * description) is matched to the string values of the section's data, which gives the field to put the cursor in.
 */

/** One element on the way from the clicked one out to its section, as the matcher sees it. */
export interface Clicked {
  /** Its visible text, whitespace as rendered. */
  text?: string;
  /** For a picture: its address as written in the markup, and its description. */
  src?: string;
  alt?: string;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Every string value of a section's data with its path, in document order. Its kind ("type") is not a field. */
export function stringLeaves(value: unknown, path: string[] = []): { path: string[]; value: string }[] {
  if (typeof value === 'string') return path.length && !(path.length === 1 && path[0] === 'type') ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

const fileName = (s: string) => s.split(/[?#]/)[0].split('/').pop() ?? '';

/**
 * The path of the field the clicked element shows, or null. `chain` starts at the clicked element and goes outwards;
 * the nearest element whose text is exactly one field's value wins, then the nearest whose text is part of a
 * longer value (a paragraph of an answer), so a click on a button's label finds the label, not the section's heading.
 */
export function matchField(data: unknown, chain: readonly Clicked[]): string[] | null {
  const leaves = stringLeaves(data)
    .map((l) => ({ ...l, text: squash(l.value) }))
    .filter((l) => l.text);
  for (const el of chain) {
    if (el.src !== undefined || el.alt !== undefined) {
      const alt = squash(el.alt ?? '');
      const byAlt = alt && leaves.find((l) => l.text === alt);
      if (byAlt) return byAlt.path;
      const src = el.src ?? '';
      const bySrc = src && leaves.find((l) => l.value === src || (fileName(l.value) && fileName(l.value) === fileName(src)));
      if (bySrc) return bySrc.path;
    }
    const text = squash(el.text ?? '');
    if (!text) continue;
    const exact = leaves.find((l) => l.text === text);
    if (exact) return exact.path;
    // Longer values are shown in parts (paragraphs, list items): a part of at least a few letters points to its value.
    if (text.length >= 4) {
      const within = leaves.find((l) => l.text.includes(text));
      if (within) return within.path;
    }
  }
  return null;
}

/** The JSON pointer of a field of the section at `index` of a page: "/blocks/0/actions/1/label". */
export function blockPointer(index: number, field: readonly string[]): string {
  return ['', 'blocks', String(index), ...field.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');
}
