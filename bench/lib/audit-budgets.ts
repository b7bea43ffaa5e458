/**
 * The audit's budgets and the pure parts of checking them: which routes are all static, which scripts are framework
 * code, the site's own main-thread scripting, and which budgets a row misses. bench/audit.ts measures; this file judges.
 */

import type { BlockOptions } from '../../blocks/registry.ts';
import { FIRST_ROUND_TRIP_BYTES } from '../../scripts/lib/page-css.ts';

export const BUDGET = {
  /** Lighthouse performance, accessibility, best practices and SEO, on every route. */
  score: 100,
  /**
   * The site's own scripting before interaction on mobile (Lighthouse's bootup-time audit, the site's URLs and the
   * document): the median over the runs. It replaces a TBT budget, which this machine cannot judge: pages with no
   * script at all measured 11–110 ms of TBT here. TBT is still printed, beside its no-script control.
   */
  ownScriptingMs: 20,
  /** Median LCP may exceed the median LCP of the same page loaded with JavaScript off by this much. */
  lcpOverControlMs: 100,
  cls: 0.04,
  /** Framework (React) bytes, gzip, that a route whose blocks are all static may load before interaction. */
  staticFrameworkBytes: 0,
  /** The page's HTML (with its inline styles and script), brotli as served: what arrives in the first round trip. */
  htmlBytes: FIRST_ROUND_TRIP_BYTES,
};

/**
 * The one route exempt from the own-script budget: the scheduler step embeds a third-party booking widget, whose
 * wrapper is the site's own code that must run before the visitor can book.
 */
export const OWN_SCRIPTING_EXEMPT = new Set(['/schedule-call-calendly']);

/** The part of a Lighthouse result the own-script figure reads. */
export interface BootupResult {
  finalDisplayedUrl?: string;
  requestedUrl?: string;
  audits: Record<string, { details?: unknown } | undefined>;
}

/**
 * Milliseconds of script evaluation the site's own URLs cost on the main thread during the load (Lighthouse's
 * bootup-time "scripting", the document included: its inline scripts are attributed to it). Another origin's
 * scripts and the time Lighthouse cannot attribute to a URL are left out. Lighthouse lists only URLs over a
 * threshold (50 ms by default): the audit sets it to 0 so that small costs add up.
 */
export function ownScriptingMs(lhr: BootupResult): number {
  const page = lhr.finalDisplayedUrl ?? lhr.requestedUrl;
  if (!page) throw new Error('the Lighthouse result names no page URL');
  const origin = new URL(page).origin;
  const items = (lhr.audits['bootup-time']?.details as { items?: { url?: string; scripting?: number }[] } | undefined)?.items;
  if (!items) throw new Error('the Lighthouse result has no bootup-time table');
  let total = 0;
  for (const item of items) {
    if (!item.url || !URL.canParse(item.url) || new URL(item.url).origin !== origin) continue;
    total += item.scripting ?? 0;
  }
  return Math.round(total);
}

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
  route: string;
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  cls: number;
  controlLcp?: number;
  /** The median of the site's own scripting (ownScriptingMs), where it is judged (mobile); null when no run measured it. */
  ownScripting?: number | null;
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
    r.ownScripting === null && !OWN_SCRIPTING_EXEMPT.has(r.route) && 'own scripting not measured',
    typeof r.ownScripting === 'number' && !OWN_SCRIPTING_EXEMPT.has(r.route) && r.ownScripting > BUDGET.ownScriptingMs && 'own scripting',
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
