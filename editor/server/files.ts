/** The config folder's files for the editor and the back office: listed, hashed, and written whole. */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, writeFileSync, type Dirent } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/**
 * Every file under `dir`, as paths relative to it with "/" separators, sorted. Hidden entries (".git", editor swap
 * files) are skipped; `skip` leaves out top-level folders such as "assets". Symbolic links are not followed.
 */
export function listFiles(dir: string, opts: { skip?: string[] } = {}): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!rel && opts.skip?.includes(e.name)) continue;
        walk(join(abs, e.name), r);
      } else if (e.isFile()) out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

/**
 * Writes `path` whole: the bytes go to a hidden file beside it (which listFiles and the editor's watcher skip), then
 * are moved into place, so a reader (the build, a preview, a crash) never meets half a file. Makes the folder.
 */
export function writeAtomic(path: string, bytes: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomUUID().slice(0, 8)}.saving`);
  writeFileSync(temp, bytes);
  renameSync(temp, path);
}
