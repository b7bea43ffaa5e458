/**
 * The renderer's side of a block registry. The renderer knows no block of its own: its entry points take the
 * registry (the site's is blocks/registry.ts) as an argument, as Puck's <Render config={…}> does, and pass it down
 * as a BlockSet through React context. This file holds the registry's shape, so a registry is checked against what
 * the renderer reads, and blocks/ imports renderer/, never the reverse.
 */
import { createContext, useContext } from 'react';
import type { BlockComponent } from './types.ts';
import { ChunkCache } from './chunk-cache.ts';

/**
 * How a block comes alive in the browser. Without it the block is static: its prerendered HTML is all there is,
 * and no code of it is shipped. An island hydrates on its own, when its trigger fires: `load` at once, `visible`
 * once any of it is on screen, `idle` when the browser has nothing else to do, `interaction` at the first
 * pointer, focus, key, input or submit inside it (a dialog: when a link asks for it).
 */
export type Hydrate = 'load' | 'visible' | 'idle' | 'interaction';

export interface BlockOptions {
  /** See Hydrate; absent means static. */
  hydrate?: Hydrate;
  /**
   * A media query (e.g. "(min-width: 960px)") outside which the block has nothing to do before the visitor does: there
   * its island waits for interaction whatever `hydrate` says. A carousel that is a plain list on phones is one.
   */
  media?: string;
  /**
   * The block is a dialog opened by links to "#<its id>". Such links render as buttons (a control that opens a
   * dialog is a button, not a link, for assistive technology), or, when the dialog names a page holding its form
   * without script, as links to that page that the page's script makes dialog buttons.
   */
  dialog?: boolean;
  /**
   * The block renders the page's main heading (an h1): `true` always, or when a setting has a value
   * (`equals`; `default` is the value when the setting is left out). Every page needs exactly one (checked by
   * scripts/lib/config/headings.ts), because screen readers and search engines take it as the page's subject.
   */
  mainHeading?: true | { setting: string; equals?: unknown; default?: unknown };
}

/** One row per block type, for code that looks them up by type or lists them. */
export interface BlockRegistration extends BlockOptions {
  /** The value of "type" in page files, e.g. "hero". */
  type: string;
  /** Loads the component; which props it takes is checked where the registry is written. */
  load: () => Promise<{ default: unknown }>;
}

export type BlockRegistry = readonly BlockRegistration[];

/** A registry as the renderer reads it: by type, with one chunk cache for the components. */
export interface BlockSet {
  isRegistered: (type: string) => boolean;
  /** When a block of this type hydrates in the browser; undefined: never (a static block). */
  hydrationOf: (type: string) => Hydrate | undefined;
  /** Where its `hydrate` holds (BlockOptions.media); undefined: everywhere. */
  mediaOf: (type: string) => string | undefined;
  /** Whether a block of this type is a dialog, opened by links to "#<its id>". */
  isDialog: (type: string) => boolean;
  /** Each type's component, loaded once. */
  components: ChunkCache<BlockComponent>;
}

export function blockSet(registry: BlockRegistry): BlockSet {
  const byType = new Map(registry.map((b) => [b.type, b]));
  return {
    isRegistered: (type) => byType.has(type),
    hydrationOf: (type) => byType.get(type)?.hydrate,
    mediaOf: (type) => byType.get(type)?.media,
    isDialog: (type) => Boolean(byType.get(type)?.dialog),
    components: new ChunkCache<BlockComponent>(async (type) => {
      const reg = byType.get(type);
      if (!reg) throw new Error(`no component registered for block type "${type}"`);
      return (await reg.load()).default as BlockComponent;
    }),
  };
}

/** One BlockSet per registry, so every render or island given the same registry shares its loaded components. */
const sets = new WeakMap<BlockRegistry, BlockSet>();
export function blockSetOf(registry: BlockRegistry): BlockSet {
  let set = sets.get(registry);
  if (!set) sets.set(registry, (set = blockSet(registry)));
  return set;
}

export const BlockSetContext = createContext<BlockSet | null>(null);

/** The blocks the entry point was given; rendering a page without them is a mistake in the entry point. */
export function useBlockSet(): BlockSet {
  const set = useContext(BlockSetContext);
  if (!set) throw new Error('No block registry: render inside <BlockSetContext.Provider value={blockSet(registry)}>');
  return set;
}

/** Loads every block chunk `types` uses, so the blocks render without suspending. */
export function preloadBlocks(set: BlockSet, types: Iterable<string>): Promise<unknown> {
  return Promise.all([...new Set(types)].filter(set.isRegistered).map((t) => set.components.load(t)));
}
