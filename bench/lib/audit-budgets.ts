/**
 * The audit's budgets (issue 18) and the pure parts of checking them: which routes are all static, which scripts
 * are framework code, and which budgets a row misses. bench/audit.ts measures; this file judges.
 */

import type { BlockOptions } from '../../blocks/registry.ts';
import { FIRST_ROUND_TRIP_BYTES } from '../../scripts/lib/page-css.ts';

export const BUDGET = {
  /** Lighthouse performance, accessibility, best practices and SEO, on every route. */
  score: 100,
  /** Median total blocking time. */
  tbtMs: 20,
  /** Median LCP may exceed the median LCP of the same page loaded with JavaScript off by this much. */
  lcpOverControlMs: 100,
  cls: 0.04,
  /** Framework (React) bytes, gzip, that a route whose blocks are all static may load before interaction. */
  staticFrameworkBytes: 0,
  /** The page's HTML (with its inline styles and script), brotli as served: what arrives in the first round trip. */
  htmlBytes: FIRST_ROUND_TRIP_BYTES,
};

/** True when no block on the page hydrates: the route should run no framework code at all. */
export function isStaticPage(blockTypes: readonly string[], registry: readonly ({ type: string } & Pick<BlockOptions, 'hydrate'>)[]): boolean {
  return blockTypes.every((type) => registry.find((r) => r.type === type)?.hydrate === undefined);
}

/**
 * Strings that only React's and react-dom's own code contains, whatever the minifier or the chunk names do: the
 * properties react-dom puts on DOM nodes, and the address of the production error messages of both. Looking at the
 * content, not at chunk names in the manifest, keeps the count right when the build splits or renames its chunks; a
 * script that only imports React, or a library that checks element types (react-is, inside rjsf), is not counted.
 */
export const FRAMEWORK_MARKERS = ['__reactFiber$', '__reactContainer$', 'react.dev/errors/'];

export const isFrameworkCode = (source: string) => FRAMEWORK_MARKERS.some((m) => source.includes(m));

/** One route and preset as measured; `controlLcp` only where the no-script control ran. */
export interface BudgetRow {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  tbt: number;
  lcp: number;
  cls: number;
  controlLcp?: number;
  frameworkBytes: number;
  /** The page's HTML as served (brotli), bytes. */
  htmlBytes: number;
  staticRoute: boolean;
  /**
   * Whether the page may be indexed. A page that asks search engines to stay away (noindex, disallowed in robots.txt)
   * fails Lighthouse's "Page is blocked from indexing" by design, so SEO is judged only where indexing is wanted.
   */
  indexable: boolean;
}

/** The names of the budgets a row misses; empty when it is within all of them. */
export function budgetMisses(r: BudgetRow): string[] {
  return [
    r.perf < BUDGET.score && 'perf',
    r.a11y < BUDGET.score && 'a11y',
    r.bp < BUDGET.score && 'best practices',
    r.indexable && r.seo < BUDGET.score && 'seo',
    r.tbt > BUDGET.tbtMs && 'TBT',
    r.controlLcp !== undefined && r.lcp - r.controlLcp > BUDGET.lcpOverControlMs && 'LCP over no-script LCP',
    r.cls > BUDGET.cls && 'CLS',
    r.staticRoute && r.frameworkBytes > BUDGET.staticFrameworkBytes && 'framework JS on a static route',
    r.htmlBytes > BUDGET.htmlBytes && 'HTML over the first round trip',
  ].filter((m): m is string => typeof m === 'string');
}

/** min–max of a figure over the runs (one value when they agree). */
export function spread(values: readonly number[]): string {
  if (!values.length) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  return min === max ? `${min}` : `${min}–${max}`;
}

/** The closing line, and the exit code's reason. */
export function resultLine(failed: number, total: number): string {
  return failed ? `✗ ${failed} of ${total} rows (route and preset) miss a budget` : `✓ all ${total} rows (route and preset) inside budget`;
}

/**
 * The page as it would be without JavaScript: its script elements and module preloads taken out, data blocks (JSON,
 * JSON-LD) kept since they run nothing, and what `<noscript>` holds made part of the page, as a browser with scripts
 * off reads it (the styles a page links after its first paint). The control is made from the served document rather
 * than by switching JavaScript off in the browser, which Lighthouse itself needs to measure.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (tag, attrs: string) => (/\btype=["']?application\/(ld\+)?json/i.test(attrs) ? tag : ''))
    .replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>/gi, '')
    .replace(/<noscript\b[^>]*>([\s\S]*?)<\/noscript>/gi, '$1');
}
