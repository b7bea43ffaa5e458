// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classesIn, withoutUnusedRules } from './page-css.ts';

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

  it('looks inside media queries and leaves classes under :not() alone', () => {
    const css = '@media (width>=960px){.dark{color:red}.hero{color:#000}}.hero:not(.dark){color:red}';
    expect(withoutUnusedRules(css, used)).toBe('@media (width>=960px){.hero{color:#000}}.hero:not(.dark){color:red}');
  });
});
