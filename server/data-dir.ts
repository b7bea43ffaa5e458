/**
 * The embedded database's directory belongs to the service alone: its files hold every lead. PGlite writes
 * its files 0666 (0644 for some) whatever the process umask, so the modes are set here instead.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Why the data directory cannot be made private; the service does not start with it. */
export class DataDirAccessError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirAccessError';
  }
}

/**
 * Creates `dir` when missing and makes it private: the directory and every directory in it 0700, every other
 * entry 0600. Symbolic links are left alone (chmod would change their target, which may be anywhere). Throws
 * DataDirAccessError when an entry belongs to another user (`uid`, default this process's) or cannot be changed.
 */
export function secureDataDir(dir: string, uid: number | undefined = process.getuid?.()): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const top = statSync(dir);
  if (!top.isDirectory()) throw new DataDirAccessError(`The data directory ${dir} is not a directory.`);
  // The running service (its git when publishing, its database) may remove an entry between the listing and the
  // change: an entry gone needs no mode.
  const vanished = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';
  const visit = (path: string, isTop: boolean) => {
    let st;
    try {
      st = isTop ? top : lstatSync(path);
    } catch (e) {
      if (vanished(e)) return;
      throw e;
    }
    if (st.isSymbolicLink()) return;
    if (uid !== undefined && st.uid !== uid) {
      const what = isTop ? `The data directory ${dir}` : `${path} in the data directory ${dir}`;
      throw new DataDirAccessError(
        `${what} belongs to user ${st.uid}, not to this service's user ${uid}, so it cannot be kept private; give it to this user (chown -R) or set SITEWRIGHT_DATA_DIR to a directory of its own.`,
      );
    }
    const mode = st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((st.mode & 0o7777) !== mode) {
      try {
        chmodSync(path, mode);
      } catch (e) {
        if (!isTop && vanished(e)) return;
        throw new DataDirAccessError(
          `The data directory ${dir} cannot be made private: changing ${path} to ${mode.toString(8)} failed (${(e as NodeJS.ErrnoException).code ?? String(e)}).`,
        );
      }
    }
    if (!st.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch (e) {
      if (!isTop && vanished(e)) return;
      throw e;
    }
    for (const name of names) visit(join(path, name), false);
  };
  visit(dir, true);
}
