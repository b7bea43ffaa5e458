/**
 * The editor's HTTP API (issue 19), mounted under /__editor/api/ by the editor's Vite plugin (plugin.ts). Plain
 * Node request/response, so tests can run it on a bare http server. JSON in and out; errors are { message }.
 *
 *   GET  files               pages, FAQ sets, forms, site.json, assets, routes, named destinations, blocks
 *   GET  file?path=…         { path, text, data, hash }
 *   GET  content?path=content/<id>.mdx  { path, hash, doc } the text compiled as the build does | 422/404 { message }
 *   POST check    { files }  { diagnostics } of the project's own checker with those files as an overlay
 *   POST save     { path, data, baseHash }  → { hash, text } | 409 { message, disk } | 422 { message, diagnostics }
 *   POST create   { route, title }          → { path, text, hash } (npm run new-page's scaffold)
 *   POST fragment { kind: 'faq'|'form', id } → { path, text, hash }
 *   GET  events              Server-Sent Events: "change" { path, hash } for every change on disk
 *   GET  changes             { files: [{ path, status, diff }] } since the editor started
 *   page-create, page-links, page-rename, page-duplicate, page-delete: pages-api.ts
 *   POST unsaved  { path, data }  { diff } what saving data would change in the file, as the save writes it
 *
 * Every request passes security.ts first (token, Host, and Origin for writes), unless the back office, which checked
 * it already, hands it on; every path is resolved inside the config folder. Saves write the smallest text change
 * (json-edit.ts) and only what the checker accepts (a draft's save writes anyway and answers the diagnostics).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadProject } from '../../scripts/lib/project.ts';
import type { Diagnostic } from '../../scripts/lib/diagnostics.ts';
import { blockCatalogue } from '../../scripts/lib/catalogue.ts';
import { newFaqSet, newForm, newPage, type ScaffoldResult } from '../../scripts/lib/scaffold.ts';
import { editJsonText } from './json-edit.ts';
import { checkRequest, Refusal, resolveInside, type Guard } from './security.ts';
import { writeAtomic } from '../../scripts/lib/write-atomic.ts';
import { listFiles, sha256 } from './files.ts';
import { changesSince, takeSnapshot, unsavedDiff, type Snapshot } from './changes.ts';
import { watchConfig, type ChangeEvent, type ConfigWatcher } from './watch.ts';
import { resolveSchema } from './schemas.ts';
import { compileForPreview } from './content.ts';
import { pageRoutes } from './pages-api.ts';
import { pictureRoutes } from './assets-api.ts';

export const API_PREFIX = '/__editor/api/';

interface CommonOptions {
  root: string;
  configDir: string;
  env?: Record<string, string | undefined>;
  /** Poll interval of the change watcher (ms). */
  pollMs?: number;
  /** Where the API is mounted; API_PREFIX unless given (the back office's is /admin/pages/api/). */
  prefix?: string;
  /**
   * A person's draft (the back office): `save` writes the file even when the checker finds errors, and answers its
   * diagnostics beside the new hash. A draft may be unfinished; publishing is what must pass the checker.
   */
  draft?: boolean;
}

/** npm run edit: every request passes security.ts (the per-start token, Host, and Origin for writes). */
export interface TokenGuardedOptions extends CommonOptions {
  token: string;
  port: number;
  /** Host names accepted besides 127.0.0.1 and localhost. */
  hosts?: string[];
  checkedBy?: undefined;
}

/**
 * The back office: it has already checked the request (session, role and Origin) before handing it on, so the
 * token and Host checks, which are for a page on 127.0.0.1, do not apply.
 */
export interface CheckedElsewhereOptions extends CommonOptions {
  checkedBy: 'back office';
}

export type EditorApiOptions = TokenGuardedOptions | CheckedElsewhereOptions;

/** A diagnostic as the editor gets it: `file` is inside the config folder ("pages/owner.json") when it is a config file. */
export interface ApiDiagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  fix: string;
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** What the checker's wording was made from (the setting's name, the limit, …), for the editor's own words. */
  args?: Readonly<Record<string, unknown>>;
}

