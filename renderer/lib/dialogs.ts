/**
 * Lets any link open a dialog block on the same page: a link whose href is "#<dialog id>" opens the dialog block
 * with that id instead of jumping. Blocks stay decoupled: the button knows only an id. No React here: the islands
 * loader opens dialogs for links in static HTML.
 */

import { navigateTo } from './navigate.ts';
import { pageState } from './page-state.ts';

type Opener = (trigger: HTMLElement | null) => void;

/**
 * The id of a dialog block's prerendered <dialog>: its openers name it in their invoker command, so a browser
 * without script opens the frame itself (the block's own id is on the anchor around it).
 */
export const dialogElementId = (blockId: string): string => `${blockId}-dialog`;

/** One registry per page: the islands loader (inlined) and the dialog blocks (in their chunks) each have a copy of this module. */
const state = pageState('dialogs', () => ({
  openers: new Map<string, Opener>(),
  /** A dialog asked for before its block had hydrated: it opens as soon as the block registers. */
  pending: null as { id: string; trigger: HTMLElement | null; dialog: HTMLDialogElement } | null,
  /**
   * Wakes the sleeping dialog island with this id and gives its prerendered <dialog>, which opens at once while
   * the block's code is on its way; null when the page has no such dialog.
   */
  wake: (_id: string): HTMLDialogElement | null => null,
  /** Dialogs whose code failed to arrive, until the visitor tries again. */
  failed: new Set<string>(),
}));

/**
 * The page a dialog's link leads to without script, e.g. "/book-a-demo" (renderer/ui/SmartLink.tsx), or null for
 * a button or a "#<id>" link: the way to the same form when the dialog cannot open.
 */
function pageOf(trigger: HTMLElement | null): string | null {
  return trigger instanceof HTMLAnchorElement && !trigger.getAttribute('href')?.startsWith('#') ? trigger.href : null;
}

/**
 * For the islands loader: the dialog's code failed to arrive (or is being tried again). Meanwhile its links with a
 * page of their own lead there, and the one the visitor already pressed is followed now.
 */
export function setDialogFailed(id: string, failed: boolean): void {
  if (!failed) {
    state.failed.delete(id);
    return;
  }
  state.failed.add(id);
  if (state.pending?.id !== id) return;
  const { trigger, dialog } = state.pending;
  // Its frame, opened at once, would hide what is shown instead: the page the link leads to, or the island's
  // failure message and "Try again" (after which the dialog still opens).
  dialog.close();
  const page = pageOf(trigger);
  if (page) {
    state.pending = null;
    navigateTo(page);
  }
}

/** For the islands loader: how to wake a dialog block that has not hydrated yet. */
export function setDialogWaker(wake: (id: string) => HTMLDialogElement | null): void {
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

/**
 * Opens the dialog `id` if one is on the page; returns whether it did (or will, once its code has arrived). False
 * also for a link with a page of its own while the dialog's code cannot be had: the caller lets the browser follow it.
 */
export function openDialog(id: string, trigger: HTMLElement | null = null): boolean {
  if (state.failed.has(id) && pageOf(trigger)) return false;
  const open = state.openers.get(id);
  if (open) {
    open(trigger);
    return true;
  }
  const dialog = state.wake(id);
  if (!dialog) return false;
  state.pending = { id, trigger, dialog };
  if (!dialog.open) dialog.showModal();
  // Closed by the visitor before its block is live, it is no longer asked for; closed because its code failed, it is.
  const forget = () => {
    if (state.pending?.dialog === dialog && !state.failed.has(id)) state.pending = null;
  };
  dialog.addEventListener('close', forget, { once: true });
  return true;
}
