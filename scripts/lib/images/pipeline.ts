/**
 * The build's pictures: each raster picture the pages show, made by sharp into AVIF and WebP, plus a fallback every
 * browser shows, at the widths the pages display it (./widths.ts), under content-hashed names in assets/images/ (so
 * they take the year-long caching of assets/), and the manifest the renderer's <Picture> reads.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { PictureFiles, PictureManifest } from '../../../renderer/images/types.ts';
import type { PictureUse } from './uses.ts';
import { variantWidths } from './widths.ts';
import { writeAtomic } from '../write-atomic.ts';

/** Where the files go, inside the output folder and as addresses. */
export const PICTURES_DIR = 'assets/images';

/** A picture the build cannot use, said so that whoever placed it can fix it. */
export class PictureError extends Error {}

type Format = 'avif' | 'webp' | 'jpeg' | 'png';
const MIME: Record<Format, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const EXTENSION: Record<Format, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png' };

/**
 * Encoder settings: about the quality of a JPEG at 75 for each. A change here changes every file's bytes, hence its
 * name, so no browser keeps an old file (and the cache's key, so no old file is reused).
 */
const SETTINGS = {
  avif: { quality: 50, effort: 4 },
  webp: { quality: 75, effort: 4 },
  jpeg: { quality: 75, mozjpeg: true },
  png: { compressionLevel: 9, effort: 7 },
} as const;

function encode(image: Sharp, format: Format): Sharp {
  switch (format) {
    case 'avif':
      return image.avif(SETTINGS.avif);
    case 'webp':
      return image.webp(SETTINGS.webp);
    case 'jpeg':
      return image.jpeg(SETTINGS.jpeg);
    case 'png':
      return image.png(SETTINGS.png);
  }
}

/**
 * One file made, or taken from the cache: AVIF takes about a second a file here, and a site's pictures rarely change
 * between builds. The key is everything that decides the bytes: the picture's, the width, the format and its settings.
 */
async function variantFile(bytes: Buffer, sourceHash: string, width: number, format: Format, cacheDir: string | undefined): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([sourceHash, width, format, SETTINGS[format], sharp.versions.sharp]))
    .digest('hex');
  const cached = cacheDir && join(cacheDir, `${key}.${EXTENSION[format]}`);
  if (cached && existsSync(cached)) return readFileSync(cached);
  // autoOrient: a phone photo stands the way it was taken; sharp drops the rest of the metadata (location too).
  const out = await encode(sharp(bytes).autoOrient().resize({ width, withoutEnlargement: true }), format).toBuffer();
  // Written whole: builds running side by side (npm test builds three sites at once) never read half a picture.
  if (cached) writeAtomic(cached, out);
  return out;
}

export interface BuiltPictures {
  manifest: PictureManifest;
  /** File contents by path inside the output folder, e.g. "assets/images/site-560-Ab3dEf9h.avif". */
  files: Map<string, Buffer>;
}

/** How the fallback is kept: JPEG and PNG as they are; WebP and AVIF, which some browsers lack, as PNG if transparent, else JPEG. */
function fallbackFormat(format: string, hasAlpha: boolean): Format {
  if (format === 'jpeg' || format === 'png') return format;
  return hasAlpha ? 'png' : 'jpeg';
}

async function readPicture(assetsDir: string, src: string, named: string): Promise<{ bytes: Buffer; meta: Metadata }> {
  const path = join(assetsDir, src);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new PictureError(`The picture "${src}", shown by ${named}, is not in the site's picture folder (${path}). Add the file, or choose another picture.`);
  }
  try {
    const meta = await sharp(bytes).metadata();
    if (!['jpeg', 'png', 'webp', 'heif'].includes(meta.format)) throw new Error(`it is a ${meta.format} file`);
    return { bytes, meta };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new PictureError(
      `The picture "${src}", shown by ${named}, could not be read as a JPEG, PNG, WebP or AVIF picture (${why}). Export it again from an image editor, or choose another picture.`,
    );
  }
}

/**
 * Makes every raster picture of `uses` from the files under `assetsDir` (site.config/assets), keeping what it makes in
 * `cacheDir` when given, for the next build.
 */
export async function buildPictures(assetsDir: string, uses: readonly PictureUse[], cacheDir?: string): Promise<BuiltPictures> {
  const bySrc = new Map<string, PictureUse[]>();
  for (const u of uses) bySrc.set(u.src, [...(bySrc.get(u.src) ?? []), u]);
  const manifest: PictureManifest = {};
  const files = new Map<string, Buffer>();
  for (const [src, its] of [...bySrc].sort(([a], [b]) => a.localeCompare(b))) {
    const { bytes, meta } = await readPicture(assetsDir, src, [...new Set(its.map((u) => u.file))].join(', '));
    const widths = variantWidths(its, meta.autoOrient.width);
    const fallback = fallbackFormat(meta.format, meta.hasAlpha);
    const formats: Format[] = [...new Set<Format>(['avif', 'webp', fallback])];
    const stem = basename(src, extname(src));
    const sourceHash = createHash('sha256').update(bytes).digest('hex');
    const made = new Map<Format, { width: number; url: string }[]>();
    for (const format of formats) {
      const list = await Promise.all(
        widths.map(async (width) => {
          const out = await variantFile(bytes, sourceHash, width, format, cacheDir);
          const hash = createHash('sha256').update(out).digest('base64url').slice(0, 8);
          const path = `${PICTURES_DIR}/${stem}-${width}-${hash}.${EXTENSION[format]}`;
          files.set(path, out);
          return { width, url: `/${path}` };
        }),
      );
      made.set(format, list);
    }
    const srcset = (format: Format) => (made.get(format) ?? []).map((v) => `${v.url} ${v.width}w`).join(', ');
    const declared = Math.max(...its.map((u) => u.declaredWidth));
    const fallbacks = made.get(fallback) ?? [];
    const entry: PictureFiles = {
      sources: formats.filter((f) => f !== fallback).map((f) => ({ type: MIME[f], srcset: srcset(f) })),
      fallback: { src: (fallbacks.find((v) => v.width >= declared) ?? fallbacks[fallbacks.length - 1]).url, srcset: srcset(fallback) },
    };
    manifest[src] = entry;
  }
  return { manifest, files };
}
