/**
 * The preview's rule for a part of the page (a section, the header, the footer) whose current values cannot be shown:
 * it keeps showing the last rendering that worked, marked, and tries the current values again as soon as they (or
 * the shared data they read, such as a question set) change.
 */

/** What to show for one part of the page. */
export type Showing =
  | { mode: 'live' }
  /** The last good rendering, marked, with the reason beside it. */
  | { mode: 'last-good'; reason: string }
  /** Nothing has rendered well yet: only the reason. */
  | { mode: 'reason-only'; reason: string };

export const CRASHED_REASON = 'Some of its settings are not complete yet: fill in or correct its fields.';

export interface Attempt {
  /** Identifies the values being tried: the part's own values and the shared data it reads. */
  key: string;
  /** Why the values cannot be shown (from the schema check), or null when they look fine. */
  problem: string | null;
}

/**
 * Decides between the live rendering and the last good one. `failedKey` is the attempt whose rendering threw, if any:
 * those same values are not tried again, but any change to them is.
 */
export function decide(attempt: Attempt, failedKey: string | null, hasLastGood: boolean): Showing {
  const reason = attempt.problem ?? (failedKey === attempt.key ? CRASHED_REASON : null);
  if (reason === null) return { mode: 'live' };
  return hasLastGood ? { mode: 'last-good', reason } : { mode: 'reason-only', reason };
}
