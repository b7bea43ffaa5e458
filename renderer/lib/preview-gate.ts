import { useSyncExternalStore } from 'react';
import { hasPreviewPass } from './preview-pass.ts';

/** Nothing to follow: the hidden login's script sets the pass and then loads a new page, which reads it. */
const subscribe = () => () => undefined;

export function usePreviewGatePassed(): boolean {
  return useSyncExternalStore(
    subscribe,
    hasPreviewPass,
    // The prerendered HTML never assumes a pass; the page behind the gate is shipped beside it (renderer/shell/gate.ts).
    () => false,
  );
}
