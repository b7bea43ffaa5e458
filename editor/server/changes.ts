/**
 * The editor's "Changes" view: what changed in the config folder since the editor started, as unified diffs.
 * A snapshot of the text files is taken at start; the editor never runs git.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { listFiles } from './files.ts';
import { editJsonText } from './json-edit.ts';

/** Text of every config file (assets left out: they are images), by path inside the config folder. */
export type Snapshot = Map<string, string>;

export interface FileChange {
  path: string;
  status: 'modified' | 'added' | 'deleted';
  /** Unified diff (a/<path> → b/<path>), "" for a binary file. */
  diff: string;
}

function readText(abs: string): string | undefined {
  try {
    const buf = readFileSync(abs);
    return buf.includes(0) ? undefined : buf.toString('utf8');
  } catch {
    return undefined;
  }
}

export function takeSnapshot(configDir: string): Snapshot {
  const snap: Snapshot = new Map();
  for (const rel of listFiles(configDir, { skip: ['assets'] })) {
    const text = readText(join(configDir, rel));
    if (text !== undefined) snap.set(rel, text);
  }
  return snap;
}

/** The files that differ from the snapshot now, sorted by path. */
export function changesSince(snapshot: Snapshot, configDir: string): FileChange[] {
  const now = takeSnapshot(configDir);
  const out: FileChange[] = [];
  const patch = (path: string, a: string, b: string) => createTwoFilesPatch(`a/${path}`, `b/${path}`, a, b, undefined, undefined, { context: 3 });
  for (const [path, before] of snapshot) {
    const after = now.get(path);
    if (after === undefined) out.push({ path, status: 'deleted', diff: patch(path, before, '') });
    else if (after !== before) out.push({ path, status: 'modified', diff: patch(path, before, after) });
  }
  for (const [path, after] of now) if (!snapshot.has(path)) out.push({ path, status: 'added', diff: patch(path, '', after) });
  return out.sort((x, y) => x.path.localeCompare(y.path));
}

/**
 * An unsaved change as the save would write it: the file's text now against the text editJsonText makes of it with
 * `data` (the one the save writes), so a setting keeps its place in the diff as it does in the file.
 */
export function unsavedDiff(path: string, text: string | undefined, data: unknown): string {
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, text ?? '', editJsonText(text, data), undefined, undefined, { context: 3 });
}
