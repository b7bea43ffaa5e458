/** Puts the cursor in a field of the side panel, once the panel shows it. */

/** How long to wait for the panel to show the field (a page read from the server, a large form's first render). */
const WAIT_MS = 3000;

/**
 * Focuses the input, select or text box with this rjsf id (or the first one inside the element with it), opening any
 * folded group around it. Retries on each frame until the field is on screen; true once it is focused.
 */
export function focusField(id: string): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const attempt = () => {
      const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}_"]`);
      const target = el?.matches('input,select,textarea') ? el : el?.querySelector<HTMLElement>('input,select,textarea');
      if (target) {
        for (let d = target.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
        target.focus();
        target.scrollIntoView({ block: 'center' });
        return resolve(true);
      }
      if (performance.now() - started > WAIT_MS) return resolve(false);
      requestAnimationFrame(attempt);
    };
    requestAnimationFrame(attempt);
  });
}
