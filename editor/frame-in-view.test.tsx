/** A palette thumbnail's frame is put on the page only once its box is on screen. */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameInView } from './frame-in-view.tsx';

/** A stand-in for the browser's IntersectionObserver whose callbacks the test calls. */
const observers: { callback: IntersectionObserverCallback; targets: Element[]; disconnected: boolean }[] = [];
class FakeObserver {
  record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, targets: [], disconnected: false };
    observers.push(this.record);
  }
  observe(el: Element) {
    this.record.targets.push(el);
  }
  disconnect() {
    this.record.disconnected = true;
  }
}
const report = (isIntersecting: boolean) =>
  act(() => {
    for (const o of observers.filter((o) => !o.disconnected))
      o.callback(
        o.targets.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      );
  });

describe('FrameInView', () => {
  beforeEach(() => {
    observers.length = 0;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has no frame while its box is off screen, and the frame once the box is on screen', () => {
    const { container } = render(<FrameInView title="Example of Hero" src="/editor/preview.html?thumb=hero" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(observers).toHaveLength(1);
    report(false);
    expect(container.querySelector('iframe')).toBeNull();
    report(true);
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/editor/preview.html?thumb=hero');
    expect(frame?.title).toBe('Example of Hero');
    // Once shown it stays: scrolled away, the frame is not taken down and booted again.
    expect(observers[0].disconnected).toBe(true);
    report(false);
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('shows the frame at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(<FrameInView title="Example of FAQ" src="/editor/preview.html?thumb=faq" />);
    expect(container.querySelector('iframe')).not.toBeNull();
  });
});
