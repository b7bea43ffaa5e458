/**
 * A new embedded database starts as a copy of a cluster PGlite initialised once on this machine, rather than by
 * running initdb again: initdb is most of a new data directory's first start (several seconds of CPU), and every
 * test of the service, every served build and every fresh install makes one. The copy is PGlite's own output, made by
 * the installed PGlite and closed cleanly, kept per PGlite version under node_modules/.cache (which nothing commits
 * or ships); the migrations then run on it as on any new database. Best effort: where the cache cannot be written,
 * the database is initialised in place as before.
 */
import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { cacheDir, pglitePackageFile, REPO_ROOT } from './config.ts';

/** The file PostgreSQL writes first in a cluster; a directory without it has no database yet. */
export const hasCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/** Where this PGlite version's initialised cluster is kept, or null when the package cannot be read. */
export function clusterCachePath(root = REPO_ROOT): string | null {
  try {
    const { version } = JSON.parse(readFileSync(pglitePackageFile(root), 'utf8')) as { version: string };
    return join(cacheDir(root), `pglite-${version}-cluster`);
  } catch {
    return null;
  }
}

/**
 * The cached cluster, made now if there is none yet. It is made in a directory of its own and renamed into place, so
 * no reader ever sees half of one; of two processes making it at once, one rename wins and the other's copy goes.
 */
async function initialisedCluster(cache: string): Promise<string | null> {
  if (hasCluster(cache)) return cache;
  const temp = `${cache}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dirname(cache), { recursive: true });
    const lite = new PGlite(temp);
    await lite.waitReady;
    await lite.close();
    try {
      renameSync(temp, cache);
    } catch (e) {
      if (!hasCluster(cache)) throw e;
    }
    return cache;
  } catch {
    return null;
  } finally {
    try {
      rmSync(temp, { recursive: true, force: true });
    } catch {
      // Nothing was made there (its folder could not be).
    }
  }
}

/**
 * Gives `dataDir`, when it holds no database yet, a copy of the initialised cluster (what is already in it, such as
 * the service's lock file, stays). Returns whether it did; when not, PGlite initialises the directory itself.
 */
export async function seedNewCluster(dataDir: string, cache = clusterCachePath()): Promise<boolean> {
  if (!cache || hasCluster(dataDir)) return false;
  const cluster = await initialisedCluster(cache);
  if (!cluster) return false;
  // PG_VERSION last: a copy that stopped half way is no cluster, and PGlite must not take it for one.
  const marker = join(cluster, 'PG_VERSION');
  try {
    cpSync(cluster, dataDir, { recursive: true, force: false, errorOnExist: false, filter: (from) => from !== marker });
    copyFileSync(marker, join(dataDir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}
