/** The preview pane, the palette, the Changes view and the conflict chooser. */
import { diffLines } from 'diff';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { api } from './api.ts';
import { contentIds, contentStore, useContent } from './content.ts';
import { useEditorData } from './context.ts';
import { plainHelp } from './fields.tsx';
import { FrameInView } from './frame-in-view.tsx';
import type { Block, PageDoc } from './ops.ts';
import { humanise, pointerToField } from './pointer.ts';
import { focusField } from './preview-focus.ts';
import { useRememberedDevice } from './preview-device.ts';
import { dirtyPaths, editorStore, useEditor, type Conflict } from './store.ts';

export const DEVICES = { phone: 390, tablet: 768, desktop: 1366 } as const;
export type Device = keyof typeof DEVICES;
const DEVICE_NAMES = Object.keys(DEVICES) as Device[];

export function fragmentsOf(working: Record<string, unknown>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = { faqs: {}, forms: {} };
  for (const [path, data] of Object.entries(working)) {
    const m = /^(faqs|forms)\/([^/]+)\.json$/.exec(path);
    if (m) out[m[1]][m[2]] = data;
  }
  return out;
}

/** Sends what the preview shows; a thumbnail (palette) asks for its block's example. */
export function usePreviewMessages(examples: Record<string, Block | null>) {
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.data?.sw !== 'ready' || !e.data.thumb) return;
      const block = examples[e.data.thumb];
      const frame = e.source as Window | null;
      const post = () => {
        const { working } = editorStore.getState();
        frame?.postMessage(
          {
            sw: 'render',
            page: { blocks: block ? [block] : [] },
            fragments: fragmentsOf(working),
            content: contentStore.get(),
            site: working['site.json'] ?? null,
            selected: null,
            problems: {},
          },
          { targetOrigin: location.origin },
        );
      };
      post();
      // An example with text (prose) shows it once the server has compiled it.
      const ids = contentIds(block ? [block] : []).filter((id) => !contentStore.get()[id]);
      if (ids.length) void Promise.all(ids.map((id) => contentStore.load(id))).then(post);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [examples]);
}

