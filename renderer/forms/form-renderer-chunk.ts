import { ChunkCache } from '../lib/chunk-cache.ts';

export type FormRendererModule = typeof import('./FormRenderer.tsx');

/**
 * The form renderer (rjsf, the widgets, the country list): about 80 KB gzip, so it is its own chunk, fetched
 * once per visit when a form is needed. A failed load stays failed (so use() can show it) until a
 * "Try again" resets the chunk caches.
 */
export const formRendererChunks = new ChunkCache<FormRendererModule>(() => import('./FormRenderer.tsx'));

export function loadFormRenderer(): Promise<FormRendererModule> {
  return formRendererChunks.load('form');
}

/** The form renderer module if it has already arrived (always on the server, see below). */
export function loadedFormRenderer(): FormRendererModule | undefined {
  return formRendererChunks.get('form');
}

// The prerenderer renders synchronously: on the server the module is in memory before any page renders.
if (import.meta.env.SSR) await loadFormRenderer();
