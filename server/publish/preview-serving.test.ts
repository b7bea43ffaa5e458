// @vitest-environment node
// The preview site over real HTTP: /preview/<token> sets the cookie and shows the draft's build, later requests with
// the cookie get that build's pages and assets (never the API or the back office), nothing is cached or indexed, an
// ended link answers 404 and its cookie is cleared, and no address leads out of the build folder.
import { request, createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headersFile, securityHeaders } from '../../scripts/lib/deploy-files.ts';
import { backends } from '../test-backends.ts';
import { addStaff } from '../admin/testing.ts';
import { createPreviewLinks } from './previews.ts';
import { fakePublisher, testPublishConfig, writeBuild } from './preview-testing.ts';
import { createPreviewServer, PREVIEW_COOKIE, previewPath, redactPreviewPath, withNoindex, type PreviewServer } from './preview-serving.ts';
import type { PreviewLinks } from './types.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const work = mkdtempSync(join(tmpdir(), 'sw-preview-serve-'));
const build = join(work, 'previews', 'one', 'dist');
const SECRET = 'top secret outside the build';
const TOKEN = 'A'.repeat(43);
const ENDED = 'B'.repeat(43);
/** A link whose build folder is gone (cleared away while the link still stands). */
const CLEARED = 'C'.repeat(43);
const CSP = "default-src 'self'; script-src 'self' 'sha256-abc='";
const NOW = Date.parse('2026-03-01T10:00:00Z');
/** A script as a build leaves it: with its brotli and gzip copies beside it. */
const BIG = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"draft ${i % 7}"`).join(', ')}];\n`;

writeBuild(build, {
  'index.html': '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Draft home</title></head><body>draft home</body></html>',
  'owner/index.html': '<!doctype html><html><head><title>Owner</title></head><body>draft owner</body></html>',
  'quiet/index.html': '<!doctype html><html><head><meta name="robots" content="noindex, nofollow"><title>Quiet</title></head><body>quiet</body></html>',
  '404.html': '<!doctype html><html><head><title>Page not found</title></head><body>draft 404</body></html>',
  'assets/app-1.js': 'console.log("draft");\n',
  'assets/app-1.js.map': '{"version":3}',
  'assets/big-1.js': BIG,
  'assets/big-1.js.br': brotliCompressSync(BIG),
  'assets/big-1.js.gz': gzipSync(BIG),
  'speculation-rules.json': '{"prefetch":[]}',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  _redirects: '/old /owner 301\n/inside /owner/index.html 200\n/escape /../../secret.txt 200\n',
  _headers: `${headersFile(securityHeaders(CSP))}/speculation-rules.json\n  Content-Type: application/speculationrules+json\n`,
});
writeFileSync(join(work, 'previews', 'one', 'secret.txt'), SECRET);
writeFileSync(join(work, 'secret.txt'), SECRET);
symlinkSync(join(work, 'secret.txt'), join(build, 'link.txt'));

const links: Pick<PreviewLinks, 'resolve'> = {
  resolve: (token) =>
    Promise.resolve(
      token === TOKEN
        ? { id: 'one', dir: build, expiresAt: new Date(NOW + 3600_000).toISOString() }
        : token === CLEARED
          ? { id: 'two', dir: join(work, 'previews', 'two', 'dist'), expiresAt: new Date(NOW + 3600_000).toISOString() }
          : null,
    ),
};

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes as they came (compressed, when the answer says so). */
  bytes: Buffer;
}

