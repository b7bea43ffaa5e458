import { createContext, useContext } from 'react';
import type { BlockSet } from './blocks.ts';
import type { Block } from '../generated/config-types.ts';

/**
 * The dialog blocks on the current page, by id: links to "#<id>" open them. Each with the route of the page that
 * holds its form without script when it names one (its "page" setting), else null. A plain object, since it travels
 * to every island in its props (IslandProps.dialogs).
 */
export type DialogTargets = Readonly<Record<string, string | null>>;

export const DialogTargetsContext = createContext<DialogTargets>({});

export function useDialogTargets(): DialogTargets {
  return useContext(DialogTargetsContext);
}

/** `isDialog` says which block types are dialogs (the entry point's BlockSet). */
export function dialogTargets(blocks: readonly Block[], isDialog: BlockSet['isDialog']): DialogTargets {
  const targets: Record<string, string | null> = {};
  for (const b of blocks) {
    const { id, page } = b as { id?: unknown; page?: unknown };
    if (isDialog(b.type) && typeof id === 'string') targets[id] = typeof page === 'string' ? page : null;
  }
  return targets;
}

/** The dialog `id` among `targets`, with the page of its own (null without one); null when there is no such dialog. */
export function dialogTarget(targets: DialogTargets, id: string): { page: string | null } | null {
  return Object.hasOwn(targets, id) ? { page: targets[id] ?? null } : null;
}
