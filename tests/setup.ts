import { afterAll, afterEach } from 'vitest';
import { clearPageState } from '../renderer/lib/page-state.ts';

// Testing Library (and React DOM with it) only where a DOM is: loading it cost every plain-Node test file for nothing.
const cleanup = typeof document === 'undefined' ? () => {} : (await import('@testing-library/react')).cleanup;

afterEach(() => cleanup());

// Page state lives on the global object, which a test worker keeps from one test file to the next: each file starts
// with none, as a page does (a dialog registered by one file's React tree must not be opened by the next file).
clearPageState();

afterAll(async () => {
  cleanup();
  clearPageState();
  // React's scheduler may still hold work from the last test (unmount effects, a render in slices), and it runs on
  // Node's setImmediate, which outlives this file's window: let it finish while the window exists, or it runs during
  // the next file and fails there with "window is not defined".
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 25; i++) await new Promise((next) => setImmediate(next));
    await new Promise((next) => setTimeout(next, 10));
  }
});

// Every browser has navigator.sendBeacon; jsdom has none, and the funnel's beacons (renderer/shell/beacon.ts) would
// fall back to fetch, which many tests stub and count. Here a beacon goes nowhere; the beacon's own tests replace it.
if (typeof navigator !== 'undefined' && !('sendBeacon' in navigator)) {
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: () => true });
}
