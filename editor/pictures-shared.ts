/**
 * What the editor's page and its server (editor/server/assets-api.ts) both know of pictures: the kinds, the
 * library's entries and limits, and the file name made from a description, which the page shows as the person types
 * and the server gives the file. No Node imports: the page loads this module.
 */

export type PictureKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'svg';

/** The extension each kind is saved with: the one the schemas' image pattern and the build expect. */
export const EXTENSION: Record<PictureKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' };

/** The longest file name made from a description, in characters, before the extension. */
const NAME_LENGTH = 60;

/** A file name from a description, in lower-case words joined by dashes: "Site team at work" → "site-team-at-work". */
export function nameFromDescription(description: string): string {
  const words = description
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > NAME_LENGTH) break;
    out = next;
  }
  return out || (words[0] ?? '').slice(0, NAME_LENGTH);
}

/** One picture of the library. */
export interface PictureInfo {
  /** The address pages use, e.g. "/images/home/estimate.svg". */
  src: string;
  /** The name shown, e.g. "home/estimate.svg". */
  name: string;
  width: number | null;
  height: number | null;
  bytes: number;
}

/** The limits of an upload, in bytes and pixels. */
export interface PictureLimits {
  photoBytes: number;
  svgBytes: number;
  maxSide: number;
}
