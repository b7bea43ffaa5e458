/** The config folder's files for the editor and the back office: listed and hashed (written whole by scripts/lib/write-atomic.ts). */
import { createHash } from 'node:crypto';
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

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
