import type { Display } from '../../../renderer/images/display.ts';

/** Two widths closer than this share one file (the larger): a few percent more pixels costs less than another file. */
const CLOSE = 1.1;

/**
 * The widths to make a picture at, smallest first: the width the config declares, and 1x and 2x of each width its
 * blocks show it at. None is wider than the file itself (a picture is never enlarged): a wider one becomes the file's
 * own width.
 */
export function variantWidths(uses: readonly { declaredWidth: number; display: Display }[], fileWidth: number): number[] {
  const wanted = uses.flatMap((u) => [u.declaredWidth, ...u.display.widths.flatMap((w) => [w, 2 * w])]);
  const capped = [...new Set(wanted.map((w) => Math.min(Math.round(w), fileWidth)))].filter((w) => w > 0).sort((a, b) => a - b);
  const out: number[] = [];
  for (const w of capped) {
    if (out.length > 0 && w < out[out.length - 1] * CLOSE) out[out.length - 1] = w;
    else out.push(w);
  }
  return out;
}
