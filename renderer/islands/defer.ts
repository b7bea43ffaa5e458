/**
 * The one deferral primitive: wait for an island's trigger, record what the visitor does to it meanwhile, load and
 * hydrate it, then replay. Until it hydrates, an island is its prerendered HTML: readable, its links work, a form
 * takes typing. React drops events aimed at markup it has not hydrated, so whatever matters is held here, on the
 * window's capture phase ahead of any React root, and acted on once:
 * - text typed and choices made are handed to React as changes of the fields (React keeps them on screen but not
 *   in its state);
 * - fields the visitor left get their blur, so their messages show as in a live form;
 * - a click, a key the block implements itself (arrows, Escape, …) and a submit are replayed on their target.
 * Should the island's code fail to arrive, a submit it held is sent by the browser itself, and so are later ones
 * until the visitor tries again: the prerendered form posts to the lead service without script, with what was typed.
 * No React here: this runs on pages before any framework code has arrived.
 */
import { ISLAND_ATTRIBUTE, type Hydrate } from './contract.ts';
import { afterFirstPaint } from '../lib/after-paint.ts';
import { takeEarly } from './early.ts';
import { EXPANDS_ATTRIBUTE, heldAs, hold, type Held } from './held.ts';

/** Signs a visitor is about to use an island or already is (a field changed by script or autofill counts). */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change', 'submit'];

/** When an island is woken: one of the block triggers, or `manual` (a dialog, woken when a link asks for it). */
export type Trigger = Hydrate | 'manual';

const HYDRATE_VALUES: readonly string[] = ['load', 'visible', 'idle', 'interaction'] satisfies Hydrate[];

/**
 * When an island starts: a dialog when asked for, otherwise at its `hydrate` value (an unknown one: at load), except
 * outside its media query, where it has nothing to do on its own and waits for interaction.
 */
export function triggerOf(hydrate: string, media: string | null, dialog: boolean, matches: (query: string) => boolean): Trigger {
  if (dialog) return 'manual';
  if (!HYDRATE_VALUES.includes(hydrate)) return 'load';
  return media && !matches(media) ? 'interaction' : (hydrate as Hydrate);
}

export interface Deferred {
  /** Starts loading now, whatever the trigger (a dialog a link asks for). */
  wake: () => void;
  /** Settles once the island is live and what the visitor did was replayed. */
  readonly live: Promise<void>;
}

interface Island {
  readonly el: HTMLElement;
  readonly trigger: Trigger;
  readonly start: () => Promise<void>;
  readonly onFail: (error: unknown, retry: () => void) => void;
  readonly done: () => void;
  woken: boolean;
  live: boolean;
  /** Its start failed and no retry is under way: what works without script is left to the browser. */
  failed: boolean;
  /** Fields the visitor left, oldest first. */
  left: Element[];
  replays: Replay[];
}

interface Replay {
  run: () => void;
  /** The form a held submit (or a click on its submit button) would send. */
  sends?: HTMLFormElement;
}

const islands = new Map<Element, Island>();
let listening = false;

function islandOf(target: EventTarget | null): Island | undefined {
  const el = target instanceof Element ? target.closest(`[${ISLAND_ATTRIBUTE}]`) : null;
  const island = el ? islands.get(el) : undefined;
  return island && !island.live ? island : undefined;
}

/** The form a click on `target` submits, if it is on a submit button. */
function submittedBy(target: Element): HTMLFormElement | null {
  const control = target.closest('button, input');
  return control instanceof HTMLButtonElement || control instanceof HTMLInputElement ? (control.type === 'submit' && control.form) || null : null;
}

/**
 * Where a replay goes: its target, or, when the block has since replaced it, the element that took over its id in
 * the island (the enquiry's link becomes a button once it runs).
 */
function replayTarget(island: Island, target: Element): Element | null {
  if (target.isConnected) return target;
  const id = target.closest('[id]')?.id;
  const found = id ? target.ownerDocument.getElementById(id) : null;
  return found && island.el.contains(found) ? found : null;
}

