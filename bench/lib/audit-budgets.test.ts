// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  budgetMisses,
  isFrameworkCode,
  isStaticPage,
  ownScriptingMs,
  resultLine,
  spread,
  withoutScripts,
  type BootupResult,
  type BudgetRow,
} from './audit-budgets.ts';

const ok: BudgetRow = {
  route: '/pricing/enterprise',
  perf: 100,
  a11y: 100,
  bp: 100,
  seo: 100,
  ownScripting: 20,
  lcp: 1100,
  cls: 0,
  controlLcp: 1000,
  frameworkBytes: 0,
  htmlBytes: 14_000,
  staticRoute: true,
  indexable: true,
};

describe('audit budgets: which rows miss', () => {
  it('passes a row at the limits: own scripting 20 ms, LCP 100 ms over the no-script page', () => {
    expect(budgetMisses(ok)).toEqual([]);
  });

  it('names each budget missed', () => {
    expect(budgetMisses({ ...ok, perf: 99, ownScripting: 21 })).toEqual(['perf', 'own scripting']);
    expect(budgetMisses({ ...ok, lcp: 1101 })).toEqual(['LCP over no-script LCP']);
    expect(budgetMisses({ ...ok, cls: 0.05, seo: 92 })).toEqual(['seo', 'CLS']);
    // A page that asks not to be indexed fails Lighthouse's indexing audit by design.
    expect(budgetMisses({ ...ok, seo: 66, indexable: false })).toEqual([]);
  });

  it('allows no framework bytes on a static route, and any on a route with islands', () => {
    expect(budgetMisses({ ...ok, frameworkBytes: 1 })).toEqual(['framework JS on a static route']);
    expect(budgetMisses({ ...ok, frameworkBytes: 60_000, staticRoute: false })).toEqual([]);
  });

  it('allows the HTML what arrives in the first round trip, 14,000 bytes brotli', () => {
    expect(budgetMisses({ ...ok, htmlBytes: 14_001 })).toEqual(['HTML over the first round trip']);
  });

  it('judges LCP only where the no-script control ran', () => {
    expect(budgetMisses({ ...ok, lcp: 5000, controlLcp: undefined })).toEqual([]);
  });
});

describe("audit budgets: the site's own scripting", () => {
  it('misses the budget over 20 ms, except on the scheduler step, and only where it was judged', () => {
    expect(budgetMisses({ ...ok, ownScripting: 21 })).toEqual(['own scripting']);
    expect(budgetMisses({ ...ok, route: '/schedule-call-calendly', ownScripting: 400 })).toEqual([]);
    expect(budgetMisses({ ...ok, ownScripting: undefined })).toEqual([]);
    // Measured on mobile but no run loaded the page: it cannot count as met.
    expect(budgetMisses({ ...ok, ownScripting: null })).toEqual(['own scripting not measured']);
  });

  it('has no TBT budget any more: a row carries no TBT to judge', () => {
    expect(budgetMisses({ ...ok, ...({ tbt: 500 } as object) })).toEqual([]);
  });

  /** A Lighthouse result's shape as the bootup-time audit writes it. */
  const result = (items: { url: string; scripting: number; total?: number }[], url = 'https://127.0.0.1:4390/pricing/enterprise'): BootupResult => ({
    finalDisplayedUrl: url,
    audits: { 'bootup-time': { details: { type: 'table', items: items.map((i) => ({ total: i.scripting, scriptParseCompile: 1, ...i })) } } },
  });

  it("adds up the scripting of the site's own URLs, the document included", () => {
    const lhr = result([
      { url: 'https://127.0.0.1:4390/pricing/enterprise', scripting: 6.4 },
      { url: 'https://127.0.0.1:4390/assets/loader-x1.js', scripting: 3.3 },
      { url: 'https://127.0.0.1:4390/assets/framework-K2.js', scripting: 40.2 },
    ]);
    expect(ownScriptingMs(lhr)).toBe(50);
  });

  it('leaves out other origins and what Lighthouse could not attribute', () => {
    const lhr = result([
      { url: 'https://127.0.0.1:4390/pricing/enterprise', scripting: 5 },
      { url: 'https://assets.calendly.com/assets/external/widget.js', scripting: 300 },
      { url: 'https://127.0.0.1:4391/other-port.js', scripting: 50 },
      { url: 'Unattributable', scripting: 80 },
    ]);
    expect(ownScriptingMs(lhr)).toBe(5);
  });

  it('reads the page from the requested URL when no final one is given, and refuses a result without the audit', () => {
    expect(
      ownScriptingMs({
        requestedUrl: 'http://localhost:8080/',
        audits: { 'bootup-time': { details: { items: [{ url: 'http://localhost:8080/', scripting: 2 }] } } },
      }),
    ).toBe(2);
    expect(() => ownScriptingMs({ requestedUrl: 'http://localhost:8080/', audits: {} })).toThrow('no bootup-time table');
  });
});

