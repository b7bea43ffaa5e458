/**
 * The editor's Vite plugin, added only by scripts/edit.ts (npm run edit): never part of vite.config.ts, so neither
 * `npm run dev` nor a build ever loads it.
 *  - /__editor/api/* → api.ts (behind security.ts);
 *  - GET / (a top-level visit, not a preview frame) and /editor/*.html → the editor's page (editor/index.html),
 *    served through Vite's HTML transforms; the page gets the per-start token as
 *    <meta name="sitewright-editor-token" content="…">;
 *  - the dev server's "config changed: reload" messages skip the editor's own page (it hears of changes through
 *    /__editor/api/events and must not lose unsaved work); preview frames still reload.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HotPayload, InlineConfig, Plugin, ViteDevServer } from 'vite';
import { createEditorApi, API_PREFIX, type EditorApi } from './api.ts';
import { sendPicture } from './assets-api.ts';
import { checkHost, TOKEN_META, type Guard } from './security.ts';
import { EDITOR_PAGES } from '../../scripts/build-editor.ts';

export interface EditorPluginOptions {
  root: string;
  configDir: string;
  token: string;
  port: number;
  hosts?: string[];
}

/** Custom HMR event the editor's pages send so the server knows which connections are the editor's. */
export const EDITOR_HELLO = 'sitewright:editor';
/** The one every other page the server shows (the site's own pages, opened in a tab) sends. */
export const PAGE_HELLO = 'sitewright:page';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const hello = (event: string) => `<script type="module">if (import.meta.hot) import.meta.hot.send(${JSON.stringify(event)}, {});</script>`;

/** The tags added to the editor's HTML: the token, and the hello that keeps config reloads away from it. */
export function editorHeadTags(token: string): string {
  return `<meta name="${TOKEN_META}" content="${escapeAttr(token)}" />\n${hello(EDITOR_HELLO)}`;
}

/** A site page's hello, so that it still reloads when the config changes (keepReloadsOffEditor). */
export const PAGE_HELLO_TAG = hello(PAGE_HELLO);

export function injectToken(html: string, token: string): string {
  return injectHead(html, editorHeadTags(token));
}

function injectHead(html: string, tags: string): string {
  // After <meta charset> when there is one (it must come early), else right after <head>.
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + `\n${tags}` + html.slice(charset.index + charset[0].length);
  return /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (m) => `${m}\n${tags}`) : `${tags}\n${html}`;
}

/** Which editor HTML file a request asks for ("/editor/index.html"), or null when it is not one. */
/** Query keys by which Vite asks for a module made from a file rather than the file as a page. */
const VITE_QUERIES = new Set(['html-proxy', 'import', 'raw', 'url', 'inline', 'direct', 'worker', 'sharedworker', 'v', 't']);

export function editorHtmlPath(req: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  if (path === '/') {
    // The preview frame shows the home page at "/": a frame, or ?preview, gets the site, not the editor.
    if (req.headers['sec-fetch-dest'] === 'iframe' || url.searchParams.has('preview')) return null;
    return '/editor/index.html';
  }
  // Vite's own requests for a page's parts (an inline script's ?html-proxy module, ?import, ?raw …) are Vite's to
  // answer; any other query (a palette thumbnail's ?thumb=) is for the page itself.
  if ([...url.searchParams.keys()].some((key) => VITE_QUERIES.has(key))) return null;
  if (path === '/editor' || path === '/editor/') return '/editor/index.html';
  if (/^\/editor\/[A-Za-z0-9_/-]+\.html$/.test(path) && !path.includes('..')) return path;
  return null;
}

/**
 * The packages the editor, its previews and the blocks they render load in the browser, as Vite's optimizer listed
 * them (node_modules/.vite/deps/_metadata.json) after a session that opened the page list, a page preview and a form
 * preview. Named, they are bundled together when the server starts; one Vite finds later costs a second bundling and
 * a reload of the page showing it. A package missing here is still found by the scan, as before.
 */
export const EDITOR_PREBUNDLED = [
  '@cfworker/json-schema',
  '@dnd-kit/dom',
  '@dnd-kit/react',
  '@dnd-kit/react/sortable',
  '@rjsf/core',
  '@rjsf/utils',
  '@rjsf/validator-ajv8',
  'ajv',
  'ajv-formats',
  'diff',
  'libphonenumber-js/min',
  'react',
  'react-calendly',
  'react-dom',
  'react-dom/client',
  'react-player/HtmlPlayer',
  'react-player/ReactPlayer',
  'react-player/patterns',
  'react-router',
  'react-toastify',
  'react/jsx-dev-runtime',
  'react/jsx-runtime',
  'swiper',
  'swiper/modules',
  'vimeo-video-element/react',
  'youtube-video-element/react',
  'zundo',
  'zustand',
];

/**
 * The Vite options of npm run edit (scripts/edit.ts): vite.config.ts, whose server.fs and local-only guard decide what
 * is served (framing refused on every response), with this plugin, and editor/ and schemas/ (the forms' JSON Schemas,
 * editor/schemas.ts) added to what may be served.
 * The config folder needs no file access: its content reaches the page through the checked virtual modules and the
 * API, its assets/ as the public folder.
 */
