/**
 * Lets any link open a dialog block on the same page: a link whose href is "#<dialog id>" opens the dialog block
 * with that id instead of jumping. Blocks stay decoupled: the button knows only an id. No React here: the islands
 * loader opens dialogs for links in static HTML.
 */

type Opener = (trigger: HTMLElement | null) => void;
const openers = new Map<string, Opener>();
/** A dialog asked for before its block had hydrated: it opens as soon as the block registers. */
let pending: { id: string; trigger: HTMLElement | null } | null = null;
/** Wakes the sleeping dialog island with this id; false when the page has no such dialog. */
let wakeDialog: (id: string) => boolean = () => false;

/** For the islands loader: how to wake a dialog block that has not hydrated yet. */
export function setDialogWaker(wake: (id: string) => boolean): void {
  wakeDialog = wake;
}

export function registerDialog(id: string, open: Opener): () => void {
  openers.set(id, open);
  if (pending?.id === id) {
    const { trigger } = pending;
    pending = null;
    open(trigger);
  }
  return () => {
    if (openers.get(id) === open) openers.delete(id);
  };
}

/** Opens the dialog `id` if one is on the page; returns whether it did (or will, once its code has arrived). */
export function openDialog(id: string, trigger: HTMLElement | null = null): boolean {
  const open = openers.get(id);
  if (open) {
    open(trigger);
    return true;
  }
  if (!wakeDialog(id)) return false;
  pending = { id, trigger };
  return true;
}
