// @vitest-environment node
// npm run serve answers as the CDN would: GET and HEAD only on pages and assets, long caching only for assets that
// exist, and none of the build's own files (_headers, _redirects, Vite's manifest, source maps, precompressed copies).
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from './lib/serve-child.ts';
import { compressFile, headersFile, securityHeaders } from './lib/deploy-files.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'sw-serve-'));
const dist = join(work, 'dist');
const HASHED = '/assets/app-abc123.js';

/** A small dist/ with every kind of file the build writes. */
function writeDist() {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><title>Home</title>${'<p>home</p>'.repeat(100)}`,
    '404.html': '<!doctype html><title>Page not found</title>',
    'owner/index.html': '<!doctype html><title>Owner</title>',
    _headers: headersFile(securityHeaders("default-src 'self'")),
    _redirects: '/old /owner 301\n',
    'speculation-rules.json': '{"prefetch": []}\n',
    [HASHED.slice(1)]: 'console.log(1);\n',
    [`${HASHED.slice(1)}.map`]: '{"version":3}',
    '.vite/manifest.json': '{}',
    'sitemap.xml': '<?xml version="1.0"?><urlset/>',
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'favicon.ico': 'ico',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), body);
  }
  compressFile(join(dist, 'index.html'));
}

let base = '';
let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  writeDist();
  // The embedded database, whatever the machine's DATABASE_URL: only then does the server open the socket the
  // lead CLI (and the visit-counting test) reaches it through.
  ({ url: base, stop } = await startServer(root, 0, { dist, env: { SITEWRIGHT_DATA_DIR: join(work, 'data'), DATABASE_URL: '' } }));
});
afterAll(async () => {
  await stop?.();
  rmSync(work, { recursive: true, force: true });
});

/** One request with any method (fetch refuses TRACE), answered with status, headers and body text. */
function call(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run serve', () => {
  it('serves pages, assets and the published files with GET and HEAD', async () => {
    for (const path of ['/', '/owner', HASHED, '/sitemap.xml', '/robots.txt', '/favicon.ico', '/favicon.svg', '/images/logo.svg', '/speculation-rules.json']) {
      expect((await call('GET', path)).status, path).toBe(200);
      expect((await call('HEAD', path)).status, path).toBe(200);
    }
    expect((await call('GET', '/', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
    expect((await call('GET', '/old')).status).toBe(301);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND'])(
    'answers %s on a page or an asset with 405 and Allow: GET, HEAD',
    async (method) => {
      for (const path of ['/', '/owner', HASHED, '/nope']) {
        const res = await call(method, path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.body).not.toContain('<title>Home</title>');
      }
    },
  );

  it('leaves the lead service its own methods', async () => {
    const preflight = await call('OPTIONS', '/api/v1/inquiries/contact-us', { origin: 'https://evil.example', 'access-control-request-method': 'POST' });
    expect(preflight.status).toBe(403);
    expect(JSON.parse(preflight.body).message).toEqual(expect.any(String));
    const post = await call('POST', '/api/v1/inquiries/contact-us', { 'content-type': 'text/plain' });
    expect(post.status).toBe(415);
    expect((await call('GET', '/api/v1/health')).status).toBe(200);
  });

  it('caches only an asset that exists for a year; a missing one is not cached', async () => {
    expect((await call('GET', HASHED)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await call('GET', '/assets/app-missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.body).toContain('Page not found');
    expect((await call('GET', '/nope')).headers['cache-control']).toBe('no-store');
  });

  it.each(['/_headers', '/_redirects', '/%5Fheaders', '/_headers/', '/.vite/manifest.json', `${HASHED}.map`, '/index.html.br', '/index.html.gz'])(
    'does not serve the build file %s',
    async (path) => {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Page not found');
    },
  );
});

describe("npm run serve counts visits by the served site's routes", () => {
  it('counts a page it has under its route, and any other address as the not-found page', async () => {
    const { callSocket } = await import('../server/reach.ts');
    const { NOT_FOUND_PATH } = await import('../renderer/shell/events.ts');
    const beacon = (p: string) =>
      fetch(`${base}/api/v1/events`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36' },
        body: `k=view&p=${encodeURIComponent(p)}`,
      });
    for (const p of ['/owner', '/owner/', '/', '/old', '/no-such-page']) expect((await beacon(p)).status, p).toBe(204);
    const today = new Date().toISOString().slice(0, 10);
    // What `npm run leads -- stats` asks the running server, which writes out what it holds first.
    const answer = (await callSocket(join(work, 'data', 'leads.sock'), 'GET', `/stats?from=${today}&to=${today}`)) as {
      report: { pages: { path: string; views: number }[] };
    };
    expect(answer.report.pages.map((p) => [p.path, p.views])).toEqual([
      [NOT_FOUND_PATH, 2],
      ['/owner', 2],
      ['/', 1],
    ]);
  });
});
