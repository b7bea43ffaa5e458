/**
 * Which events aimed at an island that is not live yet are kept, and how: one answer for the islands loader
 * (./defer.ts) and for the shell's early catcher (./early.ts), which keeps them until the loader has arrived.
 */

/**
 * On a link that its island turns into a disclosure button once it runs (the enquiry's "Get in touch"): without
 * script the link leads to a page with the same form; with script a click on it is held and replayed like a
 * button's, so the form opens in place instead. The shell gives it the button's role and state at once.
 */
export const EXPANDS_ATTRIBUTE = 'data-expands';

/** Keys whose effect a block implements itself; Enter and Space on a button arrive as clicks. */
const REPLAYED_KEYS = /^(Arrow(Left|Right|Up|Down)|Home|End|Escape|Page(Up|Down))$/;

/**
 * A control whose keys the browser itself acts on (typing, a slider's or a radio group's arrows, a select): its
 * keys pass, and the value it ends up with is handed over after hydration.
 */
function handlesOwnKeys(el: Element): boolean {
  // A selector rather than instanceof checks: this is inlined into every page with islands. An input's type
  // attribute matches case-insensitively, and an unknown one is a text field, as its `type` property says.
  return el.matches('textarea,select,input:not([type=button],[type=submit],[type=reset],[type=image])') || (el as HTMLElement).isContentEditable;
}

/** How an event aimed at an island that is not live yet is kept: a field left, or a key, click or submit replayed. */
export type Held = 'left' | 'key' | 'click' | 'submit';

/** Whether the page has a dialog island: the build leaves out what only such a page needs where none is. */
export const withDialogs = typeof SITEWRIGHT_SHELL_DIALOGS !== 'boolean' || SITEWRIGHT_SHELL_DIALOGS;

/** Whether and how `event` must be kept until its island is live. */
export function heldAs(event: Event): Held | null {
  const target = event.target;
  if (!(target instanceof Element)) return null;
  // A dialog the shell opened before its island is live is the platform's: Escape and its Close (an invoker
  // command) close it natively.
  if (withDialogs && target.closest('dialog')) return null;
  if (event.type === 'focusout') return 'left';
  if (event.type === 'keydown') return REPLAYED_KEYS.test((event as KeyboardEvent).key) && !handlesOwnKeys(target) ? 'key' : null;
  // A plain link works without the island's code, and a modified click means "open elsewhere": leave both alone.
  // So does a click on a field or its label (a radio, a checkbox): the browser changes it, and the value is handed over.
  // A link the island turns into a button is held (unless modified): the visitor asked for what the button does.
  if (event.type === 'click') {
    const e = event as MouseEvent;
    const link = target.closest('a[href], label');
    if (link && !(link.hasAttribute(EXPANDS_ATTRIBUTE) && !(e.ctrlKey || e.metaKey || e.shiftKey || e.altKey))) return null;
    return handlesOwnKeys(target) || e.button ? null : 'click';
  }
  // The browser's own submission would reload the page (a GET with the fields in the address).
  if (event.type === 'submit' && target instanceof HTMLFormElement) return 'submit';
  return null;
}

/** Stops what the browser and any listener would do with a key, click or submit that is kept for replay. */
export function hold(event: Event): void {
  event.stopImmediatePropagation();
  event.preventDefault();
}
