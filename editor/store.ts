/**
 * The editor's working copies of config files, with undo/redo (zundo) for every change and a copy in localStorage so
 * a reload of the editor keeps both the unsaved work and its history.
 */
import { createStore, useStore } from 'zustand';
import { temporal } from 'zundo';
import { duplicateBlock, insertBlock, moveBlock, removeBlock, replaceBlock, sameJson, type Block, type PageDoc } from './ops.ts';

export interface Base {
  hash: string;
  text: string;
  data: unknown;
}

export interface Conflict {
  path: string;
  disk: Base;
}

export interface EditorState {
  /** What the person is editing, by config path ("pages/home.json"). Tracked by undo. */
  working: Record<string, unknown>;
  /** What is on disk, as last read or saved. */
  base: Record<string, Base>;
  openPage: string | null;
  /** The selected block of the open page. */
  selected: number | null;
  /**
   * What the side panel edits: the selected block, the page's settings, or another file (site.json, a FAQ set, a
   * form); for site.json, which of its screens (see SiteSettings.tsx).
   */
  panel: { kind: 'block' } | { kind: 'page' } | { kind: 'file'; path: string; screen?: string };
  clipboard: Block | null;
  conflicts: Record<string, Conflict>;

  /** A file as read from disk: becomes the base, and the working copy when there is no unsaved change to keep. */
  loaded: (path: string, base: Base) => void;
  /** A change made by the person. `coalesce` names a field: keystrokes in one field within a moment are one undo step. */
  edit: (path: string, update: (data: unknown) => unknown, coalesce?: string) => void;
  saved: (path: string, base: Base) => void;
  discard: (path: string) => void;
  openPageAt: (path: string | null) => void;
  select: (index: number | null) => void;
  showPanel: (panel: EditorState['panel']) => void;
  move: (from: number, to: number) => void;
  duplicate: (index: number) => void;
  remove: (index: number) => void;
  insert: (block: Block, at?: number) => void;
  updateBlock: (index: number, block: Block, coalesce?: string) => void;
  copy: (index: number) => void;
  paste: (at?: number) => boolean;
  setConflict: (path: string, disk: Base | null) => void;
}

/** What undo restores: the documents, and which page and section were in view when the change was made. */
type Tracked = { working: Record<string, unknown>; openPage?: string | null; selected?: number | null };

let pendingKey = '';
let lastKey = '';
let lastAt = 0;
const COALESCE_MS = 800;

