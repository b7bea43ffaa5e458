// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { LiveProjectsBlock } from '../generated/config-types.ts';
import example from '../../blocks/LiveProjects/example.json';
import LiveProjects from '../../blocks/LiveProjects/index.tsx';
import { startCarousel } from './carousel-script.ts';

/** jsdom lays nothing out: each slide is SLIDE px wide, and the track scrolls to where it is told. */
const SLIDE = 350;

let block: HTMLElement;
let track: HTMLElement;
let region: HTMLElement;
let scrolled: number;

function prerendered(): HTMLElement {
  document.body.innerHTML = `<div data-island="0" data-block="liveProjects">${renderToString(<LiveProjects {...(example as LiveProjectsBlock)} />)}</div>`;
  return document.querySelector<HTMLElement>('[data-block="liveProjects"]')!;
}

const button = (name: string) => [...region.querySelectorAll('button')].find((b) => b.textContent === name)!;
const settle = () => vi.advanceTimersByTimeAsync(500);

beforeEach(() => {
  vi.useFakeTimers();
  block = prerendered();
  region = block.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
  track = block.querySelector<HTMLElement>('.swiper-wrapper')!;
  scrolled = 0;
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(SLIDE);
  Object.defineProperty(track, 'scrollLeft', { configurable: true, get: () => scrolled });
  track.scrollTo = ((left: number) => {
    scrolled = left;
  }) as HTMLElement['scrollTo'];
  window.matchMedia = ((query: string) => ({ matches: false, media: query })) as typeof window.matchMedia;
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the carousel before React', () => {
  it('moves one slide per Next/Previous press, keeps the buttons disabled at the ends and hands focus over', () => {
    startCarousel(block);
    const prev = button('Previous project');
    const next = button('Next project');
    expect([prev.disabled, next.disabled]).toEqual([true, false]);
    for (let i = 1; i <= 3; i++) {
      next.focus();
      next.click();
      expect(scrolled).toBe(SLIDE * i);
      expect(region.dataset.index).toBe(String(i));
      expect(prev.disabled).toBe(false);
    }
    expect(next.disabled).toBe(true);
    expect(document.activeElement).toBe(prev);
    prev.click();
    expect(scrolled).toBe(SLIDE * 2);
    expect([region.dataset.index, next.disabled]).toEqual(['2', false]);
    prev.click();
    prev.click();
    expect([scrolled, region.dataset.index, prev.disabled]).toEqual([0, '0', true]);
    expect(document.activeElement).toBe(next);
  });

  it('follows a swipe: once the track rests, the position and the buttons say where', async () => {
    startCarousel(block);
    scrolled = SLIDE * 3;
    track.dispatchEvent(new Event('scroll'));
    await settle();
    expect(region.dataset.index).toBe('3');
    expect([button('Previous project').disabled, button('Next project').disabled]).toEqual([false, true]);
    button('Previous project').click();
    expect(scrolled).toBe(SLIDE * 2);
  });

  it('keeps a press it acted on from the deferral primitive, and leaves presses to React once the island is live', () => {
    startCarousel(block);
    const later = vi.fn();
    window.addEventListener('click', later, true);
    button('Next project').click();
    expect(later).not.toHaveBeenCalled();
    expect(region.dataset.index).toBe('1');

    block.setAttribute('data-live', '');
    button('Next project').click();
    expect(later).toHaveBeenCalledTimes(1);
    expect([scrolled, region.dataset.index]).toEqual([SLIDE, '1']);
    scrolled = 0;
    track.dispatchEvent(new Event('scroll'));
    return settle().then(() => {
      expect(region.dataset.index).toBe('1');
      window.removeEventListener('click', later, true);
    });
  });

  it('where a mouse is the pointer on a wide screen, asks for its island once the row is on screen', () => {
    let seen: IntersectionObserverCallback = () => undefined;
    const observe = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          seen = callback;
        }
        observe = observe;
        disconnect() {}
      },
    );
    window.matchMedia = ((query: string) => ({ matches: /min-width: 960px|pointer: fine/.test(query), media: query })) as typeof window.matchMedia;
    const intent = vi.fn();
    block.addEventListener('pointerover', intent);
    startCarousel(block);
    expect(observe).toHaveBeenCalledWith(track);
    // The scrolling track is a keyboard stop of its own.
    expect(track.tabIndex).toBe(0);
    seen([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(intent).not.toHaveBeenCalled();
    seen([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(intent).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('asks for nothing on a phone or a touch screen, where the track is a list or swipes by itself', () => {
    const observer = vi.fn();
    vi.stubGlobal('IntersectionObserver', observer);
    startCarousel(block);
    expect(observer).not.toHaveBeenCalled();
    expect(track.hasAttribute('tabindex')).toBe(false);
    vi.unstubAllGlobals();
  });
});
