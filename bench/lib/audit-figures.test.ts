// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { median, medianFigures, percentile, type RunResult } from './audit-figures.ts';

function run(perf: number, tbt: number, lcp: number, cls = 0, seo = 1): RunResult {
  return {
    categories: { performance: { score: perf }, accessibility: { score: 1 }, 'best-practices': { score: 1 }, seo: { score: seo } },
    audits: {
      'total-blocking-time': { numericValue: tbt },
      'largest-contentful-paint': { numericValue: lcp },
      'cumulative-layout-shift': { numericValue: cls },
    },
  };
}

describe('audit figures: the median of each figure over the runs', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('reads each figure on its own, so one slow run does not set the blocking time', () => {
    // As measured on /project-manager: Lighthouse's median run was the one with 162 ms.
    const runs = [run(1, 49, 1100), run(1, 50, 1138), run(0.99, 63, 1090), run(0.98, 148, 1200), run(0.98, 162, 1138, 0.001)];
    const f = medianFigures(runs);
    expect(f.tbt).toBe(63);
    expect(f.tbtRuns).toEqual([49, 50, 63, 148, 162]);
    expect(f.lcp).toBe(1138);
    expect(f.lcpRuns).toEqual([1090, 1100, 1138, 1138, 1200]);
    expect(f.perf).toBe(99);
    expect(f.cls).toBe(0);
    expect(f.seo).toBe(100);
  });

  it('keeps a category that failed in most runs failed', () => {
    const f = medianFigures([run(1, 10, 900, 0, 0.66), run(1, 10, 900, 0, 0.66), run(1, 10, 900, 0, 1)]);
    expect(f.seo).toBe(66);
  });
});

describe('percentile: nearest rank', () => {
  it('picks a measured value at the rank ceil(p/100 * n)', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted on purpose
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7, 3, 9], 50)).toBe(7);
    expect(percentile([7, 3, 9], 0)).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });
});
