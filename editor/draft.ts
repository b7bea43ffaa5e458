/**
 * The editor's draft mode (in the back office): the calls to the draft, publish and preview-link endpoints, the
 * autosave that keeps the person's draft on the server as they type, and the small pure helpers the draft screens
 * share. Without the back office's meta tags none of this runs and the editor saves to files as before.
 */
import type { FieldConflict, FileChange, PreviewLink, Resolutions } from '../server/publish/types.ts';
import { ApiError, call, token, type FileDoc } from './api.ts';
import { normaliseDiagnostic, configPath, type Diagnostic } from './pointer.ts';
import { dirtyPaths, type Base, type EditorStore } from './store.ts';

function meta(name: string): string | undefined {
  return globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
}

/** True in the back office, where edits go to the person's draft and "Publish" puts them live. */
export function draftMode(): boolean {
  return meta('sitewright-editor-mode') === 'draft';
}

/** The signed-in person's name, as the back office gives it. */
export function draftUser(): string {
  return meta('sitewright-editor-user') ?? '';
}

/** Where the editor's API is: the back office names it; npm run edit serves it at /__editor/api/. */
export function apiBase(): string {
  return meta('sitewright-editor-api') || '/__editor/api/';
}

// ---- the calls ----------------------------------------------------------------------------------------------------

export interface DraftInfo {
  base: string;
  changes: FileChange[];
  rebased?: { onto: string; by: string; message: string; at: string };
  behind: boolean;
}

export type PublishResult =
  | { ok: true; commit: string; message: string; files: FileChange[] }
  | { ok: false; kind: 'conflict'; message: string; conflicts: FieldConflict[] }
  | { ok: false; kind: 'invalid'; message: string; diagnostics: Diagnostic[] }
  | { ok: false; kind: 'nothing' | 'build' | 'remote' | 'error'; message: string };

export type ShareResult = { ok: true; link: PreviewLink & { url: string } } | { ok: false; message: string; diagnostics: Diagnostic[] };

const diagnosticsOf = (raw: unknown): Diagnostic[] =>
  (Array.isArray(raw) ? (raw as Record<string, unknown>[]) : []).map((x) => {
    const d = normaliseDiagnostic(x);
    return { ...d, file: configPath(d.file) };
  });

/** The answer of a publish, whatever its status: the editor shows each kind in its own way. */
export function publishResult(status: number, body: Record<string, unknown>): PublishResult {
  const message = typeof body.message === 'string' ? body.message : `The server answered ${status}.`;
  if (status >= 200 && status < 300)
    return { ok: true, commit: String(body.commit ?? ''), message, files: Array.isArray(body.files) ? (body.files as FileChange[]) : [] };
  const kind = body.kind;
  if (kind === 'conflict' && Array.isArray(body.conflicts)) return { ok: false, kind, message, conflicts: body.conflicts as FieldConflict[] };
  if (kind === 'invalid') return { ok: false, kind, message, diagnostics: diagnosticsOf(body.diagnostics) };
  if (kind === 'nothing' || kind === 'build' || kind === 'remote') return { ok: false, kind, message };
  return { ok: false, kind: 'error', message };
}

/** The call's answer, or a refusal's status and body (an ApiError), or the network's error as a message. */
async function answer<T>(run: () => Promise<T>): Promise<{ status: number; body: Record<string, unknown> } | { status: 200; value: T }> {
  try {
    return { status: 200, value: await run() };
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, body: e.body };
    return { status: 0, body: { message: `The server could not be reached (${(e as Error).message}).` } };
  }
}

export const draftApi = {
  draft: () => call<DraftInfo>('draft'),
  seen: () => call<unknown>('draft/seen', { method: 'POST', body: {} }),
  publish: async (resolutions?: Resolutions): Promise<PublishResult> => {
    const r = await answer(() => call<Record<string, unknown>>('publish', { method: 'POST', body: resolutions ? { resolutions } : {} }));
    return 'value' in r ? publishResult(200, r.value) : publishResult(r.status, r.body);
  },
  discard: () => call<{ undo: string }>('discard', { method: 'POST', body: {} }),
  /** False when that discarded draft can no longer be brought back. */
  undoDiscard: async (undo: string): Promise<boolean> => {
    try {
      await call<unknown>('discard/undo', { method: 'POST', body: { undo } });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return false;
      throw e;
    }
  },
  previews: () => call<{ links: PreviewLink[] }>('previews').then((r) => r.links),
  share: async (): Promise<ShareResult> => {
    const r = await answer(() => call<{ link: PreviewLink & { url: string } }>('previews', { method: 'POST', body: {} }));
    if ('value' in r) return { ok: true, link: r.value.link };
    const message = typeof r.body.message === 'string' ? r.body.message : `The server answered ${r.status}.`;
    return { ok: false, message, diagnostics: diagnosticsOf(r.body.diagnostics) };
  },
  /** False when there is no such link (or it is not the person's). */
  revoke: async (id: string): Promise<boolean> => {
    try {
      await call<unknown>('previews/revoke', { method: 'POST', body: { id } });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return false;
      throw e;
    }
  },
};

