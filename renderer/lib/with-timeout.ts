/** The time-out for loading a script chunk. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  readonly chunk: string;
  constructor(chunk: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`Loading chunk ${chunk} failed. (${why})`, { cause });
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

/** Rejects with a ChunkLoadError when `load` fails or takes longer than `ms`. */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, ms = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, new Error(`timed out after ${ms / 1000} s`))), ms);
    load().then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, e));
      },
    );
  });
}
