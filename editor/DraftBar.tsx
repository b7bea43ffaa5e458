/**
 * The top bar's draft controls in the back office: the draft's save state (it is saved as the person types),
 * "Your changes", "Share preview", "Discard draft" (with undo) and "Publish" (with the conflict chooser), and the
 * notices about newer published versions.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldConflict, FileChange, Resolutions } from '../server/publish/types.ts';
import { api } from './api.ts';
import { PublishConflictDialog } from './ConflictDialog.tsx';
import {
  createAutosaver,
  draftApi,
  onServerChange,
  publishProblemMessage,
  reloadFromServer,
  saveFailedMessage,
  saveToDraft,
  showValue,
  type Autosaver,
  type DraftInfo,
  type SaveState,
} from './draft.ts';
import { Dialog } from './Panes.tsx';
import type { Diagnostic } from './pointer.ts';
import { SharePreview } from './SharePreview.tsx';
import { editorStore } from './store.ts';

const POLL_MS = 30_000;

let active: Autosaver | null = null;

/** Ctrl+S in draft mode: the draft is saved now rather than after the pause in typing. */
export function saveDraftNow(): Promise<boolean> {
  return active ? active.flush() : Promise.resolve(true);
}

type Note = { text: string; undo?: string };
type Busy = null | 'publish' | 'discard' | 'undo';

const BUSY_WORDS: Record<Exclude<Busy, null>, string> = {
  publish: 'Publishing… (checking and building the site)',
  discard: 'Discarding your draft…',
  undo: 'Bringing your draft back…',
};

/** The draft's state from the server: on start, every 30 s, when the window is back in focus and after the server's news. */
function useDraftInfo() {
  const [info, setInfo] = useState<DraftInfo | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(async () => {
    try {
      setInfo(await draftApi.draft());
    } catch {
      // The last known state stays on screen; the next poll tries again.
    }
  }, []);
  const soon = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(), 300);
  }, [refresh]);
  useEffect(() => {
    void refresh();
    const every = setInterval(() => void refresh(), POLL_MS);
    const focus = () => void refresh();
    const off = onServerChange(soon);
    window.addEventListener('focus', focus);
    return () => {
      clearInterval(every);
      clearTimeout(timer.current);
      off();
      window.removeEventListener('focus', focus);
    };
  }, [refresh, soon]);
  return { info, setInfo, refresh, soon };
}

