import { useEffect, useRef, useState, type RefObject } from 'react';
import { useHydrating } from './use-hydrating.ts';

/**
 * Hydrate-on-interaction for server-rendered markup whose code is heavy (a form renderer): the markup stays
 * on screen and usable as plain HTML, and the code is fetched at the visitor's first interaction with it.
 *
 * The element that carries HYDRATE_ATTRIBUTE is watched from the window's capture phase, ahead of React's own
 * listeners on the root: React drops discrete events (keydown, input, click) aimed at a boundary that cannot
 * hydrate yet, so whatever the code needs to know about them is recorded here and handed over on release.
 */
export const HYDRATE_ATTRIBUTE = 'data-hydrate-on-interaction';

/** The visitor's first interaction: any of these inside the gated element. */
export const INTERACTION_EVENTS = ['focusin', 'pointerdown', 'keydown', 'touchstart', 'input', 'submit'] as const;

/** What happened inside the gated markup before its code took over. */
export interface MissedInteraction {
  /** Elements the visitor left (focusout), oldest first. */
  left: Element[];
  /** A form inside was submitted; the browser's own submission (a GET that reloads the page) was stopped. */
  submitted: boolean;
}

interface WatchState extends MissedInteraction {
  triggered: boolean;
  released: boolean;
  onTrigger?: () => void;
}

// Keyed by the DOM element, which hydration keeps: events seen before the watched component hydrated still count.
const states = new WeakMap<Element, WatchState>();

function stateOf(el: Element): WatchState {
  let s = states.get(el);
  if (!s) {
    s = { left: [], submitted: false, triggered: false, released: false };
    states.set(el, s);
  }
  return s;
}

function watch(e: Event) {
  const target = e.target;
  if (!(target instanceof Element)) return;
  const host = target.closest(`[${HYDRATE_ATTRIBUTE}]`);
  if (!host) return;
  const s = stateOf(host);
  if (s.released) return;
  if (e.type === 'focusout') {
    s.left.push(target);
    return;
  }
  if (e.type === 'submit') {
    e.preventDefault();
    s.submitted = true;
  }
  if (!s.triggered) {
    s.triggered = true;
    s.onTrigger?.();
  }
}

// Installed when the first gated component's module runs (the block chunk evaluates before it hydrates).
// Passive except for submit, the one event whose default is stopped: touch and key listeners must never
// hold up scrolling or typing.
if (typeof window !== 'undefined') {
  for (const type of [...INTERACTION_EVENTS, 'focusout']) window.addEventListener(type, watch, { capture: true, passive: type !== 'submit' });
}

/** Whether a form control inside differs from its markup (value or checked state): the visitor changed it. */
export function isEdited(el: Element): boolean {
  for (const c of el.querySelectorAll('input, textarea')) {
    const control = c as HTMLInputElement | HTMLTextAreaElement;
    if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked !== control.defaultChecked) return true;
    } else if (control.value !== control.defaultValue) return true;
  }
  return false;
}

export interface HydrateOnInteraction<T extends Element> {
  /** Goes on the element that wraps the gated markup; it must be rendered outside the gated Suspense boundary. */
  ref: RefObject<T | null>;
  /**
   * Settles at the visitor's first interaction with the element. Null when nothing is being hydrated (a
   * client-side navigation, or a render on the server): then load at once.
   */
  ready: Promise<void> | null;
  /** Lets events through from now on and hands over what the code missed. Call once the code is in charge. */
  release: () => MissedInteraction;
}

/** Spread on the gated element so the window listeners recognise it (the value is only a marker). */
export const hydrateOnInteractionProps = { [HYDRATE_ATTRIBUTE]: '' } as const;

/**
 * Gate for the Suspense boundary rendered inside `ref`'s element: during hydration, a child that use()s
 * `ready` keeps the boundary dehydrated until the visitor interacts. The component calling this re-renders
 * once right after hydration (React reconciles its hydration flag), and an update that reaches a
 * still-dehydrated boundary makes React drop the server markup for the fallback: pass the boundary's subtree
 * through a memo() component whose props do not change.
 */
export function useHydrateOnInteraction<T extends Element>(): HydrateOnInteraction<T> {
  const ref = useRef<T | null>(null);
  const hydrating = useHydrating();
  const [watch] = useState(() => {
    let open: () => void = () => undefined;
    const ready = hydrating ? new Promise<void>((resolve) => (open = resolve)) : null;
    const release = (): MissedInteraction => {
      const el = ref.current;
      if (!el) return { left: [], submitted: false };
      const s = stateOf(el);
      s.released = true;
      const missed = { left: s.left, submitted: s.submitted };
      s.left = [];
      s.submitted = false;
      return missed;
    };
    return { ready, open: () => open(), release };
  });

  useEffect(() => {
    const el = ref.current;
    if (!watch.ready || !el) return;
    const s = stateOf(el);
    // This component may hydrate after the visitor got there (block chunks hydrate when scrolled near).
    if (s.triggered || el.contains(document.activeElement) || isEdited(el)) {
      s.triggered = true;
      watch.open();
      return;
    }
    s.onTrigger = watch.open;
    return () => {
      s.onTrigger = undefined;
    };
  }, [watch]);

  return { ref, ready: watch.ready, release: watch.release };
}
