/**
 * What the build writes into the scripts it bundles on their own (scripts/lib/page-scripts.ts): where the islands
 * loader is (for the shell; absent for a page without islands), which of the shell's parts a page uses (the block scripts among them), and where
 * the island runtime and its imports are (for the loader). The dev server defines none of the shell's.
 */
declare const SITEWRIGHT_ISLANDS_LOADER: string | undefined;
declare const SITEWRIGHT_SHELL_GATE: boolean | undefined;
declare const SITEWRIGHT_SHELL_NOT_FOUND: boolean | undefined;
declare const SITEWRIGHT_SHELL_DIALOGS: boolean | undefined;
declare const SITEWRIGHT_SHELL_LATER_STYLES: boolean | undefined;
declare const SITEWRIGHT_SHELL_BLOCKS: boolean | undefined;
declare const SITEWRIGHT_SHELL_INTENT: boolean | undefined;
declare const SITEWRIGHT_SHELL_SEEN: boolean | undefined;
declare const SITEWRIGHT_SHELL_ACCORDIONS: boolean | undefined;
declare const SITEWRIGHT_SHELL_DISCLOSURES: boolean | undefined;
declare const SITEWRIGHT_ISLAND_RUNTIME: {
  url: string;
  registry: string;
  preload: string[];
  /** Each island block type's own script files and the ones they import, beyond the runtime's. */
  blocks: Record<string, string[]>;
  /** The same for each module imported lazily (the form engine, a validator, …), by its path from the project root. */
  lazy: Record<string, string[]>;
};
