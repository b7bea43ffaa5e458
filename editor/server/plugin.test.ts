// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { EDITOR_HELLO, EDITOR_PREBUNDLED, editorHtmlPath, injectToken, keepReloadsOffEditor, PAGE_HELLO, picturePath, sitewrightEditor } from './plugin.ts';
import { TOKEN_HEADER } from './security.ts';

const root = join(import.meta.dirname, '..', '..');

/** Any relative import, static or dynamic, types included. */
const ANY_IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
/** What the browser loads: value imports and re-exports, relative or of a package (a type is gone before it runs). */
const VALUE_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\bfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/**
 * Every project file reachable from `entries` through relative static or dynamic imports (paths from the root). With
 * `valueOnly`, type-only imports are not followed, and each package a reached file imports is passed to `onPackage`.
 */
function reachableModules(
  entries: string[],
  { valueOnly = false, onPackage }: { valueOnly?: boolean; onPackage?: (spec: string, file: string) => void } = {},
): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.(tsx?|jsx?|mts)$/.test(file)) continue;
    for (const [, from, lazy] of readFileSync(join(root, file), 'utf8').matchAll(valueOnly ? VALUE_IMPORT : ANY_IMPORT)) {
      const spec = from ?? lazy;
      if (!spec.startsWith('.')) {
        onPackage?.(spec, file);
        continue;
      }
      const target = relative(root, resolve(root, dirname(file), spec))
        .split(sep)
        .join('/');
      if (existsSync(join(root, target))) queue.push(target);
      else throw new Error(`${file} imports ${spec}, which is not a file (imports here name their extension)`);
    }
  }
  return seen;
}

describe('the packages Vite bundles when the editor starts', () => {
  it('name every package the editor, its previews and the blocks they render import', () => {
    const missing = new Set<string>();
    const reached = reachableModules(['editor/main.tsx', 'editor/preview.tsx', 'editor/form-preview.tsx'], {
      valueOnly: true,
      onPackage: (spec, file) => {
        if (!/^(node|virtual):/.test(spec) && !EDITOR_PREBUNDLED.some((listed) => spec === listed || spec.startsWith(`${listed}/`)))
          missing.add(`${spec} (${file})`);
      },
    });
    expect(reached.size).toBeGreaterThan(50);
    expect([...missing]).toEqual([]);
  });
});

