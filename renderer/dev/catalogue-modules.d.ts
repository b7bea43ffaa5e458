// Dev-only virtual module served by scripts/lib/vite/plugin.ts (scripts/lib/catalogue.ts builds its source).
declare module 'virtual:sitewright/catalogue' {
  export const items: import('./catalogue-item.ts').CatalogueItem[];
  export const page: import('../generated/config-types.ts').PageConfig;
  export const fragments: Record<string, Record<string, unknown>>;
}
