import { createContext, useContext } from 'react';
import { isDialog } from './blocks.ts';
import type { Block } from '../generated/config-types.ts';

/** Ids of the dialog blocks on the current page: links to "#<id>" render as buttons that open them. */
export const DialogTargetsContext = createContext<ReadonlySet<string>>(new Set());

export function useDialogTargets(): ReadonlySet<string> {
  return useContext(DialogTargetsContext);
}

export function dialogTargets(blocks: readonly Block[]): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const b of blocks) {
    const id = (b as { id?: unknown }).id;
    if (isDialog(b.type) && typeof id === 'string') ids.add(id);
  }
  return ids;
}
