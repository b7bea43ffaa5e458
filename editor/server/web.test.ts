// @vitest-environment node
/**
 * The editor API answering Web Requests (web.ts), as the back office runs it: on a draft (saves with errors are
 * written and answer their diagnostics), checked elsewhere (no token), and still token-guarded when not told so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditorApi, type EditorApi } from './api.ts';
import { sha256 } from './files.ts';
import { handleWebRequest } from './web.ts';

const root = join(import.meta.dirname, '..', '..');
const PREFIX = '/admin/pages/api/';
let dir: string;
let config: string;
let draft: EditorApi;
let guarded: EditorApi;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sw-editor-web-'));
  config = join(dir, 'site.config');
  cpSync(join(root, 'site.config'), config, { recursive: true });
  draft = createEditorApi({ root, configDir: config, checkedBy: 'back office', prefix: PREFIX, draft: true, pollMs: 50 });
  guarded = createEditorApi({ root, configDir: config, token: 'secret-token-0123456789', port: 4362, prefix: PREFIX });
});
afterAll(() => {
  draft.close();
  guarded.close();
  rmSync(dir, { recursive: true, force: true });
});

const ask = (api: EditorApi, path: string, init: RequestInit = {}) =>
  handleWebRequest((req, res) => api.handle(req, res), new Request(`http://localhost${PREFIX}${path}`, init));
const post = (api: EditorApi, path: string, body: unknown) =>
  ask(api, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('the editor API on a Web Request', () => {
  it('answers without the token when the back office checked the request', async () => {
    const res = await ask(draft, 'files');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { pages: { path: string }[] };
    expect(body.pages.map((p) => p.path)).toContain('pages/home.json');
  });

  it('keeps the token check when not told the request was checked', async () => {
    const res = await ask(guarded, 'files', { headers: { host: '127.0.0.1:4362' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/editor token/);
  });

  it('still refuses paths out of the folder with its own check', async () => {
    const res = await ask(draft, `file?path=${encodeURIComponent('../../x')}`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/leaves the config folder/);
  });

  it('writes a draft save that has errors, and answers the diagnostics', async () => {
    const text = readFileSync(join(config, 'pages/owner.json'), 'utf8');
    const data = JSON.parse(text) as { route: string };
    data.route = 'no slash';
    const res = await post(draft, 'save', { path: 'pages/owner.json', data, baseHash: sha256(text) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { hash: string; diagnostics: { pointer: string; severity: string }[] };
    expect(body.diagnostics.some((d) => d.pointer === '/route' && d.severity === 'error')).toBe(true);
    const now = readFileSync(join(config, 'pages/owner.json'), 'utf8');
    expect(JSON.parse(now).route).toBe('no slash');
    expect(body.hash).toBe(sha256(now));
  });

  it('streams the change events as they happen', async () => {
    const res = await ask(draft, 'events');
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain(': connected');
    const text = readFileSync(join(config, 'pages/contact.json'), 'utf8');
    const data = JSON.parse(text) as { title: string };
    data.title = 'Talk to us';
    expect((await post(draft, 'save', { path: 'pages/contact.json', data, baseHash: sha256(text) })).status).toBe(200);
    let seen = '';
    while (!seen.includes('pages/contact.json')) seen += new TextDecoder().decode((await reader.read()).value);
    expect(seen).toContain('event: change');
    await reader.cancel();
  });
});
