/**
 * Fetches script files before they are imported, so that a failed download never reaches the browser's module map:
 * Chromium keeps a module whose fetch failed as failed for the rest of the page's life, and a "Try again" that
 * imports it again would fail at once without asking the network. Fetched whole first, the files are in the HTTP
 * cache (they are served as immutable) when the import asks for them. A file fetched once is not fetched again;
 * one that failed is, on the next call.
 */
const fetched = new Map<string, Promise<void>>();

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
