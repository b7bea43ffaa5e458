import { takeFlash } from './flash.ts';
import { showToast } from './toasts.tsx';

/** Shows the toast the page before left for this one, if any (the islands loader asks only when there is one). */
export function showFlash(): void {
  const toast = takeFlash();
  if (toast) void showToast({ ...toast, containerId: undefined }).catch(() => undefined);
}
