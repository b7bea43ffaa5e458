/**
 * "Share preview": builds the whole site with the person's draft and gives a link that shows it to anyone who has
 * it, without signing in, until it expires or is revoked. Lists the person's links, each with "Revoke".
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewLink } from '../server/publish/types.ts';
import { draftApi, showDate, type ShareResult } from './draft.ts';
import { Dialog } from './Panes.tsx';
import type { Diagnostic } from './pointer.ts';
import { problemText } from './problems.ts';
import { editorStore } from './store.ts';

type Made = { kind: 'making' } | { kind: 'made'; link: PreviewLink & { url: string } } | { kind: 'failed'; message: string; problems: Diagnostic[] };

export function SharePreview({ onClose, beforeShare }: { onClose: () => void; beforeShare?: () => Promise<unknown> }) {
  const [made, setMade] = useState<Made>({ kind: 'making' });
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [listProblem, setListProblem] = useState('');
  const [note, setNote] = useState('');
  const box = useRef<HTMLInputElement>(null);

  const list = useCallback(async () => {
    try {
      setLinks(await draftApi.previews());
      setListProblem('');
    } catch (e) {
      setListProblem(`Your preview links could not be listed: ${(e as Error).message}`);
    }
  }, []);

  // One link per opening of the dialog, even when the effect runs twice (React's strict mode).
  const job = useRef<Promise<ShareResult> | null>(null);
  useEffect(() => {
    let live = true;
    job.current ??= (async () => {
      // The preview shows the draft as the server has it: the latest keystrokes are saved first.
      await beforeShare?.();
      return draftApi.share();
    })();
    job.current
      .then((r) => {
        if (!live) return;
        setMade(r.ok ? { kind: 'made', link: r.link } : { kind: 'failed', message: r.message, problems: r.diagnostics });
        return list();
      })
      .catch((e: Error) => live && setMade({ kind: 'failed', message: e.message, problems: [] }));
    return () => {
      live = false;
    };
  }, [beforeShare, list]);

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setNote('Link copied.');
    } catch {
      // No clipboard (an insecure origin, or permission refused): the link is selected for Ctrl+C.
      box.current?.focus();
      box.current?.select();
      setNote('The link is selected: press Ctrl+C (or ⌘C) to copy it.');
    }
  };

  const revoke = async (link: PreviewLink) => {
    try {
      const done = await draftApi.revoke(link.id);
      setNote(done ? `Link made ${showDate(link.createdAt)} revoked: it no longer works.` : 'That link was already gone.');
      if (made.kind === 'made' && made.link.id === link.id) setMade({ kind: 'made', link: { ...made.link, revokedAt: new Date().toISOString() } });
    } catch (e) {
      setNote(`Not revoked: ${(e as Error).message}`);
    }
    await list();
  };

  return (
    <Dialog title="Share preview" onClose={onClose}>
      {made.kind === 'making' && <p role="status">Making the preview… (building the site with your draft)</p>}
      {made.kind === 'failed' && (
        <div role="alert" className="sw-share__problem">
          <p>No preview link was made: {made.message}</p>
          {made.problems.length > 0 && (
            <ul>
              {made.problems.map((p, i) => (
                <li key={i}>{problemText(p, editorStore.getState().working[p.file])}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {made.kind === 'made' && (
        <div className="sw-share">
          <label htmlFor="sw-share-link">Preview link</label>
          <div className="sw-row">
            <input
              id="sw-share-link"
              ref={box}
              className="sw-share__link"
              type="text"
              readOnly
              value={made.link.url}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="sw-button sw-button--primary" onClick={() => void copy(made.link.url)}>
              Copy link
            </button>
          </div>
          <p>
            {made.link.revokedAt
              ? 'You revoked this link: it no longer works.'
              : `Anyone with this link can see the whole site with your draft until ${showDate(made.link.expiresAt)}, unless you revoke it.`}
          </p>
        </div>
      )}
      <p role="status" className="sw-help">
        {note}
      </p>
      <h3 id="sw-share-links">Your preview links</h3>
      {listProblem && <p className="sw-error">{listProblem}</p>}
      {links === null && !listProblem && <p>Loading…</p>}
      {links?.length === 0 && <p>You have no preview links.</p>}
      {links && links.length > 0 && (
        <ul className="sw-share__links" aria-labelledby="sw-share-links">
          {links.map((l) => (
            <li key={l.id}>
              <span id={`sw-share-${l.id}`}>{linkWords(l)}</span>
              {!l.revokedAt && !expired(l) && (
                <button type="button" className="sw-button sw-button--small" aria-describedby={`sw-share-${l.id}`} onClick={() => void revoke(l)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

const expired = (l: PreviewLink) => new Date(l.expiresAt).getTime() <= Date.now();

/** "Made 3 December 2026, 17:20 by Ann; works until 10 December 2026, 17:20". */
export function linkWords(l: PreviewLink): string {
  const made = `Made ${showDate(l.createdAt)}${l.sharedBy ? ` by ${l.sharedBy}` : ''}`;
  if (l.revokedAt) return `${made}; revoked ${showDate(l.revokedAt)}`;
  if (expired(l)) return `${made}; expired ${showDate(l.expiresAt)}`;
  return `${made}; works until ${showDate(l.expiresAt)}`;
}
