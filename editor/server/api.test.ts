// @vitest-environment node
// Server code; esbuild (the content compiler, inside mdx-bundler) refuses to run under jsdom's TextEncoder.
/**
 * The editor API through a real http server on a random port, on a temporary copy of site.config/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSync, cpSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditorApi, type EditorApi } from './api.ts';
import { editJsonText } from './json-edit.ts';
import { sha256 } from './files.ts';
import { TOKEN_HEADER } from './security.ts';

const root = join(import.meta.dirname, '..', '..');
const TOKEN = 'test-token-0123456789';

let dir: string;
let config: string;
let server: Server;
let api: EditorApi;
let port: number;

interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, string | string[] | undefined>;
}

function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; raw?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${port}`,
    [TOKEN_HEADER]: TOKEN,
    ...(method !== 'GET' ? { origin: `http://127.0.0.1:${port}`, 'content-type': 'application/json' } : {}),
    ...opts.headers,
  };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k];
  return new Promise((resolve, reject) => {
    const r = request({ host: '127.0.0.1', port, method, path: `/__editor/api/${path}`, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, headers: res.headers }));
    });
    r.on('error', reject);
    if (opts.raw !== undefined) r.write(opts.raw);
    else if (opts.body !== undefined) r.write(JSON.stringify(opts.body));
    r.end();
  });
}

const disk = (rel: string) => readFileSync(join(config, rel), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sw-editor-api-'));
  config = join(dir, 'site.config');
  cpSync(join(root, 'site.config'), config, { recursive: true });
  writeFileSync(join(dir, 'secret.json'), '{"secret": true}');
  symlinkSync(join(dir, 'secret.json'), join(config, 'pages', 'evil.json'));
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  api = createEditorApi({ root, configDir: config, token: TOKEN, port, pollMs: 300 });
  server.on('request', (req, res) => void api.handle(req, res));
}, 30000);

afterAll(async () => {
  api?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('refusals through the server', () => {
  it('403 without the token, with a wrong token, or with a foreign Host', async () => {
    expect((await call('GET', 'files', { headers: { [TOKEN_HEADER]: '' } })).status).toBe(403);
    expect((await call('GET', 'files', { headers: { [TOKEN_HEADER]: 'nope' } })).status).toBe(403);
    const rebind = await call('GET', 'files', { headers: { host: `evil.example:${port}` } });
    expect(rebind.status).toBe(403);
    expect(rebind.body.message).toMatch(/evil\.example/);
  });
  it('403 for writes without the editor Origin, and nothing is written', async () => {
    const before = disk('pages/owner.json');
    const data = JSON.parse(before);
    data.title = 'Hacked';
    const hash = sha256(before);
    expect((await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: hash }, headers: { origin: '' } })).status).toBe(403);
    expect((await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: hash }, headers: { origin: 'https://evil.example' } })).status).toBe(
      403,
    );
    expect(disk('pages/owner.json')).toBe(before);
  });
  it('refuses paths outside the config folder, symlinks out and unwritable files', async () => {
    expect((await call('GET', 'file?path=../secret.json')).status).toBe(403);
    expect((await call('GET', `file?path=${encodeURIComponent(join(dir, 'secret.json'))}`)).status).toBe(403);
    expect((await call('GET', 'file?path=pages/evil.json')).status).toBe(403);
    expect((await call('GET', 'file?path=pages%2Fhome.json%00')).status).toBe(400);
    expect((await call('POST', 'save', { body: { path: 'pages/evil.json', data: {}, baseHash: sha256('{"secret": true}') } })).status).toBe(403);
    expect((await call('POST', 'save', { body: { path: 'assets/x.json', data: {} } })).status).toBe(403);
    expect((await call('POST', 'check', { body: { files: { '../../package.json': {} } } })).status).toBe(403);
    expect(readFileSync(join(dir, 'secret.json'), 'utf8')).toBe('{"secret": true}');
  });
  it('400/404/405/415 for malformed requests', async () => {
    expect((await call('POST', 'save', { raw: '{not json' })).status).toBe(400);
    expect((await call('POST', 'save', { body: { data: {} } })).status).toBe(400);
    expect((await call('POST', 'save', { body: { path: 'pages/owner.json' }, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call('GET', 'nothing')).status).toBe(404);
    expect((await call('GET', 'save')).status).toBe(405);
    expect((await call('GET', 'file?path=pages/none.json')).status).toBe(404);
  });
});

describe('reading', () => {
  it('GET files lists pages, fragments, assets, routes, destinations and blocks with schemas and examples', async () => {
    const { status, body } = await call('GET', 'files');
    expect(status).toBe(200);
    expect(body.pages).toContainEqual({ path: 'pages/owner.json', route: '/owner', title: 'Private Project Owners' });
    expect(body.faqs).toContainEqual({ path: 'faqs/general.json', id: 'general' });
    expect(body.forms).toContainEqual({ path: 'forms/contact.json', id: 'contact' });
    expect(body.site).toEqual({ path: 'site.json' });
    expect(body.assets).toContain('/favicon.svg');
    expect(body.assets.some((a: string) => a.startsWith('/images/'))).toBe(true);
    expect(body.routes).toContain('/');
    expect(body.routes).toContain('/owner');
    expect(body.destinations).toContain('@calculator');
    expect(body.destinations).toContain('@signin');
    const faq = body.blocks.find((b: { type: string }) => b.type === 'faq');
    expect(faq.description).toMatch(/accordion/);
    expect(faq.example).toMatchObject({ type: 'faq', set: 'general' });
    expect(JSON.stringify(faq.schema)).not.toContain('$ref');
    expect(faq.schema.properties.askLink.properties.href).toBeDefined();
    // The field's own description wins over the definition's.
    expect(faq.schema.properties.heading.description).toMatch(/section heading/);
    expect(body.schemas.site.properties.footer).toBeDefined();
  });
  it('GET file returns text, data and the sha256 of the text', async () => {
    const { status, body } = await call('GET', 'file?path=pages/owner.json');
    expect(status).toBe(200);
    expect(body.text).toBe(disk('pages/owner.json'));
    expect(body.data.route).toBe('/owner');
    expect(body.hash).toBe(sha256(body.text));
  });
});

describe('content (the text of prose sections, for the preview)', () => {
  it("compiles a content file with the build's own compiler: the same document a page module ships", async () => {
    const r = await call('GET', 'content?path=content/policy.mdx');
    expect(r.status).toBe(200);
    expect(r.body.path).toBe('content/policy.mdx');
    expect(r.body.hash).toBe(sha256(disk('content/policy.mdx')));
    const { compileContent } = await import('../../scripts/lib/mdx-content.ts');
    expect(r.body.doc).toEqual(JSON.parse(JSON.stringify(await compileContent(config, 'policy'))));
    expect(r.body.doc.title).toBe('Privacy policy');
    expect(r.body.doc.headings[0]).toEqual({ id: 'who-we-are', text: '1. Who we are', level: 2 });
  }, 30000);

  it('follows the file on disk, and says in plain words what is wrong with one that does not compile', async () => {
    const file = join(config, 'content/draft.mdx');
    try {
      writeFileSync(file, '# Draft\n\nFirst words.\n');
      expect((await call('GET', 'content?path=content/draft.mdx')).body.doc.children).toEqual([
        { tag: 'h1', id: 'draft', children: ['Draft'] },
        { tag: 'p', children: ['First words.'] },
      ]);
      writeFileSync(file, '# Draft\n\nSome {broken text\n');
      const broken = await call('GET', 'content?path=content/draft.mdx');
      expect(broken.status).toBe(422);
      expect(broken.body.message).toMatch(
        /^There is a mistake in site\.config\/content\/draft\.mdx at line 3, column 18: A \{ is never closed with \}\. Close the tag or the \{ \}/,
      );
      expect(broken.body.message).not.toMatch(/esbuild|_mdx_bundler|ERROR/);
      writeFileSync(file, '# Draft\n\n<div>Boxed</div>\n');
      const html = await call('GET', 'content?path=content/draft.mdx');
      expect(html.status).toBe(422);
      expect(html.body.message).toBe(
        'There is a mistake in site.config/content/draft.mdx at line 3, column 1: <div> is not allowed in content. Use Markdown (headings, paragraphs, lists, links, tables).',
      );
    } finally {
      rmSync(file, { force: true });
    }
    expect((await call('GET', 'content?path=content/draft.mdx')).status).toBe(404);
  }, 30000);

  it('refuses without the token, outside the config folder, and for anything but a content file', async () => {
    expect((await call('GET', 'content?path=content/policy.mdx', { headers: { [TOKEN_HEADER]: '' } })).status).toBe(403);
    expect((await call('GET', 'content?path=content/policy.mdx', { headers: { host: `evil.example:${port}` } })).status).toBe(403);
    expect((await call('GET', `content?path=${encodeURIComponent('../secret.json')}`)).status).toBe(403);
    expect((await call('GET', `content?path=${encodeURIComponent('content/../../secret.json')}`)).status).toBe(403);
    expect((await call('GET', 'content?path=pages/evil.json')).status).toBe(403);
    const page = await call('GET', 'content?path=pages/home.json');
    expect(page.status).toBe(404);
    expect(page.body.message).toMatch(/not a text file/);
    expect((await call('POST', 'content?path=content/policy.mdx', { body: {} })).status).toBe(405);
  });
});

describe('check', () => {
  it('reports the checker diagnostics with line and column in the text a save would write', async () => {
    const text = disk('pages/owner.json');
    const data = JSON.parse(text);
    data.blocks[1].columns = 7;
    data.blocks[0].actions[0].href = '/ownr';
    const { status, body } = await call('POST', 'check', { body: { files: { 'pages/owner.json': data } } });
    expect(status).toBe(200);
    const written = editJsonText(text, data).split('\n');
    const mine = body.diagnostics.filter((d: { file: string; severity: string }) => d.file === 'pages/owner.json' && d.severity === 'error');
    const link = mine.find((d: { code: string }) => d.code === 'unknown-route');
    expect(link).toMatchObject({ severity: 'error', pointer: '/blocks/0/actions/0/href', fix: 'Did you mean "/owner"?' });
    expect(written[link.line - 1]).toContain('/ownr');
    const cols = mine.find((d: { pointer: string }) => d.pointer === '/blocks/1/columns');
    expect(written[cols.line - 1]).toContain('"columns": 7');
    expect(cols.column).toBeGreaterThan(1);
    // Nothing was written.
    expect(disk('pages/owner.json')).toBe(text);
  });
  it('a valid page has no errors', async () => {
    const { body } = await call('POST', 'check', { body: { files: { 'pages/owner.json': JSON.parse(disk('pages/owner.json')) } } });
    // (pages/evil.json, the test's link out of the folder, is an error of its own.)
    expect(body.diagnostics.filter((d: { severity: string; file: string }) => d.severity === 'error' && d.file === 'pages/owner.json')).toEqual([]);
  });
});

describe('save', () => {
  it('writes a one-line change and returns the new hash; a stale baseHash gets 409 with the disk version', async () => {
    const text = disk('pages/owner.json');
    const data = JSON.parse(text);
    data.blocks[0].heading = 'Build your dream home remotely';
    const saved = await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: sha256(text) } });
    expect(saved.status).toBe(200);
    const now = disk('pages/owner.json');
    expect(saved.body.text).toBe(now);
    expect(saved.body.hash).toBe(sha256(now));
    const a = text.split('\n');
    const b = now.split('\n');
    expect(b.length).toBe(a.length);
    expect(a.filter((l, i) => l !== b[i])).toHaveLength(1);

    data.title = 'Other';
    const stale = await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: sha256(text) } });
    expect(stale.status).toBe(409);
    expect(stale.body.disk).toMatchObject({ text: now, hash: sha256(now) });
    expect(stale.body.disk.data.blocks[0].heading).toBe('Build your dream home remotely');
    expect(disk('pages/owner.json')).toBe(now);
    // No baseHash for an existing file is a conflict too: never overwrite silently.
    expect((await call('POST', 'save', { body: { path: 'pages/owner.json', data } })).status).toBe(409);
  });
  it('moves the saved file into place, so a reader of the old file never sees it half written', async () => {
    const text = disk('pages/owner.json');
    const data = JSON.parse(text);
    data.title = 'Owners, in one piece';
    // A file opened before the save: written in place, it would read the new text (or part of it) through this handle.
    const before = openSync(join(config, 'pages/owner.json'), 'r');
    try {
      const r = await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: sha256(text) } });
      expect(r.status).toBe(200);
      expect(readFileSync(before, 'utf8')).toBe(text);
    } finally {
      closeSync(before);
    }
    expect(JSON.parse(disk('pages/owner.json')).title).toBe('Owners, in one piece');
    expect(readdirSync(join(config, 'pages')).filter((f) => f.endsWith('.saving'))).toEqual([]);
  });
  it('422 with diagnostics when the result has errors; nothing is written', async () => {
    const text = disk('pages/owner.json');
    const data = JSON.parse(text);
    data.route = 'no slash';
    const r = await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: sha256(text) } });
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/Not saved/);
    expect(r.body.diagnostics.some((d: { pointer: string; severity: string }) => d.pointer === '/route' && d.severity === 'error')).toBe(true);
    expect(disk('pages/owner.json')).toBe(text);
  });
  it('422 when the change breaks another file (a link to a route that goes away)', async () => {
    const text = disk('pages/contact.json');
    const data = JSON.parse(text);
    data.route = '/contact-us';
    const r = await call('POST', 'save', { body: { path: 'pages/contact.json', data, baseHash: sha256(text) } });
    expect(r.status).toBe(422);
    expect(r.body.diagnostics.some((d: { code: string; file: string }) => d.code === 'unknown-route' && d.file !== 'pages/contact.json')).toBe(true);
    expect(disk('pages/contact.json')).toBe(text);
  });
  it('warnings do not block a save', async () => {
    const text = disk('pages/owner.json');
    const data = JSON.parse(text);
    data.description = 'Short.'; // advisory length: a warning
    const check = await call('POST', 'check', { body: { files: { 'pages/owner.json': data } } });
    expect(check.body.diagnostics.some((d: { file: string; severity: string }) => d.file === 'pages/owner.json' && d.severity === 'warning')).toBe(true);
    const r = await call('POST', 'save', { body: { path: 'pages/owner.json', data, baseHash: sha256(text) } });
    expect(r.status).toBe(200);
  });
});

describe('create and fragment', () => {
  it('creates a page that validates; 409 when the route or file exists; 400 for a bad route', async () => {
    const r = await call('POST', 'create', { body: { route: '/partners', title: 'Partners' } });
    expect(r.status).toBe(200);
    expect(r.body.path).toBe('pages/partners.json');
    expect(r.body.text).toBe(disk('pages/partners.json'));
    expect(r.body.hash).toBe(sha256(r.body.text));
    expect(JSON.parse(r.body.text)).toMatchObject({ route: '/partners', title: 'Partners' });
    expect(r.body.data).toEqual(JSON.parse(r.body.text));
    expect((await call('POST', 'create', { body: { route: '/partners', title: 'Again' } })).status).toBe(409);
    expect((await call('POST', 'create', { body: { route: '/owner' } })).status).toBe(409);
    expect((await call('POST', 'create', { body: { route: 'Partners Page' } })).status).toBe(400);
    expect((await call('POST', 'create', { body: { title: 'x' } })).status).toBe(400);
  });
  it('creates a FAQ set and a form; 409 when it exists; 400 for an unknown kind or bad name', async () => {
    const faq = await call('POST', 'fragment', { body: { kind: 'faq', id: 'partners' } });
    expect(faq.status).toBe(200);
    expect(faq.body.path).toBe('faqs/partners.json');
    expect(JSON.parse(disk('faqs/partners.json')).items).toHaveLength(1);
    const form = await call('POST', 'fragment', { body: { kind: 'form', id: 'partner-enquiry' } });
    expect(form.status).toBe(200);
    expect(form.body.path).toBe('forms/partner-enquiry.json');
    expect((await call('POST', 'fragment', { body: { kind: 'faq', id: 'partners' } })).status).toBe(409);
    expect((await call('POST', 'fragment', { body: { kind: 'page', id: 'x' } })).status).toBe(400);
    expect((await call('POST', 'fragment', { body: { kind: 'faq', id: '../x' } })).status).toBe(400);
  });
  it('the new page, set and form pass the checker with a block that uses the set', async () => {
    const text = disk('pages/partners.json');
    const data = JSON.parse(text);
    data.blocks.push({ type: 'faq', set: 'partners' });
    const r = await call('POST', 'save', { body: { path: 'pages/partners.json', data, baseHash: sha256(text) } });
    expect(r.status).toBe(200);
  });
});

describe('events and changes', () => {
  it('streams a change event for each edit on disk (add, change, delete)', async () => {
    const events: { path: string; hash: string | null }[] = [];
    const stream = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const r = request(
        { host: '127.0.0.1', port, path: `/__editor/api/events?token=${TOKEN}`, headers: { host: `127.0.0.1:${port}` }, setHost: false },
        resolve,
      );
      r.on('error', reject);
      r.end();
    });
    expect(stream.statusCode).toBe(200);
    expect(stream.headers['content-type']).toMatch(/text\/event-stream/);
    let buf = '';
    stream.on('data', (c) => {
      buf += c;
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (frame.startsWith('event: change')) events.push(JSON.parse(frame.split('\ndata: ')[1]));
      }
    });
    // Polls until the event arrives; a missing event fails the test at vitest's own time-out.
    const waitFor = async (pred: () => boolean) => {
      while (!pred()) await new Promise((r) => setTimeout(r, 20));
    };
    const text = disk('faqs/general.json').replace('"items"', '"items" ');
    writeFileSync(join(config, 'faqs/general.json'), text);
    await waitFor(() => events.some((e) => e.path === 'faqs/general.json' && e.hash === sha256(text)));
    writeFileSync(join(config, 'faqs/extra.json'), '{}');
    await waitFor(() => events.some((e) => e.path === 'faqs/extra.json' && e.hash === sha256('{}')));
    rmSync(join(config, 'faqs/extra.json'));
    await waitFor(() => events.some((e) => e.path === 'faqs/extra.json' && e.hash === null));
    stream.destroy();
  });
  it('lists the files changed since start with unified diffs', async () => {
    const { status, body } = await call('GET', 'changes');
    expect(status).toBe(200);
    const byPath = Object.fromEntries(body.files.map((f: { path: string }) => [f.path, f]));
    expect(byPath['pages/owner.json'].status).toBe('modified');
    expect(byPath['pages/owner.json'].diff).toContain('+      "heading": "Build your dream home remotely",');
    expect(byPath['pages/owner.json'].diff).toContain('--- a/pages/owner.json');
    expect(byPath['pages/partners.json'].status).toBe('added');
    expect(byPath['faqs/partners.json'].status).toBe('added');
    expect(byPath['faqs/general.json'].status).toBe('modified');
    expect(byPath['faqs/extra.json']).toBeUndefined();
    expect(byPath['pages/contact.json']).toBeUndefined();
    rmSync(join(config, 'content/policy.mdx'));
    const after = await call('GET', 'changes');
    expect(after.body.files.find((f: { path: string }) => f.path === 'content/policy.mdx')?.status).toBe('deleted');
    expect(existsSync(join(config, 'content/policy.mdx'))).toBe(false);
  });
});
