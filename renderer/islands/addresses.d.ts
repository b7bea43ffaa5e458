/**
 * Where the island runtime was built to, and the modules it imports: written into the islands loader by the build
 * when it inlines the loader into pages (scripts/lib/inline-scripts.ts).
 */
declare const SITEWRIGHT_ISLAND_RUNTIME: { url: string; preload: string[] };
