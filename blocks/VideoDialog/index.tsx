import { Suspense, use, useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { VideoDialogBlock } from '../../renderer/generated/config-types.ts';
import { ChunkBoundary } from '../../renderer/ChunkBoundary.tsx';
import { ChunkCache } from '../../renderer/lib/chunk-cache.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import { Dialog, useDialogBlock } from '../../renderer/ui/Dialog.tsx';
import { SmartLink } from '../../renderer/ui/SmartLink.tsx';
import { Spinner } from '../../renderer/ui/Spinner.tsx';
import styles from './styles.module.css';

// Its own chunk, fetched the first time the dialog opens: visitors who never watch never download a player.
export const playerChunks = new ChunkCache<typeof import('./player.ts')>(() => import('./player.ts'), { source: () => 'blocks/VideoDialog/player.ts' });

/** Suspends until the player's chunk arrives; throws "Loading chunk player failed" when it cannot. */
function LoadedPlayer(props: { src: string; className: string; onError: () => void }) {
  const { default: ReactPlayer } = use(playerChunks.load('player'));
  return <ReactPlayer src={props.src} width="100%" height="100%" controls className={props.className} onError={props.onError} />;
}

function hostLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'its website';
  }
}

/** True for the error event of a <script> that failed to load (an unreachable host), which players reject with. */
function isScriptLoadFailure(reason: unknown): boolean {
  return typeof Event !== 'undefined' && reason instanceof Event && reason.target instanceof HTMLScriptElement;
}

/**
 * Embedded players draw their <iframe> inside a shadow root they attach later, with no title; a frame needs an
 * accessible name (WCAG 4.1.2), so each one gets the dialog's title. Attaching a shadow root fires no event,
 * so the host is checked once per animation frame until a player's root shows up, then watched for changes.
 */
function useTitledFrames(host: RefObject<HTMLElement | null>, title: string) {
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    const watched: MutationObserver[] = [];
    const seen = new WeakSet<ShadowRoot>();
    const name = (scope: ParentNode) => scope.querySelectorAll('iframe:not([title])').forEach((f) => f.setAttribute('title', title));
    let frame = 0;
    let tries = 0;
    const scan = () => {
      name(root);
      root.querySelectorAll('*').forEach((el) => {
        const shadow = el.shadowRoot;
        if (!shadow || seen.has(shadow)) return;
        seen.add(shadow);
        name(shadow);
        const observer = new MutationObserver(() => name(shadow));
        observer.observe(shadow, { childList: true, subtree: true });
        watched.push(observer);
      });
      // About five seconds at most: a player that has not drawn by then has failed and shows the fallback.
      if (watched.length === 0 && ++tries < 300) frame = requestAnimationFrame(scan);
    };
    scan();
    return () => {
      cancelAnimationFrame(frame);
      watched.forEach((o) => o.disconnect());
    };
  }, [host, title]);
}

function Player({ src, title, onFailed }: { src: string; title: string; onFailed: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  useTitledFrames(host, title);
  useEffect(() => {
    // The YouTube element loads its API script without catching a failure; an unreachable host would
    // otherwise surface as an unhandled rejection. We handle it by showing the fallback link instead.
    const onRejection = (e: PromiseRejectionEvent) => {
      if (!isScriptLoadFailure(e.reason)) return;
      e.preventDefault();
      onFailed();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [onFailed]);
  return (
    <div ref={host} className={styles.host}>
      <ChunkBoundary>
        <Suspense
          fallback={
            <div className={styles.loading}>
              <Spinner label="Loading video" />
            </div>
          }
        >
          <LoadedPlayer src={src} className={styles.player} onError={onFailed} />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}

/**
 * The referral explainer in a modal. Opened by any "#<id>" link on the page; the player
 * mounts only while open, so nothing from the video host loads until the visitor asks for it.
 */
export default function VideoDialog({ id, title, text, fallbackLabel }: VideoDialogBlock) {
  const site = useSite();
  const src = site.video.url;
  const [failed, setFailed] = useState(false);
  const onFailed = useCallback(() => setFailed(true), []);
  // Each opening tries the player again.
  const dialog = useDialogBlock(id, () => setFailed(false));

  const link = (
    <SmartLink to={src} className={styles.fallbackLink}>
      {fallbackLabel ?? `Watch the video on ${hostLabel(src)}`}
    </SmartLink>
  );

  return (
    // The anchor target for the "#<id>" link before the page is interactive (it then just jumps here).
    <div id={id} className={styles.anchor}>
      <Dialog
        {...dialog}
        title={title}
        size="lg"
        withoutScript={
          <div className={styles.withoutScript}>
            {text && <p className={styles.text}>{text}</p>}
            <p>{link}</p>
          </div>
        }
      >
        <div className={styles.frame} data-testid="video-frame">
          {failed ? (
            <div className={styles.failed} role="status">
              <p>The video could not be loaded here.</p>
              {link}
            </div>
          ) : (
            <Player src={src} title={title} onFailed={onFailed} />
          )}
        </div>
        {text && <p className={styles.text}>{text}</p>}
        {!failed && <p className={styles.fallback}>Trouble playing? {link}</p>}
      </Dialog>
    </div>
  );
}
