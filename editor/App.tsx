/** The editor shell: page list, outline, preview and fields; live checks, saving, and files changed on disk. */
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { api, ApiError, type FilesIndex } from './api.ts';
import { contentStore } from './content.ts';
import { EditorDataContext, type EditorData } from './context.ts';
import { FieldsForm, formOptions, prepare, titlesAt, type PrepareOptions } from './fields.tsx';
import { FormFields } from './FormFields.tsx';
import { FormPreviewPane } from './FormPreview.tsx';
import { blockTitle, Outline } from './Outline.tsx';
import { ChangesView, ConflictDialog, fileLabel, Palette, PreviewPane, usePreviewMessages, type Device } from './Panes.tsx';
import { cloneJson, tidy, type Block, type PageDoc } from './ops.ts';
import { configPath, fieldWords, pointerToField, sectionName, toErrorSchema, type Diagnostic } from './pointer.ts';
import { problemText } from './problems.ts';
import { blockSchema, fileSchema, pageSettingsSchema } from './schemas.ts';
import { NewPage, PageActions } from './Pages.tsx';
import { SiteSearch } from './Search.tsx';
import { screenById, screenOf } from './settings-screens.ts';
import { filePanel, SiteSettingsNav, SiteSettingsPanel } from './SiteSettings.tsx';
import { reveal } from './controls.tsx';
import { describeChange } from './history-words.ts';
import { draftMode, notifyServerChange } from './draft.ts';
import { DraftBar, saveDraftNow } from './DraftBar.tsx';
import { RowMark } from './row-mark.tsx';
import { plural } from './words.ts';
import { breakCoalescing, dirtyPaths, editorStore, useEditor, useHistory } from './store.ts';

const CHECK_DELAY_MS = 150;

const pagesCache = new WeakMap<FilesIndex, { path: string; title: string; route: string }[]>();
function pagesOf(index: FilesIndex) {
  let pages = pagesCache.get(index);
  if (!pages) pagesCache.set(index, (pages = index.pages.map((p) => ({ ...p, path: configPath(p.path) }))));
  return pages;
}

async function loadFile(path: string) {
  const f = await api.file(path);
  editorStore.getState().loaded(path, { hash: f.hash, text: f.text, data: f.data });
}

function useLiveChecks(enabled: boolean) {
  const working = useEditor((s) => s.working);
  const base = useEditor((s) => s.base);
  const openPage = useEditor((s) => s.openPage);
  const [diagnostics, setDiagnostics] = useState<Diagnostic[]>([]);
  const [checking, setChecking] = useState(false);
  // The edit whose check has come back (or failed): until it is the latest, the findings on screen may be of an
  // earlier edit, so a save waits for them rather than judging the draft by them.
  const [settledFor, setSettledFor] = useState<unknown>(null);
  useEffect(() => {
    if (!enabled) return;
    const files: Record<string, unknown> = {};
    for (const p of dirtyPaths({ working, base })) files[p] = working[p];
    if (openPage && working[openPage] !== undefined) files[openPage] = working[openPage];
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setChecking(true);
      api.check(files, controller.signal).then(
        (ds) => {
          const next = ds.map((d) => ({ ...d, file: configPath(d.file) }));
          // The same findings again (the usual case while typing) change nothing on screen: no re-render.
          setDiagnostics((old) => (JSON.stringify(old) === JSON.stringify(next) ? old : next));
          setChecking(false);
          setSettledFor(working);
        },
        () => {
          setChecking(false);
          if (!controller.signal.aborted) setSettledFor(working);
        },
      );
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, working, base, openPage]);
  return { diagnostics, checking, pending: settledFor !== working };
}

