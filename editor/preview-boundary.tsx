/**
 * A part of the preview (a section, the header, the footer) that never goes blank: while its current values cannot
 * be shown (they break its schema, or rendering them throws), it shows the markup of its last good rendering, marked,
 * with the reason in plain words beside it, and goes back to the live rendering by itself once the values change.
 */
import { Component, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { decide } from './preview-lastgood.ts';

class Catch extends Component<{ attemptKey: string; onError: (key: string) => void; children: ReactNode }, { failed: boolean; key: string }> {
  state = { failed: false, key: this.props.attemptKey };

  static getDerivedStateFromProps(props: { attemptKey: string }, state: { failed: boolean; key: string }) {
    // New values get a new try, without remounting the part (its open menus and dialogs stay as they are).
    return props.attemptKey === state.key ? null : { failed: false, key: props.attemptKey };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error) {
    console.warn('The preview keeps the last good rendering of a part that failed:', error.message);
    this.props.onError(this.props.attemptKey);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Runs after every commit of the live rendering, once its code has loaded. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit);
  return null;
}

export function LastGood({
  attemptKey,
  problem,
  name,
  loading = null,
  children,
}: {
  /** Changes whenever the values the part renders (its own or shared ones) change. */
  attemptKey: string;
  /** Why the current values cannot be shown, from the schema check; null when they look fine. */
  problem: string | null;
  /** "This section", "The header", … as the start of the marker's sentence. */
  name: string;
  loading?: ReactNode;
  children: ReactNode;
}) {
  const live = useRef<HTMLDivElement>(null);
  const good = useRef<string | null>(null);
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const showing = decide({ key: attemptKey, problem }, failedKey, good.current !== null);
  if (showing.mode === 'live')
    return (
      <div ref={live} className="sw-editor-live">
        <Catch attemptKey={attemptKey} onError={setFailedKey}>
          <Suspense fallback={loading}>
            {children}
            <Committed
              onCommit={() =>
                // After the whole commit: on the first one, the wrapper's ref is attached after its children's effects run.
                queueMicrotask(() => {
                  const html = live.current?.innerHTML ?? '';
                  if (html.trim()) good.current = html;
                })
              }
            />
          </Suspense>
        </Catch>
      </div>
    );
  return (
    <div className="sw-editor-stale" data-editor-stale="">
      <div className="sw-editor-stale__note" role="note">
        <strong>{showing.mode === 'last-good' ? `${name} is shown as it last looked.` : `${name} cannot be shown yet.`}</strong> {showing.reason} It comes back
        by itself once the fields are filled in.
      </div>
      {showing.mode === 'last-good' && good.current && (
        // A copy of the markup: nothing in it can be used until the live rendering is back.
        <div className="sw-editor-stale__copy" inert dangerouslySetInnerHTML={{ __html: good.current }} />
      )}
    </div>
  );
}
