// @vitest-environment node
/**
 * The editor in the back office (/admin/pages): its page and build files, its API on each person's draft, and the
 * draft's endpoints, with a fake Publishing (drafts are copies of site.config/ in a temporary folder), on each
 * database. Every refusal has its test.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../../db.ts';
import type { Author, DraftStatus, PreviewLink, Publisher, PreviewLinks, Publishing, PublishOutcome, Resolutions } from '../../publish/types.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import type { BackOfficeOptions } from '../context.ts';
import { listAudit } from '../audit.ts';
import { addStaff, signedInCookie } from '../testing.ts';
import { createSession, sessionCookieName } from '../sessions.ts';
import { closeEditorApis, EDITOR_CSP, NOT_BUILT, PREVIEW_CSP, buildFile, editorPageHtml } from './routes.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const root = join(import.meta.dirname, '..', '..', '..');
/** A bundle big enough for its compressed copies to be a fraction of it. */
const BUNDLE = `export const parts = [${Array.from({ length: 400 }, (_, i) => `"part ${i % 7}"`).join(', ')}];\n`;
const BASE = 'http://localhost';

interface Calls {
  publish: { staffId: string; author: Author; resolutions?: Resolutions }[];
  discard: string[];
  seen: string[];
  revoke: { staffId: string; id: string; any: boolean }[];
  list: { staffId: string; all: boolean }[];
  share: { staffId: string; origin: string }[];
}

function fakePublishing(home: string, editorDir: string) {
  const calls: Calls = { publish: [], discard: [], seen: [], revoke: [], list: [], share: [] };
  const state: { outcome: PublishOutcome; share: Awaited<ReturnType<PreviewLinks['share']>> } = {
    outcome: { ok: false, kind: 'nothing', message: 'Your draft has no changes to publish.' },
    share: { ok: false, message: 'The draft has problems.' },
  };
  const configDir = (staffId: string) => join(home, 'drafts', staffId, 'site.config');
  const publisher: Publisher = {
    async draft(staffId): Promise<DraftStatus> {
      if (!existsSync(configDir(staffId))) cpSync(join(root, 'site.config'), configDir(staffId), { recursive: true });
      return {
        configDir: configDir(staffId),
        base: 'abc123',
        changes: [],
        behind: false,
        rebased: { onto: 'def456', by: 'Olga', message: 'Home page: hero heading changed', at: '2026-01-01T00:00:00Z' },
      };
    },
    async seenRebase(staffId) {
      calls.seen.push(staffId);
    },
    async discard(staffId) {
      calls.discard.push(staffId);
      return { undo: 'undo-1' };
    },
    async undoDiscard(_staffId, undo) {
      return undo === 'undo-1';
    },
    async publish(staffId, author, resolutions) {
      calls.publish.push({ staffId, author, resolutions });
      return state.outcome;
    },
    async history() {
      return [];
    },
    async entry() {
      return null;
    },
    async undo() {
      return { ok: false, kind: 'nothing', message: 'Nothing to undo.' };
    },
    async buildDraft() {
      return { ok: true };
    },
    live: { dir: () => null, onChange: () => () => undefined },
    async refresh() {},
    async close() {},
  };
  const link: PreviewLink = { id: 'p1', createdAt: '2026-01-01T00:00:00Z', expiresAt: '2026-01-08T00:00:00Z', revokedAt: null, sharedBy: 'Eve' };
  const previews: PreviewLinks = {
    async share(staffId, origin) {
      calls.share.push({ staffId, origin });
      return state.share;
    },
    async list(staffId, all) {
      calls.list.push({ staffId, all });
      return [link];
    },
    async revoke(staffId, id, any) {
      calls.revoke.push({ staffId, id, any });
      return id === 'p1';
    },
    async resolve() {
      return null;
    },
  };
  const publishing: Publishing = { publisher, previews, editorDir, root };
  return { publishing, calls, state, configDir };
}