export function App() {
  const [index, setIndex] = useState<FilesIndex | null>(null);
  const [loadError, setLoadError] = useState('');
  const [device, setDevice] = useState<Device>('desktop');
  const [dialog, setDialog] = useState<null | 'palette' | 'new-page' | 'changes'>(null);
  const [status, setStatus] = useState('');
  const [saveProblem, setSaveProblem] = useState<{ message: string; items: Diagnostic[] } | null>(null);
  const [live, setLive] = useState('');
  // In the back office edits go to the person's draft (saved as they type) and "Publish" puts them live.
  const [draft] = useState(draftMode);
  const openPage = useEditor((s) => s.openPage);
  const working = useEditor((s) => s.working);
  const base = useEditor((s) => s.base);
  const selected = useEditor((s) => s.selected);
  const panel = useEditor((s) => s.panel);
  const conflicts = useEditor((s) => s.conflicts);
  const { canUndo, canRedo } = useHistory();
  const [discardUndoOffered, setDiscardUndoOffered] = useState(false);
  const { diagnostics, checking, pending } = useLiveChecks(index !== null);
  const announce = useCallback((t: string) => setLive((old) => (old === t ? `${t} ` : t)), []);

  const refreshIndex = useCallback(async () => {
    const next = await api.files();
    setIndex(next);
    return next;
  }, []);

  // Start: the list of files, then site.json, every FAQ set and form (the preview and the pickers need them) and the open page.
  useEffect(() => {
    (async () => {
      const idx = await refreshIndex();
      const paths = [idx.site.path, ...idx.faqs.map((f) => f.path), ...idx.forms.map((f) => f.path)].map(configPath);
      const open = editorStore.getState().openPage;
      if (open && idx.pages.some((p) => configPath(p.path) === open)) paths.push(open);
      else if (open) editorStore.getState().openPageAt(null);
      await Promise.all(paths.map(loadFile));
    })().catch((e: Error) => setLoadError(e.message));
  }, [refreshIndex]);

  // Files changed on disk (a text editor, git pull): read again within a second; with unsaved changes, the person chooses.
  useEffect(() => {
    let es: EventSource | undefined;
    try {
      es = api.events();
    } catch {
      return;
    }
    let refresh: ReturnType<typeof setTimeout> | undefined;
    es.addEventListener('change', (e) => {
      let data: { path?: string; hash?: string };
      try {
        data = JSON.parse((e as MessageEvent).data);
      } catch {
        return;
      }
      const path = data.path ? configPath(data.path) : '';
      const { base: bases, working: docs } = editorStore.getState();
      if (path && path in docs && bases[path]?.hash !== data.hash) void loadFile(path).catch(() => undefined);
      // The text of a prose section: compiled again, and the preview shows the new version.
      if (path) contentStore.changed(path);
      clearTimeout(refresh);
      refresh = setTimeout(() => void refreshIndex().catch(() => undefined), 200);
      notifyServerChange();
    });
    return () => {
      clearTimeout(refresh);
      es?.close();
    };
  }, [refreshIndex]);

  const page = openPage ? (working[openPage] as PageDoc | undefined) : undefined;
  const blocks = page?.blocks ?? [];
  const pageDiags = useMemo(() => diagnostics.filter((d) => d.file === openPage), [diagnostics, openPage]);
  const problems = useMemo(() => {
    const out: Record<number, number> = {};
    for (const d of pageDiags) {
      const t = pointerToField(d.pointer, true);
      if (d.severity === 'error' && t.block !== null) out[t.block] = (out[t.block] ?? 0) + 1;
    }
    return out;
  }, [pageDiags]);
  const dirty = dirtyPaths({ working, base });
  const errorsIn = (path: string) => diagnostics.filter((d) => d.file === path && d.severity === 'error');
  const blocking = dirty.flatMap(errorsIn);

  const examples = useMemo(() => Object.fromEntries((index?.blocks ?? []).map((b) => [b.type, (b.example as Block | null) ?? null])), [index]);
  usePreviewMessages(examples);

  const where = (d: Diagnostic): string => {
    const isPage = d.file.startsWith('pages/');
    const t = pointerToField(d.pointer, isPage);
    const doc = working[d.file] as PageDoc | undefined;
    const parts: string[] = [];
    if (isPage && t.block !== null) {
      const b = doc?.blocks?.[t.block];
      parts.push(sectionName(t.block, b ? blockTitle(b) : 'section'));
    } else if (isPage && t.field.length) parts.push('Page settings');
    // A problem in the site settings names the screen that shows it.
    if (d.file === 'site.json') parts.push(screenById(screenOf(t.field)).title);
    if (t.field.length) parts.push(isPage ? fieldWords(t.field) : fileFieldWords(d.file, working[d.file], t.field));
    return parts.join(' › ') || 'The whole file';
  };

  const goTo = (d: Diagnostic) => {
    const isPage = d.file.startsWith('pages/');
    const t = pointerToField(d.pointer, isPage);
    const st = editorStore.getState();
    if (isPage) {
      if (st.openPage !== d.file) st.openPageAt(d.file);
      if (t.block !== null) st.select(t.block);
      else st.showPanel({ kind: 'page' });
    } else st.showPanel(filePanel(d.file, t.field));
    setTimeout(() => {
      const prefix = isPage && t.block !== null ? 'sw-block' : isPage ? 'sw-page' : 'sw-file';
      const id = [prefix, ...t.field].join('_');
      const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${id}"]`);
      reveal(el);
      (el?.matches('input,select,textarea') ? el : el?.querySelector<HTMLElement>('input,select,textarea'))?.focus();
    }, 50);
  };

  const [saveWhenChecked, setSaveWhenChecked] = useState(false);
  useEffect(() => {
    if (saveWhenChecked && !pending) {
      setSaveWhenChecked(false);
      void save();
    }
  }, [saveWhenChecked, pending]); // eslint-disable-line react-hooks/exhaustive-deps

  const save = async () => {
    setSaveProblem(null);
    if (pending) {
      // The latest edit is not checked yet (its check is waiting for the typing to pause, or running): the findings
      // on screen may be of an earlier edit. Save as soon as it is checked, and only if it passes.
      setSaveWhenChecked(true);
      return;
    }
    if (blocking.length) {
      setSaveProblem({
        message: `Not saved: fix ${blocking.length} problem${blocking.length > 1 ? 's' : ''} first. The files are unchanged.`,
        items: blocking,
      });
      return;
    }
    let done = 0;
    for (const path of dirty) {
      const st = editorStore.getState();
      const data = st.working[path];
      try {
        const r = await api.save(path, data, st.base[path]?.hash ?? '');
        st.saved(path, { hash: r.hash, text: r.text, data });
        done++;
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) {
          const disk = e.body.disk as { text: string; hash: string; data: unknown };
          st.setConflict(path, { hash: disk.hash, text: disk.text, data: disk.data });
        } else if (e instanceof ApiError && e.status === 422) {
          const items = ((e.body.diagnostics as Record<string, unknown>[]) ?? []).map((x) => ({
            ...(x as unknown as Diagnostic),
            file: configPath(String(x.file ?? path)),
            pointer: String(x.pointer ?? x.path ?? ''),
            fix: (x.fix ?? x.suggestion) as string | undefined,
          }));
          // The server's message quotes the checker's own words: the list below says the same in the editor's.
          const errors = items.filter((d) => d.severity === 'error').length;
          setSaveProblem({ message: `Not saved: fix ${errors} problem${errors === 1 ? '' : 's'} first. The files are unchanged.`, items });
        } else setSaveProblem({ message: `Not saved: ${(e as Error).message}`, items: [] });
      }
    }
    if (done) {
      const msg = `Saved ${done} file${done > 1 ? 's' : ''}.`;
      setStatus(msg);
      announce(msg);
      void refreshIndex();
    }
  };

  // Undo and redo say what they changed, for people who cannot see the page change.
  const step = (which: 'undo' | 'redo') => {
    breakCoalescing();
    const before = editorStore.getState().working;
    const t = editorStore.temporal.getState();
    if (which === 'undo') t.undo();
    else t.redo();
    const after = editorStore.getState().working;
    const label = (p: string) => (index ? fileLabel(p, pagesOf(index)) : p);
    const words = describeChange(before, after, label, editorStore.getState().selected);
    if (before !== after) announce(`${which === 'undo' ? 'Undone' : 'Redone'}: ${words}.`);
  };

  // Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo every change; Ctrl+S saves.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' || k === 'y') {
        e.preventDefault();
        step(k === 'y' || e.shiftKey ? 'redo' : 'undo');
      } else if (k === 's') {
        e.preventDefault();
        void (draft ? saveDraftNow() : save());
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const openNewPage = useCallback(() => setDialog('new-page'), []);
  const data: EditorData | null = useMemo(
    () =>
      index && {
        index,
        diagnostics,
        announce,
        openFile: (path: string) => {
          const p = configPath(path);
          // The panel changes at once, saying "Loading…" until a file still on its way has arrived.
          editorStore.getState().showPanel({ kind: 'file', path: p });
          if (!(p in editorStore.getState().working)) void loadFile(p).catch((e: Error) => setLoadError(e.message));
        },
        createFragment: async (kind, id) => {
          try {
            const r = await api.fragment(kind, id);
            const path = configPath(r.path);
            await loadFile(path);
            await refreshIndex();
            announce(`Created ${kind === 'faq' ? 'question set' : 'form'} “${id}”.`);
            return id;
          } catch (e) {
            announce((e as Error).message);
            window.alert((e as Error).message);
            return null;
          }
        },
      },
    [index, diagnostics, announce, refreshIndex],
  );

  if (loadError) return <p className="sw-error">The editor could not start: {loadError}</p>;
  if (!index || !data) return <p role="status">Loading the editor…</p>;

  const conflict = Object.values(conflicts)[0];
  const pages = pagesOf(index);
  const openInfo = pages.find((p) => p.path === openPage);
  // A form open in the side panel: the preview shows that form as it is being edited.
  const formOpen = panel.kind === 'file' && panel.path.startsWith('forms/') ? panel.path : null;
  const undo = () => step('undo');
  // A publish the checker refused: listed as a refused save is, and the first problem shown on its field.
  const showPublishProblems = (message: string, items: Diagnostic[]) => {
    setSaveProblem({ message, items });
    if (items[0]) goTo(items[0]);
  };
  const redo = () => step('redo');

  return (
    <EditorDataContext.Provider value={data}>
      <SkipLinks announce={announce} hasPage={Boolean(page)} />
      <header className="sw-top">
        <h1 className="sw-top__title">Sitewright editor</h1>
        <p className="sw-top__page">{openInfo ? `${page?.title ?? openInfo.title} (${page?.route ?? openInfo.route})` : 'Choose a page'}</p>
        <SiteSearch />
        {/* A discard clears the edit history; while its own "Undo" is offered, this pair is not shown. */}
        {!discardUndoOffered && (
          <div className="sw-row" role="group" aria-label="History">
            <button type="button" className="sw-button" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
              Undo
            </button>
            <button type="button" className="sw-button" onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
              Redo
            </button>
          </div>
        )}
        {draft ? (
          <DraftBar onReload={refreshIndex} onProblems={showPublishProblems} onUndoOffered={setDiscardUndoOffered} />
        ) : (
          <>
            <p className="sw-top__status" role="status">
              {checking ? 'Checking…' : dirty.length ? `${dirty.length} file${dirty.length > 1 ? 's' : ''} not saved` : status || 'All changes saved'}
            </p>
            <button type="button" className="sw-button" onClick={() => setDialog('changes')}>
              Changes
            </button>
            <button
              type="button"
              className="sw-button sw-button--primary"
              onClick={() => void save()}
              aria-keyshortcuts="Control+S"
              aria-describedby={blocking.length ? 'sw-save-blocked' : undefined}
            >
              Save
            </button>
            {/* Always there, empty while nothing blocks the save: its room is kept (see .sw-top__blocked). */}
            <p id="sw-save-blocked" className="sw-top__blocked">
              {blocking.length > 0 && `Fix ${plural(blocking.length, 'problem')} to save`}
            </p>
          </>
        )}
      </header>
      <main className="sw-main">
        <PageList
          pages={pages}
          openPage={openPage}
          dirty={dirty.join('\n')}
          index={index}
          openFile={data.openFile}
          onNewPage={openNewPage}
          onPagesChanged={refreshIndex}
        />
        {page ? (
          <>
            <div className="sw-left">
              <button type="button" className="sw-button sw-button--primary sw-add" onClick={() => setDialog('palette')}>
                Add section
              </button>
              <Outline blocks={blocks} problems={problems} announce={announce} />
              {/* The open page's and the unsaved files' problems; in the back office every file's, since the draft keeps
                  a file with problems as it was typed (the repository's files have none). */}
              <ProblemsList
                diags={draft ? diagnostics : diagnostics.filter((d) => d.file === openPage || dirty.includes(d.file))}
                where={where}
                goTo={goTo}
                labels={pages}
              />
            </div>
            {formOpen ? <FormPreviewPane path={formOpen} /> : <PreviewPane page={page} problems={problems} device={device} onDevice={setDevice} />}
          </>
        ) : formOpen ? (
          <FormPreviewPane path={formOpen} wide />
        ) : (
          <div className="sw-empty">
            <h2>Choose a page to edit</h2>
            <p>Pick a page on the left, or make a new one with “New page”.</p>
          </div>
        )}
        <SidePanel page={page} selected={selected} panel={panel} diagnostics={diagnostics} pages={pages} />
      </main>
      {saveProblem && (
        <div className="sw-save-problem" role="alert">
          <p>{saveProblem.message}</p>
          <ul>
            {saveProblem.items.map((d, i) => (
              <li key={i}>
                <button type="button" className="sw-linkish" onClick={() => goTo(d)}>
                  {fileLabel(d.file, pages)} › {where(d)}
                </button>
                : {problemText(d, working[d.file])}
              </li>
            ))}
          </ul>
          <button type="button" className="sw-button" onClick={() => setSaveProblem(null)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">
        {live}
      </div>
      {dialog === 'palette' && (
        <Palette
          onClose={() => setDialog(null)}
          onInsert={(type) => {
            const example = examples[type];
            if (!example) return;
            const st = editorStore.getState();
            st.insert(cloneJson(example), st.selected === null ? undefined : st.selected + 1);
            setDialog(null);
            announce(`Added ${blockTitle(example)} as section ${(editorStore.getState().selected ?? 0) + 1}.`);
          }}
        />
      )}
      {dialog === 'new-page' && (
        <NewPage
          onClose={() => setDialog(null)}
          onCreated={async (path) => {
            await refreshIndex();
            await loadFile(path);
            editorStore.getState().openPageAt(path);
            setDialog(null);
          }}
        />
      )}
      {dialog === 'changes' && <ChangesView onClose={() => setDialog(null)} />}
      {conflict && <ConflictDialog conflict={conflict} label={fileLabel(conflict.path, pages)} draft={draft} />}
    </EditorDataContext.Provider>
  );
}

/** The list of pages and shared files; memoised, so typing into a field does not redraw it. */
const PageList = memo(function PageList({
  pages,
  openPage,
  dirty,
  index,
  openFile,
  onNewPage,
  onPagesChanged,
}: {
  pages: { path: string; title: string; route: string }[];
  openPage: string | null;
  dirty: string;
  index: FilesIndex;
  openFile: (path: string) => void;
  onNewPage: () => void;
  onPagesChanged: () => Promise<unknown>;
}) {
  const dirtyList = dirty.split('\n');
  const current = pages.find((p) => p.path === openPage);
  const open = (path: string) => {
    editorStore.getState().openPageAt(path);
    if (!(path in editorStore.getState().working)) void loadFile(path);
  };
  return (
    <nav className="sw-side" id="sw-pages" aria-label="Pages and shared content">
      <h2 className="sw-pane-title">Pages</h2>
      <ul className="sw-pages">
        {pages.map((p) => (
          <li key={p.path}>
            <button type="button" className="sw-page-link" aria-current={p.path === openPage ? 'page' : undefined} onClick={() => open(p.path)}>
              <span className="sw-page-link__title">{p.title}</span> <span className="sw-page-link__route">{p.route}</span>
              {dirtyList.includes(p.path) && <RowMark />}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sw-button" onClick={onNewPage}>
        New page
      </button>
      {current && <PageActions page={current} onChanged={onPagesChanged} onOpen={open} />}
      <h2 className="sw-pane-title">Shared content</h2>
      <ul className="sw-pages">
        <SiteSettingsNav />
        {index.faqs.map((f) => (
          <li key={f.path}>
            <button type="button" className="sw-page-link" onClick={() => openFile(f.path)}>
              Questions: {f.id}
            </button>
          </li>
        ))}
        {index.forms.map((f) => (
          <li key={f.path}>
            <button type="button" className="sw-page-link" onClick={() => openFile(f.path)}>
              Form: {f.id}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});

function ProblemsList({
  diags,
  where,
  goTo,
  labels,
}: {
  diags: Diagnostic[];
  where: (d: Diagnostic) => string;
  goTo: (d: Diagnostic) => void;
  labels: { path: string; title: string; route: string }[];
}) {
  const errors = diags.filter((d) => d.severity === 'error');
  const warnings = diags.filter((d) => d.severity === 'warning');
  const data = useEditor((s) => s.working);
  return (
    <section className="sw-problems" aria-labelledby="sw-problems-title">
      <h2 id="sw-problems-title" className="sw-pane-title">
        Problems {errors.length ? `(${errors.length})` : ''}
      </h2>
      {diags.length === 0 ? (
        <p className="sw-ok">No problems found.</p>
      ) : (
        <ul>
          {[...errors, ...warnings].map((d, i) => (
            <li key={i} className={d.severity === 'error' ? 'sw-problem' : 'sw-problem sw-problem--warn'}>
              <button type="button" className="sw-linkish" onClick={() => goTo(d)}>
                {d.severity === 'error' ? 'Error' : 'Warning'} in {fileLabel(d.file, labels)} › {where(d)}
              </button>
              <span className="sw-problem__msg">{problemText(d, data[d.file])}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SidePanel({
  page,
  selected,
  panel,
  diagnostics,
  pages,
}: {
  page: PageDoc | undefined;
  selected: number | null;
  panel: ReturnType<typeof editorStore.getState>['panel'];
  diagnostics: Diagnostic[];
  pages: { path: string; title: string; route: string }[];
}) {
  const openPage = useEditor((s) => s.openPage);
  const working = useEditor((s) => s.working);
  const st = editorStore.getState;
  let body: React.ReactNode = null;
  let title = 'Fields';
  if (panel.kind === 'file' && panel.path === 'site.json') {
    title = fileLabel(panel.path, pages);
    const data = working[panel.path];
    body =
      data !== undefined ? (
        <SiteSettingsPanel screen={panel.screen} data={data} diagnostics={diagnostics.filter((d) => d.file === panel.path)} />
      ) : (
        <p>Loading…</p>
      );
  } else if (panel.kind === 'file') {
    const schema = fileSchema(panel.path);
    const data = working[panel.path];
    title = fileLabel(panel.path, pages);
    const diags = diagnostics.filter((d) => d.file === panel.path);
    body =
      schema && data !== undefined ? (
        <>
          {panel.path.startsWith('forms/') && <FormFields path={panel.path} />}
          <FieldsForm
            key={panel.path}
            idPrefix="sw-file"
            schema={schema}
            data={data}
            fileOptions={fileOptionsOf(panel.path)}
            errors={toErrorSchema(
              diags,
              (d) => pointerToField(d.pointer, false).field,
              (d) => problemText(d, data),
            )}
            onChange={(next, id) => st().edit(panel.path, (before) => tidy(next, before), `${panel.path}#${id ?? ''}`)}
          />
        </>
      ) : (
        <p>Loading…</p>
      );
  } else if (page && openPage) {
    const diags = diagnostics.filter((d) => d.file === openPage);
    if (panel.kind === 'page' || selected === null || !page.blocks[selected]) {
      title = 'Page settings';
      const { blocks: _b, ...settings } = page;
      body = (
        <FieldsForm
          key={`${openPage}#page`}
          idPrefix="sw-page"
          schema={pageSettingsSchema()}
          data={settings}
          errors={toErrorSchema(
            diags.filter((d) => pointerToField(d.pointer, true).block === null),
            (d) => pointerToField(d.pointer, true).field,
            (d) => problemText(d, working[openPage]),
          )}
          onChange={(next, id) =>
            st().edit(
              openPage,
              (before) => {
                const b = before as PageDoc;
                const { blocks: _x, ...was } = b;
                const tidied = tidy(next, was) as Record<string, unknown>;
                return tidied === was ? b : { ...tidied, blocks: b.blocks };
              },
              `${openPage}#page#${id ?? ''}`,
            )
          }
        />
      );
    } else {
      const block = page.blocks[selected];
      const schema = blockSchema(block.type);
      title = sectionName(selected, blockTitle(block));
      body = schema ? (
        <FieldsForm
          key={`${openPage}#${selected}#${block.type}`}
          idPrefix="sw-block"
          schema={schema}
          data={block}
          errors={toErrorSchema(
            diags.filter((d) => pointerToField(d.pointer, true).block === selected),
            (d) => pointerToField(d.pointer, true).field,
            (d) => problemText(d, working[openPage]),
          )}
          onChange={(next, id) => {
            const current = (st().working[openPage] as PageDoc).blocks[selected];
            const tidied = tidy(next, current) as Block;
            if (tidied !== current) st().updateBlock(selected, tidied, id ?? 'field');
          }}
        />
      ) : (
        <p>There are no settings for this kind of section.</p>
      );
    }
  }
  return (
    <aside className="sw-panel" aria-labelledby="sw-panel-title" id="sw-fields">
      <div className="sw-panel__head">
        <h2 id="sw-panel-title" className="sw-pane-title">
          {title}
        </h2>
        {page && panel.kind !== 'file' && (
          <div className="sw-row" role="group" aria-label="What to edit">
            <button
              type="button"
              className="sw-button"
              aria-pressed={panel.kind === 'block' && selected !== null}
              disabled={selected === null}
              onClick={() => st().showPanel({ kind: 'block' })}
            >
              Section
            </button>
            <button
              type="button"
              className="sw-button"
              aria-pressed={panel.kind === 'page' || (panel.kind === 'block' && selected === null)}
              onClick={() => st().showPanel({ kind: 'page' })}
            >
              Page settings
            </button>
          </div>
        )}
      </div>
      {body ?? <p>Choose a page to see its fields.</p>}
    </aside>
  );
}

/**
 * Form files title the entries of their maps (fields, how they look, the values sent) by the fields' own labels, and
 * offer the fields by those labels where a setting names one.
 */
function fileOptionsOf(path: string): ((data: unknown) => PrepareOptions) | undefined {
  return path.startsWith('forms/') ? formOptions : undefined;
}

/** A place in a shared file (site.json, a question set, a form) with the titles its fields have in the panel. */
function fileFieldWords(path: string, data: unknown, field: string[]): string {
  const schema = fileSchema(path);
  if (!schema) return fieldWords(field);
  const options = fileOptionsOf(path);
  return titlesAt(prepare(schema, '', options ? options(data) : { data }).schema, field);
}

/** The first focusable thing that is shown (not inside a folded group) among `selector`. */
function firstShown(selector: string): HTMLElement | null {
  return [...document.querySelectorAll<HTMLElement>(selector)].find((el) => el.checkVisibility?.() ?? true) ?? null;
}

/**
 * The first three Tab stops: straight to the page list, the section list or the fields, so that a keyboard user
 * does not Tab through the header to reach them. Shown when focused.
 */
function SkipLinks({ announce, hasPage }: { announce: (t: string) => void; hasPage: boolean }) {
  const go = (where: 'pages' | 'sections' | 'fields') => (e: React.MouseEvent) => {
    e.preventDefault();
    const pages = () => firstShown('.sw-side [aria-current="page"]') ?? firstShown('.sw-side button');
    let target: HTMLElement | null;
    if (where === 'pages') target = pages();
    else if (where === 'sections') {
      target = firstShown('[role="listbox"][aria-labelledby="sw-outline-title"]');
      if (!target) announce('Open a page first: its sections are listed here.');
      target ??= pages();
    } else {
      target = firstShown('#sw-fields form :is(input:not([type="hidden"]), select, textarea, summary, button)');
      if (!target) {
        target = document.getElementById('sw-panel-title');
        target?.setAttribute('tabindex', '-1');
      }
    }
    target?.focus();
  };
  return (
    <nav className="sw-skip" aria-label="Skip to">
      <a href="#sw-pages" onClick={go('pages')}>
        Pages
      </a>
      <a href={hasPage ? '#sw-outline-title' : '#sw-pages'} onClick={go('sections')}>
        Sections
      </a>
      <a href="#sw-fields" onClick={go('fields')}>
        Fields
      </a>
    </nav>
  );
}
