// @vitest-environment node
/**
 * What npm run dev and npm run edit send (vite.config.ts: serverFs, localOnly; editorServerConfig): only the files the
 * pages and the editor load, never the lead database, the source or the repository, and nothing another site may frame.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createServer, mergeConfig, type InlineConfig, type ViteDevServer } from 'vite';
import { isHidden, isRefused, localOnly, requestedFiles, serverFs, withFrameAncestors } from '../../vite.config.ts';
import { editorServerConfig } from './plugin.ts';
import { pngBytes } from './picture-fixtures.ts';
import { TOKEN_HEADER } from './security.ts';

const repo = join(import.meta.dirname, '..', '..');
const SECRET = 'LEAD jane@example.com';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A GET with the path sent as it is (fetch would resolve "..", "%2e" and "//" before sending). */
const get = (port: number, path: string, headers: Record<string, string> = {}) =>
  new Promise<Reply>((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, accept: '*/*', ...headers }, setHost: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    r.on('error', reject);
    r.end();
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

function expectNoFraming(r: Reply, what: string) {
  expect(r.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(r.headers['content-security-policy'], what).toMatch(/(^|;)\s*frame-ancestors 'self'(;|$)/);
}

/** Every way of asking for `file` (a path from the root) that Vite or a browser could take. */
/** Every spelling of `file` (spellings()) is refused, and each refusal still forbids framing. */
async function expectRefused(port: number, file: string): Promise<void> {
  for (const path of spellings(file, repo)) {
    const r = await get(port, path);
    expect([403, 404], path).toContain(r.status);
    expectNoFraming(r, path);
  }
}

function spellings(file: string, root: string): string[] {
  const [first, ...rest] = file.split('/');
  return [
    `/${file}`,
    `/${file}?raw`,
    `/${file}?import`,
    `/${file}?url`,
    `/${file}?direct`,
    `//${file}`,
    `/./${file}`,
    `/renderer/../${file}`,
    `/renderer/%2e%2e/${file}`,
    `/${encodeURIComponent(file)}`,
    `/${file.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}`,
    `/${[first.replace(/^./, (c) => `%25${c.charCodeAt(0).toString(16)}`), ...rest].join('/')}`,
    `/${file}/`,
    `/${file.replace(/\//g, '%2f')}`,
    `/@fs${root}/${file}`,
    `/@fs${root}/${file}?raw`,
    `/@id/${file}`,
    `/@id/${root}/${file}`,
  ];
}

// Starting Vite on a busy 2-core machine takes as long as it takes: no time limit on it (0).
const NO_LIMIT = 0;

/** Options every in-process server here gets: no watcher, no HMR socket, no dependency optimising in the shared cache. */
const quiet = (cacheDir: string): InlineConfig => ({
  logLevel: 'silent',
  cacheDir,
  optimizeDeps: { noDiscovery: true, include: [] },
  server: { hmr: false, watch: null },
});

describe('which files a request names', () => {
  const root = '/r';
  it('decodes, resolves dots and slashes, and follows /@fs/ and /@id/', () => {
    expect(requestedFiles('/server/app.ts?raw', root)).toEqual(['/r/server/app.ts', '/server/app.ts']);
    expect(requestedFiles('/%2edata/x', root)).toContain('/r/.data/x');
    expect(requestedFiles('/%252edata/x', root)).toContain('/r/.data/x');
    expect(requestedFiles('/server%2Fapp.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('//server/app.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('/renderer/%2e%2e/server/app.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('/../../etc/passwd', root)).toEqual(['/r/etc/passwd', '/etc/passwd']);
    expect(requestedFiles('/renderer\\..\\server\\app.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('/@fs/r/.git/config', root)).toContain('/r/.git/config');
    expect(requestedFiles('/@id/server/app.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('/@id//r/server/app.ts', root)).toContain('/r/server/app.ts');
    expect(requestedFiles('/package.json/', root)).toContain('/r/package.json');
    expect(requestedFiles('/', root)).toEqual(['/r/', '/']);
  });
  it('refuses what cannot be decoded', () => {
    expect(requestedFiles('/%E0%A4%A', root)).toBeNull();
    expect(requestedFiles('/x%00.ts', root)).toBeNull();
    expect(requestedFiles('/%2525252525', root)).toBeNull();
  });
  it('hides the dot folders by name, and nothing a page route could be', () => {
    for (const rel of ['.data', '.data/pg_wal/1', '.DATA/x', '.git/config', '.env', '.env.local', '.npmrc']) expect(isHidden(rel), rel).toBe(true);
    for (const rel of ['', 'owner', 'docs', 'server', 'renderer/App.tsx', 'data/x', 'x/.env']) expect(isHidden(rel), rel).toBe(false);
  });
});

describe('the framing headers', () => {
  it('add frame-ancestors to any policy that lacks it', () => {
    expect(withFrameAncestors(undefined)).toBe("frame-ancestors 'self'");
    expect(withFrameAncestors("default-src 'none'")).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(withFrameAncestors("default-src 'none';")).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(withFrameAncestors("frame-ancestors 'none'")).toBe("frame-ancestors 'none'");
  });
});

describe('server.fs', () => {
  it('allows only the folders the pages load, and denies the rest anchored at the root', () => {
    const fs = serverFs('/w/my [repo]');
    expect(fs.strict).toBe(true);
    expect(fs.allow).toEqual(['/w/my [repo]/renderer', '/w/my [repo]/blocks', '/w/my [repo]/node_modules']);
    for (const glob of [
      '/w/my \\[repo\\]/.data/**',
      '/w/my \\[repo\\]/server/**',
      '/w/my \\[repo\\]/scripts/**',
      '/w/my \\[repo\\]/node_modules/.bin/**',
      '**/.git/**',
      '.env*',
    ])
      expect(fs.deny).toContain(glob);
  });
});

describe('a dev server with the guard, on a made-up project', () => {
  let dir: string;
  let server: ViteDevServer;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-serving-'));
    const files: Record<string, string> = {
      'renderer/ok.ts': 'export const ok = 1;\n',
      '.data/pg_wal/000000010000000000000001': SECRET,
      '.env': `TOKEN=${SECRET}`,
      '.git/config': SECRET,
      'server/app.ts': `export const s = '${SECRET}';\n`,
      'scripts/build.ts': `export const s = '${SECRET}';\n`,
      'tests/setup.ts': `export const s = '${SECRET}';\n`,
      'site.config/site.json': `{"secret": "${SECRET}"}`,
      'package.json': `{"name": "${SECRET}"}`,
      'node_modules/.bin/tool': SECRET,
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    // A link from a served folder to the database: judged by where it leads.
    symlinkSync(join(dir, '.data/pg_wal/000000010000000000000001'), join(dir, 'renderer/wal.ts'));
    server = await createServer(
      mergeConfig(quiet(join(dir, 'cache')), {
        configFile: false,
        root: dir,
        appType: 'custom',
        plugins: [localOnly()],
        server: { port: await freePort(), host: '127.0.0.1', strictPort: true, fs: serverFs(dir) },
      }),
    );
    await server.listen();
    port = (server.httpServer!.address() as AddressInfo).port;
  }, NO_LIMIT);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('judges a request by the files it names: existing ones by the allow list (links by their target), the hidden folders by name', () => {
    const loadable = (file: string) => file.startsWith(`${dir}/renderer/`);
    expect(isRefused('/renderer/ok.ts', dir, loadable)).toBe(false);
    expect(isRefused('/owner', dir, loadable)).toBe(false);
    expect(isRefused('/server/missing.ts', dir, loadable)).toBe(false);
    expect(isRefused('/package.json', dir, loadable)).toBe(true);
    expect(isRefused('/renderer/wal.ts', dir, loadable)).toBe(true);
    expect(isRefused('/.data/missing', dir, loadable)).toBe(true);
    expect(isRefused('/%E0%A4%A', dir, loadable)).toBe(true);
  });
  it('refuses the database, secrets, source and repository files however they are spelled', async () => {
    const refused = [
      '.data/pg_wal/000000010000000000000001',
      '.env',
      '.git/config',
      'server/app.ts',
      'scripts/build.ts',
      'tests/setup.ts',
      'site.config/site.json',
      'package.json',
      'node_modules/.bin/tool',
    ];
    for (const file of refused) {
      for (const path of spellings(file, dir)) {
        const r = await get(port, path);
        expect([403, 404], path).toContain(r.status);
        expect(r.text, path).not.toContain(SECRET);
        expectNoFraming(r, path);
      }
    }
    expect((await get(port, '/renderer/wal.ts')).status).toBe(404);
    expect((await get(port, '/.data/pg_wal/', { accept: 'text/html' })).status).toBe(404);
  });
  it('serves the allowed folders, with the framing headers', async () => {
    const r = await get(port, '/renderer/ok.ts');
    expect(r.status).toBe(200);
    expect(r.text).toContain('export const ok = 1');
    expectNoFraming(r, '/renderer/ok.ts');
  });
});

describe('npm run dev (vite.config.ts)', () => {
  let dir: string;
  let server: ViteDevServer;
  let port: number;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-serving-dev-'));
    server = await createServer(mergeConfig(quiet(dir), { configFile: join(repo, 'vite.config.ts'), server: { port: await freePort(), strictPort: true } }));
    await server.listen();
    port = (server.httpServer!.address() as AddressInfo).port;
  }, NO_LIMIT);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses the lead service, the scripts, the tests, the repository, the package, the config and the editor',
    async () => {
      for (const file of [
        'server/app.ts',
        'scripts/build.ts',
        'editor/server/security.ts',
        'tests/setup.ts',
        'package.json',
        'vite.config.ts',
        'README.md',
        '.git/config',
        'site.config/site.json',
        'editor/main.tsx',
        'schemas/page.schema.json',
      ]) {
        await expectRefused(port, file);
      }
      // Vite's own 404 (default-src 'none') keeps frame-ancestors.
      const missing = await get(port, '/server/app');
      expect(missing.status).toBe(404);
      expectNoFraming(missing, '/server/app');
    },
    NO_LIMIT,
  );
  it(
    'serves pages, modules and assets with the framing headers',
    async () => {
      const page = await get(port, '/owner', { accept: 'text/html' });
      expect(page.status).toBe(200);
      expect(page.text).toContain('/renderer/dev/entry-dev.tsx');
      expectNoFraming(page, 'a page');
      for (const path of ['/renderer/lib/href.ts', '/blocks/Hero/index.tsx', '/favicon.svg', '/@vite/client']) {
        const r = await get(port, path);
        expect(r.status, path).toBe(200);
        expectNoFraming(r, path);
      }
    },
    NO_LIMIT,
  );
});

describe('npm run edit (editorServerConfig)', () => {
  let dir: string;
  let configDir: string;
  let server: ViteDevServer;
  let port: number;
  const token = 'serving-test-token';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-serving-edit-'));
    configDir = join(dir, 'site.config');
    cpSync(join(repo, 'site.config'), configDir, { recursive: true });
    port = await freePort();
    server = await createServer(mergeConfig(editorServerConfig({ root: repo, configDir, token, port, host: '127.0.0.1' }), quiet(join(dir, 'cache'))));
    await server.listen();
  }, NO_LIMIT);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'refuses the source, the repository and the config folder (read through the API only)',
    async () => {
      for (const file of ['server/app.ts', 'scripts/build.ts', 'editor/server/security.ts', 'package.json', '.git/config', 'site.config/site.json']) {
        await expectRefused(port, file);
      }
      for (const path of [`/@fs${configDir}/site.json`, `/@fs${configDir}/pages/home.json?raw`])
        expect([403, 404], path).toContain((await get(port, path)).status);
    },
    NO_LIMIT,
  );
  it(
    'sends its page, its API, its modules, the previews and the assets with the framing headers',
    async () => {
      const html = await get(port, '/', { accept: 'text/html' });
      expect(html.status).toBe(200);
      expect(html.text).toContain(token);
      expectNoFraming(html, 'the editor page');
      const preview = await get(port, '/editor/preview.html?thumb=hero', { accept: 'text/html' });
      expect(preview.status).toBe(200);
      expectNoFraming(preview, 'a preview');
      const site = await get(port, '/?preview', { accept: 'text/html' });
      expect(site.status).toBe(200);
      expectNoFraming(site, 'the site in the preview frame');
      const api = await get(port, '/__editor/api/file?path=site.json', { [TOKEN_HEADER]: token });
      expect(api.status).toBe(200);
      expectNoFraming(api, 'the API');
      const refusedApi = await get(port, '/__editor/api/file?path=site.json');
      expect(refusedApi.status).toBe(403);
      expectNoFraming(refusedApi, 'the API refusing');
      for (const path of ['/editor/api.ts', '/schemas/page.schema.json?import', '/renderer/lib/href.ts', '/favicon.svg', '/images/not-found.svg']) {
        const r = await get(port, path);
        expect(r.status, path).toBe(200);
        expectNoFraming(r, path);
      }
    },
    NO_LIMIT,
  );
  it(
    'serves a picture at its address as soon as its upload is answered, before the file watcher has seen it',
    async () => {
      const bytes = pngBytes(12, 8);
      const uploaded = await fetch(`http://127.0.0.1:${port}/__editor/api/pictures?description=${encodeURIComponent('Fresh upload')}`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: token, 'content-type': 'image/png', origin: `http://127.0.0.1:${port}` },
        body: new Uint8Array(bytes),
      });
      expect(uploaded.status).toBe(201);
      const { src } = (await uploaded.json()) as { src: string };
      expect(src).toBe('/images/fresh-upload.png');
      const shown = await fetch(`http://127.0.0.1:${port}${src}`, { headers: { accept: 'image/avif,image/webp,image/*,*/*' } });
      expect(shown.status).toBe(200);
      expect(shown.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await shown.arrayBuffer()).equals(bytes)).toBe(true);
      expectNoFraming({ status: shown.status, headers: Object.fromEntries(shown.headers), text: '' }, src);
    },
    NO_LIMIT,
  );
});
