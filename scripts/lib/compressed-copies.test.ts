// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compressedCopies } from './compressed-copies.ts';
import { GZIP_OPTIONS, brotli } from './deploy-files.ts';

const made: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-copies-'));
  made.push(dir);
  return dir;
};
afterEach(() => made.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const PAGE = `<!doctype html><p>${'Build from anywhere. '.repeat(60)}</p>`;

function site(): string {
  const dist = folder();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets/app.js'), `export const words = ${JSON.stringify('ab'.repeat(400))};`);
  writeFileSync(join(dist, 'small.txt'), 'too small to compress');
  return dist;
}

describe('compressed copies kept by content', () => {
  it('writes the same bytes as compressing afresh, for text files over 512 bytes only', async () => {
    const dist = site();
    expect(await compressedCopies(folder()).precompress(dist)).toEqual({ files: 2, reused: 0 });
    for (const file of ['index.html', 'assets/app.js']) {
      const body = readFileSync(join(dist, file));
      expect(readFileSync(join(dist, `${file}.br`)).equals(brotli(body))).toBe(true);
      expect(readFileSync(join(dist, `${file}.gz`)).equals(gzipSync(body, GZIP_OPTIONS))).toBe(true);
    }
    expect(readdirSync(dist)).not.toContain('small.txt.br');
  });

  it('a later build reuses what an earlier one made, and a changed file is compressed again', async () => {
    const cache = folder();
    await compressedCopies(cache).precompress(site());
    const next = site();
    writeFileSync(join(next, 'index.html'), `${PAGE}<p>changed</p>`);
    expect(await compressedCopies(cache).precompress(next)).toEqual({ files: 2, reused: 1 });
    expect(readFileSync(join(next, 'index.html.br')).equals(brotli(`${PAGE}<p>changed</p>`))).toBe(true);
    // The page's copy made by the first-round-trip check is the one precompress writes.
    expect((await compressedCopies(cache).brotli(PAGE)).equals(brotli(PAGE))).toBe(true);
  });

  it('removes entries no build has used for a month, and keeps the ones it uses', async () => {
    const cache = folder();
    await compressedCopies(cache).precompress(site());
    const old = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
    for (const name of readdirSync(cache)) utimesSync(join(cache, name), old, old);
    const dist = site();
    writeFileSync(join(dist, 'assets/app.js'), `export const words = ${JSON.stringify('cd'.repeat(400))};`);
    // index.html is reused (and so kept); the old app.js copies are unused and go.
    expect(await compressedCopies(cache).precompress(dist)).toEqual({ files: 2, reused: 1 });
    expect(readdirSync(cache)).toHaveLength(4);
  });
});
