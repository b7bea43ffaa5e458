import { useEffect, useState } from 'react';
import type { ToastPosition } from 'react-toastify';
import { ChunkCache } from '../lib/chunk-cache.ts';

type Toastify = typeof import('./toastify.ts');

/** react-toastify is fetched only by pages that show a form, and only after hydration. */
export const toastChunks = new ChunkCache<Toastify>(() => import('./toastify.ts'), { source: () => 'renderer/forms/toastify.ts' });
/** React's root API for the toast host; usually already in the page's own bundle. */
const domClientChunks = new ChunkCache<typeof import('react-dom/client')>(() => import('react-dom/client'));

let host: Promise<Toastify> | null = null;

/** A failed load is forgotten at once: no screen shows it, and the next toast should try again. */
function retryable<T>(cache: ChunkCache<T>, key: string): Promise<T> {
  return cache.load(key).catch((e: unknown) => {
    cache.reset();
    throw e;
  });
}

export function loadToastify(): Promise<Toastify> {
  return retryable(toastChunks, 'toasts');
}

/**
 * One toast container for the whole visit, in its own React root outside the app: a toast shown just
 * before a navigation (the waitlist's "Success") stays on screen on the next page.
 */
export function ensureToastHost(): Promise<Toastify> {
  host ??= Promise.all([loadToastify(), retryable(domClientChunks, 'toasts')]).then(
    ([mod, { createRoot }]) => {
      const el = document.createElement('div');
      el.dataset.toasts = 'site';
      document.body.append(el);
      createRoot(el).render(<mod.ToastContainer newestOnTop closeOnClick={false} />);
      return mod;
    },
    (e: unknown) => {
      host = null;
      throw e;
    },
  );
  return host;
}

export interface ToastRequest {
  text: string;
  kind: 'success' | 'error';
  position: ToastPosition;
  autoCloseMs: number;
  /** A container inside an open modal dialog: everything outside it is inert and dimmed. */
  containerId?: string;
}

export async function showToast(t: ToastRequest): Promise<void> {
  const mod = t.containerId ? await loadToastify() : await ensureToastHost();
  // Plain text content: whatever the server said is rendered as text, never as markup.
  mod.toast[t.kind](t.text, {
    position: t.position,
    autoClose: t.autoCloseMs,
    containerId: t.containerId,
    role: t.kind === 'error' ? 'alert' : 'status',
  });
}

/** A toast container rendered where it is placed (inside a dialog), mounted only after hydration. */
export function ToastOutlet({ containerId }: { containerId: string }) {
  const [mod, setMod] = useState<Toastify | null>(null);
  useEffect(() => {
    let live = true;
    loadToastify().then(
      (m) => live && setMod(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!mod) return null;
  return <mod.ToastContainer containerId={containerId} closeOnClick={false} />;
}
