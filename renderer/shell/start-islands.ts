import { dialogOpenedBy, isIslandDialog, withDialogs } from '../islands/early.ts';
import { ISLAND_ATTRIBUTE } from './markup.ts';

/** The first signs that a visitor is about to use something (a touch screen's first sign is touchstart). */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

/** Whether `target` is on an island or on what opens a dialog island: using it needs the islands loader. */
export function needsIslands(doc: Document, target: EventTarget | null): boolean {
  return target instanceof Element && (target.closest(`[${ISLAND_ATTRIBUTE}]`) !== null || (withDialogs && isIslandDialog(doc, dialogOpenedBy(target)?.id)));
}

/**
 * What asks for the islands loader at `url`: at once when called without an event, or, as a listener of the intent
 * events (waitForIntent), when the event is towards an island or what opens one. Should the request fail, the
 * visitor's next intent towards an island (a press or a key on one) asks again, at a fresh address, since the
 * browser remembers a failed module.
 */
export function islandsLoader(view: Window, url: string): (event?: Event) => void {
  let attempt = 0;
  const load = (event?: Event) => {
    if (event && !needsIslands(view.document, event.target)) return;
    for (const type of INTENT_EVENTS) view.removeEventListener(type, load, true);
    import(/* @vite-ignore */ attempt ? `${url}?retry=${attempt}` : url).catch((error: unknown) => {
      console.error(error);
      attempt++;
      waitForIntent(view, load);
    });
  };
  return load;
}

/**
 * Calls `listener` on the visitor's signs of intent, which come before the click, the key or the typing they lead
 * to: on a page whose islands all wait for the visitor, nothing but the shell runs before then (./early.ts holds
 * what they do until the loader is here). Any other page asks once it has painted (afterFirstPaint), so the
 * request and its work never hold up the first paint or the hero's picture.
 */
export function waitForIntent(view: Window, listener: (event: Event) => void): void {
  for (const type of INTENT_EVENTS) view.addEventListener(type, listener, true);
}
