// @vitest-environment node
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAYS } from '../../../renderer/images/display.ts';
import { buildPictures, PictureError } from './pipeline.ts';
import { pictureUses, type PictureUse } from './uses.ts';
import { variantWidths } from './widths.ts';

let assets: string;

/** A picture of two gradients (smooth, so the encoders finish quickly). */
async function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp', alpha = false): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    raw[i * channels] = (x * 255) / width;
    raw[i * channels + 1] = (Math.floor(i / width) * 255) / height;
    raw[i * channels + 2] = 128;
    if (alpha) raw[i * channels + 3] = x < width / 2 ? 255 : 0;
  }
  return sharp(raw, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

const use = (src: string, declaredWidth: number, display: keyof typeof DISPLAYS = 'hero'): PictureUse => ({
  src,
  declaredWidth,
  display: DISPLAYS[display],
  file: 'site.config/pages/home.json',
});

beforeAll(async () => {
  assets = mkdtempSync(join(tmpdir(), 'sitewright-pictures-test-'));
  mkdirSync(join(assets, 'images'));
  writeFileSync(join(assets, 'images/wide.jpg'), await picture(500, 375, 'jpeg'));
  writeFileSync(join(assets, 'images/small.png'), await picture(400, 300, 'png'));
  writeFileSync(join(assets, 'images/clear.webp'), await picture(300, 200, 'webp', true));
  writeFileSync(join(assets, 'images/tiny.png'), await picture(120, 90, 'png'));
  writeFileSync(join(assets, 'images/broken.jpg'), 'not a picture at all');
});
afterAll(() => rmSync(assets, { recursive: true, force: true }));

describe('variantWidths', () => {
  it('is the declared width and 1x and 2x of each display width, close ones merged into the larger', () => {
    // hero: 360 and 520 at 1x, 720 and 1040 at 2x; 560 declared, within 10% of 520, replaces it.
    expect(variantWidths([{ declaredWidth: 560, display: DISPLAYS.hero }], 4000)).toEqual([360, 560, 720, 1040]);
  });
  it('never goes past the file’s own width', () => {
    expect(variantWidths([{ declaredWidth: 560, display: DISPLAYS.hero }], 600)).toEqual([360, 600]);
    expect(variantWidths([{ declaredWidth: 180, display: DISPLAYS.logoStrip }], 100)).toEqual([100]);
  });
});

describe('buildPictures', () => {
  it('makes AVIF, WebP and the original JPEG at each width, under hashed names in assets/images/', async () => {
    const { manifest, files } = await buildPictures(assets, [use('/images/wide.jpg', 180, 'logoStrip')]);
    const entry = manifest['/images/wide.jpg'];
    expect(entry.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    const widthsOf = (srcset: string) => srcset.split(', ').map((c) => Number(c.split(' ')[1].replace('w', '')));
    for (const srcset of [...entry.sources.map((s) => s.srcset), entry.fallback.srcset]) expect(widthsOf(srcset)).toEqual([180, 360]);
    expect(entry.fallback.src).toMatch(/^\/assets\/images\/wide-180-[\w-]{8}\.jpg$/);
    expect(files.size).toBe(6);
    for (const [path, bytes] of files) {
      expect(path).toMatch(/^assets\/images\/wide-\d+-[\w-]{8}\.(avif|webp|jpg)$/);
      const meta = await sharp(bytes).metadata();
      const [, width, ext] = /-(\d+)-[\w-]{8}\.(\w+)$/.exec(path)!;
      expect(meta.width).toBe(Number(width));
      expect(meta.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[ext]);
      expect(meta.height).toBe(Math.round((Number(width) * 375) / 500));
    }
  });

  it('never enlarges: a PNG smaller than its display is made at its own width at most, the fallback kept PNG', async () => {
    const { manifest, files } = await buildPictures(assets, [use('/images/small.png', 400)]);
    expect(manifest['/images/small.png'].fallback.srcset).toMatch(
      /^\/assets\/images\/small-360-[\w-]{8}\.png 360w, \/assets\/images\/small-400-[\w-]{8}\.png 400w$/,
    );
    for (const bytes of files.values()) expect((await sharp(bytes).metadata()).width).toBeLessThanOrEqual(400);
  });

  it('gives a transparent WebP a PNG fallback, which every browser shows', async () => {
    const { manifest } = await buildPictures(assets, [use('/images/clear.webp', 200, 'steps')]);
    const entry = manifest['/images/clear.webp'];
    expect(entry.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(entry.fallback.src).toMatch(/\.png$/);
  });

  it('names each file by its content: the same picture gives the same names, a changed one new names', async () => {
    const tiny = [use('/images/tiny.png', 100, 'logoStrip')];
    const first = await buildPictures(assets, tiny);
    const again = await buildPictures(assets, tiny);
    expect([...again.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    writeFileSync(join(assets, 'images/tiny.png'), await picture(120, 90, 'png', true));
    const changed = await buildPictures(assets, tiny);
    expect(changed.files.size).toBe(first.files.size);
    expect([...changed.files.keys()].filter((k) => first.files.has(k))).toEqual([]);
  });

  it('keeps what it made in the cache folder, and gives the same files from it next time', async () => {
    const cache = join(assets, 'cache');
    const tiny = [use('/images/tiny.png', 100, 'logoStrip')];
    const first = await buildPictures(assets, tiny, cache);
    expect(readdirSync(cache)).toHaveLength(first.files.size);
    // A cached file is what the next build uses: changing one shows it came from there.
    const [avif] = readdirSync(cache).filter((f) => f.endsWith('.avif'));
    const before = readFileSync(join(cache, avif));
    const changed = Buffer.concat([before, Buffer.from([0])]);
    writeFileSync(join(cache, avif), changed);
    const again = await buildPictures(assets, tiny, cache);
    expect([...first.files.values()].some((f) => f.equals(changed))).toBe(false);
    expect([...again.files.values()].some((f) => f.equals(changed))).toBe(true);
    expect(again.files.size).toBe(first.files.size);
  });

  it('stops with plain words when a picture is missing or cannot be read', async () => {
    await expect(buildPictures(assets, [use('/images/gone.jpg', 560)])).rejects.toThrow(PictureError);
    await expect(buildPictures(assets, [use('/images/gone.jpg', 560)])).rejects.toThrow(
      /The picture "\/images\/gone\.jpg", shown by site\.config\/pages\/home\.json, is not in the site's picture folder/,
    );
    await expect(buildPictures(assets, [use('/images/broken.jpg', 560)])).rejects.toThrow(
      /The picture "\/images\/broken\.jpg", shown by site\.config\/pages\/home\.json, could not be read as a JPEG, PNG, WebP or AVIF picture/,
    );
  });
});

describe('pictureUses', () => {
  it('finds each raster picture in the pages’ blocks with the display of the property holding it, and leaves SVGs out', () => {
    const image = (src: string) => ({ src, alt: '', width: 420, height: 280 });
    const uses = pictureUses({
      pages: [
        {
          file: 'site.config/pages/home.json',
          config: {
            route: '/',
            title: 'Home',
            description: 'Home',
            blocks: [
              { type: 'hero', heading: 'Build', image: image('/images/a.jpg') },
              { type: 'liveProjects', projects: [{ image: image('/images/b.webp'), mobileImage: image('/images/b-phone.png') }] },
              { type: 'logoStrip', logos: [{ image: image('/images/logo.svg') }] },
            ],
          } as never,
        },
      ],
    });
    expect(uses.map((u) => [u.src, u.display])).toEqual([
      ['/images/a.jpg', DISPLAYS.hero],
      ['/images/b.webp', DISPLAYS.liveProjects],
      ['/images/b-phone.png', DISPLAYS['liveProjects.mobileImage']],
    ]);
  });
});
