import { afterEach, describe, expect, it } from 'vitest';
import { linkInlinedStyles } from './inlined-styles.ts';

describe('linkInlinedStyles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('links each inlined sheet, disabled, where the chunk loader looks for it', () => {
    document.head.innerHTML = '<style data-inlined-styles="/assets/app.css /assets/hero.css">.a{}</style>';
    linkInlinedStyles(document);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href'), l.disabled])).toEqual([
      ['stylesheet', '/assets/app.css', true],
      ['stylesheet', '/assets/hero.css', true],
    ]);
    // As the chunk loader asks: a stylesheet link by its address.
    expect(document.querySelector('link[href="/assets/hero.css"][rel="stylesheet"]')).not.toBeNull();
  });

  it('links nothing on a page without inlined styles', () => {
    document.head.innerHTML = '<style>.a{}</style>';
    linkInlinedStyles(document);
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });
});
