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

/**
 * Whether `error` is a ChunkLoadError from any copy of this module: the islands loader is inlined into the page with
 * its own copy, so `instanceof` would miss the errors the islands' code throws.
 */
export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof Error && error.name === 'ChunkLoadError' && typeof (error as Partial<ChunkLoadError>).chunk === 'string';
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
