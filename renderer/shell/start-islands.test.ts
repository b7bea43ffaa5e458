// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPageState } from '../lib/page-state.ts';

/** A fresh shell's modules: the early catcher keeps its state in a page-wide slot, cleared here. */
async function fresh() {
  clearPageState();
  vi.resetModules();
  return { ...(await import('./start-islands.ts')), ...(await import('../islands/early.ts')) };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

const PAGE = `
  <div data-island="0" data-hydrate="interaction" id="island"><button id="inside">Get in touch</button></div>
  <p id="plain">Text</p>
  <button type="button" data-opens="book-demo" id="opener">Book a demo</button>
  <div data-island="1" data-hydrate="interaction" data-dialog="book-demo"></div>`;

describe('needsIslands', () => {
  it('is true on an island and on what may open a dialog island, false elsewhere', async () => {
    const { needsIslands } = await fresh();
    document.body.innerHTML = PAGE;
    expect(needsIslands(document.getElementById('inside'))).toBe(true);
    expect(needsIslands(document.getElementById('island'))).toBe(true);
    expect(needsIslands(document.getElementById('opener'))).toBe(true);
    expect(needsIslands(document.getElementById('plain'))).toBe(false);
    expect(needsIslands(window)).toBe(false);
    expect(needsIslands(null)).toBe(false);
  });
});

describe('islandsLoader on intent', () => {
  it('asks on the first intent towards an island only, keeps that intent for the loader, and asks again at a fresh address on the next intent after a failure', async () => {
    const { islandsLoader, waitForIntent, INTENT_EVENTS, takeEarly } = await fresh();
    document.body.innerHTML = PAGE;
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = islandsLoader(window, '/assets/no-such-islands-loader.js');
    waitForIntent(window, load);
    expect(INTENT_EVENTS).toEqual(['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown']);

    // Intent elsewhere asks for nothing.
    document.getElementById('plain')!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).not.toHaveBeenCalled();

    const hover = new Event('pointerover', { bubbles: true });
    document.getElementById('inside')!.dispatchEvent(hover);
    // The request fails here (no such file): that is how the test sees it was made.
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(takeEarly(document.getElementById('island')!)).toEqual([hover]);

    // Asked once: a second intent while nothing failed asks for nothing more.
    document.getElementById('plain')!.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(error).toHaveBeenCalledTimes(1);
    document.getElementById('opener')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(2));
    expect(String(error.mock.calls[1][0])).toMatch(/no-such-islands-loader\.js\?retry=1/);
  });

  it('asks at once when called without an event (a page whose islands start on their own)', async () => {
    const { islandsLoader } = await fresh();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    islandsLoader(window, '/assets/no-such-islands-loader.js')();
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
  });
});

describe('whenSeen', () => {
  it('asks once an island that starts when visible is on screen, only where its media query matches', async () => {
    const { whenSeen } = await fresh();
    document.body.innerHTML = `
      <div data-island="0" data-hydrate="visible" data-media="(min-width: 960px)"><section id="carousel"></section></div>
      <div data-island="1" data-hydrate="visible"><section id="scheduler"></section></div>
      <div data-island="2" data-hydrate="interaction"><section id="form"></section></div>`;
    const observed: Element[] = [];
    let report: (entries: Partial<IntersectionObserverEntry>[]) => void = () => undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
          report = callback;
        }
        observe(el: Element) {
          observed.push(el);
        }
        disconnect = disconnect;
      },
    );
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query !== '(min-width: 960px)' }));
    const load = vi.fn();
    whenSeen(document, load);
    // A phone: the carousel is a list with nothing to do; the scheduler starts when seen.
    expect(observed.map((el) => el.id)).toEqual(['scheduler']);
    report([{ isIntersecting: false }]);
    expect(load).not.toHaveBeenCalled();
    report([{ isIntersecting: true }]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(disconnect).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
