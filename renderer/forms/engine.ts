export type FormEngine = typeof import('./FormRenderer.tsx');

/** A promise carrying its outcome the way React's use() reads it, so a settled one never suspends. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

let engine: Tracked<FormEngine> | null = null;

/**
 * The form engine (rjsf, the widgets, the country list): about 80 KB gzip, so it is its own chunk, fetched
 * once per visit when a form is needed. A failed load is forgotten so the next attempt fetches it again.
 */
export function loadFormEngine(): Tracked<FormEngine> {
  if (!engine) {
    const p: Tracked<FormEngine> = import('./FormRenderer.tsx');
    p.then(
      (value) => Object.assign(p, { status: 'fulfilled', value }),
      (reason: unknown) => {
        Object.assign(p, { status: 'rejected', reason });
        if (engine === p) engine = null;
      },
    );
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
