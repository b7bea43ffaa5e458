import { ChunkCache } from '../lib/chunk-cache.ts';

export type FormRendererModule = typeof import('./FormRenderer.tsx');

/**
 * The form renderer (rjsf, the widgets, the country list): about 80 KB gzip, so it is its own chunk, fetched
 * once per visit when a form is needed. A failed load stays failed (so use() can show it) until a
 * "Try again" resets the chunk caches.
 */
export const formRendererChunks = new ChunkCache<FormRendererModule>(() => import('./FormRenderer.tsx'), { source: () => 'renderer/forms/FormRenderer.tsx' });

export function loadFormRenderer(): Promise<FormRendererModule> {
  return formRendererChunks.load('form');
}

/** The form renderer module if it has already arrived (always on the server, see below). */
export function loadedFormRenderer(): FormRendererModule | undefined {
  return formRendererChunks.get('form');
}

// Every block with a form waits for the engine before it runs (top-level await): on the server, which renders
// synchronously, and in the browser, where the block's island hydrates only once its code is complete. A failed
// load must not fail this module (a module that failed to evaluate stays failed): the form then shows the failure
// and its "Try again".
await loadFormRenderer().catch(() => undefined);