export function createEditorStore(initial?: Partial<EditorState>) {
  return createStore<EditorState>()(
    temporal(
      (set, get, api) => {
        const page = (): [string, PageDoc] | null => {
          const { openPage, working } = get();
          const doc = openPage ? (working[openPage] as PageDoc | undefined) : undefined;
          return openPage && doc && Array.isArray(doc.blocks) ? [openPage, doc] : null;
        };
        const editPage = (update: (p: PageDoc) => PageDoc, selected?: number | null, coalesce = '') => {
          const current = page();
          if (!current) return;
          const [path, doc] = current;
          const next = update(doc);
          if (next === doc) return;
          pendingKey = coalesce;
          set({ working: { ...get().working, [path]: next }, ...(selected !== undefined ? { selected } : {}) });
          pendingKey = '';
        };
        return {
          working: {},
          base: {},
          openPage: null,
          selected: null,
          panel: { kind: 'block' },
          clipboard: null,
          conflicts: {},
          loaded: (path, base) => {
            const { working, base: bases } = get();
            const had = bases[path];
            const unsaved = path in working && had !== undefined && !sameJson(working[path], had.data);
            // The file now holds exactly what is unsaved here (a save the page sent as it closed, whose answer it never
            // read): nothing to choose between, it simply is saved.
            if (unsaved && sameJson(working[path], base.data)) {
              withoutHistory(api as unknown as EditorStore, () => set({ base: { ...get().base, [path]: base } }));
              return;
            }
            if (unsaved && had.hash !== base.hash) {
              // Changed on disk while the person has unsaved changes here: never overwrite either; they choose.
              set({ conflicts: { ...get().conflicts, [path]: { path, disk: base } } });
              return;
            }
            withoutHistory(api as unknown as EditorStore, () => {
              const next: Partial<EditorState> = { base: { ...get().base, [path]: base } };
              if (!unsaved) next.working = { ...get().working, [path]: base.data };
              set(next);
            });
          },
          edit: (path, update, coalesce = '') => {
            const before = get().working[path];
            const next = update(before);
            if (next === before) return;
            pendingKey = coalesce;
            set({ working: { ...get().working, [path]: next } });
            pendingKey = '';
          },
          saved: (path, base) => {
            const { [path]: _gone, ...conflicts } = get().conflicts;
            set({ base: { ...get().base, [path]: base }, conflicts });
          },
          discard: (path) => {
            const base = get().base[path];
            if (base) set({ working: { ...get().working, [path]: base.data } });
          },
          openPageAt: (path) => set({ openPage: path, selected: null, panel: { kind: 'block' } }),
          select: (index) => set({ selected: index, panel: { kind: 'block' } }),
          showPanel: (panel) => set({ panel }),
          move: (from, to) => {
            const current = page();
            if (!current) return;
            const target = Math.max(0, Math.min(current[1].blocks.length - 1, to));
            if (target === from) return;
            editPage((p) => moveBlock(p, from, target), target);
          },
          duplicate: (index) => editPage((p) => duplicateBlock(p, index), index + 1),
          remove: (index) => {
            const current = page();
            if (!current) return;
            const left = current[1].blocks.length - 1;
            editPage((p) => removeBlock(p, index), left === 0 ? null : Math.min(index, left - 1));
          },
          insert: (block, at) => {
            const current = page();
            if (!current) return;
            const where = at ?? current[1].blocks.length;
            editPage((p) => insertBlock(p, block, where), where);
          },
          updateBlock: (index, block, coalesce) =>
            editPage((p) => replaceBlock(p, index, block), undefined, coalesce ? `${get().openPage}#${index}#${coalesce}` : ''),
          copy: (index) => {
            const current = page();
            const block = current?.[1].blocks[index];
            if (block) set({ clipboard: JSON.parse(JSON.stringify(block)) as Block });
          },
          paste: (at) => {
            const { clipboard, selected } = get();
            const current = page();
            if (!clipboard || !current) return false;
            get().insert(clipboard, at ?? (selected === null ? current[1].blocks.length : selected + 1));
            return true;
          },
          setConflict: (path, disk) => {
            const { [path]: _gone, ...rest } = get().conflicts;
            set({ conflicts: disk ? { ...rest, [path]: { path, disk } } : rest });
          },
          ...initial,
        };
      },
      {
        partialize: (state): Tracked => ({ working: state.working, openPage: state.openPage, selected: state.selected }),
        equality: (a, b) => a.working === b.working,
        limit: 200,
        handleSet: (handleSet) => (pastState, replace, currentState, delta) => {
          const now = Date.now();
          if (pendingKey && pendingKey === lastKey && now - lastAt < COALESCE_MS) {
            lastAt = now;
            return;
          }
          lastKey = pendingKey;
          lastAt = now;
          (handleSet as unknown as (...args: unknown[]) => void)(pastState, replace, currentState, delta);
        },
      },
    ),
  );
}

export type EditorStore = ReturnType<typeof createEditorStore>;

/** Changes that are not the person's (a file read from disk) must not become undo steps. */
function withoutHistory(store: EditorStore, run: () => void) {
  const t = store.temporal?.getState();
  t?.pause();
  try {
    run();
  } finally {
    t?.resume();
  }
}

export function dirtyPaths(state: Pick<EditorState, 'working' | 'base'>): string[] {
  return Object.keys(state.working).filter((p) => state.base[p] && !sameJson(state.working[p], state.base[p].data));
}

/** Ends the current run of keystrokes, so the next change is an undo step of its own. */
export function breakCoalescing() {
  lastKey = '';
}

// ---- persistence -------------------------------------------------------------------------------------------------

/**
 * In the back office each signed-in person keeps their own copy, so that one person's unsaved edits are never saved
 * into another's draft on a shared browser.
 */
const KEY = ((user) => (user ? `sitewright-editor:v1:${user}` : 'sitewright-editor:v1'))(
  globalThis.document?.querySelector<HTMLMetaElement>('meta[name="sitewright-editor-user"]')?.content,
);