export function PreviewPane({
  page,
  problems,
  device,
  onDevice,
}: {
  page: PageDoc;
  problems: Record<number, number>;
  device: Device;
  onDevice: (d: Device) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 800, h: 600 });
  const selected = useEditor((s) => s.selected);
  const site = useEditor((s) => s.working['site.json']);
  const working = useEditor((s) => s.working);
  const [fragments, setFragments] = useState(() => fragmentsOf(working));
  // The text of the page's prose sections, compiled by the server as the build does.
  const content = useContent(contentIds(page.blocks ?? []));
  const ready = useRef(false);

  // Fragments change rarely; the object is rebuilt only when one of them did, so typing posts less.
  useEffect(() => {
    const next = fragmentsOf(working);
    if (JSON.stringify(next) !== JSON.stringify(fragments)) setFragments(next);
  }, [working]); // eslint-disable-line react-hooks/exhaustive-deps

  const send = () => {
    frame.current?.contentWindow?.postMessage({ sw: 'render', page, fragments, content, site: site ?? null, selected, problems }, location.origin);
    // For npm run bench -- --editor: when the editor handed the page to the preview.
    (window as unknown as { __swPosted?: number }).__swPosted = performance.now();
  };
  useEffect(() => {
    if (ready.current) send();
  });
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.source !== frame.current?.contentWindow) return;
      if (e.data?.sw === 'ready') {
        ready.current = true;
        send();
      } else if (e.data?.sw === 'select' && Number.isInteger(e.data.index)) {
        editorStore.getState().select(e.data.index);
        document.getElementById(`sw-outline-${e.data.index}`)?.scrollIntoView({ block: 'nearest' });
        // Click to edit: the preview named the field it showed; the cursor goes there once the section's form is drawn.
        const target = typeof e.data.pointer === 'string' ? pointerToField(e.data.pointer, true) : null;
        if (target && target.block === e.data.index && target.field.length) void focusField('sw-block', target.field);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ w: el.clientWidth, h: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useRememberedDevice(device, onDevice, DEVICE_NAMES);
  const width = DEVICES[device];
  const scale = Math.min(1, (size.w - 16) / width);
  return (
    <section className="sw-preview" aria-labelledby="sw-preview-title">
      <div className="sw-preview__bar">
        <h2 id="sw-preview-title" className="sw-pane-title">
          Preview
        </h2>
        <div role="group" aria-label="Preview width" className="sw-row">
          {(Object.keys(DEVICES) as Device[]).map((d) => (
            <button key={d} type="button" className="sw-button" aria-pressed={device === d} onClick={() => onDevice(d)}>
              {humanise(d)} ({DEVICES[d]} px)
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="sw-preview__box">
        <iframe
          ref={frame}
          title="Preview of the page"
          src={`${import.meta.env.BASE_URL}editor/preview.html`}
          style={{ width, height: Math.max(200, (size.h - 16) / scale), transform: `translateX(-50%) scale(${scale})` }}
          className="sw-preview__frame"
        />
      </div>
    </section>
  );
}

/** A modal dialog with a heading and a close button; Escape closes it too. */
export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const id = `sw-dialog-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <dialog ref={ref} className={wide ? 'sw-dialog sw-dialog--wide' : 'sw-dialog'} aria-labelledby={id} onCancel={(e) => (e.preventDefault(), onClose())}>
      <div className="sw-dialog__head">
        <h2 id={id}>{title}</h2>
        <button type="button" className="sw-button" onClick={onClose}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** The first sentence or two of a block's description, without its JSON example. */
export function shortHelp(text: string): string {
  const plain = plainHelp(text ?? '');
  // A sentence ends at a stop followed by a space: "site.config/forms/" is one word, not two sentences.
  const sentences = plain.split(/(?<=[.!?])\s+/);
  let out = '';
  for (const s of sentences) {
    if (out && `${out} ${s}`.length > 170) break;
    out = out ? `${out} ${s}` : s;
  }
  return out.trim();
}

export function Palette({ onInsert, onClose }: { onInsert: (type: string) => void; onClose: () => void }) {
  const { index } = useEditorData();
  return (
    <Dialog title="Add a section" onClose={onClose} wide>
      <p className="sw-help">Each kind of section is shown with example content; the new section starts with that content, ready to change.</p>
      <ul className="sw-palette">
        {index.blocks.map((b) => (
          <li key={b.type} className="sw-palette__item">
            <div className="sw-palette__thumb" aria-hidden="true">
              {b.example ? (
                <FrameInView
                  title={`Example of ${humanise(b.type)}`}
                  tabIndex={-1}
                  loading="lazy"
                  src={`${import.meta.env.BASE_URL}editor/preview.html?thumb=${encodeURIComponent(b.type)}`}
                />
              ) : (
                <span>No example</span>
              )}
            </div>
            <h3>{humanise(b.type)}</h3>
            <p className="sw-help">{shortHelp(b.description)}</p>
            <button
              type="button"
              className="sw-button sw-button--primary"
              onClick={() => onInsert(b.type)}
              disabled={!b.example}
              aria-label={`Add ${humanise(b.type)}`}
            >
              Add
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

function DiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffLines(before, after);
  return (
    <pre className="sw-diff" aria-label={label} tabIndex={0}>
      {parts.map((p, i) => {
        const lines = p.value.replace(/\n$/, '').split('\n');
        if (!p.added && !p.removed) {
          const shown = lines.length > 6 ? [...lines.slice(0, 3), '…', ...lines.slice(-3)] : lines;
          return <span key={i}>{shown.map((l) => `  ${l}\n`).join('')}</span>;
        }
        return (
          <span key={i} className={p.added ? 'sw-diff__add' : 'sw-diff__del'}>
            {lines.map((l) => `${p.added ? '+ ' : '- '}${l}\n`).join('')}
          </span>
        );
      })}
    </pre>
  );
}

const pretty = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

export function fileLabel(path: string, pages: { path: string; title: string; route: string }[]): string {
  const page = pages.find((p) => p.path === path);
  if (page) return `Page “${page.title}” (${page.route})`;
  if (path === 'site.json') return 'Site settings';
  if (path.startsWith('faqs/')) return `Question set “${path.slice(5, -5)}”`;
  if (path.startsWith('forms/')) return `Form “${path.slice(6, -5)}”`;
  return path;
}

/** A unified diff as the file's lines: its header (the file's path) is left out, and a gap between parts is "…". */
function PatchView({ diff, label }: { diff: string; label: string }) {
  const lines = diff
    .split('\n')
    .filter((l) => !/^(Index: |={3,}$|--- |\+\+\+ |\\ No newline)/.test(l))
    .map((l) => (l.startsWith('@@') ? '…' : l));
  return (
    <pre className="sw-diff" tabIndex={0} aria-label={label}>
      {lines.map((l, i) => (
        <span key={i} className={l.startsWith('+') ? 'sw-diff__add' : l.startsWith('-') ? 'sw-diff__del' : undefined}>
          {l}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}

export function ChangesView({ onClose }: { onClose: () => void }) {
  const { index } = useEditorData();
  const [files, setFiles] = useState<{ path: string; status: string; diff: string }[] | null>(null);
  const [problem, setProblem] = useState('');
  const state = useEditor((s) => s);
  const unsaved = dirtyPaths(state);
  // Each unsaved change as the save would write it (the server's minimal edit), so a setting keeps its place.
  const [pending, setPending] = useState<Record<string, string>>({});
  useEffect(() => {
    api.changes().then(
      (r) => setFiles(r.files),
      (e: Error) => setProblem(e.message),
    );
    const { working } = editorStore.getState();
    for (const p of dirtyPaths(editorStore.getState()))
      api.unsaved(p, working[p]).then(
        (r) => setPending((old) => ({ ...old, [p]: r.diff })),
        (e: Error) => setProblem(e.message),
      );
  }, []);
  return (
    <Dialog title="Changes" onClose={onClose} wide>
      <h3>Not saved yet</h3>
      {unsaved.length === 0 ? (
        <p>Everything in the editor is saved.</p>
      ) : (
        unsaved.map((p) => (
          <section key={p} className="sw-change">
            <h4>{fileLabel(p, index.pages)}</h4>
            {pending[p] === undefined ? <p>Loading…</p> : <PatchView diff={pending[p]} label={`Unsaved changes to ${fileLabel(p, index.pages)}`} />}
          </section>
        ))
      )}
      <h3>Saved files that differ from the last commit</h3>
      {problem && <p className="sw-error">{problem}</p>}
      {files === null && !problem && <p>Loading…</p>}
      {files?.length === 0 && <p>No saved changes: the files are as in the repository.</p>}
      {files?.map((f) => (
        <section key={f.path} className="sw-change">
          <h4>
            {fileLabel(f.path.replace(/^site\.config\//, ''), index.pages)}{' '}
            <span className="sw-help">({f.status === 'added' || f.status === 'new' ? 'new file' : f.status})</span>
          </h4>
          <PatchView diff={f.diff} label={`Saved changes to ${fileLabel(f.path.replace(/^site\.config\//, ''), index.pages)}`} />
        </section>
      ))}
    </Dialog>
  );
}

/** `draft`: in the back office the "disk" is the person's draft on the server, which a publish by someone else moved on. */
export function ConflictDialog({ conflict, label, draft }: { conflict: Conflict; label: string; draft?: boolean }) {
  const mine = useEditor((s) => s.working[conflict.path]);
  const keepMine = () => {
    // The disk's version becomes the base, so the next save replaces it knowingly.
    editorStore.getState().saved(conflict.path, conflict.disk);
  };
  const takeDisk = () => {
    const st = editorStore.getState();
    st.edit(conflict.path, () => conflict.disk.data);
    st.saved(conflict.path, conflict.disk);
  };
  return (
    <Dialog title={draft ? 'Your draft changed on the server' : 'This file changed outside the editor'} onClose={keepMine} wide>
      {draft ? (
        <p>
          {label} in your draft was brought up to date with a newer published version while you had changes here that were not saved yet. Nothing has been
          overwritten. Choose which version to keep; the differences are shown below (lines starting with − are only on the server, + only in your version).
        </p>
      ) : (
        <p>
          {label} was changed on disk (in a text editor or by a git pull) while you had unsaved changes here. Nothing has been overwritten. Choose which version
          to keep; the differences are shown below (lines starting with − are only on disk, + only in your version).
        </p>
      )}
      <DiffView
        before={pretty(conflict.disk.data)}
        after={pretty(mine)}
        label={draft ? 'Differences between the version on the server and yours' : 'Differences between the file on disk and your version'}
      />
      <div className="sw-row">
        <button type="button" className="sw-button sw-button--primary" onClick={keepMine}>
          Keep my version
        </button>
        <button type="button" className="sw-button" onClick={takeDisk}>
          {draft ? 'Use the version on the server' : 'Use the version on disk'}
        </button>
      </div>
      <p className="sw-help">Using the version {draft ? 'on the server' : 'on disk'} can be undone with Undo.</p>
    </Dialog>
  );
}
