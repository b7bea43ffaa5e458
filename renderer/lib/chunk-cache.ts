import { loadChunk } from './with-timeout.ts';

/**
 * Loads each chunk once and remembers the result, so a chunk loaded before hydration
 * renders synchronously (no Suspense flash, no hydration mismatch) and a failed one can be retried.
 */
export class ChunkCache<T> {
  private readonly promises = new Map<string, Promise<T>>();
  private readonly values = new Map<string, T>();

  constructor(private readonly loader: (key: string) => Promise<T>) {}

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  load(key: string): Promise<T> {
    let p = this.promises.get(key);
    if (!p) {
      p = loadChunk(key, () => this.loader(key)).then((v) => {
        this.values.set(key, v);
        return v;
      });
      // A failed promise stays cached until reset(): React's use() must see the same promise again to surface the error.
      p.catch(() => undefined);
      this.promises.set(key, p);
    }
    return p;
  }

  /** Forget failures and pending loads so the next render tries again. */
  reset(): void {
    for (const key of this.promises.keys()) if (!this.values.has(key)) this.promises.delete(key);
  }
}
