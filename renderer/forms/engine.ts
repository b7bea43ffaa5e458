import { track, type TrackedPromise } from '../lib/chunk-cache.ts';

export type FormEngine = typeof import('./FormRenderer.tsx');

let engine: TrackedPromise<FormEngine> | null = null;

/**
 * The form engine (rjsf, the widgets, the country list): about 80 KB gzip, so it is its own chunk, fetched
 * once per visit when a form is needed. A failed load is forgotten so the next attempt fetches it again.
 */
export function loadFormEngine(): TrackedPromise<FormEngine> {
  if (!engine) {
    const p = track(import('./FormRenderer.tsx'));
    p.catch(() => {
      if (engine === p) engine = null;
    });
    engine = p;
  }
  return engine;
}

/** The engine if it has already arrived (always on the server, see below). */
export function loadedFormEngine(): FormEngine | undefined {
  return engine?.status === 'fulfilled' ? engine.value : undefined;
}

// The prerenderer renders synchronously: on the server the engine is in memory before any page renders.
if (import.meta.env.SSR) await loadFormEngine();
