/// <reference types="vite/client" />

declare module 'virtual:sitewright/config' {
  export const site: import('./generated/config-types.ts').SiteConfig;
  export const pages: import('./lib/types.ts').PageEntry[];
  export const build: import('./lib/types.ts').BuildInfo;
}

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
