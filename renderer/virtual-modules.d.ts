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

declare module 'virtual:sitewright/images' {
  /** The build's converted raster pictures; empty in the dev server and the editor, which show the original files. */
  const pictures: import('./images/types.ts').PictureManifest;
  export default pictures;
}
