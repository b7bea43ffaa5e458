import { displayOf, type Display } from '../../../renderer/images/display.ts';
import type { Project } from '../project.ts';

/** Raster formats the build converts; an SVG is optimised and kept as it is (./svg.ts). */
export const RASTER = /\.(jpe?g|png|webp|avif)$/i;

/** One place a page shows a raster picture. */
export interface PictureUse {
  src: string;
  declaredWidth: number;
  display: Display;
  /** The page file that names it, as messages show it, e.g. "site.config/pages/home.json". */
  file: string;
}

const isPicture = (v: Record<string, unknown>): v is { src: string; alt: string; width: number; height: number } =>
  typeof v.src === 'string' && typeof v.alt === 'string' && typeof v.width === 'number' && typeof v.height === 'number';

/**
 * Every raster picture the pages' blocks show, with how wide each block shows it. A picture is any value with src, alt,
 * width and height (the schemas' "image"), found under the property that holds it ("image", "mobileImage").
 */
export function pictureUses(project: { pages: readonly Pick<Project['pages'][number], 'file' | 'config'>[] }): PictureUse[] {
  const uses: PictureUse[] = [];
  for (const page of project.pages) {
    const file = page.file;
    for (const block of page.config.blocks) {
      const walk = (value: unknown, property: string) => {
        if (Array.isArray(value)) value.forEach((v) => walk(v, property));
        else if (value && typeof value === 'object') {
          const record = value as Record<string, unknown>;
          if (isPicture(record)) {
            if (RASTER.test(record.src)) uses.push({ src: record.src, declaredWidth: record.width, display: displayOf(block.type, property), file });
            return;
          }
          for (const [k, v] of Object.entries(record)) walk(v, k);
        }
      };
      walk(block, '');
    }
  }
  return uses;
}
