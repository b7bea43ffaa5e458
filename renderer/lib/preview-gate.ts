import { useSyncExternalStore } from 'react';
import { hasPreviewPass, storePreviewPass } from './preview-pass.ts';

const listeners = new Set<() => void>();
let passedInMemory = false;

export function passPreviewGate(): void {
  storePreviewPass();
  passedInMemory = true;
  for (const l of listeners) l();
}

export function usePreviewGatePassed(): boolean {
  return useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => passedInMemory || hasPreviewPass(),
    // The prerendered HTML never assumes a pass; the page behind the gate is shipped beside it (renderer/shell/gate.ts).
    () => false,
  );
}