describe('audit budgets: static routes from the registry', () => {
  const registry = [{ type: 'hero' }, { type: 'faq', hydrate: 'visible' as const }, { type: 'form', hydrate: 'load' as const }];

  it('calls a page static when none of its blocks hydrates', () => {
    expect(isStaticPage(['hero', 'unknown'], registry)).toBe(true);
    expect(isStaticPage(['hero', 'faq'], registry)).toBe(false);
    expect(isStaticPage(['form'], registry)).toBe(false);
    expect(isStaticPage([], registry)).toBe(true);
  });
});

describe('audit budgets: framework code', () => {
  it('recognises React and react-dom by content', () => {
    expect(isFrameworkCode('function Ne(e){var t=`https://react.dev/errors/`+e')).toBe(true);
    expect(isFrameworkCode('n["__reactFiber$"+r]=t')).toBe(true);
    expect(isFrameworkCode('import{q as t}from"./framework-Kw8YtV9G.js";t()')).toBe(false);
    // react-is, as bundled into the form renderer with rjsf: it knows React's element symbols but is not React.
    expect(isFrameworkCode('var r=Symbol.for(`react.transitional.element`)')).toBe(false);
  });
});

describe('audit budgets: output', () => {
  it('prints a spread and the result line', () => {
    expect(spread([1200, 1100, 1150])).toBe('1100–1200');
    expect(spread([900])).toBe('900');
    expect(resultLine(0, 4)).toBe('✓ all 4 rows (route and preset) inside budget');
    expect(resultLine(2, 4)).toBe('✗ 2 of 4 rows (route and preset) miss a budget');
  });
});

describe('audit budgets: the no-script control page', () => {
  it('takes out scripts and module preloads, and keeps data blocks and everything else', () => {
    const html =
      '<head><link rel="modulepreload" href="/assets/a.js"><link rel="stylesheet" href="/a.css"><script type="application/ld+json">{"@type":"Organization"}</script></head>' +
      '<body><p>Hi</p><script type="module" src="/assets/entry.js" fetchpriority="low"></script><script>window.x = "</p>";</script></body>';
    expect(withoutScripts(html)).toBe(
      '<head><link rel="stylesheet" href="/a.css"><script type="application/ld+json">{"@type":"Organization"}</script></head><body><p>Hi</p></body>',
    );
  });

  it('makes what <noscript> holds part of the page, as a browser with scripts off reads it', () => {
    const html =
      '<head><style>p{}</style><noscript data-later-styles="/b.css /c.css"><link rel="stylesheet" href="/b.css"><link rel="stylesheet" href="/c.css"></noscript></head><body><p>Hi</p></body>';
    expect(withoutScripts(html)).toBe(
      '<head><style>p{}</style><link rel="stylesheet" href="/b.css"><link rel="stylesheet" href="/c.css"></head><body><p>Hi</p></body>',
    );
  });
});
