/**
 * The one suggester for every kind of name the checker explains: routes, block types, settings, fragments, named
 * links, ids, form fields and file names. One rule decides what is "near", so a marketer gets the same kind of hint
 * everywhere, and the editor (which will show these checks under each field) can reuse it as it is.
 *
 * Pure TypeScript on purpose (no package): the form checker in renderer/ runs in the browser too.
 */

/**
 * Edit distance, case-insensitive: inserting, deleting or replacing a character, or swapping two neighbours
 * ("titel" for "title"), each counts one (optimal string alignment).
 */
export function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return 0;
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) => [i]);
  for (let j = 1; j <= y.length; j++) d[0][j] = j;
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[x.length][y.length];
}

/**
 * Is `candidate` a likely intended spelling of `input`? The one distance rule: at most one edit per three characters
 * of the longer name (at least one edit, and fewer edits than the shorter name has characters), or the same name cut short (one starts with the other, the shorter at
 * least four characters long: "phone" for "phoneNumber"). Never the value itself: suggesting what was written
 * does not help.
 */
export function isNear(input: string, candidate: string): boolean {
  if (input === candidate || input === '' || candidate === '') return false;
  const limit = Math.max(1, Math.floor(Math.max(input.length, candidate.length) / 3));
  const d = distance(input, candidate);
  // Some of the name must survive: "2" is not a likely spelling of "3", only another value.
  if (d <= limit && d < Math.min(input.length, candidate.length)) return true;
  const [short, long] = input.length <= candidate.length ? [input, candidate] : [candidate, input];
  return short.length >= 4 && long.toLowerCase().startsWith(short.toLowerCase());
}

/** The candidate nearest to `input` by the rule above, if any is near enough to be a likely typo. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    if (!isNear(input, c)) continue;
    const d = distance(input, c);
    if (d < bestScore) {
      bestScore = d;
      best = c;
    }
  }
  return best;
}
