/**
 * Lets any link open a dialog block on the same page: a link whose href is "#<dialog id>" opens the dialog block
 * with that id instead of jumping. Blocks stay decoupled: the button knows only an id. No React here: the islands
 * loader opens dialogs for links in static HTML.
 */

import { pageState } from './page-state.ts';

type Opener = (trigger: HTMLElement | null) => void;

/** One registry per page: the islands loader (inlined) and the dialog blocks (in their chunks) each have a copy of this module. */
const state = pageState('dialogs', () => ({
  openers: new Map<string, Opener>(),
  /** A dialog asked for before its block had hydrated: it opens as soon as the block registers. */
  pending: null as { id: string; trigger: HTMLElement | null } | null,
  /** Wakes the sleeping dialog island with this id; false when the page has no such dialog. */
  wake: (_id: string): boolean => false,
}));

/** For the islands loader: how to wake a dialog block that has not hydrated yet. */
export function setDialogWaker(wake: (id: string) => boolean): void {
  state.wake = wake;
}

export function registerDialog(id: string, open: Opener): () => void {
  state.openers.set(id, open);
  if (state.pending?.id === id) {
    const { trigger } = state.pending;
    state.pending = null;
    open(trigger);
  }
  return () => {
    if (state.openers.get(id) === open) state.openers.delete(id);
  };
}

/** Opens the dialog `id` if one is on the page; returns whether it did (or will, once its code has arrived). */
export function openDialog(id: string, trigger: HTMLElement | null = null): boolean {
  const open = state.openers.get(id);
  if (open) {
    open(trigger);
    return true;
  }
  if (!state.wake(id)) return false;
  state.pending = { id, trigger };
  return true;
}
