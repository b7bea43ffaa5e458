// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  figure,
  formatFigure,
  interactionFigures,
  interactionTable,
  targetHeld,
  withinTarget,
  type InteractionRow,
  type InteractionRun,
} from './interactions.ts';

const run = (firstOutcome: number, secondOutcome: number, firstInp: number | null = 24, secondInp: number | null = null): InteractionRun => ({
  firstOutcome,
  firstInp,
  secondOutcome,
  secondInp,
});

const row = (build: InteractionRun[], control: InteractionRun[], name = 'the annual price'): InteractionRow => ({
  name,
  build: interactionFigures(build),
  control: interactionFigures(control),
  failures: { build: 0, control: 0 },
});

describe('interaction figures: median and spread', () => {
  it('takes the median and the min–max over the runs', () => {
    expect(figure([40, 10, 30, 20, 90])).toEqual({ median: 30, min: 10, max: 90, runs: 5 });
    expect(figure([10, 20])).toEqual({ median: 15, min: 10, max: 20, runs: 2 });
    expect(figure([])).toBeNull();
  });

  it('counts an Event Timing figure Chromium did not report (under 16 ms) as 0, printed as under 16', () => {
    const f = figure([null, null, 40]);
    expect(f).toEqual({ median: 0, min: 0, max: 40, runs: 3 });
    expect(formatFigure(f, (n) => (n < 16 ? '<16' : String(n)))).toBe('<16 (<16–40)');
  });

  it('prints one number when every run agrees, and a dash when nothing was measured', () => {
    expect(formatFigure({ median: 12.4, min: 12.4, max: 12.4, runs: 3 })).toBe('12');
    expect(formatFigure({ median: 55, min: 48.6, max: 70.2, runs: 5 })).toBe('55 (49–70)');
    expect(formatFigure(null)).toBe('–');
  });
});

describe('interaction target', () => {
  it('holds a first outcome within 200 ms and a second within 100 ms', () => {
    expect(targetHeld(row([run(200, 100)], [run(50, 20)]))).toBe(true);
    expect(targetHeld(row([run(201, 20)], [run(50, 20)]))).toBe(false);
    expect(targetHeld(row([run(20, 101)], [run(50, 20)]))).toBe(false);
  });

  it('allows 50 ms over the control only where the control itself is over', () => {
    expect(withinTarget(290, 250, 200)).toBe(true);
    expect(withinTarget(301, 250, 200)).toBe(false);
    // The control within the target gives no allowance.
    expect(withinTarget(240, 200, 200)).toBe(false);
    expect(withinTarget(240, undefined, 200)).toBe(false);
    expect(targetHeld(row([run(2000, 50)], [run(1960, 40)]))).toBe(true);
  });

  it('judges the medians, not single runs', () => {
    expect(targetHeld(row([run(150, 30), run(900, 30), run(160, 30)], [run(50, 20)]))).toBe(true);
    expect(targetHeld(row([run(250, 30), run(90, 30), run(260, 30)], [run(50, 20)]))).toBe(false);
  });

  it('does not hold where the build was never measured', () => {
    expect(targetHeld(row([], [run(50, 20)]))).toBe(false);
  });
});

describe('interaction table', () => {
  it('prints one row per interaction with the build, the control and the verdict', () => {
    const table = interactionTable([
      row([run(55, 20, 144, 32), run(48, 25, 120, 24), run(70, 30, 160, null)], [run(28, 27, 96, 32)]),
      { ...row([run(300, 20)], [run(40, 20)], 'the demo dialog'), failures: { build: 1, control: 0, reason: 'build: no outcome' } },
    ]).split('\n');
    expect(table[0]).toBe(
      '| interaction | first outcome ms | first INP ms | second outcome ms | second INP ms | control: first outcome | control: first INP | control: second outcome | control: second INP | target held? |',
    );
    expect(table[2]).toBe('| the annual price | 55 (48–70) | 144 (120–160) | 25 (20–30) | 24 (<16–32) | 28 | 96 | 27 | 32 | yes |');
    expect(table[3]).toBe('| the demo dialog | 300 | 24 | 20 | <16 | 40 | 24 | 20 | <16 | no; 1 run(s) failed: build: no outcome |');
    expect(table.at(-1)).toMatch(/^Target held on 1 of 2 interactions/);
  });
});
