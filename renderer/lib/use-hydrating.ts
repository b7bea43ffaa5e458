import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/**
 * True while React hydrates server HTML (it reads the server snapshot then), false on any other render. The value
 * flips right after hydration, which re-renders the caller once: return stable elements below it.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}
