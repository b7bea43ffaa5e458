/**
 * SVG pictures, optimised by svgo as the build copies them: shapes and numbers written shorter, comments and editor
 * data dropped. What a reader or a layout needs stays: the viewBox (svgo 4 keeps it by default), <title>, <desc>,
 * role and aria-* attributes, and ids (an aria-labelledby may name one). Scripts are removed as a second guard behind
 * the config checker, which already refuses an SVG with script.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { optimize, type Config } from 'svgo';
import { brotli } from '../deploy-files.ts';

const SVGO: Config = {
  multipass: true,
  plugins: [
    {
      name: 'preset-default',
      params: {
        overrides: {
          cleanupIds: false,
          // role="img" is not an SVG attribute svgo knows; unknown attributes stay.
          removeUnknownsAndDefaults: { unknownAttrs: false },
          // Shapes turned into paths, and attributes reordered, are shorter but compress worse (measured on this
          // site's pictures: 2% more bytes after brotli), and brotli is what the server sends.
          convertShapeToPath: false,
          sortAttrs: false,
        },
      },
    },
    'removeScripts',
  ],
};

/** Brotli as the server's copies are made; the build hands in its cached one (compressed-copies.ts). */
type Compress = (body: string) => Buffer | Promise<Buffer>;

/**
 * The optimised text of one SVG, or the text itself unless svgo makes it smaller both as it is and compressed: the
 * server sends the brotli copy, and text svgo reorders can compress worse even when it is shorter.
 */
export async function optimiseSvg(text: string, compress: Compress = brotli): Promise<string> {
  const out = optimize(text, SVGO).data;
  return Buffer.byteLength(out) < Buffer.byteLength(text) && (await compress(out)).length <= (await compress(text)).length ? out : text;
}

/**
 * Optimises, in place, the copy in `outDir` of every SVG in `assetsDir` (the build copies site.config/assets/ to the
 * root of the output). Returns their bytes before and after. With the build's cached compressor, the comparison
 * costs nothing for a picture an earlier build compared, and the copy kept is the one the build then serves.
 */
export async function optimiseSvgCopies(
  assetsDir: string,
  outDir: string,
  compress: Compress = brotli,
): Promise<{ before: number; after: number; files: number }> {
  let before = 0;
  let after = 0;
  let files = 0;
  const names = readdirSync(assetsDir, { recursive: true, encoding: 'utf8' }).filter((n) => n.toLowerCase().endsWith('.svg'));
  for (const name of names) {
    const path = join(outDir, name);
    // Vite copies the repository's site.config/assets/ (its publicDir), which a build of another copy of the config
    // may not share file for file.
    if (!existsSync(path)) continue;
    const text = readFileSync(path, 'utf8');
    const out = await optimiseSvg(text, compress);
    before += Buffer.byteLength(text);
    after += Buffer.byteLength(out);
    files++;
    if (out !== text) writeFileSync(path, out);
  }
  return { before, after, files };
}