/** Keepalive requests may carry 64 KB at most; a larger file is sent as an ordinary request. */
const KEEPALIVE_LIMIT = 60_000;

/**
 * Saves one file into the draft. `keepalive` lets the request finish when the tab is being closed. In draft mode
 * the server writes the file even when the checker finds errors (the live check shows them on the fields).
 */
export async function saveToDraft(path: string, data: unknown, baseHash: string, keepalive = false): Promise<{ hash: string; text: string }> {
  const body = JSON.stringify({ path, data, baseHash });
  const res = await fetch(`${apiBase()}save`, {
    method: 'POST',
    headers: { 'X-Sitewright-Editor-Token': token(), 'Content-Type': 'application/json' },
    body,
    keepalive: keepalive && body.length < KEEPALIVE_LIMIT,
  });
  const text = await res.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { message: text };
  }
  // Written with findings (an older server answers 422 but still says what it wrote).
  if (res.ok || (res.status === 422 && typeof parsed.hash === 'string' && typeof parsed.text === 'string'))
    return { hash: String(parsed.hash), text: String(parsed.text) };
  throw new ApiError(res.status, parsed);
}

// ---- autosave -----------------------------------------------------------------------------------------------------

export type SaveState = { kind: 'saved' } | { kind: 'saving' } | { kind: 'failed'; reason: string };

export interface Autosaver {
  state(): SaveState;
  /** Saves every unsaved file now; true when all of them were saved. */
  flush(keepalive?: boolean): Promise<boolean>;
  /** Drops the saves not yet started and waits for those under way (before the draft is discarded). */
  cancel(): Promise<void>;
  stop(): void;
}

type SaveFn = (path: string, data: unknown, baseHash: string, keepalive: boolean) => Promise<{ hash: string; text: string }>;

/**
 * Saves each changed file `delay` ms after its last change (one save at a time per file, the newest data each
 * time). A failed save keeps the edits in the store (and so in localStorage) and is tried again on the next change
 * or flush. A file that changed on the server meanwhile becomes the store's conflict, for the person to choose.
 */
export function createAutosaver({
  store,
  save,
  delay = 500,
  retryDelay = 5000,
  onState,
}: {
  store: Pick<EditorStore, 'getState' | 'subscribe'>;
  save: SaveFn;
  delay?: number;
  /** After a failed save, everything unsaved is tried again this long after. */
  retryDelay?: number;
  onState?: (s: SaveState) => void;
}): Autosaver {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let retry: ReturnType<typeof setTimeout> | undefined;
  const chains = new Map<string, Promise<void>>();
  const failed = new Map<string, string>();
  const seen = new Map<string, { data: unknown; base: Base | undefined }>();
  let running = 0;
  let last = '';

  const state = (): SaveState => {
    if (failed.size) return { kind: 'failed', reason: [...failed.values()][0] };
    if (timers.size || running) return { kind: 'saving' };
    return { kind: 'saved' };
  };
  const emit = () => {
    const s = state();
    const key = JSON.stringify(s);
    if (key !== last) {
      last = key;
      onState?.(s);
    }
  };

  const saveOne = async (path: string, keepalive: boolean) => {
    const st = store.getState();
    if (st.conflicts[path] || !dirtyPaths(st).includes(path)) return;
    const data = st.working[path];
    try {
      const r = await save(path, data, st.base[path]?.hash ?? '', keepalive);
      failed.delete(path);
      store.getState().saved(path, { hash: r.hash, text: r.text, data });
    } catch (e) {
      const disk = e instanceof ApiError && e.status === 409 ? (e.body.disk as Partial<Base> | undefined) : undefined;
      if (disk && typeof disk.hash === 'string' && typeof disk.text === 'string') {
        // Changed on the server since it was read (a rebase onto a new publish): the person chooses, nothing is lost.
        failed.delete(path);
        store.getState().setConflict(path, { hash: disk.hash, text: disk.text, data: disk.data });
      } else {
        failed.set(path, (e as Error).message || 'the server did not answer');
        retry ??= setTimeout(() => {
          retry = undefined;
          void flush(false);
        }, retryDelay);
      }
    }
  };

  const run = (path: string, keepalive: boolean): Promise<void> => {
    running++;
    emit();
    const next = (chains.get(path) ?? Promise.resolve())
      .then(() => saveOne(path, keepalive))
      .finally(() => {
        running--;
        if (chains.get(path) === next) chains.delete(path);
        emit();
      });
    chains.set(path, next);
    return next;
  };

  const schedule = (path: string) => {
    clearTimeout(timers.get(path));
    timers.set(
      path,
      setTimeout(() => {
        timers.delete(path);
        void run(path, false);
      }, delay),
    );
  };

  const scan = () => {
    const st = store.getState();
    for (const path of dirtyPaths(st)) {
      const was = seen.get(path);
      if (st.conflicts[path] || (was && was.data === st.working[path] && was.base === st.base[path])) continue;
      seen.set(path, { data: st.working[path], base: st.base[path] });
      schedule(path);
    }
    emit();
  };

  const unsubscribe = store.subscribe(scan);
  // Edits kept in localStorage from before a reload are saved too.
  scan();

  const clearTimers = () => {
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    clearTimeout(retry);
    retry = undefined;
  };

  const flush = async (keepalive = false) => {
    clearTimers();
    const st = store.getState();
    await Promise.all([
      ...dirtyPaths(st)
        .filter((p) => !st.conflicts[p])
        .map((p) => run(p, keepalive)),
      ...chains.values(),
    ]);
    return failed.size === 0;
  };

  return {
    state,
    flush,
    cancel: async () => {
      clearTimers();
      await Promise.all(chains.values());
      failed.clear();
      seen.clear();
      emit();
    },
    stop: () => {
      unsubscribe();
      clearTimers();
    },
  };
}

