import { fetchWhole, lazyFiles } from './fetch-whole.ts';
import { pageState } from './page-state.ts';
import { loadChunk } from './with-timeout.ts';

/** A promise carrying its outcome the way React's use() reads it, so a settled one never suspends. */
export type TrackedPromise<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** Marks `promise` with its outcome as soon as it settles (before any later-registered callback runs). */
export function track<T>(promise: Promise<T>): TrackedPromise<T> {
  const tracked: TrackedPromise<T> = promise;
  tracked.then(
    (v) => {
      Object.assign(tracked, { status: 'fulfilled', value: v });
    },
    (e: unknown) => {
      Object.assign(tracked, { status: 'rejected', reason: e });
    },
  );
  return tracked;
}

/**
 * Every cache on the page, so one "Try again" can forget every failed chunk whichever kind it was, including the
 * islands loader's (it is inlined into the page with its own copy of this module).
 */
const allCaches = pageState('chunk-caches', () => new Set<{ reset(): void }>());

/** Forgets failed and pending loads in every ChunkCache: what a "Try again" button calls before rendering again. */
export function resetAllChunkCaches(): void {
  for (const cache of allCaches) cache.reset();
}

/**
 * Loads each chunk once and remembers the result, so a chunk loaded before hydration
 * renders synchronously (no Suspense flash, no hydration mismatch) and a failed one can be retried.
 * Components always call use(cache.load(key)): unconditional, and synchronous once settled.
 * `name` turns a key into the chunk name visitors see in "Loading chunk {name} failed". `source` names the module a
 * key loads (its path from the project root): where the build lists its files, they are fetched whole before the
 * import, so that a failed download can be tried again (see ./fetch-whole.ts).
 */
export class ChunkCache<T> {
  private readonly promises = new Map<string, Promise<T>>();
  private readonly values = new Map<string, T>();

  private readonly name: (key: string) => string;
  private readonly source?: (key: string) => string;

  constructor(
    private readonly loader: (key: string) => Promise<T>,
    options: { name?: (key: string) => string; source?: (key: string) => string } = {},
  ) {
    this.name = options.name ?? ((key) => key);
    this.source = options.source;
    allCaches.add(this);
  }

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  load(key: string): Promise<T> {
    let p = this.promises.get(key);
    if (!p) {
      // Tracked first, so the outcome is recorded before any awaiting code resumes.
      const tracked = track(
        loadChunk(this.name(key), () => this.fetchAndLoad(key)).then((v) => {
          this.values.set(key, v);
          return v;
        }),
      );
      // A failed promise stays cached until reset(): React's use() must see the same promise again to surface the error.
      p = tracked;
      this.promises.set(key, p);
    }
    return p;
  }

  private fetchAndLoad(key: string): Promise<T> {
    const files = this.source && lazyFiles()[this.source(key)];
    return files?.length ? fetchWhole(files).then(() => this.loader(key)) : this.loader(key);
  }

  /** Forget failures and pending loads so the next render tries again. */
  reset(): void {
    for (const key of this.promises.keys()) if (!this.values.has(key)) this.promises.delete(key);
  }
}
