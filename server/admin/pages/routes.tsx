/**
 * The editor in the back office, at /admin/pages/: its production build (dist-editor/, scripts/build-editor.ts) for
 * editors and owners, and its API at /admin/pages/api/<name> working on the signed-in person's draft. The API is the
 * one npm run edit uses (editor/server/api.ts), told the back office has checked the request (session, role, Origin)
 * and that saves go to a draft; beside it, the draft's own endpoints: publish, discard, and preview links.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { createEditorApi, type EditorApi } from '../../../editor/server/api.ts';
import { handleWebRequest } from '../../../editor/server/web.ts';
import { isBuildFile } from '../../../scripts/lib/cdn-rules.ts';
import { encodedFile } from '../../encoded-file.ts';
import type { Author, Publishing, Resolutions } from '../../publish/types.ts';
import { audit } from '../audit.ts';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import type { SignedIn } from '../sessions.ts';

export const EDITOR_PATH = '/admin/pages/';
export const EDITOR_API = '/admin/pages/api/';
export const NOT_BUILT = 'The editor is not built yet: run npm run build.';

/**
 * The editor's own page: scripts and styles are the build's files only. Its styles are files too, but the React
 * screens it uses set style attributes at run time, which style-src does not govern (they go through the CSSOM). It
 * frames only its own previews and nothing may frame it.
 */
export const EDITOR_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // blob: a picture chosen for upload is shown before it is sent.
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The previews (page and form) render the site's own blocks, which need what the live site's policy gives them
 * (scripts/lib/deploy-files.ts): inline styles, set by the carousel, toast and player libraries and by the preview's
 * own outline rules. Only the editor, on this origin, may frame them; nothing in them is a form to send.
 */
export const PREVIEW_CSP = [
  "default-src 'self'",
  // The preview checks each section against its block's schema with ajv, which compiles a schema into a function:
  // without 'unsafe-eval' the check is silently off, and a half-filled section is not kept as it last looked. The
  // schemas are the project's own files; nothing typed into a field is ever compiled.
  "script-src 'self' 'unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "media-src 'self'",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
};

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The editor's page with the tags that put it in draft mode on this API, for this person. */
export function editorPageHtml(html: string, userName: string): string {
  const tags = [
    `<meta name="sitewright-editor-api" content="${EDITOR_API}" />`,
    '<meta name="sitewright-editor-mode" content="draft" />',
    `<meta name="sitewright-editor-user" content="${escapeAttr(userName)}" />`,
    '<meta name="robots" content="noindex, nofollow" />',
  ].join('\n    ');
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  if (charset) return `${html.slice(0, charset.index + charset[0].length)}\n    ${tags}${html.slice(charset.index + charset[0].length)}`;
  return html.replace(/<head[^>]*>/i, (m) => `${m}\n    ${tags}`);
}

/**
 * The file of the editor's build a path under /admin/pages/ names, or null: only plain names (no `..`, no
 * backslash, no NUL, nothing hidden, no compressed copy), inside the build folder also after following links, and only
 * files.
 */
export function buildFile(editorDir: string, rel: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rel);
  } catch {
    return null;
  }
  const parts = path.split('/');
  if (path.includes('\\') || path.includes('\0') || parts.some((p) => p === '' || p === '.' || p === '..' || p.startsWith('.'))) return null;
  if (isBuildFile(`/${path}`)) return null;
  const file = join(editorDir, ...parts);
  try {
    const real = realpathSync(file);
    const base = realpathSync(editorDir);
    if (!real.startsWith(base + sep) || !statSync(real).isFile()) return null;
    return real;
  } catch {
    return null;
  }
}

/** Who a commit is by: the person's name (their email when they gave none) and email. */
export const authorOf = (who: SignedIn): Author => ({ name: who.staff.name.trim() || who.staff.email, email: who.staff.email });

interface Apis {
  get(staffId: string): Promise<EditorApi>;
  close(): void;
}