describe('editor page routing', () => {
  const get = (url: string, headers: Record<string, string> = {}) => editorHtmlPath({ method: 'GET', url, headers });
  it('rewrites / to the editor for a top-level visit only', () => {
    expect(get('/')).toBe('/editor/index.html');
    expect(get('/', { 'sec-fetch-dest': 'iframe' })).toBeNull();
    expect(get('/?preview')).toBeNull();
    expect(get('/editor/')).toBe('/editor/index.html');
    expect(get('/editor/other.html')).toBe('/editor/other.html');
    expect(get('/editor/index.html?html-proxy&index=0.js')).toBeNull();
    expect(get('/editor/preview.html?import')).toBeNull();
    // A palette thumbnail: the preview page, told which block's example to show.
    expect(get('/editor/preview.html?thumb=hero')).toBe('/editor/preview.html');
    expect(get('/owner')).toBeNull();
    expect(get('/editor/../vite.config.ts')).toBeNull();
    expect(editorHtmlPath({ method: 'POST', url: '/', headers: {} })).toBeNull();
  });
  it("takes the pictures, read from the config folder, out of Vite's public folder", () => {
    expect(picturePath({ method: 'GET', url: '/images/site-team.png' })).toBe('site-team.png');
    expect(picturePath({ method: 'HEAD', url: '/images/landing/owner-hero.svg?v=2' })).toBe('landing/owner-hero.svg');
    expect(picturePath({ method: 'GET', url: '/images/my%20plan.png' })).toBe('my plan.png');
    expect(picturePath({ method: 'GET', url: '/images/%E0%A4%A.png' })).toBeNull();
    expect(picturePath({ method: 'POST', url: '/images/site-team.png' })).toBeNull();
    expect(picturePath({ method: 'GET', url: '/images/' })).toBeNull();
    expect(picturePath({ method: 'GET', url: '/favicon.svg' })).toBeNull();
    expect(picturePath({ method: 'GET', url: '/owner/images/x.png' })).toBeNull();
  });
  it('injects the token as a meta tag in the head', () => {
    const html = injectToken('<!doctype html><html><head><title>x</title></head><body></body></html>', 'a"b');
    expect(html).toContain('<head>\n<meta name="sitewright-editor-token" content="a&quot;b" />');
    expect(html.indexOf('sitewright-editor-token')).toBeLessThan(html.indexOf('<title>'));
    const withCharset = injectToken('<html><head><meta charset="utf-8" /><title>x</title></head></html>', 't');
    expect(withCharset).toMatch(/<head><meta charset="utf-8" \/>\n<meta name="sitewright-editor-token" content="t" \/>/);
  });
  it('is never part of the build or of npm run dev', () => {
    const editorRef = /from ['"][^'"]*lib\/editor|import\([^)]*lib\/editor|sitewrightEditor/;
    for (const f of ['vite.config.ts', 'scripts/build.ts', 'scripts/lib/vite/plugin.ts']) {
      expect(readFileSync(join(root, f), 'utf8'), f).not.toMatch(editorRef);
    }
    // The build's browser inputs, as vite.config.ts and the inline scripts' bundler name them, and the dev server's page entry.
    const built = {
      'vite.config.ts': ['renderer/islands/runtime.tsx', 'renderer/App.tsx'],
      'scripts/lib/page-scripts.ts': ['renderer/shell/index.ts', 'renderer/islands/loader.ts'],
    };
    const inputs = Object.values(built).flat();
    for (const [file, names] of Object.entries(built)) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const f of names) expect(text, `${file} builds ${f}`).toContain(`'${f}'`);
    }
    expect(readFileSync(join(root, 'scripts/lib/vite/plugin.ts'), 'utf8')).toContain("'/renderer/dev/entry-dev.tsx'");
    const reached = reachableModules([...inputs, 'renderer/dev/entry-dev.tsx']);
    expect(reached.size).toBeGreaterThan(inputs.length + 1);
    for (const f of reached) {
      expect(f, 'an editor module').not.toMatch(/(^|\/)lib\/editor\//);
      expect(readFileSync(join(root, f), 'utf8'), f).not.toMatch(editorRef);
    }
    expect(sitewrightEditor({ root, configDir: join(root, 'site.config'), token: 't', port: 1 }).apply).toBe('serve');
  });
});

describe('config reloads', () => {
  function setup(names: string[]) {
    const got: Record<string, unknown[]> = { broadcast: [] };
    const clients = Object.fromEntries(
      names.map((name) => {
        got[name] = [];
        return [name, { send: (p: unknown) => got[name].push(p) }];
      }),
    );
    const hellos: Record<string, (data: unknown, c: object) => void> = {};
    const ws = {
      on: (event: string, fn: (data: unknown, c: object) => void) => (hellos[event] = fn),
      send: (p: unknown) => got.broadcast.push(p),
      clients: new Set(Object.values(clients)),
    };
    keepReloadsOffEditor({ ws } as never);
    return { got, clients, say: (event: string, name: string) => hellos[event]({}, clients[name]), send: ws.send as (p: unknown) => void };
  }

  it('reach the site pages, never the editor, each as it says what it is', () => {
    const { got, say, send } = setup(['editor', 'page']);
    say(EDITOR_HELLO, 'editor');
    say(PAGE_HELLO, 'page');
    send({ type: 'full-reload' });
    send({ type: 'error', err: { message: 'x' } });
    expect(got.editor).toEqual([]);
    expect(got.page).toEqual([{ type: 'full-reload' }, { type: 'error', err: { message: 'x' } }]);
    // Everything else (module updates of the editor's own code) is broadcast as before.
    send({ type: 'update', updates: [] });
    expect(got.broadcast).toEqual([{ type: 'update', updates: [] }]);
  });

  it('wait for a page that has not said what it is: the editor never reloads, a site page reloads once it says', () => {
    const { got, say, send } = setup(['editor', 'page']);
    send({ type: 'error', err: { message: 'x' } });
    send({ type: 'full-reload' });
    send({ type: 'error', err: { message: 'y' } });
    expect(got.editor).toEqual([]);
    expect(got.page).toEqual([]);
    say(EDITOR_HELLO, 'editor');
    say(PAGE_HELLO, 'page');
    expect(got.editor).toEqual([]);
    // The reload it missed, once (the error after it is met by the reloaded page).
    expect(got.page).toEqual([{ type: 'full-reload' }]);
    say(PAGE_HELLO, 'page');
    expect(got.page).toHaveLength(1);
  });

  it('give a page that missed only an error that error', () => {
    const { got, say, send } = setup(['page']);
    send({ type: 'error', err: { message: 'x' } });
    say(PAGE_HELLO, 'page');
    expect(got.page).toEqual([{ type: 'error', err: { message: 'x' } }]);
  });
});

