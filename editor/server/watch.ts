/**
 * Changes on disk under the config folder (a text editor's save, git pull, a new or deleted file), reported within
 * a second: fs.watch (recursive) wakes a rescan at once, and a poll every `pollMs` catches anything it missed. A file
 * is reported only when its content hash changed, so a touch or a save of the same text is not news.
 */
import { readFileSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { listFiles, sha256 } from './files.ts';

export interface ChangeEvent {
  /** Path inside the config folder, e.g. "pages/owner.json". */
  path: string;
  /** sha256 of the new content; null when the file was deleted. */
  hash: string | null;
}

interface Known {
  mtimeMs: number;
  size: number;
  hash: string;
}

export interface ConfigWatcher {
  /** Rescans now and reports what changed (also called by the watcher and the poll). */
  scan(): ChangeEvent[];
  /** Current hash of a file, as last seen. */
  hashOf(path: string): string | undefined;
  close(): void;
}

export function watchConfig(configDir: string, onChange: (e: ChangeEvent) => void, opts: { pollMs?: number; debounceMs?: number } = {}): ConfigWatcher {
  const known = new Map<string, Known>();
  const scan = (report: boolean): ChangeEvent[] => {
    const events: ChangeEvent[] = [];
    const seen = new Set<string>();
    for (const rel of listFiles(configDir)) {
      seen.add(rel);
      const abs = join(configDir, rel);
      let st;
      try {
        st = statSync(abs);
      } catch {
        continue;
      }
      const prev = known.get(rel);
      if (prev && prev.mtimeMs === st.mtimeMs && prev.size === st.size) continue;
      let hash: string;
      try {
        hash = sha256(readFileSync(abs));
      } catch {
        continue;
      }
      known.set(rel, { mtimeMs: st.mtimeMs, size: st.size, hash });
      if (!prev || prev.hash !== hash) events.push({ path: rel, hash });
    }
    for (const rel of [...known.keys()]) {
      if (!seen.has(rel)) {
        known.delete(rel);
        events.push({ path: rel, hash: null });
      }
    }
    if (report) for (const e of events) onChange(e);
    return events;
  };
  scan(false);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    clearTimeout(timer);
    timer = setTimeout(() => scan(true), opts.debounceMs ?? 50);
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(configDir, { recursive: true }, soon);
    watcher.on('error', () => undefined);
  } catch {
    // No recursive watching here: the poll alone reports changes.
  }
  const poll = setInterval(() => scan(true), opts.pollMs ?? 1000);
  poll.unref?.();
  return {
    scan: () => scan(true),
    hashOf: (path) => known.get(path)?.hash,
    close() {
      clearTimeout(timer);
      clearInterval(poll);
      watcher?.close();
    },
  };
}
