/**
 * Blocks of the page the browser opened hydrate when they are about to be seen or used, not all at load: the
 * first screen downloads only the code it shows (issue 6: at most 100 KB of JavaScript before interaction).
 * Until a block hydrates it is its prerendered HTML: readable, links work, nothing blank or shifting.
 *
 * A block wakes when it comes on screen, when a pointer or focus reaches it, or when something asks
 * for it (a dialog opened by a link). A click, key press or submit that reaches a block before its code does is
 * held and replayed once it has hydrated: React drops such events on content it cannot hydrate yet. Text typed
 * into a sleeping block is handed to React after hydration. Pages reached by client navigation render at once.
 */
import { blockRegistry } from '../../blocks/registry.ts';
import { blockCache } from './blocks.ts';
import { track, type TrackedPromise } from './chunk-cache.ts';

/** The attribute Blocks puts on each block's wrapper: its position on the page. */
export const SLOT_ATTRIBUTE = 'data-slot';
/**
 * A block wakes once any of it is on screen. It is already drawn by then (it is prerendered HTML), so waking
 * earlier would only move code into "before interaction"; anything the visitor does first is held anyway.
 */
const ROOT_MARGIN = '0px';
/** Signs a visitor is about to use a block, or already is (a field changed by script or autofill). */
const WAKE_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'input', 'change'];
/** Keys whose effect a block implements itself; Enter and Space on a button arrive as clicks. */
const REPLAYED_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'Escape', 'PageUp', 'PageDown']);

interface Slot {
  readonly element: HTMLElement;
  readonly type: string;
  /** Settles once the block was woken and its code has arrived (or failed to). */
  readonly ready: TrackedPromise<unknown>;
  readonly open: () => void;
  woken: boolean;
  hydrated: boolean;
  readonly replays: (() => void)[];
}

const slots = new Map<number, Slot>();
const dialogTypes = new Set(blockRegistry.filter((b) => b.dialog).map((b) => b.type));

/** The sleeping block a node belongs to (only blocks of the page the browser opened can sleep). */
function slotOf(node: EventTarget | null): Slot | undefined {
  const el = node instanceof Element ? node.closest(`[${SLOT_ATTRIBUTE}]`) : null;
  const slot = el ? slots.get(Number(el.getAttribute(SLOT_ATTRIBUTE))) : undefined;
  return slot && slot.element === el && !slot.hydrated ? slot : undefined;
}

/** Starts loading a sleeping block's code; it hydrates as soon as that arrives. */
function wake(slot: Slot): void {
  if (slot.woken) return;
  slot.woken = true;
  // A failed load settles too: the block then renders and shows its "Loading chunk failed" message.
  blockCache.load(slot.type).then(slot.open, slot.open);
}

/**
 * A control whose keys the browser itself acts on (typing, a slider's or a radio group's arrows, a select):
 * its keys pass, and the value it ends up with is handed to React after hydration.
 */
function handlesOwnKeys(el: Element): boolean {
  return (
    el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement ||
    (el instanceof HTMLInputElement && !['button', 'submit', 'reset', 'image'].includes(el.type)) ||
    (el instanceof HTMLElement && el.isContentEditable)
  );
}

function hold(event: Event): void {
  const slot = slotOf(event.target);
  if (!slot || !(event.target instanceof Element)) return;
  const target = event.target;
  wake(slot);
  if (event.type === 'keydown') {
    const key = event as KeyboardEvent;
    if (!REPLAYED_KEYS.has(key.key) || handlesOwnKeys(target)) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    slot.replays.push(() =>
      target.dispatchEvent(
        new KeyboardEvent('keydown', {
          key: key.key,
          code: key.code,
          shiftKey: key.shiftKey,
          ctrlKey: key.ctrlKey,
          altKey: key.altKey,
          metaKey: key.metaKey,
          bubbles: true,
          cancelable: true,
        }),
      ),
    );
  } else if (event.type === 'click') {
    const mouse = event as MouseEvent;
    // A plain link works without its block's code, and a modified click means "open elsewhere": leave both alone.
    if (target.closest('a[href]') || mouse.button !== 0) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    const init: MouseEventInit = { bubbles: true, cancelable: true, composed: true, clientX: mouse.clientX, clientY: mouse.clientY, detail: mouse.detail };
    slot.replays.push(() => target.dispatchEvent(new MouseEvent('click', init)));
  } else if (event.type === 'submit' && target instanceof HTMLFormElement) {
    event.stopImmediatePropagation();
    event.preventDefault();
    slot.replays.push(() => target.requestSubmit());
  }
}

