/**
 * Lets any link open a dialog block on the same page: a link whose href is "#<dialog id>" opens the
 * dialog block with that id instead of jumping. Blocks stay decoupled: the button knows only an id.
 */
type Opener = (trigger: HTMLElement | null) => void;
const openers = new Map<string, Opener>();

export function registerDialog(id: string, open: Opener): () => void {
  openers.set(id, open);
  return () => {
    if (openers.get(id) === open) openers.delete(id);
  };
}

/** Opens the dialog `id` if one is on the page; returns whether it did. */
export function openDialog(id: string, trigger: HTMLElement | null = null): boolean {
  const open = openers.get(id);
  if (!open) return false;
  open(trigger);
  return true;
}
