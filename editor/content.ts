/**
 * The text of prose sections for the preview: site.config/content/<id>.mdx, compiled by the editor's server with the
 * build's own compiler (GET /__editor/api/content), kept by id and read again when the file changes on disk. A file
 * that does not compile is kept as its problem in plain words, which the preview shows in place of the text.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { ProseDocument } from '../blocks/Prose/tree.ts';
import { ApiError, api } from './api.ts';

export type ContentEntry = { hash: string; doc: ProseDocument } | { hash: string | null; problem: string };

/** The name of a content file, as a prose section's "source" holds it ("policy"). */
const ID = /^[a-z0-9][a-z0-9-]*$/;

/** The content files the prose sections among `blocks` show, each once. */
export function contentIds(blocks: readonly { type?: unknown; source?: unknown }[]): string[] {
  const ids = blocks.filter((b) => b?.type === 'prose' && typeof b.source === 'string' && ID.test(b.source)).map((b) => b.source as string);
  return [...new Set(ids)];
}

/** "content/policy.mdx" → "policy" (a path as the change events name files), else null. */
export function contentIdOf(path: string): string | null {
  return /^content\/([a-z0-9][a-z0-9-]*)\.mdx$/.exec(path)?.[1] ?? null;
}

type Fetch = (path: string) => Promise<{ hash: string; doc: ProseDocument }>;

export interface ContentStore {
  /** Every entry loaded so far, by id; a new object whenever one changes. */
  get(): Record<string, ContentEntry>;
  subscribe(listener: () => void): () => void;
  /** Loads `id` unless it is loaded or loading (`again`: read it anew, e.g. after a change on disk). */
  load(id: string, again?: boolean): Promise<void>;
  /** A file changed on disk: reads it again if a section shows it. */
  changed(path: string): void;
}

export function createContentStore(fetchContent: Fetch): ContentStore {
  let entries: Record<string, ContentEntry> = {};
  const pending = new Map<string, Promise<void>>();
  /** The latest request per id: an older answer arriving late does not overwrite a newer one. */
  const latest = new Map<string, number>();
  let seq = 0;
  const listeners = new Set<() => void>();
  const set = (id: string, entry: ContentEntry) => {
    entries = { ...entries, [id]: entry };
    for (const l of listeners) l();
  };
  const load = (id: string, again = false): Promise<void> => {
    if (!again && (entries[id] || pending.has(id))) return pending.get(id) ?? Promise.resolve();
    const mine = ++seq;
    latest.set(id, mine);
    const request = fetchContent(`content/${id}.mdx`).then(
      (r) => {
        if (latest.get(id) === mine) set(id, { hash: r.hash, doc: r.doc });
      },
      (err: unknown) => {
        if (latest.get(id) !== mine) return;
        const hash = err instanceof ApiError && typeof err.body.hash === 'string' ? err.body.hash : null;
        set(id, { hash, problem: err instanceof Error && err.message ? err.message : `The text “${id}” could not be read.` });
      },
    );
    const done = request.finally(() => {
      if (pending.get(id) === done) pending.delete(id);
    });
    pending.set(id, done);
    return done;
  };
  return {
    get: () => entries,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load,
    changed(path) {
      const id = contentIdOf(path);
      if (id && (entries[id] || pending.has(id))) void load(id, true);
    },
  };
}

/** The editor's one store, on its server's API. */
export const contentStore = createContentStore((path) => api.content(path));

/** The entries of `ids` (loading those not loaded yet); a new object only when one of them changed. */
export function useContent(ids: readonly string[]): Record<string, ContentEntry> {
  const key = ids.join(' ');
  useEffect(() => {
    for (const id of key ? key.split(' ') : []) void contentStore.load(id);
  }, [key]);
  const all = useSyncExternalStore(contentStore.subscribe, contentStore.get);
  return pick(all, ids);
}

const picked = new WeakMap<object, Map<string, Record<string, ContentEntry>>>();
/** The same object for the same store state and ids, so a render that changed nothing posts nothing new. */
function pick(all: Record<string, ContentEntry>, ids: readonly string[]): Record<string, ContentEntry> {
  const key = ids.join(' ');
  let byIds = picked.get(all);
  if (!byIds) picked.set(all, (byIds = new Map()));
  let out = byIds.get(key);
  if (!out) byIds.set(key, (out = Object.fromEntries(ids.filter((id) => all[id]).map((id) => [id, all[id]]))));
  return out;
}