let server: Server;
let base = '';
let secure = false;
function listen(preview: PreviewServer): Promise<string> {
  server = createServer((req, res) => {
    void preview(req, res).then((answered) => {
      if (answered) return;
      // What the live site and the service answer, when the preview does not.
      res.setHeader('X-Answered-By', 'live');
      res.end(`live ${req.url ?? ''}`);
    });
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

/** A raw request: the path is sent exactly as written (fetch would resolve "..", which is what is tested here). */
function call(path: string, { method = 'GET', cookie, acceptEncoding }: { method?: string; cookie?: string; acceptEncoding?: string } = {}): Promise<Answer> {
  const headers = { ...(cookie ? { cookie } : {}), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
  return new Promise((ok, fail) => {
    const req = request(`${base}/`, { method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', fail);
    req.end();
  });
}
const withCookie = (path: string, opts: { method?: string } = {}) => call(path, { ...opts, cookie: `other=1; ${PREVIEW_COOKIE}=${TOKEN}` });

function expectPrivate(a: Answer) {
  expect(a.headers['cache-control']).toBe('no-store');
  expect(a.headers['x-robots-tag']).toBe('noindex');
}

beforeAll(async () => {
  base = await listen(createPreviewServer(links, { secure: () => secure, now: () => NOW }));
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  rmSync(work, { recursive: true, force: true });
});

describe('opening a preview link', () => {
  it('sets an HttpOnly SameSite=Lax cookie for the time the link has left and shows the draft home page, noindex', async () => {
    const a = await call(`/preview/${TOKEN}`);
    expect(a.status).toBe(200);
    expect(a.headers['set-cookie']).toEqual([`${PREVIEW_COOKIE}=${TOKEN}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600`]);
    expect(a.body).toContain('draft home');
    expect(a.body).toContain('<head><meta name="robots" content="noindex"><meta charset="utf-8">');
    expect(a.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(a.headers['content-security-policy']).toBe(CSP);
    expect(a.headers['x-content-type-options']).toBe('nosniff');
    expectPrivate(a);
  });

  it('marks the cookie Secure when the connection is HTTPS', async () => {
    secure = true;
    try {
      expect((await call(`/preview/${TOKEN}`)).headers['set-cookie']?.[0]).toMatch(/; Secure$/);
    } finally {
      secure = false;
    }
  });

  it('shows the page named after the token', async () => {
    const a = await call(`/preview/${TOKEN}/owner`);
    expect(a.status).toBe(200);
    expect(a.body).toContain('draft owner');
    expect(a.headers['set-cookie']).toBeDefined();
  });

  it('answers an unknown token with a plain 404 that is not cached, and never the live site', async () => {
    for (const path of [`/preview/${ENDED}`, `/preview/${ENDED}/owner`, '/preview/', '/preview/short']) {
      const a = await call(path);
      expect(a.status, path).toBe(404);
      expect(a.body, path).toContain('This preview link does not work');
      expect(a.headers['x-answered-by'], path).toBeUndefined();
      expect(a.headers['set-cookie'], path).toBeUndefined();
      expectPrivate(a);
    }
    // The cookie of that very link is cleared.
    const again = await call(`/preview/${ENDED}`, { cookie: `${PREVIEW_COOKIE}=${ENDED}` });
    expect(again.headers['set-cookie']).toEqual([`${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`]);
  });

  it('answers a link whose build folder is gone with a plain 404, and keeps serving', async () => {
    const a = await call(`/preview/${CLEARED}`);
    expect(a.status).toBe(404);
    expect(a.body).toContain('There is no page at this address in the preview.');
    expectPrivate(a);
    expect((await call(`/preview/${TOKEN}`)).status).toBe(200);
  });

  it('answers only GET and HEAD', async () => {
    const a = await call(`/preview/${TOKEN}`, { method: 'POST' });
    expect(a.status).toBe(405);
    expect(a.headers.allow).toBe('GET, HEAD');
    const head = await call(`/preview/${TOKEN}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('browsing with the preview cookie', () => {
  it("serves the build's pages by route and its assets by file, all private", async () => {
    for (const [path, text] of [
      ['/', 'draft home'],
      ['/owner', 'draft owner'],
      ['/owner/', 'draft owner'],
      ['/owner/index.html', 'draft owner'],
      ['/owner?from=mail', 'draft owner'],
      ['/inside', 'draft owner'],
    ]) {
      const a = await withCookie(path);
      expect(a.status, path).toBe(200);
      expect(a.body, path).toContain(text);
      expect(a.headers['content-security-policy'], path).toBe(CSP);
      expectPrivate(a);
    }
    const js = await withCookie('/assets/app-1.js');
    expect(js.body).toContain('draft');
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // The build's long caching of assets does not apply to a draft.
    expectPrivate(js);
    expect((await withCookie('/speculation-rules.json')).headers['content-type']).toBe('application/speculationrules+json');
    expect((await withCookie('/robots.txt')).body).toContain('User-agent');
  });

  it("sends an asset's brotli or gzip copy to a browser that takes it, and a page as it is", async () => {
    const raw = (path: string, acceptEncoding: string) => call(path, { cookie: `${PREVIEW_COOKIE}=${TOKEN}`, acceptEncoding });
    for (const [accepts, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const a = await raw('/assets/big-1.js', accepts);
      expect(a.headers['content-encoding'], accepts).toBe(coding);
      expect(a.headers.vary, accepts).toBe('Accept-Encoding');
      expect(a.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(a.headers['content-length'])).toBe(a.bytes.length);
      const text = coding === 'br' ? brotliDecompressSync(a.bytes) : coding === 'gzip' ? gunzipSync(a.bytes) : a.bytes;
      expect(text.toString('utf8'), accepts).toBe(BIG);
    }
    expect((await withCookie('/assets/big-1.js.br')).status).toBe(404);
    const page = await raw('/', 'gzip, deflate, br');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.bytes.toString('utf8')).toContain('<meta name="robots" content="noindex">');
  });

  it("follows the build's redirects and answers unknown paths and its own files with its 404 page", async () => {
    const moved = await withCookie('/old?x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/owner?x=1');
    for (const path of ['/nope', '/_headers', '/_redirects', '/assets/app-1.js.map', '/.vite/manifest.json']) {
      const a = await withCookie(path);
      expect(a.status, path).toBe(404);
      expect(a.body, path).toContain('draft 404');
      expect(a.body, path).toContain('<meta name="robots" content="noindex">');
      expectPrivate(a);
    }
  });

  it('keeps a page that already says noindex as it is', async () => {
    const a = await withCookie('/quiet');
    expect(a.body.match(/name="robots"/g)).toHaveLength(1);
  });

  it('leaves the lead API and the back office to the service', async () => {
    for (const path of ['/api', '/api/v1/leads', '/admin', '/admin/pages', '/admin?x']) {
      const a = await withCookie(path, { method: path.startsWith('/api/') ? 'POST' : 'GET' });
      expect(a.headers['x-answered-by'], path).toBe('live');
      expect(a.headers['x-robots-tag'], path).toBeUndefined();
    }
  });

  it('answers other methods with 405', async () => {
    expect((await withCookie('/owner', { method: 'DELETE' })).status).toBe(405);
  });

  it('leaves requests without the cookie to the live site', async () => {
    const a = await call('/owner', { cookie: 'other=1' });
    expect(a.headers['x-answered-by']).toBe('live');
    expect(a.headers['set-cookie']).toBeUndefined();
  });

  it('clears the cookie of a link that ended and lets the live site answer', async () => {
    const a = await call('/owner', { cookie: `${PREVIEW_COOKIE}=${ENDED}` });
    expect(a.headers['x-answered-by']).toBe('live');
    expect(a.headers['set-cookie']).toEqual([`${PREVIEW_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`]);
  });
});

describe('paths that try to leave the build', () => {
  it.each([
    '/../secret.txt',
    '/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2e%2e/secret.txt',
    '/owner/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%5csecret.txt',
    '/owner\\..\\..\\secret.txt',
    '/%5c..%5c..%5csecret.txt',
    '/./secret.txt',
    '/%00',
    '/%E0%A4%A',
  ])('refuses %s', async (path) => {
    for (const a of [await withCookie(path), await call(`/preview/${TOKEN}${path}`)]) {
      expect(a.status, path).toBe(400);
      expect(a.body, path).not.toContain(SECRET);
      expectPrivate(a);
    }
  });

  it('does not follow a rewrite or a link out of the build', async () => {
    for (const path of ['/escape', '/link.txt']) {
      const a = await withCookie(path);
      expect(a.status, path).toBe(404);
      expect(a.body, path).not.toContain(SECRET);
    }
  });

  it('previewPath keeps plain paths and refuses the rest', () => {
    expect(previewPath('/owner/caf%C3%A9')).toBe('/owner/café');
    expect(previewPath('/a/..')).toBeNull();
    expect(previewPath('owner')).toBeNull();
  });
});

describe('helpers', () => {
  it('withNoindex adds the meta once, after <head>', () => {
    expect(withNoindex('<html><head lang="x"><title>t</title></head></html>')).toBe(
      '<html><head lang="x"><meta name="robots" content="noindex"><title>t</title></head></html>',
    );
    expect(withNoindex("<head><meta name='robots' content='noindex'></head>")).toBe("<head><meta name='robots' content='noindex'></head>");
  });

  it('redactPreviewPath hides the token', () => {
    expect(redactPreviewPath(`/preview/${TOKEN}/owner?x=1`)).toBe('/preview/…/owner?x=1');
    expect(redactPreviewPath('/owner')).toBe('/owner');
  });
});

describe.each(backends())('a shared link end to end on $name', (backend) => {
  it('works signed out, and answers 404 once revoked', async () => {
    const { db, dispose } = await backend.open();
    const home = mkdtempSync(join(tmpdir(), 'sw-preview-e2e-'));
    const saved = base;
    const savedServer = server;
    try {
      const ada = await addStaff(db, 'editor');
      const previews = createPreviewLinks({ config: testPublishConfig(home), db, publisher: fakePublisher() });
      base = await listen(createPreviewServer(previews));
      const shared = await previews.share(ada.id, base);
      if (!shared.ok) throw new Error(shared.message);
      const path = new URL(shared.link.url).pathname;
      const first = await call(path);
      expect(first.status).toBe(200);
      expect(first.body).toContain(`Draft of ${ada.id}`);
      const cookie = String(first.headers['set-cookie']?.[0]).split(';')[0];
      expect(cookie).toBe(`${PREVIEW_COOKIE}=${path.slice('/preview/'.length)}`);
      expect(Number(/Max-Age=(\d+)/.exec(String(first.headers['set-cookie']?.[0]))?.[1])).toBeGreaterThan(7 * 86_400 - 60);
      expect((await call('/', { cookie })).body).toContain(`Draft of ${ada.id}`);

      expect(await previews.revoke(ada.id, shared.link.id, false)).toBe(true);
      expect((await call(path)).status).toBe(404);
      const after = await call('/', { cookie });
      expect(after.headers['x-answered-by']).toBe('live');
      expect(after.headers['set-cookie']?.[0]).toContain('Max-Age=0');
    } finally {
      await new Promise((ok) => server.close(ok));
      base = saved;
      server = savedServer;
      await dispose();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