/** Keeps `event` (already held) on `island`: its replay, or the field left. */
function keep(island: Island, event: Event, held: Held): void {
  const target = event.target as Element;
  if (held === 'left') island.left.push(target);
  else if (held === 'key') {
    const init: KeyboardEventInit = {
      ...pick(event as KeyboardEvent, 'key', 'code', 'shiftKey', 'ctrlKey', 'altKey', 'metaKey'),
      bubbles: true,
      cancelable: true,
    };
    island.replays.push({ run: () => target.dispatchEvent(new KeyboardEvent('keydown', init)) });
  } else if (held === 'click') {
    const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, ...pick(event as MouseEvent, 'clientX', 'clientY', 'detail') };
    island.replays.push({ run: () => replayTarget(island, target)?.dispatchEvent(new MouseEvent('click', init)), sends: submittedBy(target) ?? undefined });
  } else if (target instanceof HTMLFormElement) island.replays.push({ run: () => target.requestSubmit(), sends: target });
}

/**
 * While an island's start has failed, the browser keeps what works without its code: a submit (the form posts
 * itself) and a link the island would have turned into a button (it leads to a page with the same form).
 */
function leftToBrowser(event: Event): boolean {
  const target = event.target as Element;
  if (event.type === 'submit') return true;
  return event.type === 'click' && (submittedBy(target) !== null || target.closest(`a[href][${EXPANDS_ATTRIBUTE}]`) !== null);
}

/** Sends the first submit `island` held the way the browser would have without script; the others wait for a retry. */
function sendHeldSubmit(island: Island): void {
  const at = island.replays.findIndex((r) => r.sends?.isConnected);
  if (at < 0) return;
  const [{ sends }] = island.replays.splice(at, 1);
  // submit() fires no submit event, so nothing holds it again; it skips validation, which the service does itself.
  sends?.submit();
}

function record(event: Event): void {
  const island = islandOf(event.target);
  if (!island) return;
  if (island.failed && leftToBrowser(event)) return;
  const held = heldAs(event);
  if (held === 'left') {
    // Replayed once live; React may already run here (between hydration and the hand-over) but with a state that
    // knows nothing of what was typed, and acting on it would empty the other fields.
    event.stopImmediatePropagation();
    keep(island, event, held);
    return;
  }
  if (event.type === 'input' || event.type === 'change') event.stopImmediatePropagation();
  // Any sign of use wakes an island early, whatever its trigger; a dialog is woken only by what opens it.
  if (island.trigger !== 'manual') wake(island);
  if (held) {
    hold(event);
    keep(island, event, held);
  }
}

/**
 * Takes over what the shell's early catcher kept for `island` before this script ran, in the order it happened
 * (and the sign of intent the shell asked for this script on): the same as if it had been recorded here.
 */
function takeOver(island: Island, events: Event[]): void {
  for (const event of events) {
    const held = heldAs(event);
    // Any sign of use but leaving a field wakes it, as in record(): the shell keeps the intent it acted on too.
    if (held !== 'left' && island.trigger !== 'manual') wake(island);
    if (held) keep(island, event, held);
  }
}

function pick<T extends object, K extends keyof T>(from: T, ...keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of keys) out[k] = from[k];
  return out;
}

function listen(): void {
  if (listening) return;
  listening = true;
  // Passive except where a default is stopped (click, keydown, submit): touch and pointer listeners must never
  // hold up scrolling.
  for (const type of [...INTERACTION_EVENTS, 'click', 'focusout']) {
    window.addEventListener(type, record, { capture: true, passive: !['click', 'keydown', 'submit'].includes(type) });
  }
}

function wake(island: Island): void {
  if (island.woken) return;
  island.woken = true;
  island.start().then(
    () => {
      island.live = true;
      handOverTypedValues(island.el);
      for (const field of island.left.splice(0)) if (field.isConnected) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      for (const replay of island.replays.splice(0)) replay.run();
      island.done();
    },
    (error: unknown) => {
      island.failed = true;
      island.onFail(error, () => {
        island.failed = false;
        island.woken = false;
        wake(island);
      });
      sendHeldSubmit(island);
    },
  );
}