export function DraftBar({
  onReload,
  onProblems,
  onUndoOffered,
}: {
  /** Reads the list of pages and files again (after a publish, a discard or a rebase). */
  onReload: () => Promise<unknown>;
  /** A publish the checker refused: the shell lists the problems and shows the first on its field. */
  onProblems: (message: string, items: Diagnostic[]) => void;
  /** Told while "Undo" of a discard is offered: the shell then hides its own Undo, so one button has that name. */
  onUndoOffered?: (offered: boolean) => void;
}) {
  const [save, setSave] = useState<SaveState>({ kind: 'saved' });
  const [busy, setBusy] = useState<Busy>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [alert, setAlert] = useState('');
  const undoOffered = Boolean(note?.undo) && save.kind !== 'failed' && busy === null;
  useEffect(() => onUndoOffered?.(undoOffered), [undoOffered, onUndoOffered]);
  const [conflicts, setConflicts] = useState<{ list: FieldConflict[]; choices?: Resolutions } | null>(null);
  const [dialog, setDialog] = useState<null | 'share' | 'changes'>(null);
  const { info, setInfo, refresh, soon } = useDraftInfo();
  const saver = useRef<Autosaver | null>(null);

  useEffect(() => {
    const s = createAutosaver({
      store: editorStore,
      save: saveToDraft,
      onState: (st) => {
        setSave(st);
        // A new edit: the last publish's or discard's words (and its Undo) no longer apply.
        if (st.kind === 'saving') setNote(null);
        if (st.kind === 'saved') soon();
      },
    });
    saver.current = active = s;
    // Leaving the tab or the window saves at once, and the request outlives a closed tab.
    const now = () => void s.flush(true);
    const hidden = () => document.visibilityState === 'hidden' && now();
    window.addEventListener('blur', now);
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('blur', now);
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', hidden);
      s.stop();
      if (active === s) active = null;
    };
  }, [soon]);

  // Brought onto someone else's publish: the draft's files changed on the server, so read them again.
  const rebasedOnto = info?.rebased?.onto;
  useEffect(() => {
    if (!rebasedOnto) return;
    void reloadFromServer(editorStore, api.file, false)
      .then(onReload)
      .catch(() => undefined);
  }, [rebasedOnto, onReload]);

  const reload = async (replace: boolean) => {
    await reloadFromServer(editorStore, api.file, replace);
    await onReload();
  };

  const publish = async (resolutions?: Resolutions) => {
    if (busy) return;
    setBusy('publish');
    setAlert('');
    setNote(null);
    setConflicts(null);
    try {
      if (!(await saveDraftNow())) {
        setAlert('Not published: your latest changes are not saved to your draft yet, so nothing was changed. Try again in a moment.');
        return;
      }
      const r = await draftApi.publish(resolutions);
      if (r.ok) {
        setNote({ text: `Published: ${r.message}` });
        await reload(false);
      } else if (r.kind === 'conflict') setConflicts({ list: r.conflicts, choices: resolutions });
      else if (r.kind === 'invalid') {
        const errors = r.diagnostics.filter((d) => d.severity === 'error');
        onProblems(publishProblemMessage(errors.length), errors.length ? errors : r.diagnostics);
      } else setAlert(r.message);
    } catch (e) {
      setAlert(`Not published: ${(e as Error).message}`);
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const discard = async () => {
    if (busy) return;
    setBusy('discard');
    setAlert('');
    try {
      // Saves not yet sent are dropped: they belong to the draft being discarded.
      await saver.current?.cancel();
      const { undo } = await draftApi.discard();
      await reload(true);
      setNote({ text: 'Draft discarded.', undo });
    } catch (e) {
      setAlert(`Your draft was not discarded: ${(e as Error).message}`);
      void saver.current?.flush();
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const undoDiscard = async (undo: string) => {
    if (busy) return;
    setBusy('undo');
    setAlert('');
    try {
      if (await draftApi.undoDiscard(undo)) {
        await reload(true);
        setNote({ text: 'Your draft is back.' });
      } else setNote({ text: 'That draft can no longer be brought back.' });
    } catch (e) {
      setAlert(`Your draft was not brought back: ${(e as Error).message}`);
    } finally {
      setBusy(null);
      void refresh();
    }
  };

  const seen = async () => {
    if (info) setInfo({ ...info, rebased: undefined });
    await draftApi.seen().catch(() => undefined);
  };

  const text = busy
    ? BUSY_WORDS[busy]
    : save.kind === 'failed'
      ? saveFailedMessage(save.reason)
      : (note?.text ?? (save.kind === 'saving' ? 'Saving…' : 'Draft saved'));
  const changes = info?.changes ?? [];

  return (
    <>
      <div className="sw-top__status sw-draft-status" role="status">
        <span>{text}</span>
        {!busy && save.kind === 'failed' && (
          <button type="button" className="sw-button sw-button--small" onClick={() => void saveDraftNow()}>
            Try again
          </button>
        )}
        {!busy && save.kind !== 'failed' && note?.undo && (
          <button type="button" className="sw-button sw-button--small" onClick={() => void undoDiscard(note.undo ?? '')}>
            Undo
          </button>
        )}
      </div>
      <button type="button" className="sw-button" onClick={() => setDialog('changes')}>
        Your changes ({changes.length})
      </button>
      <button type="button" className="sw-button" onClick={() => setDialog('share')}>
        Share preview
      </button>
      {/* aria-disabled rather than disabled: the button keeps the keyboard focus while the work runs. */}
      <button type="button" className="sw-button" onClick={() => void discard()} aria-disabled={busy !== null}>
        Discard draft
      </button>
      <button type="button" className="sw-button sw-button--primary" onClick={() => void publish()} aria-disabled={busy !== null}>
        Publish
      </button>
      {/* The way back to the rest of the back office (sign-out is on Your account). */}
      <nav className="sw-draft-nav" aria-label="Back office">
        <a href="/admin/history">History</a>
        <a href="/admin/account">Your account</a>
      </nav>
      {(info?.rebased || info?.behind) && (
        <div className="sw-draft-notices">
          {info.rebased && (
            <div role="status" className="sw-draft-notice">
              <span>
                Your draft now includes the latest published changes ({info.rebased.by}: {info.rebased.message}).
              </span>{' '}
              <button type="button" className="sw-button sw-button--small" onClick={() => void seen()}>
                OK
              </button>
            </div>
          )}
          {info.behind && (
            <p className="sw-draft-notice">
              A newer version is live, and it changes some of the same fields as your draft. You will choose which to keep when you publish.
            </p>
          )}
        </div>
      )}
      {alert && (
        <div className="sw-save-problem" role="alert">
          <p>{alert}</p>
          <button type="button" className="sw-button" onClick={() => setAlert('')}>
            Dismiss
          </button>
        </div>
      )}
      {conflicts && (
        <PublishConflictDialog
          conflicts={conflicts.list}
          initial={conflicts.choices}
          onCancel={() => setConflicts(null)}
          onPublish={(resolutions) => void publish(resolutions)}
        />
      )}
      {dialog === 'share' && <SharePreview onClose={() => setDialog(null)} beforeShare={saveDraftNow} />}
      {dialog === 'changes' && <DraftChanges changes={changes} onClose={() => setDialog(null)} />}
    </>
  );
}

const STATUS_WORDS: Record<FileChange['status'], string> = { added: 'new', modified: 'changed', deleted: 'removed' };

/** What the draft changes compared with the version it is based on, field by field. */
export function DraftChanges({ changes, onClose }: { changes: FileChange[]; onClose: () => void }) {
  return (
    <Dialog title="Your changes" onClose={onClose} wide>
      {changes.length === 0 ? (
        <p>Your draft is the same as the live site.</p>
      ) : (
        changes.map((c) => (
          <section key={c.file} className="sw-change">
            <h3>
              {c.label} <span className="sw-help">({STATUS_WORDS[c.status]})</span>
            </h3>
            <p>{c.summary}</p>
            {c.fields.length > 0 && (
              <table className="sw-draft-table">
                <caption className="visually-hidden">Fields changed in {c.label}</caption>
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {c.fields.map((f) => (
                    <tr key={f.pointer}>
                      <th scope="row">{f.label}</th>
                      <td>{showValue(f.before)}</td>
                      <td>{showValue(f.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        ))
      )}
    </Dialog>
  );
}