describe('editorPageHtml and buildFile', () => {
  it('puts the draft-mode tags after <meta charset>, the name escaped', () => {
    const html = editorPageHtml('<html><head><meta charset="utf-8" /><title>x</title></head></html>', 'Eve "<script>');
    expect(html).toMatch(/<meta charset="utf-8" \/>\s*<meta name="sitewright-editor-api" content="\/admin\/pages\/api\/" \/>/);
    expect(html).toContain('<meta name="sitewright-editor-mode" content="draft" />');
    expect(html).toContain('<meta name="sitewright-editor-user" content="Eve &quot;&lt;script&gt;" />');
    expect(html).not.toContain('<script>');
  });

  it('names only files inside the build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-build-file-'));
    const build = join(dir, 'dist-editor');
    mkdirSync(join(build, 'assets'), { recursive: true });
    writeFileSync(join(build, 'assets', 'a-1.js'), 'x');
    writeFileSync(join(build, 'assets', 'a-1.js.br'), 'x');
    writeFileSync(join(build, 'assets', 'a-1.js.gz'), 'x');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    symlinkSync(join(dir, 'secret.txt'), join(build, 'assets', 'link.js'));
    expect(buildFile(build, 'assets/a-1.js')).toBe(join(build, 'assets', 'a-1.js'));
    for (const bad of [
      '../secret.txt',
      '..%2fsecret.txt',
      'assets/../../secret.txt',
      'assets/link.js',
      'assets',
      '',
      'assets//a-1.js',
      'assets/a-1.js.br',
      'assets/a-1.js.gz',
      '.vite/x',
      'a\\b',
      '%E0%A4%A',
      'x%00',
    ])
      expect(buildFile(build, bad), bad).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(backends())('the editor at /admin/pages on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let dir: string;
  let editorDir: string;
  let fake: ReturnType<typeof fakePublishing>;
  const opened: Publishing[] = [];

  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
    dir = mkdtempSync(join(tmpdir(), 'sw-admin-pages-'));
    editorDir = join(dir, 'dist-editor');
    mkdirSync(join(editorDir, 'editor'), { recursive: true });
    mkdirSync(join(editorDir, 'assets'), { recursive: true });
    writeFileSync(
      join(editorDir, 'editor', 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Sitewright editor</title><script type="module" src="/admin/pages/assets/index-abc.js"></script></head><body><div id="editor"></div></body></html>',
    );
    writeFileSync(join(editorDir, 'editor', 'preview.html'), '<!doctype html><html><head><title>Page preview</title></head><body></body></html>');
    writeFileSync(join(editorDir, 'assets', 'index-abc.js'), 'console.log(1)');
    // A bundle as the editor's build leaves it: with its brotli and gzip copies beside it.
    writeFileSync(join(editorDir, 'assets', 'editor-abc.js'), BUNDLE);
    writeFileSync(join(editorDir, 'assets', 'editor-abc.js.br'), brotliCompressSync(BUNDLE));
    writeFileSync(join(editorDir, 'assets', 'editor-abc.js.gz'), gzipSync(BUNDLE));
    writeFileSync(join(dir, 'package.json'), '{"secret": true}');
  });
  afterAll(async () => {
    for (const p of opened) closeEditorApis(p);
    await dispose();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(db);
    fake = fakePublishing(join(dir, 'home'), editorDir);
    opened.push(fake.publishing);
  });

  const app = (o: Partial<BackOfficeOptions> = {}) =>
    createBackOffice({ db, hashSecret: 'test-secret', forms: new Map(), peerAddress: () => '203.0.113.9', publishing: fake.publishing, ...o });
  const get = (a: ReturnType<typeof app>, path: string, cookie?: string) => a.request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
  const post = (a: ReturnType<typeof app>, path: string, body: unknown, headers: Record<string, string> = {}) =>
    a.request(`${BASE}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { origin: BASE, 'content-type': 'application/json', ...headers } });
  const actions = async () => (await listAudit(db, { pageSize: 100 })).rows.map((r) => ({ action: r.action, detail: r.detail, subject: r.subject }));

  describe('refusals', () => {
    it('signed out: the page and its files go to sign-in (303), the API answers 401 JSON', async () => {
      const a = app();
      for (const path of ['/admin/pages', '/admin/pages/', '/admin/pages/assets/index-abc.js', '/admin/pages/editor/preview.html']) {
        const res = await get(a, path);
        expect(res.status, path).toBe(303);
        expect(res.headers.get('location')).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
      }
      for (const path of ['files', 'file?path=pages/home.json', 'draft', 'previews']) {
        const res = await get(a, `/admin/pages/api/${path}`);
        expect(res.status, path).toBe(401);
        expect(await res.json()).toEqual({ message: 'Sign in to use the back office.' });
      }
      for (const path of ['publish', 'discard', 'previews', 'save']) expect((await post(a, `/admin/pages/api/${path}`, {})).status, path).toBe(401);
      expect(fake.calls.publish).toHaveLength(0);
    });

    it('sales: 403 on the page, its files, the API, publish and previews; nothing is done', async () => {
      const { cookie } = await signedInCookie(db, 'sales');
      const a = app();
      for (const path of ['/admin/pages', '/admin/pages/assets/index-abc.js', '/admin/pages/editor/preview.html']) {
        const res = await get(a, path, cookie);
        expect(res.status, path).toBe(403);
        expect(await res.text()).toContain('Your role does not allow this.');
      }
      for (const path of ['files', 'draft', 'previews']) {
        const res = await get(a, `/admin/pages/api/${path}`, cookie);
        expect(res.status, path).toBe(403);
        expect(await res.json()).toEqual({ message: 'Your role does not allow this. Ask an owner if you need it.' });
      }
      for (const path of ['publish', 'previews', 'previews/revoke', 'discard', 'discard/undo', 'draft/seen', 'save'])
        expect((await post(a, `/admin/pages/api/${path}`, { id: 'p1', undo: 'undo-1' }, { cookie })).status, path).toBe(403);
      expect(fake.calls).toEqual({ publish: [], discard: [], seen: [], revoke: [], list: [], share: [] });
      expect(existsSync(join(dir, 'home', 'drafts'))).toBe(false);
    });

    it('refuses a cross-origin POST (403 JSON) before anything is done', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      for (const path of ['publish', 'save', 'discard', 'previews']) {
        const res = await post(a, `/admin/pages/api/${path}`, {}, { cookie, origin: 'https://evil.example' });
        expect(res.status, path).toBe(403);
        expect(((await res.json()) as { message: string }).message).toMatch(/came from another site/);
      }
      const none = await a.request(`${BASE}/admin/pages/api/publish`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
      expect(none.status).toBe(403);
      expect(fake.calls.publish).toHaveLength(0);
      expect(fake.calls.discard).toHaveLength(0);
    });

    it('answers 404 for a path outside the build, or not in it', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      for (const path of [
        '/admin/pages/..%2f..%2fpackage.json',
        '/admin/pages/%2e%2e/package.json',
        '/admin/pages/assets/%2e%2e%2f%2e%2e%2fpackage.json',
        '/admin/pages/assets/nothing.js',
        '/admin/pages/assets',
      ])
        expect((await get(a, path, cookie)).status, path).toBe(404);
    });

    it("leaves path checks to the editor API's own: a file outside the draft is refused", async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      const res = await get(a, `/admin/pages/api/file?path=${encodeURIComponent('../../x')}`, cookie);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/leaves the config folder/);
      expect((await post(a, '/admin/pages/api/save', { path: '../site.json', data: {} }, { cookie })).status).toBe(403);
      expect((await get(a, '/admin/pages/api/nothing-here', cookie)).status).toBe(404);
    });

    it('editors may not revoke or list other people’s links as an owner does', async () => {
      const { cookie, staff } = await signedInCookie(db, 'editor');
      const a = app();
      expect((await get(a, '/admin/pages/api/previews', cookie)).status).toBe(200);
      expect((await post(a, '/admin/pages/api/previews/revoke', { id: 'p2' }, { cookie })).status).toBe(404);
      expect(fake.calls.list).toEqual([{ staffId: staff.id, all: false }]);
      expect(fake.calls.revoke).toEqual([{ staffId: staff.id, id: 'p2', any: false }]);
      expect(await actions()).toEqual([]);
    });
  });

  describe('the page and its files', () => {
    it("serves the editor's page with the draft-mode tags, its own CSP and no caching", async () => {
      const owner = await addStaff(db, 'owner', 'olga@buildpad.example', 'Olga Owner');
      const cookie = `${sessionCookieName(false)}=${await createSession(db, owner.id)}`;
      for (const path of ['/admin/pages', '/admin/pages/', '/admin/pages/editor/index.html']) {
        const res = await get(app(), path, cookie);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('content-security-policy')).toBe(EDITOR_CSP);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        const html = await res.text();
        expect(html).toContain('<meta name="sitewright-editor-api" content="/admin/pages/api/" />');
        expect(html).toContain('<meta name="sitewright-editor-mode" content="draft" />');
        expect(html).toContain('<meta name="sitewright-editor-user" content="Olga Owner" />');
      }
      expect(EDITOR_CSP).toContain("frame-src 'self'");
      expect(EDITOR_CSP).toContain("frame-ancestors 'none'");
      expect(EDITOR_CSP).not.toContain('unsafe');
    });

    it('hashed assets are cached for good; the preview page is not, and only this origin may frame it', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      const js = await get(a, '/admin/pages/assets/index-abc.js', cookie);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(js.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(await js.text()).toBe('console.log(1)');
      const preview = await get(a, '/admin/pages/editor/preview.html', cookie);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('cache-control')).toBe('no-store');
      expect(preview.headers.get('content-security-policy')).toBe(PREVIEW_CSP);
      expect(PREVIEW_CSP).toContain("frame-ancestors 'self'");
      expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    });

    it("the build's files go compressed to a browser that takes it: brotli, else gzip, else as they are", async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      const asset = (acceptEncoding: string | null) =>
        a.request(`${BASE}/admin/pages/assets/editor-abc.js`, {
          headers: { cookie, ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }) },
        });
      for (const [accepts, coding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip, deflate', 'gzip'],
        ['br;q=0, gzip', 'gzip'],
        ['identity', null],
        [null, null],
      ] as const) {
        const res = await asset(accepts);
        expect(res.status, String(accepts)).toBe(200);
        expect(res.headers.get('content-encoding'), String(accepts)).toBe(coding);
        expect(res.headers.get('vary'), String(accepts)).toBe('Accept-Encoding');
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
        const bytes = Buffer.from(await res.arrayBuffer());
        const text = coding === 'br' ? brotliDecompressSync(bytes) : coding === 'gzip' ? gunzipSync(bytes) : bytes;
        expect(text.toString('utf8'), String(accepts)).toBe(BUNDLE);
        if (coding) expect(bytes.length).toBeLessThan(BUNDLE.length / 10);
      }
      // The copies have no address of their own.
      for (const copy of ['editor-abc.js.br', 'editor-abc.js.gz']) expect((await get(a, `/admin/pages/assets/${copy}`, cookie)).status, copy).toBe(404);
      // A file without copies is sent as it is, and does not vary.
      const plain = await a.request(`${BASE}/admin/pages/assets/index-abc.js`, { headers: { cookie, 'accept-encoding': 'br, gzip' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBeNull();
      expect(await plain.text()).toBe('console.log(1)');
    });

    it('says the editor is not built yet when dist-editor/ is missing', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      fake.publishing.editorDir = join(dir, 'no-such-build');
      for (const path of ['/admin/pages', '/admin/pages/assets/index-abc.js']) {
        const res = await get(app(), path, cookie);
        expect(res.status, path).toBe(503);
        expect(await res.text()).toContain(NOT_BUILT);
      }
    });

    it('says publishing is off, and why, when the service has none', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app({ publishing: undefined, publishingOff: 'It could not start: the repository could not be cloned.' });
      const res = await get(a, '/admin/pages', cookie);
      expect(res.status).toBe(503);
      const html = await res.text();
      expect(html).toContain('Publishing from the browser is off on this server');
      expect(html).toContain('It could not start: the repository could not be cloned.');
      const api = await get(a, '/admin/pages/api/files', cookie);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ message: 'Publishing from the browser is off on this server.' });
      expect((await get(a, '/admin/pages/api/files')).status).toBe(401);
    });
  });

  describe("the API on each person's draft", () => {
    it("each person's saves go to their own draft, even with errors, answering the diagnostics", async () => {
      const eve = await signedInCookie(db, 'editor');
      const olga = await signedInCookie(db, 'owner');
      const a = app();
      const file = (await (await get(a, '/admin/pages/api/file?path=pages/owner.json', eve.cookie)).json()) as { text: string; hash: string };
      const data = JSON.parse(file.text) as { route: string };
      data.route = 'no slash';
      const saved = await post(a, '/admin/pages/api/save', { path: 'pages/owner.json', data, baseHash: file.hash }, { cookie: eve.cookie });
      expect(saved.status).toBe(200);
      const body = (await saved.json()) as { diagnostics: { pointer: string; severity: string }[] };
      expect(body.diagnostics.some((d) => d.pointer === '/route' && d.severity === 'error')).toBe(true);
      expect(JSON.parse(readFileSync(join(fake.configDir(eve.staff.id), 'pages/owner.json'), 'utf8')).route).toBe('no slash');
      // Olga's draft is untouched.
      const hers = (await (await get(a, '/admin/pages/api/file?path=pages/owner.json', olga.cookie)).json()) as { data: { route: string } };
      expect(hers.data.route).toBe('/owner');
    });

    it('GET draft and POST draft/seen', async () => {
      const { cookie, staff } = await signedInCookie(db, 'editor');
      const a = app();
      const res = await get(a, '/admin/pages/api/draft', cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        base: 'abc123',
        changes: [],
        behind: false,
        rebased: { onto: 'def456', by: 'Olga', message: 'Home page: hero heading changed', at: '2026-01-01T00:00:00Z' },
      });
      expect((await post(a, '/admin/pages/api/draft/seen', {}, { cookie })).status).toBe(204);
      expect(fake.calls.seen).toEqual([staff.id]);
    });

    it('publish: each outcome with its status; the author from the account; audited when published', async () => {
      const editor = await addStaff(db, 'editor', 'eve@buildpad.example', 'Eve Editor');
      const cookie = `${sessionCookieName(false)}=${await createSession(db, editor.id)}`;
      const a = app();
      const conflict = { file: 'pages/home.json', pointer: '/blocks/0/heading', label: 'Home page › Hero › Heading', base: 'A', mine: 'B', theirs: 'C' };
      const cases: [PublishOutcome, number, Record<string, unknown>][] = [
        [{ ok: false, kind: 'nothing', message: 'Nothing to publish.' }, 409, { kind: 'nothing', message: 'Nothing to publish.' }],
        [{ ok: false, kind: 'conflict', message: 'Choose.', conflicts: [conflict] }, 409, { kind: 'conflict', message: 'Choose.', conflicts: [conflict] }],
        [{ ok: false, kind: 'invalid', message: 'Fix it.', diagnostics: [] }, 422, { kind: 'invalid', message: 'Fix it.', diagnostics: [] }],
        [{ ok: false, kind: 'build', message: 'The build failed.' }, 422, { kind: 'build', message: 'The build failed.' }],
        [{ ok: false, kind: 'remote', message: 'The remote refused.' }, 502, { kind: 'remote', message: 'The remote refused.' }],
        [
          { ok: true, commit: 'c0ffee', message: 'Home page: hero heading changed', files: [], pushed: true, attempts: 1 },
          200,
          { commit: 'c0ffee', message: 'Home page: hero heading changed', files: [] },
        ],
      ];
      for (const [outcome, status, body] of cases) {
        fake.state.outcome = outcome;
        const res = await post(a, '/admin/pages/api/publish', { resolutions: { 'pages/home.json#/blocks/0/heading': 'mine', x: 'everything' } }, { cookie });
        expect(res.status, JSON.stringify(outcome)).toBe(status);
        expect(await res.json()).toEqual(body);
      }
      expect(fake.calls.publish[0]).toEqual({
        staffId: editor.id,
        author: { name: 'Eve Editor', email: 'eve@buildpad.example' },
        resolutions: { 'pages/home.json#/blocks/0/heading': 'mine' },
      });
      expect(await actions()).toEqual([{ action: 'publish', subject: null, detail: { commit: 'c0ffee', message: 'Home page: hero heading changed' } }]);
    });

    it('a person without a name publishes under their email', async () => {
      const editor = await addStaff(db, 'editor', 'nameless@buildpad.example', '');
      const cookie = `${sessionCookieName(false)}=${await createSession(db, editor.id)}`;
      await post(app(), '/admin/pages/api/publish', {}, { cookie });
      expect(fake.calls.publish[0].author).toEqual({ name: 'nameless@buildpad.example', email: 'nameless@buildpad.example' });
      expect(fake.calls.publish[0].resolutions).toBeUndefined();
    });

    it('discard gives an undo, audited; undo brings it back (204) or 404', async () => {
      const { cookie, staff } = await signedInCookie(db, 'editor');
      const a = app();
      const res = await post(a, '/admin/pages/api/discard', {}, { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ undo: 'undo-1' });
      expect(fake.calls.discard).toEqual([staff.id]);
      expect((await post(a, '/admin/pages/api/discard/undo', { undo: 'undo-1' }, { cookie })).status).toBe(204);
      expect((await post(a, '/admin/pages/api/discard/undo', { undo: 'gone' }, { cookie })).status).toBe(404);
      expect((await post(a, '/admin/pages/api/discard/undo', {}, { cookie })).status).toBe(400);
      expect((await actions()).map((x) => x.action)).toEqual(['draft-discarded']);
    });

    it('preview links: share (201, or 422 with the reason), list, revoke (204 or 404), audited', async () => {
      const { cookie, staff } = await signedInCookie(db, 'owner');
      const a = app();
      const refused = await post(a, '/admin/pages/api/previews', {}, { cookie });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ message: 'The draft has problems.' });
      const link = {
        id: 'p1',
        createdAt: '2026-01-01T00:00:00Z',
        expiresAt: '2026-01-08T00:00:00Z',
        revokedAt: null,
        sharedBy: 'Olga',
        url: `${BASE}/preview/tok`,
      };
      fake.state.share = { ok: true, link };
      const shared = await post(a, '/admin/pages/api/previews', {}, { cookie });
      expect(shared.status).toBe(201);
      expect(await shared.json()).toEqual({ link });
      expect(fake.calls.share).toEqual([
        { staffId: staff.id, origin: BASE },
        { staffId: staff.id, origin: BASE },
      ]);
      const list = await get(a, '/admin/pages/api/previews', cookie);
      expect(((await list.json()) as { links: PreviewLink[] }).links.map((l) => l.id)).toEqual(['p1']);
      expect(fake.calls.list).toEqual([{ staffId: staff.id, all: true }]);
      expect((await post(a, '/admin/pages/api/previews/revoke', { id: 'p1' }, { cookie })).status).toBe(204);
      expect((await post(a, '/admin/pages/api/previews/revoke', { id: 'nope' }, { cookie })).status).toBe(404);
      expect((await post(a, '/admin/pages/api/previews/revoke', {}, { cookie })).status).toBe(400);
      expect(fake.calls.revoke[0]).toEqual({ staffId: staff.id, id: 'p1', any: true });
      expect((await actions()).map((x) => `${x.action} ${x.subject}`)).toEqual(['preview-revoked p1', 'preview-shared p1']);
    });
  });
});