function whenVisible(island: Island): void {
  // The wrapper is display: contents and has no box of its own; its children do.
  const boxes = [...island.el.children];
  if (!('IntersectionObserver' in window) || boxes.length === 0) return wake(island);
  const observer = new IntersectionObserver((entries) => {
    // Zero-size: nothing to scroll to (a block that draws only once it runs), so it cannot wait for that.
    if (entries.some((e) => e.isIntersecting || (e.boundingClientRect.width === 0 && e.boundingClientRect.height === 0))) {
      observer.disconnect();
      wake(island);
    }
  });
  for (const box of boxes) observer.observe(box);
}

function whenIdle(island: Island): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => wake(island), { timeout: 2000 });
  else setTimeout(() => wake(island), 200);
}

/**
 * Defers island `el` until `trigger`, then runs `start` (load and hydrate). `onFail` is told when `start` fails
 * (a chunk did not arrive) with a retry that starts again; what the visitor did stays held until it succeeds.
 */
export function defer(el: HTMLElement, trigger: Trigger, start: () => Promise<void>, onFail: Island['onFail']): Deferred {
  listen();
  let done!: () => void; // assigned by the executor, which runs at once
  const live = new Promise<void>((resolve) => (done = resolve));
  const island: Island = { el, trigger, start, onFail, done, woken: false, live: false, failed: false, left: [], replays: [] };
  islands.set(el, island);
  takeOver(island, takeEarly(el));
  // `load` islands start once the page has painted: their code never competes with the hero's text and picture.
  if (trigger === 'load') afterFirstPaint(() => wake(island));
  else if (trigger === 'visible') whenVisible(island);
  else if (trigger === 'idle') whenIdle(island);
  // The visitor may have reached the island before this script ran (a field focused while the page loaded).
  else if (trigger === 'interaction' && (el.contains(document.activeElement) || isEdited(el))) wake(island);
  return { wake: () => wake(island), live };
}

/** Whether a form control inside differs from its markup (value or checked state): the visitor changed it. */
export function isEdited(el: Element): boolean {
  for (const c of el.querySelectorAll('input, textarea, select')) {
    if (c instanceof HTMLInputElement && (c.type === 'checkbox' || c.type === 'radio')) {
      if (c.checked !== c.defaultChecked) return true;
    } else if (c instanceof HTMLSelectElement) {
      if ([...c.options].some((o) => o.selected !== o.defaultSelected)) return true;
    } else if ((c as HTMLInputElement | HTMLTextAreaElement).value !== (c as HTMLInputElement | HTMLTextAreaElement).defaultValue) return true;
  }
  return false;
}

/**
 * React keeps what was typed into a field before hydration on screen but not in its state, so a form would send
 * something else than the visitor sees. Re-enter each changed value the way React notices a change. Everything is
 * read first: each change re-renders the form, and a controlled field whose state is still empty would be emptied.
 */
export function handOverTypedValues(root: HTMLElement): void {
  const changes: (() => void)[] = [];
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      const checked = field.checked;
      changes.push(() => {
        // React tracks the last value it saw: flip it through the element so the click's toggle reads as a change.
        field.checked = !checked;
        field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      });
      continue;
    }
    const initial =
      field instanceof HTMLSelectElement ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '') : field.defaultValue;
    const typed = field.value;
    if (typed === initial) continue;
    const selection = field instanceof HTMLSelectElement ? null : ([field.selectionStart, field.selectionEnd] as const);
    changes.push(() => {
      const focused = document.activeElement === field;
      field.value = initial;
      const proto = Object.getPrototypeOf(field) as object;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
      if (focused && selection && selection[0] !== null) {
        try {
          (field as HTMLInputElement).setSelectionRange(selection[0], selection[1]);
        } catch {
          // Some input types (email, number) have no selection API.
        }
      }
    });
  }
  for (const change of changes) change();
}
