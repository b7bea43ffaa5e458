import { keepIntent } from '../islands/early.ts';
import { withDialogs } from '../islands/held.ts';
import { OPENS_ATTRIBUTE } from '../islands/contract.ts';
import { ISLAND_ATTRIBUTE, SEEN_ISLANDS } from './markup.ts';

/** The first signs that a visitor is about to use something (a touch screen's first sign is touchstart). */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];

/**
 * What intent towards needs the islands loader: an island, and on a page with a dialog island anything that may open
 * it (a marked opener, or any in-page link: a link to another "#id" only costs the loader, which wakes no island).
 */
const NEEDS_ISLANDS = withDialogs ? `[${ISLAND_ATTRIBUTE}],[${OPENS_ATTRIBUTE}],a[href^="#"]` : `[${ISLAND_ATTRIBUTE}]`;

/** Whether `target` is on an island or on what may open a dialog island: using it needs the islands loader. */
export const needsIslands = (target: EventTarget | null): boolean => target instanceof Element && target.closest(NEEDS_ISLANDS) !== null;

/**
 * What asks for the islands loader at `url`: at once when called without an event, or, as a listener of the intent
 * events (waitForIntent), when the event is towards an island or what opens one. Should the request fail, the
 * visitor's next intent towards an island (a press or a key on one) asks again, at a fresh address, since the
 * browser remembers a failed module.
 */
export function islandsLoader(view: Window, url: string): (event?: Event) => void {
  let attempt = 0;
  const load = (event?: Event) => {
    if (event) {
      if (!needsIslands(event.target)) return;
      // The loader wakes the island this was on (a hover is not repeated).
      keepIntent(event);
    }
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

/**
 * Calls `load` once an island that starts when visible is on screen, where its media query (if it has one) matches:
 * on such a page nothing but the shell runs before then, as on one whose islands all wait for intent. The wrapper is
 * display: contents and has no box of its own; its children do.
 */
export function whenSeen(doc: Document, load: () => void): void {
  const seen = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    seen.disconnect();
    load();
  });
  for (const island of doc.querySelectorAll<HTMLElement>(SEEN_ISLANDS)) {
    // An empty query matches every screen.
    if (matchMedia(island.dataset.media ?? '').matches) for (const box of island.children) seen.observe(box);
  }
}
