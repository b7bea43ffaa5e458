/**
 * Addresses the build writes into the scripts it bundles on their own (scripts/lib/page-scripts.ts): where the
 * islands loader is (for the shell), and where the island runtime and its imports are (for the loader).
 */
declare const SITEWRIGHT_ISLANDS_LOADER: string | undefined;
declare const SITEWRIGHT_ISLAND_RUNTIME: { url: string; preload: string[] };
