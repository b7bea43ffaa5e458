/**
 * What the build made of each raster picture the config names, by its address in the config ("/images/site.jpg"):
 * the files the page's <picture> lists. An SVG picture, or any picture in the dev server and the editor, has no
 * entry and is shown from its own file.
 */
export interface PictureFiles {
  /** Modern formats, best first: AVIF, then WebP. */
  sources: { type: string; srcset: string }[];
  /** The original format at the same widths, for browsers that take neither. `src` is the one nearest the declared width. */
  fallback: { src: string; srcset: string };
}

export type PictureManifest = Record<string, PictureFiles>;

/** A picture as the config gives it (schemas/defs.schema.json, "image"). */
export interface PictureSource {
  src: string;
  alt: string;
  width: number;
  height: number;
}
