/**
 * Pages as a whole: a new page, and for the open page renaming its address, duplicating and deleting it. The server
 * (editor/server/pages-api.ts) checks each change with the project's checker and writes it whole or not at all;
 * these dialogs say what will change, in words, before anything is written.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { addressFromTyped } from '../renderer/lib/route-form.ts';
import { api, ApiError, call } from './api.ts';
import { useEditorData } from './context.ts';
import { Dialog } from './Panes.tsx';
import { configPath } from './pointer.ts';
import { dirtyPaths, editorStore, useEditor } from './store.ts';

interface PageInfo {
  path: string;
  title: string;
  route: string;
}

interface Place {
  id: string;
  where: string;
  label: string;
  href: string;
  kind: 'link' | 'redirect' | 'text';
  self: boolean;
}

interface Plan {
  path: string;
  route: string;
  title: string;
  home: boolean;
  redirects: boolean;
  places: Place[];
  pages: { route: string; title: string }[];
  hashes: Record<string, string>;
}

type Problem = { message: string; items: { where: string; message: string }[] };

const problemOf = (e: unknown): Problem => {
  if (e instanceof ApiError && Array.isArray(e.body.problems)) return { message: e.message, items: e.body.problems as Problem['items'] };
  return { message: (e as Error).message, items: [] };
};

/** A place in words: where it is and the link's own words. */
const placeText = (p: Place) => `${p.where}${p.label ? `: “${p.label}”` : ''}${p.kind === 'redirect' ? ' (sends visitors here)' : ''}`;

/** Reads files again after a page operation changed them on disk, so the editor shows what was written. */
async function reload(paths: string[]) {
  const st = editorStore.getState();
  await Promise.all(
    paths
      .map(configPath)
      .filter((p) => p in st.working)
      .map(async (p) => {
        const f = await api.file(p);
        editorStore.getState().loaded(p, { hash: f.hash, text: f.text, data: f.data });
      }),
  );
  // The steps before belong to files as they were; undoing them now would bring back the old links.
  editorStore.temporal.getState().clear();
}

