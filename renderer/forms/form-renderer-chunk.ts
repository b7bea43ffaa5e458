import { track, type TrackedPromise } from '../lib/chunk-cache.ts';

export type FormRendererModule = typeof import('./FormRenderer.tsx');

let loading: TrackedPromise<FormRendererModule> | null = null;

/**
 * The form renderer (rjsf, the widgets, the country list): about 80 KB gzip, so it is its own chunk, fetched
 * once per visit when a form is needed. A failed load is forgotten so the next attempt fetches it again.
 */
export function loadFormRenderer(): TrackedPromise<FormRendererModule> {
  if (!loading) {
    const p = track(import('./FormRenderer.tsx'));
    p.catch(() => {
      if (loading === p) loading = null;
    });
    loading = p;
  }
  return loading;
}

/** The form renderer module if it has already arrived (always on the server, see below). */
export function loadedFormRenderer(): FormRendererModule | undefined {
  return loading?.status === 'fulfilled' ? loading.value : undefined;
}

// Every block with a form waits for the engine before it runs (top-level await): on the server, which renders
// synchronously, and in the browser, where the block's island hydrates only once its code is complete.
await loadFormRenderer();