/** One editor API per person, on their draft, kept while the service runs. */
function editorApis(publishing: Publishing): Apis {
  const apis = new Map<string, Promise<EditorApi>>();
  return {
    get(staffId) {
      let api = apis.get(staffId);
      if (!api) {
        api = publishing.publisher
          .draft(staffId)
          .then((draft) => createEditorApi({ root: publishing.root, configDir: draft.configDir, checkedBy: 'back office', prefix: EDITOR_API, draft: true }));
        // A draft that could not be made is tried again on the next request.
        api.catch(() => apis.delete(staffId));
        apis.set(staffId, api);
      }
      return api;
    },
    close() {
      for (const api of apis.values()) void api.then((a) => a.close()).catch(() => undefined);
      apis.clear();
    },
  };
}

const closers = new WeakMap<Publishing, () => void>();

/** Ends the people's editor APIs (their file watchers and event streams) when the service closes. */
export function closeEditorApis(publishing: Publishing | undefined): void {
  if (publishing) closers.get(publishing)?.();
}

const jsonRefusal = (c: BackOfficeContext, status: 403, message: string) => c.json({ message }, status);

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (!(c.req.header('content-type') ?? '').includes('application/json')) return {};
  const body: unknown = await c.req.json().catch(() => ({}));
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Resolutions as the person sent them: only "mine" or "theirs" per conflict key. */
function resolutionsOf(value: unknown): Resolutions | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Resolutions = {};
  for (const [key, choice] of Object.entries(value)) if (choice === 'mine' || choice === 'theirs') out[key] = choice;
  return out;
}

