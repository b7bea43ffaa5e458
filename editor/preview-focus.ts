/**
 * Click to edit, on the editor's side: puts the cursor in the field of the side panel that a click in the preview
 * named. The panel may still be drawing the section's form, and a field inside a folded list item only exists (or
 * is only visible) once its item is opened, so this tries for a moment, unfolding on the way.
 */

const CONTROLS = 'input,select,textarea,[contenteditable="true"]';
/** A value inside a quoted attribute selector. */
const quoted = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;

/** The form's control for a field id ("sw-block_actions_0_label"), if it is on the page. */
function controlFor(id: string): HTMLElement | null {
  const el = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^=${quoted(id)}]`);
  if (!el) return null;
  return el.matches(CONTROLS) ? el : el.querySelector<HTMLElement>(CONTROLS);
}

/** Opens every folded group around an element (details elements, and disclosure buttons that control it). */
function unfoldAround(el: Element): boolean {
  let changed = false;
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node instanceof HTMLDetailsElement && !node.open) {
      node.open = true;
      changed = true;
    }
    if (node.id) {
      const toggle = document.querySelector<HTMLElement>(`[aria-controls=${quoted(node.id)}][aria-expanded="false"]`);
      if (toggle) {
        toggle.click();
        changed = true;
      }
    }
  }
  return changed;
}

/** The nearest field id that exists, from the longest ("sw-block_cards_2_link_href") to the shortest ("sw-block_cards"). */
function nearest(parts: readonly string[]): Element | null {
  for (let n = parts.length; n > 1; n--) {
    const el = document.getElementById(parts.slice(0, n).join('_'));
    if (el) return el;
  }
  return null;
}

/**
 * Focuses the field `field` of a form whose ids start with `prefix`; returns a promise of whether it did. Folded
 * ancestors of the field (or of the nearest part of it that exists) are opened until the field can take the cursor.
 */
export function focusField(prefix: string, field: readonly string[], tries = 60): Promise<boolean> {
  const parts = [prefix, ...field];
  const id = parts.join('_');
  return new Promise((done) => {
    let left = tries;
    let focused: HTMLElement | null = null;
    const step = () => {
      // The panel may still show the previously selected section, whose form has a field of the same id: success is
      // a field that still has the cursor a frame after it got it (not replaced by the new section's form).
      if (focused && focused.isConnected && document.activeElement === focused) return done(true);
      focused = null;
      const control = controlFor(id);
      if (control) {
        unfoldAround(control);
        if (control.checkVisibility?.() !== false) {
          control.focus();
          control.scrollIntoView?.({ block: 'nearest' });
          if (document.activeElement === control) focused = control;
        }
      } else {
        // Not drawn yet: its item may be folded, so open what holds it, including folded groups inside that part.
        const holder = nearest(parts);
        if (holder) {
          unfoldAround(holder);
          for (const d of holder.querySelectorAll<HTMLDetailsElement>('details:not([open])')) d.open = true;
        }
      }
      if (--left <= 0) return done(false);
      requestAnimationFrame(step);
    };
    step();
  });
}