export function toApiDiagnostic(d: Diagnostic): ApiDiagnostic {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    fix: d.suggestion ?? '',
    file: d.file.startsWith('site.config/') ? d.file.slice('site.config/'.length) : d.file,
    line: d.line,
    column: d.column,
    pointer: d.path,
    ...(d.args ? { args: d.args } : {}),
  };
}

export interface EditorApi {
  /** Handles requests under API_PREFIX; anything else goes to `next`. */
  handle(req: IncomingMessage, res: ServerResponse, next?: () => void): Promise<void>;
  /** The snapshot the Changes view compares with (taken at start). */
  snapshot: Snapshot;
  watcher: ConfigWatcher;
  close(): void;
}

const MAX_BODY = 10 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = String(req.headers['content-type'] ?? '');
  if (!type.includes('application/json')) throw new Refusal(415, 'Send the request body as JSON (Content-Type: application/json).');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Refusal(413, 'The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Refusal(400, 'The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

function readIfExists(abs: string): string | undefined {
  return existsSync(abs) ? readFileSync(abs, 'utf8') : undefined;
}

function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Text and data of a file as the API returns them (MDX: the data is the text). */
function fileView(rel: string, text: string) {
  return { path: rel, text, data: rel.endsWith('.mdx') ? text : parseOrNull(text), hash: sha256(text) };
}

const keyOf = (d: Diagnostic) => `${d.file}\0${d.code}\0${d.path}\0${d.message}`;

export function createEditorApi(opts: EditorApiOptions): EditorApi {
  const { root, configDir } = opts;
  const env = opts.env ?? process.env;
  const guard: Guard | null = opts.checkedBy === 'back office' ? null : { token: opts.token, port: opts.port, hosts: opts.hosts };
  const prefix = opts.prefix ?? API_PREFIX;
  const snapshot = takeSnapshot(configDir);
  const streams = new Set<ServerResponse>();
  const broadcast = (e: ChangeEvent) => {
    const frame = `event: change\ndata: ${JSON.stringify(e)}\n\n`;
    for (const s of streams) s.write(frame);
  };
  const watcher = watchConfig(configDir, broadcast, { pollMs: opts.pollMs });
  const heartbeat = setInterval(() => {
    for (const s of streams) s.write(': keep-alive\n\n');
  }, 15000);
  heartbeat.unref?.();

  /** The text each file would have after a save of `data`. */
  const prepare = (files: unknown): { overlay: Record<string, string>; abs: Record<string, string> } => {
    if (!files || typeof files !== 'object' || Array.isArray(files)) throw new Refusal(400, '"files" must be an object of { path: data }.');
    const overlay: Record<string, string> = {};
    const abs: Record<string, string> = {};
    for (const [path, data] of Object.entries(files as Record<string, unknown>)) {
      const r = resolveInside(configDir, path, { write: true });
      if (r.rel.endsWith('.mdx')) {
        if (typeof data !== 'string') throw new Refusal(400, `The content of ${r.rel} must be text.`);
        overlay[r.rel] = data;
      } else {
        if (data === undefined) throw new Refusal(400, `No data for ${r.rel}.`);
        overlay[r.rel] = editJsonText(readIfExists(r.abs), data);
      }
      abs[r.rel] = r.abs;
    }
    return { overlay, abs };
  };

  const check = (overlay: Record<string, string>) => loadProject(root, env, { configDir, overlay }).diagnostics;

  /** Errors that keep a save from being written: any in the saved files, and any new elsewhere (e.g. a link the change breaks). */
  const blocking = (diagnostics: Diagnostic[], saved: string[]): Diagnostic[] => {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const mine = new Set(saved.map((s) => `site.config/${s}`));
    const elsewhere = errors.filter((d) => !mine.has(d.file));
    if (elsewhere.length === 0) return errors;
    const before = new Set(check({}).map(keyOf));
    return errors.filter((d) => mine.has(d.file) || !before.has(keyOf(d)));
  };

  const scaffolded = (result: ScaffoldResult, res: ServerResponse) => {
    if (result.ok) {
      const rel = result.file.slice('site.config/'.length);
      return send(res, 200, fileView(rel, readFileSync(result.path, 'utf8')));
    }
    const message = result.lines.map((l) => l.replace(/^\s*✗\s*/, '')).join('\n');
    if (result.diagnostics.length > 0) return send(res, 422, { message, diagnostics: result.diagnostics.map(toApiDiagnostic) });
    return send(res, /already|is a redirect/.test(message) ? 409 : 400, { message });
  };

  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void> = {
    'GET files': (_req, res) => {
      const list = (dir: string, ext: string) => listFiles(join(configDir, dir)).filter((f) => !f.includes('/') && f.endsWith(ext));
      const pages = list('pages', '.json').map((f) => {
        const path = `pages/${f}`;
        const v = parseOrNull(readFileSync(join(configDir, path), 'utf8')) as { route?: unknown; title?: unknown } | null;
        return { path, route: typeof v?.route === 'string' ? v.route : null, title: typeof v?.title === 'string' ? v.title : null };
      });
      const fragments = (dir: string) => list(dir, '.json').map((f) => ({ path: `${dir}/${f}`, id: f.replace(/\.json$/, '') }));
      const site = parseOrNull(readIfExists(join(configDir, 'site.json')) ?? '') as { authSite?: { paths?: object }; destinations?: object } | null;
      const destinations = ['auth', ...Object.keys(site?.authSite?.paths ?? {}), ...Object.keys(site?.destinations ?? {})].map((d) => `@${d}`);
      const assets = listFiles(join(configDir, 'assets'))
        .filter((f) => /\.(svg|webp|avif|png|jpg|jpeg)$/.test(f))
        .map((f) => `/${f}`);
      const blocks = blockCatalogue(root).map((b) => ({
        type: b.type,
        title: b.schema.title ?? b.type,
        description: b.schema.description ?? '',
        schema: resolveSchema(root, `blocks/${b.type}.schema.json`),
        example: b.example,
      }));
      const schemas = Object.fromEntries(
        (
          [
            ['page', 'page.schema.json'],
            ['site', 'site.schema.json'],
            ['faqSet', 'faq-set.schema.json'],
            ['form', 'form.schema.json'],
          ] as const
        )
          .filter(([, f]) => existsSync(join(root, 'schemas', f)))
          .map(([k, f]) => [k, resolveSchema(root, f)]),
      );
      send(res, 200, {
        pages,
        faqs: fragments('faqs'),
        forms: fragments('forms'),
        content: list('content', '.mdx').map((f) => ({ path: `content/${f}`, id: f.replace(/\.mdx$/, '') })),
        site: { path: 'site.json' },
        assets,
        routes: [...new Set(pages.map((p) => p.route).filter((r): r is string => r !== null))].sort(),
        destinations,
        blocks,
        schemas,
      });
    },
    'GET file': (_req, res, url) => {
      const { abs, rel } = resolveInside(configDir, url.searchParams.get('path') ?? '', { write: true });
      const text = readIfExists(abs);
      if (text === undefined) return send(res, 404, { message: `There is no file ${rel}.` });
      send(res, 200, fileView(rel, text));
    },
    'GET content': async (_req, res, url) => {
      const { abs, rel } = resolveInside(configDir, url.searchParams.get('path') ?? '', { write: true });
      const result = await compileForPreview(configDir, rel, readIfExists(abs));
      if (result.ok) return send(res, 200, { path: result.path, hash: result.hash, doc: result.doc });
      send(res, result.status, { path: result.path, hash: result.hash, message: result.message });
    },
    'POST check': async (req, res) => {
      const body = await readBody(req);
      const { overlay } = prepare(body.files);
      send(res, 200, { diagnostics: check(overlay).map(toApiDiagnostic) });
    },
    'POST save': async (req, res) => {
      const body = await readBody(req);
      const { abs, rel } = resolveInside(configDir, body.path, { write: true });
      const disk = readIfExists(abs);
      const base = typeof body.baseHash === 'string' && body.baseHash ? body.baseHash : null;
      if (disk !== undefined && sha256(disk) !== base) {
        return send(res, 409, {
          message: base
            ? `${rel} was changed on disk since it was opened. Choose which version to keep.`
            : `${rel} already exists on disk. Open it before saving over it.`,
          disk: fileView(rel, disk),
        });
      }
      if (disk === undefined && base) {
        return send(res, 409, { message: `${rel} was deleted on disk since it was opened.`, disk: { path: rel, text: null, data: null, hash: null } });
      }
      const { overlay } = prepare({ [rel]: body.data });
      const diagnostics = check(overlay);
      const stop = blocking(diagnostics, [rel]);
      if (stop.length > 0 && !opts.draft) {
        return send(res, 422, {
          message: `Not saved: ${stop.length} error${stop.length > 1 ? 's' : ''} to fix first (${stop
            .slice(0, 3)
            .map((d) => d.message)
            .join(' ')}${stop.length > 3 ? ' …' : ''})`,
          diagnostics: diagnostics.map(toApiDiagnostic),
        });
      }
      const text = overlay[rel];
      if (text !== disk) {
        writeAtomic(abs, text);
        watcher.scan();
      }
      send(res, 200, { path: rel, hash: sha256(text), text, ...(opts.draft ? { diagnostics: diagnostics.map(toApiDiagnostic) } : {}) });
    },
    'POST create': async (req, res) => {
      const body = await readBody(req);
      if (typeof body.route !== 'string') throw new Refusal(400, 'A route is required, e.g. "/partners".');
      const title = typeof body.title === 'string' && body.title.trim() ? body.title.trim() : undefined;
      const result = newPage({ root, configDir, route: body.route, title });
      if (result.ok) watcher.scan();
      scaffolded(result, res);
    },
    'POST fragment': async (req, res) => {
      const body = await readBody(req);
      if (typeof body.id !== 'string') throw new Refusal(400, 'A name ("id") is required, e.g. "partners".');
      let result: ScaffoldResult;
      if (body.kind === 'faq') result = newFaqSet({ root, configDir, id: body.id });
      else if (body.kind === 'form') result = newForm({ root, configDir, id: body.id });
      else throw new Refusal(400, '"kind" must be "faq" or "form".');
      if (result.ok) watcher.scan();
      scaffolded(result, res);
    },
    'GET events': (req, res) => {
      res.statusCode = 200;
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Connection', 'keep-alive');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders?.();
      res.write('retry: 1000\n: connected\n\n');
      streams.add(res);
      req.on('close', () => streams.delete(res));
    },
    'POST unsaved': async (req, res) => {
      const body = await readBody(req);
      const { abs, rel } = resolveInside(configDir, body.path, { write: true });
      send(res, 200, { path: rel, diff: unsavedDiff(rel, readIfExists(abs), body.data) });
    },
    'GET changes': (_req, res) => {
      send(res, 200, { files: changesSince(snapshot, configDir) });
    },
    ...pageRoutes({ root, configDir, env, watcher, send, readBody }),
    ...pictureRoutes({ configDir, rescan: () => watcher.scan() }),
  };

  return {
    snapshot,
    watcher,
    async handle(req, res, next) {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (!url.pathname.startsWith(prefix)) return next ? next() : send(res, 404, { message: 'Not found.' });
      const name = url.pathname.slice(prefix.length);
      try {
        const refused = guard && checkRequest(req, guard, { queryToken: name === 'events' });
        if (refused) throw refused;
        const method = (req.method ?? 'GET').toUpperCase() === 'HEAD' ? 'GET' : (req.method ?? 'GET').toUpperCase();
        const route = routes[`${method} ${name}`];
        if (!route) {
          const other = Object.keys(routes).find((k) => k.endsWith(` ${name}`));
          throw new Refusal(other ? 405 : 404, other ? `Use ${other.split(' ')[0]} for ${name}.` : `There is no editor API "${name}".`);
        }
        await route(req, res, url);
      } catch (err) {
        if (res.headersSent) return void res.end();
        if (err instanceof Refusal) return send(res, err.status, { message: err.message });
        send(res, 500, { message: `The editor could not do this: ${err instanceof Error ? err.message : String(err)}` });
      }
    },
    close() {
      watcher.close();
      clearInterval(heartbeat);
      for (const s of streams) s.end();
      streams.clear();
    },
  };
}