/**
 * Finds the block wrappers in the prerendered page, wakes those on the first screen at once and the rest when
 * needed. Returns when the first screen's blocks have their code. Call once, before hydrating.
 */
export function planBlockHydration(root: HTMLElement): Promise<void> {
  let firstReport = () => {};
  const reported = new Promise<void>((resolve) => (firstReport = resolve));
  // The observer's first report says which blocks are on the first screen. It comes with the next frame, from
  // the layout the browser does anyway: measuring here would force that layout inside this script's task.
  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) {
              const slot = slotOf(e.target);
              const box = e.boundingClientRect;
              // Zero-size: nothing to scroll to (e.g. a block that draws only once it runs), so it cannot wait for that.
              if (!slot || !(e.isIntersecting || (box.width === 0 && box.height === 0))) continue;
              observer?.unobserve(e.target);
              wake(slot);
            }
            firstReport();
          },
          { rootMargin: ROOT_MARGIN },
        )
      : undefined;
  let observed = 0;
  for (const element of root.querySelectorAll<HTMLElement>(`[${SLOT_ATTRIBUTE}]`)) {
    let open!: () => void; // assigned by the executor, which runs at once
    const ready = track(new Promise<void>((resolve) => (open = resolve)));
    const slot: Slot = { element, type: element.dataset.block ?? '', ready, open, woken: false, hydrated: false, replays: [] };
    slots.set(Number(element.getAttribute(SLOT_ATTRIBUTE)), slot);
    if (dialogTypes.has(slot.type)) continue; // woken by openDialog() when a link asks for it
    // The wrapper is display: contents; its first child is the block's box.
    const box = element.firstElementChild;
    if (box && observer) {
      observer.observe(box);
      observed++;
    } else wake(slot);
  }
  // Nothing to watch (a page without blocks, e.g. not found): no report will come.
  if (!observed) firstReport();
  // On window, capturing: runs before React's listeners on the root, which stop the propagation of events
  // aimed at content they cannot hydrate yet.
  for (const type of [...WAKE_EVENTS, 'click', 'keydown', 'submit']) window.addEventListener(type, hold, { capture: true, passive: false });
  return reported.then(() => Promise.all([...slots.values()].filter((s) => s.woken).map((s) => s.ready))).then(() => undefined);
}

/** For Blocks while hydrating: what block `index` waits for before it may hydrate (nothing once it has). */
export function hydrationWait(index: number): Promise<unknown> | undefined {
  const slot = slots.get(index);
  return slot && !slot.hydrated ? slot.ready : undefined;
}

/** Wakes the sleeping block with config id `id` (e.g. a dialog a link is about to open); false if none. */
export function wakeBlockById(id: string): boolean {
  for (const slot of slots.values()) {
    if (slot.element.dataset.blockId === id && !slot.hydrated && slot.element.isConnected) {
      wake(slot);
      return true;
    }
  }
  return false;
}

/** Called by Blocks once block `index` has hydrated: replays what the visitor did to it meanwhile. */
export function blockHydrated(index: number): void {
  const slot = slots.get(index);
  if (!slot || slot.hydrated || !slot.element.isConnected) return;
  slot.hydrated = true;
  handOverTypedValues(slot.element);
  for (const replay of slot.replays.splice(0)) replay();
}

/**
 * React keeps what was typed into a field before hydration on screen but not in its state, so the form would
 * send something else than the visitor sees. Re-enter each changed value the way React notices a change.
 */
function handOverTypedValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      const checked = field.checked;
      // React tracks the last value it saw: flip it through the element so the click's toggle reads as a change.
      field.checked = !checked;
      field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      continue;
    }
    const initial =
      field instanceof HTMLSelectElement ? ([...field.options].find((o) => o.defaultSelected)?.value ?? field.options[0]?.value ?? '') : field.defaultValue;
    const typed = field.value;
    if (typed === initial) continue;
    const focused = document.activeElement === field;
    const selection = field instanceof HTMLSelectElement ? null : ([field.selectionStart, field.selectionEnd] as const);
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
  }
}
