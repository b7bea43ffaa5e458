/** One way to write a file whole, for every process that writes files others may be reading. */
import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A hidden name beside `path` for its new bytes (skipped by the editor's file list and watcher), unique per call. */
export const tempBeside = (path: string): string => join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.saving`);

/**
 * Writes `path` whole: the bytes go to a hidden file beside it (which the editor's file list and watcher skip), then
 * are moved into place, so a reader (a build beside this one, a preview, a crash) never meets half a file. Makes the
 * folder; a failed write leaves nothing behind.
 */
export function writeAtomic(path: string, bytes: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempBeside(path);
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}
