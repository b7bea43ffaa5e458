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

// The prerenderer renders synchronously: on the server the module is in memory before any page renders.
if (import.meta.env.SSR) await loadFormRenderer();