export function editorServerConfig(opts: EditorPluginOptions & { host: string }): InlineConfig {
  return {
    configFile: join(opts.root, 'vite.config.ts'),
    root: opts.root,
    // The previews' images come from the edited folder.
    publicDir: join(opts.configDir, 'assets'),
    server: {
      port: opts.port,
      host: opts.host,
      strictPort: true,
      // No CORS headers: no other page (not even another localhost one) may read the editor's responses.
      cors: false,
      // The editor's pages and screens, never its server side or its tests (which live beside them in editor/).
      fs: {
        allow: [join(opts.root, 'editor'), join(opts.root, 'schemas')],
        deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/editor/server/**', '**/editor/e2e/**'],
      },
    },
    // The editor's own pages are entries too: their dependencies are then bundled when the server starts, not found
    // on the first visit, which made Vite reload the page under the person (or the test) using it. The packages are
    // also named (EDITOR_PREBUNDLED): the page preview's schema check loads ajv lazily, which the scan of the entries
    // missed, so the first preview opened waited for a second bundling and a reload.
    optimizeDeps: { entries: ['index.html', ...EDITOR_PAGES], include: [...EDITOR_PREBUNDLED] },
    plugins: [sitewrightEditor({ root: opts.root, configDir: opts.configDir, token: opts.token, port: opts.port, hosts: opts.hosts ?? [opts.host] })],
  };
}

export function sitewrightEditor(opts: EditorPluginOptions): Plugin {
  const guard: Guard = { token: opts.token, port: opts.port, hosts: opts.hosts };
  let api: EditorApi | undefined;
  return {
    name: 'sitewright-editor',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!ctx.path.startsWith('/editor/') || !ctx.path.endsWith('.html')) return injectHead(html, PAGE_HELLO_TAG);
        return injectToken(html, opts.token);
      },
    },
    configureServer(server: ViteDevServer) {
      api = createEditorApi({ root: opts.root, configDir: opts.configDir, token: opts.token, port: opts.port, hosts: opts.hosts });
      server.httpServer?.once('close', () => api?.close());
      keepReloadsOffEditor(server);
      server.middlewares.use(async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        if ((req.url ?? '').startsWith(API_PREFIX)) return api!.handle(req, res, next);
        const picture = picturePath(req);
        if (picture !== null) {
          try {
            if (sendPicture(res, opts.configDir, picture)) return;
          } catch {
            // A name that leaves the picture folder: Vite's own serving refuses it as well.
          }
          return next();
        }
        const page = editorHtmlPath(req);
        if (!page) return next();
        const refused = checkHost(req, guard);
        if (refused) {
          res.statusCode = refused.status;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          return res.end(refused.message);
        }
        const file = normalize(join(opts.root, page));
        if (!file.startsWith(join(opts.root, 'editor')) || !existsSync(file)) {
          res.statusCode = 404;
          res.setHeader('Content-Type', 'text/plain; charset=utf-8');
          return res.end(`The editor page ${page} does not exist yet.`);
        }
        try {
          const html = await server.transformIndexHtml(page, readFileSync(file, 'utf8'), (req as IncomingMessage & { originalUrl?: string }).originalUrl);
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.setHeader('Referrer-Policy', 'no-referrer');
          res.end(html);
        } catch (err) {
          next();
          server.config.logger.error(String(err));
        }
      });
    },
  };
}

/**
 * The picture a GET or HEAD of /images/… names, inside the config's picture folder; null for any other request.
 * The editor serves these itself: Vite's public folder serves only the files its watcher has reported, so a picture
 * asked for right after its upload (the preview showing it) could get a 404 and stay broken.
 */
export function picturePath(req: Pick<IncomingMessage, 'method' | 'url'>): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const path = /^\/images\/([^?#]+)/.exec(req.url ?? '')?.[1];
  if (!path) return null;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * The sitewright plugin tells every page to reload when a config file changes (and shows errors in the overlay).
 * The editor's own pages must not reload (the editor would lose unsaved edits, a preview its place). A page says
 * which it is once its scripts run, and a config change can land between its connection and that hello: a client
 * that has not said yet keeps the message it missed, gets it when it says it is a site page, and never gets it
 * when it says it is the editor's.
 */
export function keepReloadsOffEditor(server: Pick<ViteDevServer, 'ws'>): void {
  const kinds = new WeakMap<object, 'editor' | 'page'>();
  const missed = new WeakMap<object, HotPayload>();
  server.ws.on(EDITOR_HELLO, (_data: unknown, client: object) => {
    kinds.set(client, 'editor');
    missed.delete(client);
  });
  server.ws.on(PAGE_HELLO, (_data: unknown, client: { send(payload: HotPayload): void }) => {
    kinds.set(client, 'page');
    const payload = missed.get(client);
    missed.delete(client);
    if (payload) client.send(payload);
  });
  const original = server.ws.send.bind(server.ws) as (...args: unknown[]) => void;
  (server.ws as { send: (...args: unknown[]) => void }).send = (...args: unknown[]) => {
    const payload = args[0] as HotPayload | string;
    if (typeof payload === 'object' && (payload.type === 'full-reload' || payload.type === 'error')) {
      for (const client of server.ws.clients) {
        const kind = kinds.get(client);
        if (kind === 'page') client.send(payload);
        // A reload already owed covers a later error: the reloaded page meets the error itself.
        else if (!kind && missed.get(client)?.type !== 'full-reload') missed.set(client, payload);
      }
      return;
    }
    original(...args);
  };
}
