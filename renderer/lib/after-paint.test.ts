// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-paint.ts';

/** A window whose paint timing, animation frames and timers the test drives. */
function fakeView({ paintTiming }: { paintTiming: boolean }) {
  const observers: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource'];
    constructor(private cb: () => void) {}
    observe() {
      observers.push(this.cb);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.cb), 1);
    }
  }
  const view = {
    PerformanceObserver: Observer,
    requestAnimationFrame: (cb: () => void) => frames.push(cb),
    setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, ms }),
  } as unknown as Window;
  const runTimers = (ms: number) => timers.filter((t) => t.ms <= ms).forEach((t) => t.fn());
  return { view, observers, paint: () => observers.slice().forEach((o) => o()), frame: () => frames.splice(0).forEach((f) => f()), runTimers };
}

describe('afterFirstPaint', () => {
  it('waits for the paint timing entry, not the animation frame, and runs once', () => {
    const fn = vi.fn();
    const v = fakeView({ paintTiming: true });
    afterFirstPaint(fn, v.view);
    v.frame();
    v.runTimers(0);
    expect(fn).not.toHaveBeenCalled();
    v.paint();
    expect(fn).toHaveBeenCalledTimes(1);
    expect(v.observers).toHaveLength(0);
    v.runTimers(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('without paint timing, runs in the task after the first animation frame', () => {
    const fn = vi.fn();
    const v = fakeView({ paintTiming: false });
    afterFirstPaint(fn, v.view);
    v.runTimers(0);
    expect(fn).not.toHaveBeenCalled();
    v.frame();
    v.runTimers(0);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('in a tab that never paints, runs after a second', () => {
    const fn = vi.fn();
    const v = fakeView({ paintTiming: true });
    afterFirstPaint(fn, v.view);
    v.runTimers(999);
    expect(fn).not.toHaveBeenCalled();
    v.runTimers(1000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
