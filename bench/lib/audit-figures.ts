/** The parts of a Lighthouse result the audit table reads. */
export interface RunResult {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

export interface Figures {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  /** Every run's LCP, sorted. */
  lcpRuns: number[];
  tbt: number;
  /** Every run's TBT, sorted: how far the figure moves from run to run. */
  tbtRuns: number[];
  cls: number;
}

/** The middle value; the mean of the two middle ones for an even count (as Lighthouse's median-run.js does). */
export function median(values: number[]): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Nearest-rank percentile (p in 0–100): a value that was measured, never one interpolated between two. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((Math.min(Math.max(p, 0), 100) / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1];
}

/**
 * Each figure is the median of that figure over the runs (Lighthouse CI's "median" aggregation), not the figure of
 * one representative run: the run nearest the median first paint and TTI (Lighthouse's median run) can carry the
 * highest blocking time of five, since blocking time varies independently of those two.
 */
export function medianFigures(runs: RunResult[]): Figures {
  const score = (id: string) => Math.round(median(runs.map((r) => (r.categories[id]?.score ?? 0) * 100)));
  const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? 0));
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
    lcp: Math.round(metric('largest-contentful-paint')),
    lcpRuns: runs.map((r) => Math.round(r.audits['largest-contentful-paint']?.numericValue ?? 0)).sort((a, b) => a - b),
    tbt: Math.round(metric('total-blocking-time')),
    tbtRuns: runs.map((r) => Math.round(r.audits['total-blocking-time']?.numericValue ?? 0)).sort((a, b) => a - b),
    cls: Number(metric('cumulative-layout-shift').toFixed(3)),
  };
}
