// @vitest-environment node
/**
 * The picture routes through the editor API on a real http server, on a temporary copy of site.config/: the same
 * security checks as every route, a good upload, and each refusal leaving the picture folder as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditorApi, type EditorApi } from './api.ts';
import type { PictureInfo } from '../pictures-shared.ts';
import { jpegBytes, pngBytes, svgText } from './picture-fixtures.ts';
import { PICTURE_LIMITS } from './pictures.ts';
import { TOKEN_HEADER } from './security.ts';

const root = join(import.meta.dirname, '..', '..');
const TOKEN = 'test-token-pictures-0123';

let dir: string;
let config: string;
let images: string;
let server: Server;
let api: EditorApi;
let port: number;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

function call(method: string, path: string, opts: { bytes?: Buffer; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    [TOKEN_HEADER]: TOKEN,
    ...(method !== 'GET' ? { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/octet-stream' } : {}),
    ...opts.headers,
  };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, method, path: `/__editor/api/${path}`, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    r.on('error', reject);
    if (opts.bytes) r.write(opts.bytes);
    r.end();
  });
}

const upload = (description: string, bytes: Buffer, headers?: Record<string, string>) =>
  call('POST', `pictures?description=${encodeURIComponent(description)}`, { bytes, headers });
const folder = () => readdirSync(images).sort();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sw-editor-pictures-'));
  config = join(dir, 'site.config');
  images = join(config, 'assets', 'images');
  cpSync(join(root, 'site.config'), config, { recursive: true });
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  api = createEditorApi({ root, configDir: config, token: TOKEN, port, pollMs: 60_000 });
  server.on('request', (req, res) => void api.handle(req, res));
}, 30000);

afterAll(async () => {
  api?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('the same security checks as every editor route', () => {
  it('refuses an upload without the token, or from another page, and writes nothing', async () => {
    const before = folder();
    expect((await upload('Sneaky', pngBytes(2, 2), { [TOKEN_HEADER]: '' })).status).toBe(403);
    expect((await upload('Sneaky', pngBytes(2, 2), { origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload('Sneaky', pngBytes(2, 2), { host: `evil.example:${port}` })).status).toBe(403);
    expect((await call('GET', 'pictures', { headers: { [TOKEN_HEADER]: 'wrong' } })).status).toBe(403);
    expect(folder()).toEqual(before);
  });
});

describe('a good upload', () => {
  it('writes the bytes under a name made from the description and answers with the size read from the file', async () => {
    const bytes = pngBytes(40, 30);
    const r = await upload('Site team at work', bytes, { 'content-type': 'image/png' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ src: '/images/site-team-at-work.png', name: 'site-team-at-work.png', width: 40, height: 30 });
    expect(readFileSync(join(images, 'site-team-at-work.png')).equals(bytes)).toBe(true);
  });

  it('lists it in the library with its size and weight, beside the site’s own pictures', async () => {
    const r = await call('GET', 'pictures');
    expect(r.status).toBe(200);
    const pictures = r.body.pictures as PictureInfo[];
    expect(pictures.find((p) => p.name === 'site-team-at-work.png')).toEqual({
      src: '/images/site-team-at-work.png',
      name: 'site-team-at-work.png',
      width: 40,
      height: 30,
      bytes: pngBytes(40, 30).length,
    });
    expect(pictures.find((p) => p.src === '/images/landing/owner-hero.svg')).toMatchObject({ name: 'landing/owner-hero.svg', width: 560, height: 420 });
    expect(r.body.limits).toEqual(PICTURE_LIMITS);
  });

  it('never overwrites: the same description again gets a new name, and the first file is unchanged', async () => {
    const first = readFileSync(join(images, 'site-team-at-work.png'));
    const r = await upload('Site team at work', pngBytes(8, 8));
    expect(r.body).toMatchObject({ src: '/images/site-team-at-work-2.png', width: 8, height: 8 });
    expect(readFileSync(join(images, 'site-team-at-work.png')).equals(first)).toBe(true);
    // A file of another kind with the name also takes it.
    const jpeg = await upload('Site team at work', jpegBytes(1200, 800, 6));
    expect(jpeg.body).toMatchObject({ src: '/images/site-team-at-work-3.jpg', width: 800, height: 1200 });
    // That photo was taken sideways: the library lists it at the size it is shown at, as its upload answered.
    const listed = (await call('GET', 'pictures')).body.pictures as PictureInfo[];
    expect(listed.find((p) => p.name === 'site-team-at-work-3.jpg')).toMatchObject({ width: 800, height: 1200 });
  });

  it('takes the type from the content, not from what the browser says', async () => {
    const r = await upload('Blue square', pngBytes(3, 3), { 'content-type': 'image/jpeg' });
    expect(r.body).toMatchObject({ src: '/images/blue-square.png' });
  });

  it('takes a safe drawing, with its size from the view box', async () => {
    const r = await upload('Plan of the ground floor', Buffer.from(svgText('<rect width="4" height="3"/>', 'viewBox="0 0 400 300"')));
    expect(r.body).toEqual({ src: '/images/plan-of-the-ground-floor.svg', name: 'plan-of-the-ground-floor.svg', width: 400, height: 300 });
  });

  it('checks a file without writing it', async () => {
    const before = folder();
    const r = await call('POST', 'pictures/check', { bytes: pngBytes(12, 9) });
    expect(r.body).toEqual({ kind: 'png', width: 12, height: 9, bytes: pngBytes(12, 9).length });
    expect(folder()).toEqual(before);
  });
});

describe('each refusal is a sentence and leaves the folder as it was', () => {
  const refused = async (description: string, bytes: Buffer, status: number, message: RegExp, path = 'pictures') => {
    const before = folder();
    const r = path === 'pictures' ? await upload(description, bytes, { 'content-type': 'image/svg+xml' }) : await call('POST', path, { bytes });
    expect(r.status).toBe(status);
    expect(String(r.body.message)).toMatch(message);
    expect(folder()).toEqual(before);
  };

  it('an SVG with a script', () => refused('Logo', Buffer.from(svgText('<script>alert(1)</script>')), 422, /^This SVG contains a script/));
  it('an SVG with an external reference', () =>
    refused('Logo', Buffer.from(svgText('<image href="https://evil.example/x.png"/>')), 422, /links to another file or web address/));
  it('an SVG with a DOCTYPE', () => refused('Logo', Buffer.from(`<!DOCTYPE svg>${svgText()}`), 422, /document type declaration/));
  it('a file that is not a picture, whatever it claims', () =>
    refused(
      'Logo',
      Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
      415,
      /^This file is a GIF picture\. The site takes JPEG, PNG, WebP, AVIF or SVG pictures only\.$/,
    ));
  it('a file over the size limit (the answer still arrives)', () =>
    refused('Big', Buffer.concat([pngBytes(2, 2), Buffer.alloc(PICTURE_LIMITS.photoBytes)]), 413, /^This file is larger than 2 MB/));
  it('a picture over the pixel limit', () => refused('Huge', jpegBytes(9000, 100), 413, /at most 8,000 pixels wide or tall/));
  it('a missing description', () => refused('   ', pngBytes(2, 2), 400, /^Describe the picture in a few words first/));
  it('a description with no letters or digits', () => refused('!!! ???', pngBytes(2, 2), 400, /^Describe the picture/));
  it('a check of a bad file', () => refused('', Buffer.from(svgText('<rect onload="x()"/>')), 422, /event handler/, 'pictures/check'));
  it('GET on the upload', async () => {
    const r = await call('GET', 'pictures/check');
    expect(r.status).toBe(405);
  });

  it('a picture folder that links out of the config folder', async () => {
    const outside = join(dir, 'outside');
    mkdirSync(outside);
    renameSync(images, `${images}.real`);
    symlinkSync(outside, images);
    try {
      const r = await upload('Escape', pngBytes(2, 2));
      expect(r.status).toBe(403);
      expect(readdirSync(outside)).toEqual([]);
    } finally {
      rmSync(images);
      renameSync(`${images}.real`, images);
    }
    expect(existsSync(join(images, 'not-found.svg'))).toBe(true);
  });
});

describe('a picture read back (the back office’s preview of a draft)', () => {
  const get = (query: string, token = TOKEN) => fetch(`http://127.0.0.1:${port}/__editor/api/picture?${query}`, { headers: { [TOKEN_HEADER]: token } });

  it('answers the picture’s own bytes with its type, never cached, and an SVG that can run nothing', async () => {
    const png = pngBytes(40, 30);
    writeFileSync(join(images, 'read-back.png'), png);
    const r = await get('name=read-back.png');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await r.arrayBuffer()).equals(png)).toBe(true);
    writeFileSync(join(images, 'read-back.svg'), svgText());
    const svg = await get('name=read-back.svg');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('refuses other files, paths out of the picture folder, and a request without the token', async () => {
    expect((await get('name=..%2F..%2Fsite.json')).status).toBe(404);
    expect((await get(`name=${encodeURIComponent('../../pages/home.png')}`)).status).toBe(403);
    expect((await get('name=missing.png')).status).toBe(404);
    expect((await get('name=read-back.png', 'wrong-token')).status).toBe(403);
  });
});