// ---- reading the draft again --------------------------------------------------------------------------------------

/**
 * Reads every file the editor has open from the server again. `replace` (after a discard) drops the person's local
 * copies and their undo history, as those edits are no longer the draft; otherwise the store keeps unsaved edits and
 * asks about any file that changed underneath them.
 */
export async function reloadFromServer(store: EditorStore, read: (path: string) => Promise<FileDoc>, replace: boolean): Promise<void> {
  const st = store.getState();
  const paths = [...new Set([...Object.keys(st.working), ...Object.keys(st.base)])];
  const docs = await Promise.all(
    paths.map((p) =>
      read(p).then(
        (f): [string, Base | null] => [p, { hash: f.hash, text: f.text, data: f.data }],
        (e: unknown): [string, Base | null] => {
          if (e instanceof ApiError && e.status === 404) return [p, null];
          throw e;
        },
      ),
    ),
  );
  if (!replace) {
    for (const [p, base] of docs) if (base) store.getState().loaded(p, base);
    return;
  }
  const working: Record<string, unknown> = {};
  const base: Record<string, Base> = {};
  for (const [p, b] of docs)
    if (b) {
      working[p] = b.data;
      base[p] = b;
    }
  const t = store.temporal.getState();
  t.pause();
  try {
    const open = store.getState().openPage;
    store.setState({
      working,
      base,
      conflicts: {},
      ...(open && !(open in working) ? { openPage: null, selected: null, panel: { kind: 'block' as const } } : {}),
    });
  } finally {
    t.resume();
  }
  t.clear();
}

// ---- news from the server -----------------------------------------------------------------------------------------

const serverListeners = new Set<() => void>();

/** The editor's server said files changed: the draft screens ask for the draft's state again. */
export function notifyServerChange(): void {
  for (const l of serverListeners) l();
}

export function onServerChange(listener: () => void): () => void {
  serverListeners.add(listener);
  return () => serverListeners.delete(listener);
}

/**
 * The key of a conflict's choice in a publish's resolutions: the server's conflictKey (server/publish/types.ts),
 * written again here because the dev server never sends files under server/ to the browser.
 */
export const conflictKey = (c: Pick<FieldConflict, 'file' | 'pointer'>): string => `${c.file}#${c.pointer}`;

// ---- words --------------------------------------------------------------------------------------------------------

/** A value as a person reads it: text as it is, anything else as short JSON. */
export function showValue(value: unknown, max = 160): string {
  if (value === undefined || value === null) return '(nothing)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > max ? `${json.slice(0, max - 1)}…` : json;
}

export function publishProblemMessage(errors: number): string {
  return `Not published: fix ${errors} problem${errors === 1 ? '' : 's'} first. Nothing was changed.`;
}

export function saveFailedMessage(reason: string): string {
  return `Not saved yet: ${reason.replace(/\.$/, '')}. Your changes are kept here and will be saved when the server answers.`;
}

/** "3 December 2026, 17:20" in the person's own time zone. */
export function showDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