describe('the plugin in a Vite dev server', () => {
  let dir: string;
  let server: ViteDevServer;
  let port: number;
  const TOKEN = 'plugin-test-token';
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const r = request({ host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, accept: 'text/html', ...headers }, setHost: false }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      r.on('error', reject);
      r.end();
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sw-editor-plugin-'));
    mkdirSync(join(dir, 'editor'));
    writeFileSync(join(dir, 'editor', 'index.html'), '<!doctype html><html><head><title>Editor</title></head><body><div id="editor"></div></body></html>');
    cpSync(join(root, 'site.config'), join(dir, 'site.config'), { recursive: true });
    port = await new Promise<number>((resolve) => {
      const s = netServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    server = await createServer({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      appType: 'custom',
      server: { port, host: '127.0.0.1', strictPort: true, cors: false, hmr: false, watch: null },
      plugins: [sitewrightEditor({ root: dir, configDir: join(dir, 'site.config'), token: TOKEN, port })],
    });
    await server.listen();
  }, 30000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the editor page at / with the token', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.text).toContain(`<meta name="sitewright-editor-token" content="${TOKEN}" />`);
    expect(r.text).toContain('<div id="editor"></div>');
    // The inline hello script is served by Vite as a module that can reach import.meta.hot.
    const src = /src="(\/editor\/index\.html\?html-proxy[^"]*)"/.exec(r.text)?.[1].replace(/&amp;/g, '&');
    expect(src).toBeDefined();
    const proxy = await get(src!, { accept: '*/*' });
    expect(proxy.status).toBe(200);
    expect(proxy.text).toContain('sitewright:editor');
    expect(proxy.text).not.toContain('<html');
  });
  it("gives a site page the page's hello, not the editor's, nor the token", async () => {
    const html = await server.transformIndexHtml(
      '/pricing',
      '<!doctype html><html><head><meta charset="utf-8"><title>Pricing</title></head><body></body></html>',
    );
    expect(html).not.toContain(TOKEN);
    const src = /src="([^"]*html-proxy[^"]*)"/.exec(html)?.[1].replace(/&amp;/g, '&');
    expect(src).toBeDefined();
    const proxy = await get(src!, { accept: '*/*' });
    expect(proxy.text).toContain('sitewright:page');
    expect(proxy.text).not.toContain('sitewright:editor');
  });
  it('refuses the editor page (and its token) to a foreign Host', async () => {
    const r = await get('/', { host: `evil.example:${port}` });
    expect(r.status).toBe(403);
    expect(r.text).not.toContain(TOKEN);
  });
  it('mounts the API behind the token', async () => {
    expect((await get('/__editor/api/files')).status).toBe(403);
    const ok = await get('/__editor/api/file?path=site.json', { [TOKEN_HEADER]: TOKEN });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text).data.name).toBeDefined();
  });
});
