/**
 * One process per PGlite data directory: a lock file holding the owner's pid, created exclusively. A lock
 * left by a process that no longer exists (a crash, SIGKILL) is taken over.
 */
import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_NAME = 'leads.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`the data directory ${dir} is in use by process ${pid}`);
    this.name = 'DataDirLockedError';
  }
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirLockedError; returns the function that releases it. */
export function acquireLock(dir: string, pid = process.pid): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_NAME);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (pidAlive(owner)) throw new DataDirLockedError(dir, owner);
      unlinkSync(file);
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

export function lockOwner(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dir, LOCK_NAME), 'utf8').trim());
    return pidAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}
