/**
 * A toast that must outlive the page that raised it: a form that goes on to another page after its success says so
 * on that page. Pages are separate documents, so the notice waits in sessionStorage. No React here: the shell script
 * checks for one on every page.
 */
import type { ToastRequest } from './toasts.tsx';

const KEY = 'sitewright:flash-toast';

export function keepForNextPage(toast: ToastRequest): boolean {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(toast));
    return true;
  } catch {
    return false;
  }
}

export function hasFlash(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The waiting toast, removed so it shows once. */
export function takeFlash(): ToastRequest | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return raw ? (JSON.parse(raw) as ToastRequest) : null;
  } catch {
    return null;
  }
}
