/**
 * The dashboard's date range, read from the address: a choice (today, 7 days, 30 days, custom) and, for custom, From
 * and To. Days are whole UTC days, as the counting stores them; a range ends today unless custom says otherwise.
 */
import { dayCount, isDay, RANGE_MAX_DAYS } from '../../stats/range.ts';
import { utcDay } from '../../stats/salt.ts';
import type { DayRange } from '../../stats/types.ts';

export const RANGE_CHOICES = ['today', '7d', '30d', 'custom'] as const;
export type RangeChoice = (typeof RANGE_CHOICES)[number];

/** The words of each choice, as the form shows them. */
export const CHOICE_WORDS: Readonly<Record<RangeChoice, string>> = { today: 'Today', '7d': '7 days', '30d': '30 days', custom: 'Custom' };

/** The longest range the dashboard reads: the one limit of every stats range. */
export const MAX_DAYS = RANGE_MAX_DAYS;

const PRESET_DAYS: Readonly<Record<Exclude<RangeChoice, 'custom'>, number>> = { today: 1, '7d': 7, '30d': 30 };

/** What the range form shows and what the figures are read for. */
export interface RangeQuery {
  choice: RangeChoice;
  /** The From and To boxes: the range in effect, or what was typed when it cannot be used. */
  from: string;
  to: string;
  /** The range to read; absent when `problem` says why it cannot be read. */
  range?: DayRange;
  problem?: { field: 'range' | 'from' | 'to'; message: string };
}

/** Reads `range`, `from` and `to` from the address; without them, the last 7 days ending today (UTC). */
export function readRange(q: Record<string, string | undefined>, now: number): RangeQuery {
  const raw = (q.range ?? '').trim();
  const from = (q.from ?? '').trim();
  const to = (q.to ?? '').trim();
  const choice = (raw === '' ? '7d' : raw) as RangeChoice;
  if (!RANGE_CHOICES.includes(choice)) {
    const r = preset('7d', now);
    return { choice: '7d', ...r, problem: { field: 'range', message: 'Choose Today, 7 days, 30 days or Custom, then press Show.' } };
  }
  if (choice !== 'custom') {
    const r = preset(choice, now);
    return { choice, ...r, range: r };
  }
  const asked = { choice, from, to };
  if (!isDay(from))
    return { ...asked, problem: { field: 'from', message: `${from ? 'From is not a date.' : 'From is empty.'} Pick a day, or type it as YYYY-MM-DD.` } };
  if (!isDay(to)) return { ...asked, problem: { field: 'to', message: `${to ? 'To is not a date.' : 'To is empty.'} Pick a day, or type it as YYYY-MM-DD.` } };
  if (from > to) return { ...asked, problem: { field: 'from', message: 'From is after To. Pick a From day on or before the To day.' } };
  if (dayCount({ from, to }) > MAX_DAYS)
    return { ...asked, problem: { field: 'from', message: `That is more than ${MAX_DAYS} days. Pick a shorter range, at most a year.` } };
  return { ...asked, range: { from, to } };
}

function preset(choice: Exclude<RangeChoice, 'custom'>, now: number): DayRange {
  return { from: utcDay(now, 1 - PRESET_DAYS[choice]), to: utcDay(now) };
}

/**
 * The range as the address carries it for the CSV links: the very days the page shows, written out, so a file
 * downloaded after midnight (UTC) still holds what was on the screen.
 */
export function rangeParams(range: DayRange): string {
  return new URLSearchParams({ range: 'custom', from: range.from, to: range.to }).toString();
}
