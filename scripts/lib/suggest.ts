import { createRequire } from 'node:module';

type Levenshtein = typeof import('fastest-levenshtein');
let levenshtein: Levenshtein | undefined;

/** The candidate nearest to `input`, if it is near enough to be a likely typo. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = input.toLowerCase();
  // Loaded on first use: only a run with a problem to explain needs it.
  const { distance } = (levenshtein ??= createRequire(import.meta.url)('fastest-levenshtein') as Levenshtein);
  for (const c of candidates) {
    const d = distance(lower, c.toLowerCase());
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  if (best === undefined) return undefined;
  const limit = Math.max(2, Math.floor(Math.max(input.length, best.length) / 3));
  return bestScore <= limit ? best : undefined;
}
