/**
 * Fetches script files before they are imported, so that a failed download never reaches the browser's module map:
 * Chromium keeps a module whose fetch failed as failed for the rest of the page's life, and a "Try again" that
 * imports it again would fail at once without asking the network. Fetched whole first, the files are in the HTTP
 * cache (they are served as immutable) when the import asks for them. A file fetched once is not fetched again;
 * one that failed is, on the next call.
 */
import { pageState } from './page-state.ts';

/** One per page: the islands loader and the code it loads each carry a copy of this module. */
const fetched = pageState('fetched-whole', () => new Map<string, Promise<void>>());

export function fetchWhole(files: readonly string[], get: typeof fetch = fetch): Promise<void> {
  return Promise.all(
    files.map((file) => {
      let done = fetched.get(file);
      if (!done) {
        done = get(file).then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status} for ${file}`);
          // Read to the end: the cache keeps only a response that was received whole.
          await response.arrayBuffer();
        });
        fetched.set(file, done);
        done.catch(() => fetched.delete(file));
      }
      return done;
    }),
  ).then(() => undefined);
}

/**
 * The script files of each module the page's code imports lazily (the form engine, a form's validator, the video
 * player, …), by the module's path from the project root: the build's list, which the islands loader hands over to
 * the code it loads. Empty where no build wrote one (the dev server, the editor's preview, unit tests).
 */
export function lazyFiles(): Record<string, readonly string[]> {
  return pageState('lazy-files', () => ({}));
}