/**
 * History entries share most of their blocks with each other; written out naively, 200 steps of a 200-block page
 * would not fit in localStorage. Each distinct document and block is written once and referred to by number.
 */
export function packHistory(states: Partial<Tracked>[]) {
  const table: unknown[] = [];
  const ids = new Map<unknown, number>();
  const ref = (v: unknown) => {
    let i = ids.get(v);
    if (i === undefined) {
      i = table.length;
      ids.set(v, i);
      table.push(v);
    }
    return i;
  };
  const docs = new Map<unknown, number>();
  const docTable: unknown[] = [];
  const docRef = (doc: unknown) => {
    let i = docs.get(doc);
    if (i === undefined) {
      i = docTable.length;
      docs.set(doc, i);
      const page = doc as PageDoc;
      docTable.push(page && typeof page === 'object' && Array.isArray(page.blocks) ? { page: { ...page, blocks: page.blocks.map(ref) } } : { value: doc });
    }
    return i;
  };
  const entries = states.map((s) => ({
    docs: Object.fromEntries(Object.entries(s.working ?? {}).map(([p, d]) => [p, docRef(d)])),
    openPage: s.openPage,
    selected: s.selected,
  }));
  return { table, docTable, entries };
}

export function unpackHistory(packed: ReturnType<typeof packHistory>): Tracked[] {
  const docs = packed.docTable.map((d) => {
    const entry = d as { page?: Omit<PageDoc, 'blocks'> & { blocks: number[] }; value?: unknown };
    return entry.page ? { ...entry.page, blocks: entry.page.blocks.map((i) => packed.table[i] as Block) } : entry.value;
  });
  return packed.entries.map((e) => ({
    working: Object.fromEntries(Object.entries(e.docs).map(([p, i]) => [p, docs[i]])),
    openPage: e.openPage,
    selected: e.selected,
  }));
}

export function loadPersisted(
  storage: Storage | undefined = globalThis.localStorage,
): { state: Partial<EditorState>; past: Tracked[]; future: Tracked[] } | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw);
    return {
      state: {
        working: saved.working ?? {},
        base: saved.base ?? {},
        openPage: saved.openPage ?? null,
        clipboard: saved.clipboard ?? null,
        selected: saved.selected ?? null,
      },
      past: saved.past ? unpackHistory(saved.past) : [],
      future: saved.future ? unpackHistory(saved.future) : [],
    };
  } catch {
    return null;
  }
}

/** Writes the editor's state at most every `ms`, and once more when the tab is hidden or closed. */
export function persist(s: EditorStore, storage: Storage | undefined = globalThis.localStorage, ms = 1000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    const st = s.getState();
    const t = s.temporal.getState();
    let past = t.pastStates;
    for (;;) {
      const text = JSON.stringify({
        working: st.working,
        base: st.base,
        openPage: st.openPage,
        clipboard: st.clipboard,
        selected: st.selected,
        past: packHistory(past),
        future: packHistory(t.futureStates),
      });
      try {
        storage?.setItem(KEY, text);
        return;
      } catch {
        // Over the quota: keep the newer half of the history and try again.
        if (past.length === 0) return;
        past = past.slice(Math.ceil(past.length / 2));
      }
    }
  };
  // Written when the browser is idle, so a large page's history never delays a keystroke.
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  const schedule = () => {
    if (!timer) timer = setTimeout(() => (idle ? idle(write, { timeout: 2000 }) : write()), ms);
  };
  const un1 = s.subscribe(schedule);
  const un2 = s.temporal.subscribe(schedule);
  const flush = () => {
    if (timer) clearTimeout(timer);
    write();
  };
  globalThis.addEventListener?.('pagehide', flush);
  return { flush, stop: () => (un1(), un2(), globalThis.removeEventListener?.('pagehide', flush)) };
}

export function createPersistentStore() {
  const saved = loadPersisted();
  const s = createEditorStore(saved?.state);
  if (saved) s.temporal.setState({ pastStates: saved.past, futureStates: saved.future });
  persist(s);
  return s;
}

export const editorStore = createPersistentStore();

export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(editorStore, selector);
}

export function useHistory() {
  const canUndo = useStore(editorStore.temporal, (t) => t.pastStates.length > 0);
  const canRedo = useStore(editorStore.temporal, (t) => t.futureStates.length > 0);
  return { canUndo, canRedo };
}
