import { useEffect, useState } from 'react';
import type { ToastPosition } from 'react-toastify';

type Toastify = typeof import('react-toastify');

let toastify: Promise<Toastify> | null = null;
let host: Promise<Toastify> | null = null;

/** react-toastify is fetched only by pages that show a form, and only after hydration. */
export function loadToastify(): Promise<Toastify> {
  return (toastify ??= import('react-toastify'));
}

/**
 * One toast container for the whole visit, in its own React root outside the app: a toast shown just
 * before a navigation (the waitlist's "Success") stays on screen on the next page.
 */
export function ensureToastHost(): Promise<Toastify> {
  return (host ??= Promise.all([loadToastify(), import('react-dom/client')]).then(([mod, { createRoot }]) => {
    const el = document.createElement('div');
    el.dataset.toasts = 'site';
    document.body.append(el);
    createRoot(el).render(<mod.ToastContainer newestOnTop closeOnClick={false} />);
    return mod;
  }));
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
    loadToastify().then((m) => live && setMod(m));
    return () => {
      live = false;
    };
  }, []);
  if (!mod) return null;
  return <mod.ToastContainer containerId={containerId} closeOnClick={false} />;
}
