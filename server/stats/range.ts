/** The funnel's date ranges as typed (npm run leads -- stats, the admin socket): whole UTC days, both ends included. */
import type { DayRange } from './types.ts';
import { utcDay } from './salt.ts';

/** The longest range read at once, in days: a year, leap day included. */
export const RANGE_MAX_DAYS = 366;

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && utcDay(t) === s;
}

/** Days from `from` to `to`, both included (0 when reversed). */
export const dayCount = (r: DayRange) => Math.max(0, Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / 86_400_000) + 1);

/** Why a range cannot be read, in words; undefined when it can. */
export function dayRangeProblem(range: DayRange): string | undefined {
  for (const [name, value] of [
    ['from', range.from],
    ['to', range.to],
  ] as const)
    if (!isDay(value)) return `"${name}" must be a date written YYYY-MM-DD, such as 2026-11-01.`;
  if (range.from > range.to) return `The range must start on or before its end ("from" ${range.from} is after "to" ${range.to}).`;
  const days = dayCount(range);
  if (days > RANGE_MAX_DAYS) return `A range may span at most ${RANGE_MAX_DAYS} days; this one spans ${days}.`;
  return undefined;
}

/**
 * The range the options name: --from alone runs to today, --to alone is that one day, neither is today (UTC).
 */
export function rangeFrom(from: string | undefined, to: string | undefined, now: number = Date.now()): DayRange {
  const today = utcDay(now);
  if (from === undefined && to === undefined) return { from: today, to: today };
  if (from === undefined) return { from: to!, to: to! };
  return { from, to: to ?? today };
}
