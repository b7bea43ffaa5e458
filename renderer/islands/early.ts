/**
 * The islands loader arrives once the page has painted. Until then the shell script, which runs as soon as the page
 * is parsed, catches what the visitor does to islands so that nothing is lost: the events the loader itself would
 * keep (./held.ts), held the same way, and clicks on what opens a dialog island. The loader takes them over as it
 * registers each island (./defer.ts) and the dialogs (./loader.ts); from then on it catches everything itself.
 */
import { pageState } from '../lib/page-state.ts';
import { DIALOG_ATTRIBUTE, ISLAND_ATTRIBUTE, OPENS_ATTRIBUTE } from './contract.ts';
import { EXPANDS_ATTRIBUTE, heldAs, hold, withDialogs } from './held.ts';

export interface DialogRequest {
  id: string;
  opener: HTMLElement;
}

// Pure for the bundler: a page without islands drops the catcher, and with it this slot.
const early = /* @__PURE__ */ pageState('early-events', () => ({ events: [] as Event[], dialogs: [] as DialogRequest[], over: false }));

/** The dialog a plain click asks for: a link to "#<id>" or a button the prerenderer marked with the id it opens. */
export function dialogAskedBy(event: Event): DialogRequest | null {
  const click = event as MouseEvent;
  const plain = !(click.defaultPrevented || click.button || click.ctrlKey || click.metaKey || click.shiftKey || click.altKey);
  const opener = plain && event.target instanceof Element ? event.target.closest<HTMLElement>(`[${OPENS_ATTRIBUTE}],a[href^="#"]`) : null;
  // Taken as written: a block's id is lowercase letters, digits and "-" (schemas/defs.schema.json), which no
  // address encodes.
  const id = opener?.getAttribute(OPENS_ATTRIBUTE) ?? opener?.getAttribute('href')?.slice(1);
  return opener && id ? { id, opener } : null;
}

/**
 * Links that are buttons once script runs: one that opens a dialog, and one its island turns into a disclosure
 * button. Their href is the way for a browser without script (a page with the same form).
 */
export const BUTTON_LINKS = `a[href][${OPENS_ATTRIBUTE}],a[href][${EXPANDS_ATTRIBUTE}]`;

/**
 * The prerendered <dialog> of the dialog island `id` (renderer/ui/Dialog.tsx), or null when the page has none. The
 * id goes into the selector as written, as in dialogAskedBy.
 */
export function islandDialog(doc: Document, id: string): HTMLDialogElement | null {
  return doc.querySelector(`[${DIALOG_ATTRIBUTE}="${id}"] dialog`);
}

/** Starts catching; the shell calls it on a page with islands, before the loader is asked for. */
export function catchEarly(doc: Document): void {
  const view = doc.defaultView ?? window;
  // From now on a click on them is caught as a button's (the dialog opens, the form unfolds), so they say they are
  // buttons; the loader presses them on Space.
  for (const link of doc.querySelectorAll(BUTTON_LINKS)) {
    link.setAttribute('role', 'button');
    if (link.hasAttribute(EXPANDS_ATTRIBUTE)) link.setAttribute('aria-expanded', 'false');
  }
  const onEvent = (event: Event) => {
    if (early.over) return;
    if (withDialogs && event.type === 'click') {
      const asked = dialogAskedBy(event);
      const dialog = asked && islandDialog(doc, asked.id);
      if (dialog) {
        // Its frame opens now; its content once the loader has brought the block's code.
        event.preventDefault();
        dialog.showModal();
        early.dialogs.push(asked);
        return;
      }
    }
    if (!(event.target instanceof Element) || !event.target.closest(`[${ISLAND_ATTRIBUTE}]`)) return;
    const held = heldAs(event);
    if (!held) return;
    if (held !== 'left') hold(event);
    early.events.push(event);
  };
  for (const type of ['click', 'keydown', 'submit', 'focusout']) view.addEventListener(type, onEvent, { capture: true });
}

/**
 * Keeps the sign of intent the shell asked for the islands loader on (renderer/shell/start-islands.ts): the loader
 * wakes the island it was on, which would otherwise wait for a next sign the visitor may not give (a hover).
 */
export function keepIntent(event: Event): void {
  early.events.push(event);
}

/** What was caught for the island `el`, oldest first. The loader listens itself by then: catching stops. */
export function takeEarly(el: Element): Event[] {
  early.over = true;
  const mine = early.events.filter((e) => e.target instanceof Element && e.target.closest(`[${ISLAND_ATTRIBUTE}]`) === el);
  early.events = early.events.filter((e) => !mine.includes(e));
  return mine;
}

/** The dialogs asked for before the loader arrived, oldest first (the visitor may have closed them since). */
export function takeEarlyDialogs(): DialogRequest[] {
  early.over = true;
  return early.dialogs.splice(0);
}
