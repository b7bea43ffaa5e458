import { createContext, useContext } from 'react';
import { isDialog } from './blocks.ts';
import type { Block } from '../generated/config-types.ts';

/**
 * The dialog blocks on the current page: links to "#<id>" open them. One string each, its id followed by the route
 * of the page that holds its form without script when it names one ("book-demo/book-a-demo"; an id has no "/"):
 * strings because the set travels to every island as its list of dialogs (IslandProps.dialogs). Read an entry
 * with dialogTarget().
 */
export const DialogTargetsContext = createContext<ReadonlySet<string>>(new Set());

export function useDialogTargets(): ReadonlySet<string> {
  return useContext(DialogTargetsContext);
}

export function dialogTargets(blocks: readonly Block[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const b of blocks) {
    const { id, page } = b as { id?: unknown; page?: unknown };
    if (isDialog(b.type) && typeof id === 'string') ids.add(typeof page === 'string' ? `${id}${page}` : id);
  }
  return ids;
}

/** The dialog `id` among `targets`, with the page of its own (null without one); null when there is no such dialog. */
export function dialogTarget(targets: ReadonlySet<string>, id: string): { page: string | null } | null {
  if (targets.has(id)) return { page: null };
  for (const t of targets) if (t.startsWith(`${id}/`)) return { page: t.slice(id.length) };
  return null;
}