export function registerPages(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const publishing = o.publishing;
  const editorOnly = needs('pages.edit', refusalPage);

  const offPage = (c: BackOfficeContext) =>
    renderPage(
      c,
      <Page title="Pages" signedIn={c.get('signedIn')} current="/admin/pages">
        <p>Publishing from the browser is off on this server, so pages cannot be edited here.</p>
        <p>{o.publishingOff ?? 'The service started without it.'}</p>
        <p>Until it is on, pages are edited with npm run edit on a computer with the site's files.</p>
      </Page>,
      503,
    );

  const notBuiltPage = (c: BackOfficeContext) =>
    renderPage(
      c,
      <Page title="Pages" signedIn={c.get('signedIn')} current="/admin/pages">
        <p>{NOT_BUILT}</p>
      </Page>,
      503,
    );

  const editorPage = (c: BackOfficeContext) => {
    if (!publishing) return offPage(c);
    const file = join(publishing.editorDir, 'editor', 'index.html');
    if (!existsSync(file)) return notBuiltPage(c);
    const who = c.get('signedIn')!;
    c.header('Content-Security-Policy', EDITOR_CSP);
    return c.html(editorPageHtml(readFileSync(file, 'utf8'), who.staff.name.trim() || who.staff.email));
  };

  app.get('/admin/pages', editorOnly, editorPage);

  // The API: JSON refusals (needs answers 401 in JSON here, as for /admin/api/), rights checked per request.
  const api = (path: string) => `${EDITOR_API}${path}`;
  const apiEdit = needs('pages.edit', jsonRefusal);
  const apiPublish = needs('pages.publish', jsonRefusal);
  const off = (c: BackOfficeContext) => c.json({ message: 'Publishing from the browser is off on this server.' }, 503);

  if (!publishing) {
    app.all(`${EDITOR_API}*`, apiEdit, off);
  } else {
    const { publisher, previews } = publishing;
    const apis = editorApis(publishing);
    closers.set(publishing, apis.close);
    const staffOf = (c: BackOfficeContext) => c.get('signedIn')!;

    app.get(api('draft'), apiEdit, async (c) => {
      const d = await publisher.draft(staffOf(c).staff.id);
      return c.json({ base: d.base, changes: d.changes, ...(d.rebased ? { rebased: d.rebased } : {}), behind: d.behind });
    });
    app.post(api('draft/seen'), apiEdit, async (c) => {
      await publisher.seenRebase(staffOf(c).staff.id);
      return c.body(null, 204);
    });
    app.post(api('publish'), apiPublish, async (c) => {
      const who = staffOf(c);
      const body = await jsonBody(c);
      const outcome = await publisher.publish(who.staff.id, authorOf(who), resolutionsOf(body.resolutions));
      if (outcome.ok) {
        await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'publish', detail: { commit: outcome.commit, message: outcome.message } });
        return c.json({ commit: outcome.commit, message: outcome.message, files: outcome.files });
      }
      switch (outcome.kind) {
        case 'conflict':
          return c.json({ kind: outcome.kind, message: outcome.message, conflicts: outcome.conflicts }, 409);
        case 'nothing':
          return c.json({ kind: outcome.kind, message: outcome.message }, 409);
        case 'invalid':
          return c.json({ kind: outcome.kind, message: outcome.message, diagnostics: outcome.diagnostics }, 422);
        case 'build':
          return c.json({ kind: outcome.kind, message: outcome.message }, 422);
        case 'remote':
          return c.json({ kind: outcome.kind, message: outcome.message }, 502);
      }
    });
    app.post(api('discard'), apiEdit, async (c) => {
      const who = staffOf(c);
      const { undo } = await publisher.discard(who.staff.id);
      await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'draft-discarded' });
      return c.json({ undo });
    });
    app.post(api('discard/undo'), apiEdit, async (c) => {
      const body = await jsonBody(c);
      if (typeof body.undo !== 'string' || !body.undo) return c.json({ message: 'Say which discarded draft to bring back ("undo").' }, 400);
      const back = await publisher.undoDiscard(staffOf(c).staff.id, body.undo);
      return back ? c.body(null, 204) : c.json({ message: 'That discarded draft is no longer kept, so it cannot be brought back.' }, 404);
    });
    app.get(api('previews'), apiEdit, async (c) => {
      const who = staffOf(c);
      return c.json({ links: await previews.list(who.staff.id, who.staff.role === 'owner') });
    });
    app.post(api('previews'), apiEdit, async (c) => {
      const who = staffOf(c);
      const shared = await previews.share(who.staff.id, c.get('origin'));
      if (!shared.ok) return c.json({ message: shared.message, ...(shared.diagnostics ? { diagnostics: shared.diagnostics } : {}) }, 422);
      await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'preview-shared', subject: shared.link.id });
      return c.json({ link: shared.link }, 201);
    });
    app.post(api('previews/revoke'), apiEdit, async (c) => {
      const who = staffOf(c);
      const body = await jsonBody(c);
      if (typeof body.id !== 'string' || !body.id) return c.json({ message: 'Say which preview link to revoke ("id").' }, 400);
      // An owner may revoke anyone's link (they see everyone's); others only their own.
      const done = await previews.revoke(who.staff.id, body.id, who.staff.role === 'owner');
      if (!done) return c.json({ message: 'There is no such preview link of yours.' }, 404);
      await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'preview-revoked', subject: body.id });
      return c.body(null, 204);
    });

    // Everything else is the editor's own API, on this person's draft.
    app.all(`${EDITOR_API}*`, apiEdit, async (c) => {
      const editor = await apis.get(staffOf(c).staff.id);
      return handleWebRequest((req, res) => editor.handle(req, res), c.req.raw);
    });
  }

  // The build's files: hashed assets kept for a year (their name changes with their content), pages never.
  app.get(`${EDITOR_PATH}*`, editorOnly, (c) => {
    if (!publishing) return offPage(c);
    const rel = c.req.path.slice(EDITOR_PATH.length);
    if (rel === '' || rel === 'editor/index.html') return editorPage(c);
    const file = buildFile(publishing.editorDir, rel);
    if (!file) return existsSync(publishing.editorDir) ? refusalPage(c, 404, 'There is no page at this address.') : notBuiltPage(c);
    const ext = extname(file);
    const headers: Record<string, string> = { 'Content-Type': TYPES[ext] ?? 'application/octet-stream' };
    if (ext === '.html') {
      c.header('Content-Security-Policy', PREVIEW_CSP);
      c.header('X-Frame-Options', 'SAMEORIGIN');
    } else if (rel.startsWith('assets/')) {
      headers['Cache-Control'] = 'private, max-age=31536000, immutable';
    }
    // The build's brotli or gzip copy where the browser takes one: the editor is megabytes of script uncompressed.
    const sent = encodedFile(file, c.req.header('accept-encoding'));
    if (sent.varies) headers['Vary'] = 'Accept-Encoding';
    if (sent.coding) headers['Content-Encoding'] = sent.coding;
    return c.body(readFileSync(sent.path), 200, headers);
  });
}
