import { afterEach, describe, expect, it, vi } from 'vitest';
import { linkLaterStyles } from './later-styles.ts';

const linked = () => [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href'));

/** A window whose first paint happens when `paint()` is called, at an address with the given hash. */
function view(hash: string) {
  const frames: (() => void)[] = [];
  const events = new EventTarget();
  const win = {
    location: { hash },
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    setTimeout: (cb: () => void, ms?: number) => (ms ? 0 : (cb(), 0)),
    addEventListener: events.addEventListener.bind(events),
  } as unknown as Window;
  return { win, paint: () => frames.splice(0).forEach((f) => f()), scroll: () => events.dispatchEvent(new Event('scroll')) };
}

describe('linkLaterStyles', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it("links the page's later styles once it has painted, from its <noscript>", () => {
    document.head.innerHTML = '<noscript data-later-styles="/assets/faq.css /assets/cta.css"></noscript>';
    // A browser with scripts keeps a <noscript>'s markup as text; jsdom parses it, so the test writes it as a browser keeps it.
    document.head.querySelector('noscript')!.textContent = '<link rel="stylesheet" href="/assets/faq.css"><link rel="stylesheet" href="/assets/cta.css">';
    const { win, paint } = view('');
    linkLaterStyles(document, win);
    expect(linked()).toEqual([]);
    paint();
    expect(linked()).toEqual(['/assets/faq.css', '/assets/cta.css']);
    expect(document.head.querySelector('noscript')).toBeNull();
  });

  it('links them when the visitor scrolls before the page has painted, once', () => {
    document.head.innerHTML = '<noscript data-later-styles="/assets/faq.css"></noscript>';
    document.head.querySelector('noscript')!.textContent = '<link rel="stylesheet" href="/assets/faq.css">';
    const { win, paint, scroll } = view('');
    linkLaterStyles(document, win);
    expect(linked()).toEqual([]);
    scroll();
    expect(linked()).toEqual(['/assets/faq.css']);
    paint();
    scroll();
    expect(linked()).toEqual(['/assets/faq.css']);
  });

  it('links them at once when the address points into the page', () => {
    document.head.innerHTML = '<noscript data-later-styles="/assets/faq.css"></noscript>';
    document.head.querySelector('noscript')!.textContent = '<link rel="stylesheet" href="/assets/faq.css">';
    linkLaterStyles(document, view('#faq').win);
    expect(linked()).toEqual(['/assets/faq.css']);
  });

  it('does nothing on a page without later styles', () => {
    const raf = vi.fn();
    linkLaterStyles(document, { location: { hash: '' }, requestAnimationFrame: raf, setTimeout: vi.fn() } as unknown as Window);
    expect(raf).not.toHaveBeenCalled();
    expect(linked()).toEqual([]);
  });
});
