import { useSyncExternalStore } from 'react';

/**
 * The shared flag of the hidden login screen: once set, the under-construction gate lets this browser through.
 * A preview convenience, not security: anyone can set a localStorage key.
 */
const KEY = 'sitewright:preview-pass';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function passPreviewGate(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    /* storage disabled: the flag lasts for this page view only */
  }
  passedInMemory = true;
  for (const l of listeners) l();
}

let passedInMemory = false;

export function usePreviewGatePassed(): boolean {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => passedInMemory || read(),
    // The prerendered HTML never assumes a pass, so hydration matches and the client re-renders if needed.
    () => false,
  );
}
