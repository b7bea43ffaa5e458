// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classesIn, laterStyleCandidates, sheetsTheMarkupCannotUse, withoutUnusedRules } from './page-css.ts';

describe('classesIn', () => {
  it('reads every class of every class attribute', () => {
    expect([...classesIn('<p class="a  b"><span class="c">x</span></p><i data-class="d"></i>')]).toEqual(['a', 'b', 'c']);
  });
});

describe('withoutUnusedRules', () => {
  const used = new Set(['hero', 'light', 'heading']);

  it('drops a rule whose selectors each need a class the page lacks, and keeps the rest as they are', () => {
    const css = '.hero{color:red}.hero.dark{color:#fff}.dark .heading{color:#000}.light .heading{color:blue}';
    expect(withoutUnusedRules(css, used)).toBe('.hero{color:red}.light .heading{color:#00f}');
  });

  it('keeps a rule one of whose selectors can match, and rules without classes', () => {
    const css = '.dark,.light{margin:0}h1{padding:0}[data-x] .hero{color:red}';
    expect(withoutUnusedRules(css, used)).toBe(css);
  });

  it('looks inside media queries, drops those left empty, and leaves classes under :not() alone', () => {
    const css = '@media (width>=960px){.dark{color:red}.hero{color:#000}}.hero:not(.dark){color:red}';
    expect(withoutUnusedRules(css, used)).toBe('@media (width>=960px){.hero{color:#000}}.hero:not(.dark){color:red}');
    const nested = '@supports (display:grid){@media (width>=960px){.dark{color:red}}}.hero{color:red}@media print{.dark{color:#000}}';
    expect(withoutUnusedRules(nested, used)).toBe('.hero{color:red}');
    expect(withoutUnusedRules('@layer base{.dark{color:red}}.hero{color:red}', used)).toBe('@layer base{}.hero{color:red}');
  });
});

describe('laterStyleCandidates', () => {
  const own: Record<string, string[]> = {
    hero: ['hero.css'],
    logos: ['logos.css'],
    carousel: ['carousel.css'],
    faq: ['faq.css'],
    grid: ['grid.css', 'shared.css'],
    cta: ['cta.css', 'shared.css'],
  };
  const options = { isIsland: (t: string) => t === 'carousel', ownCss: (t: string) => own[t] ?? [], keep: new Set<string>() };

  it("offers static blocks' own styles below the first screen, the last block first", () => {
    expect(laterStyleCandidates({ ...options, types: ['hero', 'logos', 'carousel', 'faq', 'grid', 'cta'] })).toEqual([
      'cta.css',
      'shared.css',
      'grid.css',
      'faq.css',
    ]);
  });

  it('never offers styles of the first screen, of islands, or kept ones', () => {
    const types = ['hero', 'grid', 'carousel', 'cta', 'faq'];
    expect(laterStyleCandidates({ ...options, types, keep: new Set(['faq.css']) })).toEqual(['cta.css']);
  });
});

describe('sheetsTheMarkupCannotUse', () => {
  const styles = new Map([
    ['app.css', 'body{margin:0}.header{color:red}'],
    ['hero.css', '.hero{color:red}.hero-dark{color:#000}'],
    ['form.css', '.form{display:grid}.field:has(>.error):after{content:""}@media (width>=960px){.form{gap:1rem}}'],
    ['fonts.css', '@font-face{font-family:x;src:url(x.woff2)}'],
  ]);

  it('names the sheets every rule of which needs a class the markup lacks', () => {
    expect(sheetsTheMarkupCannotUse(styles, new Set(['header', 'hero']))).toEqual(['form.css']);
  });

  it('keeps a sheet one of whose rules can match, or that has rules without classes', () => {
    expect(sheetsTheMarkupCannotUse(styles, new Set(['header', 'hero', 'field']))).toEqual([]);
    expect(sheetsTheMarkupCannotUse(styles, new Set())).toEqual(['hero.css', 'form.css']);
  });
});
