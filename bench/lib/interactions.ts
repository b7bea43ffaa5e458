/**
 * The pure half of `npm run bench -- --interactions` (bench/lib/interactions-bench.ts measures): the figures of one
 * interaction over its runs, the target verdict and the printed table.
 */
import { median } from './audit-figures.ts';

/** Lighthouse's mobile throttling, as the bench applies it through the Chrome DevTools Protocol. */
export const MOBILE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  // Lighthouse's 1.6 Mbps and 750 Kbps, in the bytes per second CDP takes.
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** The target: a first outcome on screen within 200 ms, a later one within 100 ms ... */
export const FIRST_TARGET_MS = 200;
export const LATER_TARGET_MS = 100;
/** ... or, where the control build is itself over, within 50 ms of the control. */
export const CONTROL_ALLOWANCE_MS = 50;

/** One run of one interaction: two latencies for the first and for the second interaction. */
export interface InteractionRun {
  /** From the input event's timeStamp to the rAF time of the first frame whose DOM shows the outcome. */
  firstOutcome: number;
  /** Event Timing's duration for that interaction; null when Chromium reported none (under 16 ms, or no interaction). */
  firstInp: number | null;
  secondOutcome: number;
  secondInp: number | null;
}

/** Median and spread (min–max) of one figure over the runs. */
export interface Figure {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export interface InteractionFigures {
  firstOutcome: Figure | null;
  firstInp: Figure | null;
  secondOutcome: Figure | null;
  secondInp: Figure | null;
}

export interface InteractionRow {
  name: string;
  build: InteractionFigures;
  control: InteractionFigures;
  /** Runs that could not be measured (the element was missing, the outcome never came), with the first reason. */
  failures: { build: number; control: number; reason?: string };
}

/**
 * Median and spread of the measured values; null when there are none. An Event Timing value of null (no entry over
 * the 16 ms threshold) counts as 0, so a median reads "under 16" rather than dropping the fast runs.
 */
export function figure(values: (number | null)[]): Figure | null {
  if (values.length === 0) return null;
  const numbers = values.map((v) => v ?? 0);
  return { median: median(numbers), min: Math.min(...numbers), max: Math.max(...numbers), runs: numbers.length };
}

export function interactionFigures(runs: InteractionRun[]): InteractionFigures {
  return {
    firstOutcome: figure(runs.map((r) => r.firstOutcome)),
    firstInp: figure(runs.map((r) => r.firstInp)),
    secondOutcome: figure(runs.map((r) => r.secondOutcome)),
    secondInp: figure(runs.map((r) => r.secondInp)),
  };
}

/** Whether one median meets its limit, or (with the control over that limit) stays within 50 ms of the control. */
export function withinTarget(value: number, control: number | undefined, limit: number): boolean {
  if (value <= limit) return true;
  return control !== undefined && control > limit && value <= control + CONTROL_ALLOWANCE_MS;
}

/** The target held: the first outcome within 200 ms and the second within 100 ms (each, or near an over control). */
export function targetHeld(row: Pick<InteractionRow, 'build' | 'control'>): boolean {
  const { build, control } = row;
  if (!build.firstOutcome || !build.secondOutcome) return false;
  return (
    withinTarget(build.firstOutcome.median, control.firstOutcome?.median, FIRST_TARGET_MS) &&
    withinTarget(build.secondOutcome.median, control.secondOutcome?.median, LATER_TARGET_MS)
  );
}

const ms = (n: number) => String(Math.round(n));
/** An Event Timing figure under the 16 ms threshold is printed as such: Chromium reports nothing shorter. */
const inpMs = (n: number) => (n < 16 ? '<16' : ms(n));

/** "55 (48–70)": the median and the spread, or "–" for a figure with no runs. */
export function formatFigure(f: Figure | null, format: (n: number) => string = ms): string {
  if (!f) return '–';
  return f.min === f.max ? format(f.median) : `${format(f.median)} (${format(f.min)}–${format(f.max)})`;
}

/** The table the bench prints, as Markdown so it can go into docs/performance.md as it is. */
export function interactionTable(rows: InteractionRow[]): string {
  const head = [
    'interaction',
    'first outcome ms',
    'first INP ms',
    'second outcome ms',
    'second INP ms',
    'control: first outcome',
    'control: first INP',
    'control: second outcome',
    'control: second INP',
    'target held?',
  ];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const row of rows) {
    const { build, control, failures } = row;
    const failed = failures.build + failures.control;
    const verdict = targetHeld(row) ? 'yes' : 'no';
    lines.push(
      `| ${[
        row.name,
        formatFigure(build.firstOutcome),
        formatFigure(build.firstInp, inpMs),
        formatFigure(build.secondOutcome),
        formatFigure(build.secondInp, inpMs),
        formatFigure(control.firstOutcome),
        formatFigure(control.firstInp, inpMs),
        formatFigure(control.secondOutcome),
        formatFigure(control.secondInp, inpMs),
        failed > 0 ? `${verdict}; ${failed} run(s) failed: ${row.failures.reason ?? 'unknown'}` : verdict,
      ].join(' | ')} |`,
    );
  }
  const held = rows.filter(targetHeld).length;
  lines.push(
    '',
    `Target held on ${held} of ${rows.length} interactions (first outcome ≤ ${FIRST_TARGET_MS} ms, second ≤ ${LATER_TARGET_MS} ms, or within ${CONTROL_ALLOWANCE_MS} ms of an over control).`,
  );
  return lines.join('\n');
}
