import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { clearPageState } from '../renderer/lib/page-state.ts';

afterEach(() => cleanup());

// Page state lives on the global object, which a test worker keeps from one test file to the next: each file starts
// with none, as a page does (a dialog registered by one file's React tree must not be opened by the next file).
clearPageState();

afterAll(async () => {
  cleanup();
  clearPageState();
  // React's scheduler may still hold a slice of work from the last test (it runs on setImmediate in Node); let it run
  // while this file's window exists, not after the environment is torn down.
  for (let i = 0; i < 3; i++) await new Promise((next) => setImmediate(next));
  await new Promise((next) => setTimeout(next, 0));
});