function ProblemBox({ problem }: { problem: Problem | null }) {
  if (!problem) return null;
  return (
    <div className="sw-error" role="alert">
      <p>{problem.message}</p>
      {problem.items.length > 0 && (
        <ul>
          {problem.items.map((p, i) => (
            <li key={i}>
              {p.where}: {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The address box: takes what people type and says, as they type, the address it will use. */
function AddressField({ id, label, value, onChange, help }: { id: string; label: string; value: string; onChange: (v: string) => void; help: ReactNode }) {
  const address = addressFromTyped(value);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="sw-input"
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={`${id}-result ${id}-help`}
      />
      <p id={`${id}-result`} className="sw-pageops__address" aria-live="polite">
        {address && address !== '/' ? (
          <>
            The page will be at <strong>{address}</strong>
          </>
        ) : (
          'Type a name for the address, e.g. vendors.'
        )}
      </p>
      <p id={`${id}-help`} className="sw-help">
        {help}
      </p>
    </>
  );
}

/** What every dialog below checks first: the change is saved at once, so work in progress must be saved before. */
function useUnsaved(): number {
  return useEditor((s) => dirtyPaths(s).length);
}

const UNSAVED = 'Save your changes first (or undo them): this is saved at once and may change other pages too.';

export function NewPage({ onClose, onCreated }: { onClose: () => void; onCreated: (path: string) => Promise<void> }) {
  const [typed, setTyped] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setProblem(null);
    const route = addressFromTyped(typed);
    if (!route || route === '/') return setProblem({ message: 'Type the address of the page, e.g. vendors.', items: [] });
    if (!title.trim()) return setProblem({ message: 'Give the page a title, e.g. “Vendors”.', items: [] });
    setBusy(true);
    try {
      const r = await call<{ path: string }>('page-create', { method: 'POST', body: { route, title: title.trim() } });
      await onCreated(configPath(r.path));
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="New page" onClose={onClose}>
      <form
        className="sw-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <AddressField
          id="sw-new-route"
          label="Address"
          value={typed}
          onChange={setTyped}
          help="Where the page will be on the site. Type a word or two, e.g. vendors."
        />
        <label htmlFor="sw-new-title">Title</label>
        <input id="sw-new-title" className="sw-input" value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby="sw-new-title-help" />
        <p id="sw-new-title-help" className="sw-help">
          Shown in the browser tab and in search results, e.g. Partners.
        </p>
        <ProblemBox problem={problem} />
        <button type="submit" className="sw-button sw-button--primary" disabled={busy}>
          Create page
        </button>
      </form>
    </Dialog>
  );
}

/** Loads which places link to the page, for the rename and delete dialogs. */
function usePlan(path: string): { plan: Plan | null; error: string } {
  const [plan, setPlan] = useState<Plan | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let live = true;
    call<Plan>(`page-links?path=${encodeURIComponent(path)}`).then(
      (p) => live && setPlan(p),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [path]);
  return { plan, error };
}

function RenamePage({ page, onClose, onDone }: { page: PageInfo; onClose: () => void; onDone: (message: string, changed: string[]) => Promise<void> }) {
  const { plan, error } = usePlan(page.path);
  const [typed, setTyped] = useState(page.route);
  const [skip, setSkip] = useState<Set<string>>(new Set());
  const [redirect, setRedirect] = useState(true);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const unsaved = useUnsaved();
  const submit = async () => {
    if (!plan) return;
    setProblem(null);
    const route = addressFromTyped(typed);
    if (!route || route === '/') return setProblem({ message: 'Type the new address, e.g. vendors.', items: [] });
    if (route === plan.route) return setProblem({ message: `The page is already at ${route}. Type another address.`, items: [] });
    setBusy(true);
    try {
      const update = plan.places.filter((p) => !skip.has(p.id)).map((p) => p.id);
      const r = await call<{ changed: string[] }>('page-rename', {
        method: 'POST',
        body: { path: plan.path, route, update, redirect: plan.redirects && redirect, hashes: plan.hashes },
      });
      const links = update.length;
      await onDone(`The page “${plan.title}” is now at ${route}${links ? `; ${links} link${links > 1 ? 's' : ''} updated` : ''}.`, r.changed);
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Rename the page’s address" onClose={onClose} wide>
      {!plan ? (
        <p role="status">{error || 'Finding the links to this page…'}</p>
      ) : plan.home ? (
        <p>The home page keeps the address /.</p>
      ) : (
        <form
          className="sw-form sw-pageops"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>
            “{plan.title}” is now at <strong>{plan.route}</strong>.
          </p>
          <AddressField id="sw-rename-route" label="New address" value={typed} onChange={setTyped} help="Type a word or two, e.g. vendors." />
          {plan.places.length > 0 ? (
            <fieldset className="sw-pageops__places">
              <legend>Links to this page, updated in the same save</legend>
              <ul>
                {plan.places.map((p) => (
                  <li key={p.id}>
                    <label className="sw-pageops__choice">
                      <input
                        type="checkbox"
                        checked={!skip.has(p.id)}
                        onChange={(e) => {
                          const next = new Set(skip);
                          if (e.target.checked) next.delete(p.id);
                          else next.add(p.id);
                          setSkip(next);
                        }}
                      />
                      {p.self ? `On this page: ${placeText(p)}` : placeText(p)}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ) : (
            <p className="sw-help">No other page or menu links to this page.</p>
          )}
          {plan.redirects && (
            <label className="sw-pageops__choice">
              <input type="checkbox" checked={redirect} onChange={(e) => setRedirect(e.target.checked)} />
              Send visitors who use the old address {plan.route} to the new one
            </label>
          )}
          {unsaved > 0 && <p className="sw-error">{UNSAVED}</p>}
          <ProblemBox problem={problem} />
          <button type="submit" className="sw-button sw-button--primary" disabled={busy || unsaved > 0}>
            Rename
          </button>
        </form>
      )}
    </Dialog>
  );
}

function DuplicatePage({ page, onClose, onDone }: { page: PageInfo; onClose: () => void; onDone: (message: string, created: string) => Promise<void> }) {
  const [typed, setTyped] = useState(page.route === '/' ? 'home-copy' : `${page.route}-copy`);
  const [title, setTitle] = useState(`${page.title} (copy)`);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setProblem(null);
    const route = addressFromTyped(typed);
    if (!route || route === '/') return setProblem({ message: 'Type the address of the copy, e.g. vendors.', items: [] });
    if (!title.trim()) return setProblem({ message: 'Give the copy a title, e.g. “Vendors”.', items: [] });
    setBusy(true);
    try {
      const r = await call<{ path: string }>('page-duplicate', { method: 'POST', body: { path: page.path, route, title: title.trim() } });
      await onDone(`Made a copy of “${page.title}” at ${route}.`, configPath(r.path));
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Duplicate the page" onClose={onClose}>
      <form
        className="sw-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <p>The copy has the same sections as “{page.title}”, under its own address and title.</p>
        <AddressField id="sw-copy-route" label="Address of the copy" value={typed} onChange={setTyped} help="Type a word or two, e.g. vendors." />
        <label htmlFor="sw-copy-title">Title of the copy</label>
        <input id="sw-copy-title" className="sw-input" value={title} onChange={(e) => setTitle(e.target.value)} />
        <ProblemBox problem={problem} />
        <button type="submit" className="sw-button sw-button--primary" disabled={busy}>
          Duplicate page
        </button>
      </form>
    </Dialog>
  );
}

type Fix = { remove: true } | { to: string };

function DeletePage({ page, onClose, onDone }: { page: PageInfo; onClose: () => void; onDone: (message: string, changed: string[]) => Promise<void> }) {
  const { plan, error } = usePlan(page.path);
  const [choice, setChoice] = useState<Record<string, 'remove' | 'point'>>({});
  const [target, setTarget] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const unsaved = useUnsaved();
  const base = useId();
  const places = plan?.places.filter((p) => !p.self) ?? [];
  const submit = async () => {
    if (!plan) return;
    setProblem(null);
    const fixes: Record<string, Fix> = {};
    for (const p of places) {
      if ((choice[p.id] ?? 'remove') === 'remove') fixes[p.id] = { remove: true };
      else if (target[p.id]) fixes[p.id] = { to: target[p.id] };
      else return setProblem({ message: `Choose the page for ${placeText(p)}.`, items: [] });
    }
    setBusy(true);
    try {
      const r = await call<{ changed: string[] }>('page-delete', { method: 'POST', body: { path: plan.path, fixes, hashes: plan.hashes } });
      await onDone(`Deleted the page “${plan.title}”${places.length ? `; ${places.length} link${places.length > 1 ? 's' : ''} fixed` : ''}.`, r.changed);
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title="Delete the page" onClose={onClose} wide>
      {!plan ? (
        <p role="status">{error || 'Finding the links to this page…'}</p>
      ) : plan.home ? (
        <p>The home page cannot be deleted.</p>
      ) : (
        <form
          className="sw-form sw-pageops"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <p>
            “{plan.title}” ({plan.route}) will be deleted. Nothing changes until you press “Delete page”.
          </p>
          {places.length === 0 ? (
            <p className="sw-help">No other page or menu links to this page.</p>
          ) : (
            <>
              <p>{places.length === 1 ? 'One place links' : `${places.length} places link`} to this page. Choose for each, so that no link is left broken:</p>
              <ul className="sw-pageops__places">
                {places.map((p, i) => {
                  const name = `${base}-${i}`;
                  const point = choice[p.id] === 'point';
                  return (
                    <li key={p.id}>
                      <fieldset>
                        <legend>{placeText(p)}</legend>
                        <label className="sw-pageops__choice">
                          <input type="radio" name={name} checked={!point} onChange={() => setChoice({ ...choice, [p.id]: 'remove' })} />
                          {p.kind === 'redirect' ? 'Remove the redirect' : 'Remove the link'}
                        </label>
                        <label className="sw-pageops__choice">
                          <input type="radio" name={name} checked={point} onChange={() => setChoice({ ...choice, [p.id]: 'point' })} />
                          Point it to another page
                        </label>
                        <label htmlFor={`${name}-to`} className="visually-hidden">
                          Page for {placeText(p)}
                        </label>
                        <select
                          id={`${name}-to`}
                          className="sw-input"
                          value={target[p.id] ?? ''}
                          onChange={(e) => {
                            setTarget({ ...target, [p.id]: e.target.value });
                            setChoice({ ...choice, [p.id]: 'point' });
                          }}
                        >
                          <option value="">Choose a page…</option>
                          {plan.pages.map((o) => (
                            <option key={o.route} value={o.route}>
                              {o.title} ({o.route})
                            </option>
                          ))}
                        </select>
                      </fieldset>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          {unsaved > 0 && <p className="sw-error">{UNSAVED}</p>}
          <ProblemBox problem={problem} />
          <button type="submit" className="sw-button sw-button--danger" disabled={busy || unsaved > 0}>
            Delete page
          </button>
        </form>
      )}
    </Dialog>
  );
}

/**
 * Rename address, Duplicate and Delete for the open page, under the page list. `onChanged` reads the list of pages
 * again; `onOpen` opens a page (the copy just made).
 */
export function PageActions({ page, onChanged, onOpen }: { page: PageInfo; onChanged: () => Promise<unknown>; onOpen: (path: string) => void }) {
  const { announce } = useEditorData();
  const [open, setOpen] = useState<null | 'rename' | 'duplicate' | 'delete'>(null);
  const close = () => setOpen(null);
  const finished = async (message: string, changed: string[]) => {
    await reload(changed);
    await onChanged();
    setOpen(null);
    announce(message);
  };
  return (
    <div className="sw-pageops__actions" role="group" aria-label={`Page actions for “${page.title}”`}>
      <button type="button" className="sw-button" onClick={() => setOpen('rename')}>
        Rename address
      </button>
      <button type="button" className="sw-button" onClick={() => setOpen('duplicate')}>
        Duplicate
      </button>
      <button type="button" className="sw-button" onClick={() => setOpen('delete')}>
        Delete
      </button>
      {open === 'rename' && <RenamePage page={page} onClose={close} onDone={finished} />}
      {open === 'duplicate' && (
        <DuplicatePage
          page={page}
          onClose={close}
          onDone={async (message, created) => {
            await onChanged();
            onOpen(created);
            setOpen(null);
            announce(message);
          }}
        />
      )}
      {open === 'delete' && (
        <DeletePage
          page={page}
          onClose={close}
          onDone={async (message, changed) => {
            const st = editorStore.getState();
            if (st.openPage === page.path) st.openPageAt(null);
            // The deleted page's copy in the editor goes too: there is nothing left to save it to.
            const { [page.path]: _w, ...working } = editorStore.getState().working;
            const { [page.path]: _b, ...base } = editorStore.getState().base;
            editorStore.setState({ working, base });
            await finished(message, changed);
          }}
        />
      )}
    </div>
  );
}
