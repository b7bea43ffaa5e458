/**
 * Lets any link open a dialog block on the same page: a link whose href is "#<dialog id>" opens the
 * dialog block with that id instead of jumping. Blocks stay decoupled: the button knows only an id.
 */
import { wakeBlockById } from './deferred-blocks.ts';

type Opener = (trigger: HTMLElement | null) => void;
const openers = new Map<string, Opener>();
/** A dialog asked for before its block had hydrated: it opens as soon as the block registers. */
let pending: { id: string; trigger: HTMLElement | null } | null = null;

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

/** Opens the dialog `id` if one is on the page; returns whether it did. */
export function openDialog(id: string, trigger: HTMLElement | null = null): boolean {
  const open = openers.get(id);
  if (open) {
    open(trigger);
    return true;
  }
  // Dialog blocks sleep until first asked for (lib/deferred-blocks.ts).
  if (!wakeBlockById(id)) return false;
  pending = { id, trigger };
  return true;
}
