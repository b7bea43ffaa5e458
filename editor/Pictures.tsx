/**
 * The picture library: every picture of the site with a thumbnail and a search box, and an upload area that takes a
 * file by drag and drop or from a file picker. Whatever is chosen, the person describes it at once (the alt text;
 * for an upload the words also name the file), and the section's picture gets its address, size and description.
 */
import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { apiBase, token } from './api.ts';
import { useEditorData } from './context.ts';
import { EXTENSION, nameFromDescription, type PictureInfo, type PictureKind, type PictureLimits } from './pictures-shared.ts';
import './pictures.css';

/** What a section's picture gets from the library. */
export interface ChosenPicture {
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

interface Checked {
  kind: PictureKind;
  width: number;
  height: number;
  bytes: number;
}

/** An upload waiting for its description, or a picture of the library being chosen. */
type Candidate = { from: 'upload'; file: File; preview: string; checked: Checked } | { from: 'library'; picture: PictureInfo };

const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/svg+xml,.jpg,.jpeg,.png,.webp,.avif,.svg';

/** The editor's picture API; a refusal's sentence becomes the thrown error's message. */
async function call<T>(path: string, body?: Blob): Promise<T> {
  const res = await fetch(`${apiBase()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'X-Sitewright-Editor-Token': token(), ...(body ? { 'Content-Type': body.type || 'application/octet-stream' } : {}) },
    body,
  });
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(typeof answer.message === 'string' ? answer.message : 'The editor could not do this. Try again.');
  return answer as T;
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const count = (n: number) => n.toLocaleString('en-GB');
const fileName = (name: string) => name.slice(name.lastIndexOf('/') + 1);
const sizeText = (w: number | null | undefined, h: number | null | undefined) => (w && h ? `${count(w)} × ${count(h)} pixels` : 'size unknown');

/** The limits, as the upload area shows them. */
export function limitsText(l: PictureLimits): string {
  return `JPEG, PNG, WebP or AVIF up to ${kb(l.photoBytes)} and ${count(l.maxSide)} pixels wide or tall; SVG up to ${kb(l.svgBytes)}.`;
}

/** Pictures whose name or folder has every word of the search, e.g. "owner hero" finds "landing/owner-hero.svg". */
export function matching(pictures: PictureInfo[], query: string): PictureInfo[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return pictures.filter((p) => {
    const text = p.name.toLowerCase().replace(/[^a-z0-9]+/g, ' ');
    return words.every((w) => text.includes(w));
  });
}

/** The "Choose picture" button of a picture setting, and the library it opens. */
export function PictureLibraryButton({ current, onChoose }: { current: { src?: string; alt?: string }; onChoose: (p: ChosenPicture) => void }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // Back to the button once the dialog has closed: while it is open, the rest of the page cannot take the focus.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const close = () => setOpen(false);
  return (
    <>
      <button ref={button} type="button" className="sw-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Choose picture…
      </button>
      {/* Outside the section's form, whose own form and styles must not wrap the library's. */}
      {open &&
        createPortal(
          <PictureLibrary
            current={current}
            onClose={close}
            onChoose={(p) => {
              onChoose(p);
              close();
            }}
          />,
          document.body,
        )}
    </>
  );
}

export function PictureLibrary({
  current,
  onChoose,
  onClose,
}: {
  current: { src?: string; alt?: string };
  onChoose: (p: ChosenPicture) => void;
  onClose: () => void;
}) {
  const { announce } = useEditorData();
  const dialog = useRef<HTMLDialogElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const describeInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [pictures, setPictures] = useState<PictureInfo[] | null>(null);
  const [limits, setLimits] = useState<PictureLimits | null>(null);
  const [loadProblem, setLoadProblem] = useState('');
  const [query, setQuery] = useState('');
  const [candidate, setCandidate] = useState<Candidate | null>(null);
  const [alt, setAlt] = useState('');
  const [altProblem, setAltProblem] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState('');
  const [dragging, setDragging] = useState(false);
  const ids = useId();

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  useEffect(() => {
    call<{ pictures: PictureInfo[]; limits: PictureLimits }>('pictures')
      .then((r) => (setPictures(r.pictures), setLimits(r.limits)))
      .catch((e: Error) => setLoadProblem(e.message));
  }, []);

  // The description is asked for at once: the box takes the focus as soon as a picture is chosen or checked.
  useEffect(() => {
    if (candidate) describeInput.current?.focus();
  }, [candidate]);

  const preview = candidate?.from === 'upload' ? candidate.preview : undefined;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shown = useMemo(() => matching(pictures ?? [], query), [pictures, query]);

  const takeFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem('');
    setCandidate(null);
    const max = limits ? Math.max(limits.photoBytes, limits.svgBytes) : Infinity;
    if (file.size > max) return setProblem(`“${file.name}” is ${kb(file.size)}; pictures can be at most ${kb(max)}. Save it smaller and upload it again.`);
    setBusy(`Checking “${file.name}”…`);
    try {
      const checked = await call<Checked>('pictures/check', file);
      setAlt('');
      setAltProblem('');
      setCandidate({ from: 'upload', file, preview: URL.createObjectURL(file), checked });
    } catch (e) {
      setProblem(`“${file.name}” was not uploaded. ${(e as Error).message}`);
    } finally {
      setBusy('');
    }
  };

  const choose = (picture: PictureInfo) => {
    setProblem('');
    setAltProblem('');
    setAlt(picture.src === current.src ? (current.alt ?? '') : '');
    setCandidate({ from: 'library', picture });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // React passes events up through the portal: the section's own form must not take this as its submit.
    e.stopPropagation();
    if (!candidate) return;
    const description = alt.trim();
    if (!description || (candidate.from === 'upload' && !nameFromDescription(description))) {
      setAltProblem('Describe the picture in a few words first: the description is read to people who cannot see it.');
      describeInput.current?.focus();
      return;
    }
    if (candidate.from === 'library') {
      const p = candidate.picture;
      // A drawing whose size cannot be read keeps the size the section had; the checker then says if it does not fit.
      onChoose({ src: p.src, alt: description, ...(p.width && p.height ? { width: p.width, height: p.height } : {}) });
      announce(`Chose the picture “${fileName(p.name)}”.`);
      return;
    }
    setBusy('Uploading…');
    try {
      const saved = await call<{ src: string; name: string; width: number; height: number }>(
        `pictures?description=${encodeURIComponent(description)}`,
        candidate.file,
      );
      onChoose({ src: saved.src, alt: description, width: saved.width, height: saved.height });
      announce(`Uploaded the picture as “${saved.name}” and put it in the section.`);
    } catch (err) {
      setProblem(`“${candidate.file.name}” was not uploaded. ${(err as Error).message}`);
      setBusy('');
    }
  };

  const onDrag = (e: DragEvent) => {
    // Without this, a file dropped beside the area would be opened by the browser in place of the editor.
    e.preventDefault();
    if (e.type === 'dragover') setDragging(true);
    if (e.type === 'dragleave' && e.currentTarget === e.target) setDragging(false);
    if (e.type === 'drop') {
      setDragging(false);
      void takeFile(e.dataTransfer.files[0]);
    }
  };

  const planned = candidate?.from === 'upload' ? nameFromDescription(alt) : '';
  const chosenName =
    candidate?.from === 'upload'
      ? `${candidate.file.name}, ${sizeText(candidate.checked.width, candidate.checked.height)}`
      : candidate
        ? `${fileName(candidate.picture.name)}, ${sizeText(candidate.picture.width, candidate.picture.height)}`
        : '';

  return (
    <dialog
      ref={dialog}
      className="sw-dialog sw-dialog--wide sw-pictures"
      aria-labelledby={`${ids}title`}
      onCancel={(e) => (e.preventDefault(), onClose())}
      onDragOver={onDrag}
      onDragLeave={onDrag}
      onDrop={onDrag}
    >
      <div className="sw-dialog__head">
        <h2 id={`${ids}title`}>Picture library</h2>
        <button type="button" className="sw-button" onClick={onClose}>
          Close
        </button>
      </div>

      <section className={dragging ? 'sw-drop sw-drop--over' : 'sw-drop'} aria-labelledby={`${ids}upload`}>
        <h3 id={`${ids}upload`}>Upload a picture</h3>
        <p>
          Drag a picture here, or{' '}
          <button ref={uploadButton} type="button" className="sw-button" aria-describedby={`${ids}limits`} onClick={() => fileInput.current?.click()}>
            Choose a file…
          </button>
        </p>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          onChange={(e) => {
            void takeFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <p id={`${ids}limits`} className="sw-help">
          {limits ? limitsText(limits) : 'JPEG, PNG, WebP, AVIF or SVG.'}
        </p>
      </section>
      <p role="status" className="sw-help">
        {busy}
      </p>
      <div role="alert">{problem && <p className="sw-error">{problem}</p>}</div>

      {candidate && (
        <form className="sw-chosen" aria-labelledby={`${ids}chosen`} onSubmit={(e) => void submit(e)} noValidate>
          <img className="sw-chosen__thumb" src={candidate.from === 'upload' ? candidate.preview : candidate.picture.src} alt="" width={160} height={120} />
          <div className="sw-chosen__fields">
            <h3 id={`${ids}chosen`}>{candidate.from === 'upload' ? 'The new picture' : 'The chosen picture'}</h3>
            <p className="sw-help">{chosenName}</p>
            <label htmlFor={`${ids}alt`}>
              Describe the picture <span className="sw-required">(required)</span>
            </label>
            <input
              ref={describeInput}
              id={`${ids}alt`}
              className="sw-input"
              value={alt}
              required
              aria-invalid={altProblem ? true : undefined}
              aria-describedby={`${ids}alt-help ${ids}alt-problem`}
              onChange={(e) => (setAlt(e.target.value), setAltProblem(''))}
            />
            <p id={`${ids}alt-help`} className="sw-help">
              Say what the picture shows, for people who cannot see it, e.g. “Site team at work”.
              {candidate.from === 'upload' &&
                (planned
                  ? ` The file will be named from these words: ${planned}.${EXTENSION[candidate.checked.kind]}`
                  : ' The file is named from these words.')}
            </p>
            <p id={`${ids}alt-problem`} className="sw-error">
              {altProblem}
            </p>
            <div className="sw-row">
              <button type="submit" className="sw-button sw-button--primary" disabled={busy !== ''}>
                {candidate.from === 'upload' ? 'Upload and use' : 'Use this picture'}
              </button>
              <button
                type="button"
                className="sw-button"
                onClick={() => {
                  // The focus goes back to where the choice was made, not to the start of the page.
                  (candidate.from === 'upload' ? uploadButton : searchInput).current?.focus();
                  setCandidate(null);
                }}
              >
                Cancel
              </button>
            </div>
          </div>
        </form>
      )}

      <section aria-labelledby={`${ids}library`}>
        <h3 id={`${ids}library`}>Pictures on the site</h3>
        <label htmlFor={`${ids}search`}>Search pictures</label>
        <input ref={searchInput} id={`${ids}search`} className="sw-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
        <p role="status" className="sw-help">
          {loadProblem ||
            (pictures === null
              ? 'Loading the pictures…'
              : shown.length === 0
                ? `No picture matches “${query.trim()}”.`
                : query.trim()
                  ? `${shown.length} of ${pictures.length} pictures`
                  : `${pictures.length} pictures`)}
        </p>
        <ul className="sw-pictures__grid">
          {shown.map((p) => (
            <li key={p.src}>
              <button
                type="button"
                className="sw-pictures__item"
                aria-pressed={candidate?.from === 'library' && candidate.picture.src === p.src}
                onClick={() => choose(p)}
              >
                <img src={p.src} alt="" loading="lazy" />
                <span className="sw-pictures__name">{fileName(p.name)}</span>
                <span className="sw-help">
                  {sizeText(p.width, p.height)}, {kb(p.bytes)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </dialog>
  );
}
