/**
 * The build's brotli and gzip copies, kept by the hash of what they compress. Brotli at its best quality is the
 * slowest step of a build, and much of what a build compresses is byte for byte what the build before it made: the
 * framework and every other bundle that neither the content nor the build's time reaches (about half the bytes of a
 * second build). A copy made once is reused by every later build on the checkout (`npm run build`, the gate and
 * consent builds, each publish); the bytes are the same as compressing again, since both compressors are
 * deterministic for a given input and setting.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { BROTLI_OPTIONS, GZIP_OPTIONS, compressible } from './deploy-files.ts';
import { writeAtomic } from './write-atomic.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An entry no build has used for this long is removed, so a checkout's cache holds what recent builds made. */
const KEEP_UNUSED_MS = 30 * 24 * 60 * 60 * 1000;

type Kind = 'br' | 'gz';

export interface CompressedCopies {
  /**
   * The brotli copy of `body` (as `brotli` in deploy-files.ts makes it), from the cache when it has one, else made on
   * libuv's thread pool, so a build can render its next page meanwhile.
   */
  brotli(body: Buffer | string): Promise<Buffer>;
  /** Writes `.gz` and `.br` copies of every text file over 512 bytes under `dir` (`compressible`), as `compressFile` does one. */
  precompress(dir: string): Promise<{ files: number; reused: number }>;
}

/** The checkout's cache, shared by every build made in it (the site's, the editor's, each publish's). */
export const checkoutCopiesDir = (root: string) => join(root, 'node_modules/.cache/sitewright/compressed');

const keyOf = (body: Buffer | string) => createHash('sha256').update(body).digest('hex');

/**
 * Copies kept in `cacheDir` (made when first needed) and, for one build, in memory: the first-round-trip check
 * compresses each page, and precompress then reuses that copy.
 */
export function compressedCopies(cacheDir: string): CompressedCopies {
  const memo = new Map<string, Buffer>();
  const fileOf = (key: string, kind: Kind) => join(cacheDir, `${key}.${kind}`);

  const read = (key: string, kind: Kind): Buffer | undefined => {
    const held = memo.get(`${key}.${kind}`);
    if (held) return held;
    try {
      const bytes = readFileSync(fileOf(key, kind));
      const now = new Date();
      utimesSync(fileOf(key, kind), now, now);
      memo.set(`${key}.${kind}`, bytes);
      return bytes;
    } catch {
      return undefined;
    }
  };

  // Written whole: builds running side by side (npm test's three, a test suite's publishes) never read half a file.
  const keep = (key: string, kind: Kind, bytes: Buffer) => {
    memo.set(`${key}.${kind}`, bytes);
    writeAtomic(fileOf(key, kind), bytes);
    return bytes;
  };

  const prune = () => {
    const now = Date.now();
    let names: string[];
    try {
      names = readdirSync(cacheDir);
    } catch {
      return;
    }
    for (const name of names) {
      const file = join(cacheDir, name);
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat && now - stat.mtimeMs > KEEP_UNUSED_MS) rmSync(file, { force: true });
    }
  };

  const brotliOf = async (key: string, body: Buffer | string) => read(key, 'br') ?? keep(key, 'br', await brotliAsync(body, BROTLI_OPTIONS));

  return {
    brotli: (body) => brotliOf(keyOf(body), body),
    async precompress(dir) {
      const files = compressible(dir);
      let reused = 0;
      // Misses are compressed on libuv's thread pool, so a first build uses every core.
      await Promise.all(
        files.map(async (p) => {
          const body = readFileSync(p);
          const key = keyOf(body);
          const gz = read(key, 'gz');
          if (gz && read(key, 'br')) reused++;
          const [brBytes, gzBytes] = await Promise.all([brotliOf(key, body), gz ?? gzipAsync(body, GZIP_OPTIONS).then((b) => keep(key, 'gz', b))]);
          writeFileSync(`${p}.br`, brBytes);
          writeFileSync(`${p}.gz`, gzBytes);
        }),
      );
      prune();
      return { files: files.length, reused };
    },
  };
}
