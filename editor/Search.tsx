/**
 * The editor's search box: finds any setting or text across the site by its title in the panel or its value, lists
 * the places in plain words, and on Enter (or a click) opens the page or screen and puts the cursor in the field.
 */
import { useDeferredValue, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { api } from './api.ts';
import { useEditorData } from './context.ts';
import { focusField } from './focus.ts';
import { fileLabel } from './Panes.tsx';
import { configPath, fieldId, pointerToField, splitPointer } from './pointer.ts';
import { buildIndex, resultWords, search, type SearchDoc, type SearchEntry } from './search.ts';
import { filePanel } from './SiteSettings.tsx';
import { usePagesData } from './site-docs.ts';
import { editorStore, useEditor } from './store.ts';

const LIMIT = 50;

/** Opens the place of a result (reading its file first when the editor does not have it) and focuses its field. */
export async function jumpTo(e: SearchEntry): Promise<boolean> {
  let st = editorStore.getState();
  if (!(e.file in st.working)) {
    const f = await api.file(e.file);
    st.loaded(e.file, { hash: f.hash, text: f.text, data: f.data });
    st = editorStore.getState();
  }
  if (e.file.startsWith('pages/')) {
    const t = pointerToField(e.pointer, true);
    if (st.openPage !== e.file) st.openPageAt(e.file);
    if (t.block !== null) editorStore.getState().select(t.block);
    else editorStore.getState().showPanel({ kind: 'page' });
    return focusField(fieldId(t.block !== null ? 'sw-block' : 'sw-page', t.field));
  }
  const field = splitPointer(e.pointer);
  st.showPanel(filePanel(e.file, field));
  return focusField(fieldId('sw-file', field));
}

export function SiteSearch() {
  const { index, announce } = useEditorData();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The pages are read from the server only once the person starts searching.
  const [wanted, setWanted] = useState(false);
  const pages = usePagesData(index, wanted);
  const working = useEditor((s) => (wanted ? s.working : null));
  const deferred = useDeferredValue(query);
  const id = useId();
  const listId = `${id}-results`;

  const results = useMemo(() => {
    if (!working || !deferred.trim()) return [];
    const docs: SearchDoc[] = [{ file: 'site.json', name: 'Site settings', data: working['site.json'] }];
    for (const p of pages) if (p.data !== undefined) docs.push({ file: p.path, name: `Page “${p.title}”`, data: p.data });
    for (const f of [...index.faqs, ...index.forms]) {
      const path = configPath(f.path);
      docs.push({ file: path, name: fileLabel(path, []), data: working[path] });
    }
    return search(buildIndex(docs), deferred, LIMIT);
  }, [deferred, working, pages, index]);

  const shown = open && query.trim() !== '';
  const current = Math.min(active, Math.max(0, results.length - 1));
  // The chosen result stays in sight as the arrow keys move through a long list.
  useEffect(() => {
    if (shown) document.getElementById(`${id}-r${current}`)?.scrollIntoView({ block: 'nearest' });
  }, [shown, current, id]);
  const choose = (e: SearchEntry | undefined) => {
    if (!e) return;
    setOpen(false);
    announce(`Opened ${resultWords(e)}`);
    void jumpTo(e);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (results.length) setActive((current + (e.key === 'ArrowDown' ? 1 : results.length - 1)) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[current]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    }
  };
  const summary = !query.trim()
    ? ''
    : deferred !== query
      ? 'Searching…'
      : results.length === 0
        ? 'Nothing found.'
        : `${results.length === LIMIT ? `The first ${LIMIT}` : results.length} result${results.length > 1 ? 's' : ''}. Arrow keys to choose, Enter to go there.`;

  return (
    <div className="sw-search" role="search">
      <label htmlFor={`${id}-input`} className="sw-search__label">
        Search
      </label>
      <input
        id={`${id}-input`}
        className="sw-input sw-search__input"
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="A setting or text, e.g. Solutions"
        aria-expanded={shown && results.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={`${id}-summary`}
        aria-activedescendant={shown && results.length ? `${id}-r${current}` : undefined}
        value={query}
        onFocus={() => (setWanted(true), setOpen(true))}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-summary`} className="visually-hidden" aria-live="polite">
        {shown ? summary : ''}
      </p>
      {/* Focusable, so a long list of results can also be scrolled from the keyboard outside the search box. */}
      <div className="sw-search__popup" hidden={!shown} tabIndex={shown ? 0 : -1} role="region" aria-label="Found">
        <p className="sw-search__summary">{summary}</p>
        <ul id={listId} role="listbox" aria-label="Search results" className="sw-search__results">
          {shown &&
            results.map((r, i) => (
              <li
                key={`${r.file}#${r.pointer}`}
                id={`${id}-r${i}`}
                role="option"
                aria-selected={i === current}
                className="sw-search__result"
                // The input keeps the focus (and the list stays open) while a result is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(r)}
              >
                <span className="sw-search__place">{r.place}</span>: <span className="sw-search__value">{resultWords(r).slice(r.place.length + 2)}</span>
              </li>
            ))}
        </ul>
      </div>
    </div>
  );
}
