// @vitest-environment node
/**
 * The editor's page operations (pages-api.ts) through a real http server on a random port, on a temporary copy of
 * site.config/: each refusal writes nothing, each operation passes the project's checker and is written whole.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEditorApi, type EditorApi } from './api.ts';
import { listFiles, sha256 } from './files.ts';
import { movedHref, removeLinkAt, writeAll } from './pages-api.ts';
import { TOKEN_HEADER } from './security.ts';
import { loadProject } from '../../scripts/lib/project.ts';

const root = join(import.meta.dirname, '..', '..');
const TOKEN = 'test-token-pages-0123456789';

let dir: string;
let config: string;
let server: Server;
let api: EditorApi;
let port: number;

interface Place {
  id: string;
  where: string;
  label: string;
  href: string;
  kind: string;
  self: boolean;
}
interface Reply {
  status: number;
  body: {
    message?: string;
    problems?: { where: string; message: string }[];
    places?: Place[];
    hashes?: Record<string, string>;
    [k: string]: unknown;
  };
}

function call(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Reply> {
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
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
    });
    r.on('error', reject);
    if (opts.body !== undefined) r.write(JSON.stringify(opts.body));
    r.end();
  });
}

const disk = (rel: string) => readFileSync(join(config, rel), 'utf8');
/** Every file of the config folder with its hash: what "nothing was written" is compared with. */
const folder = () => Object.fromEntries(listFiles(config).map((f) => [f, sha256(readFileSync(join(config, f)))]));
const errors = () => loadProject(root, {}, { configDir: config }).diagnostics.filter((d) => d.severity === 'error');
const links = (path: string) => call('GET', `page-links?path=${encodeURIComponent(path)}`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sw-editor-pages-'));
  config = join(dir, 'site.config');
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  server.on('request', (req, res) => void api.handle(req, res));
});

// A fresh copy of the site for each test: each starts from the real site, which validates.
beforeEach(() => {
  api?.close();
  rmSync(config, { recursive: true, force: true });
  cpSync(join(root, 'site.config'), config, { recursive: true });
  api = createEditorApi({ root, configDir: config, token: TOKEN, port, pollMs: 60_000 });
});

afterAll(async () => {
  api?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

describe('new page', () => {
  it('writes nothing for any address it refuses, and says why in plain words', async () => {
    const before = folder();
    const cases: [unknown, unknown, number, RegExp][] = [
      ['//vendors', 'Vendors', 400, /^“\/\/vendors” is not an address the site can use\. Use \/vendors\.$/],
      ['/vendors/', 'Vendors', 400, /Use \/vendors\./],
      ['Vendors page', 'Vendors', 400, /Use \/vendors-page\./],
      ['/Vendors', 'Vendors', 400, /Use \/vendors\./],
      ['vendors', 'Vendors', 400, /Use \/vendors\./],
      ['/vendors page', 'Vendors', 400, /Use \/vendors-page\./],
      ['/-vendors', 'Vendors', 400, /Use \/vendors\./],
      ['', 'Vendors', 400, /Type the address/],
      [42, 'Vendors', 400, /Type the address/],
      ['/', 'Home again', 409, /^The address \/ is already the page “home”/],
      ['/owner', 'Owners', 409, /^The address \/owner is already the page “Private Project Owners”\. Choose another address\.$/],
      ['/canpad', 'Canpad', 409, /^The address \/canpad already sends visitors to \/owner\./],
      ['/vendors', '  ', 400, /Give the page a title/],
    ];
    for (const [route, title, status, message] of cases) {
      const r = await call('POST', 'page-create', { body: { route, title } });
      expect(r.status, String(route)).toBe(status);
      expect(r.body.message, String(route)).toMatch(message);
      expect(r.body.message).not.toMatch(/site\.config|\.json|pages\//);
    }
    expect(folder()).toEqual(before);
  });

  it("every page operation that writes refuses a missing token, a foreign Host or another page's Origin, and writes nothing", async () => {
    const plan = (await links('pages/contact.json')).body;
    const before = folder();
    const bodies: [string, Record<string, unknown>][] = [
      ['page-create', { route: '/vendors', title: 'Vendors' }],
      ['page-rename', { path: 'pages/contact.json', route: '/contact-us', update: plan.places!.map((p) => p.id), redirect: true, hashes: plan.hashes }],
      ['page-duplicate', { path: 'pages/owner.json', route: '/owners-2', title: 'Owners again' }],
      ['page-delete', { path: 'pages/contact.json', fixes: Object.fromEntries(plan.places!.map((p) => [p.id, { to: '/enquiry' }])), hashes: plan.hashes }],
    ];
    for (const [route, body] of bodies) {
      for (const headers of [{ [TOKEN_HEADER]: '' }, { host: `evil.example:${port}` }, { origin: '' }, { origin: 'https://evil.example' }] as Record<
        string,
        string
      >[]) {
        const r = await call('POST', route, { body, headers });
        expect(r.status, `${route} ${JSON.stringify(headers)}`).toBe(403);
      }
      expect((await call('GET', route)).status).toBe(405);
    }
    expect(folder()).toEqual(before);
  });

  it('makes a page that validates; a file name taken by a renamed page gets a free one', async () => {
    const r = await call('POST', 'page-create', { body: { route: '/vendors', title: 'Vendors' } });
    expect(r.status).toBe(200);
    expect(r.body.path).toBe('pages/vendors.json');
    expect(JSON.parse(disk('pages/vendors.json'))).toMatchObject({ route: '/vendors', title: 'Vendors' });
    const hashes = (await links('pages/vendors.json')).body.hashes;
    expect((await call('POST', 'page-rename', { body: { path: 'pages/vendors.json', route: '/suppliers', update: [], redirect: false, hashes } })).status).toBe(
      200,
    );
    const again = await call('POST', 'page-create', { body: { route: '/vendors', title: 'Vendors' } });
    expect(again.status).toBe(200);
    expect(again.body.path).toBe('pages/vendors-2.json');
    expect(errors()).toEqual([]);
  });
});

describe('links to a page', () => {
  it('lists every place that links to it in plain words: pages, header menu, footer, redirects, texts', async () => {
    const r = await links('pages/contact.json');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ path: 'pages/contact.json', route: '/contact', title: expect.any(String), home: false, redirects: true });
    const where = r.body.places!.map((p) => p.where);
    expect(where).toContain('The header menu');
    expect(where).toContain('The footer');
    expect(where).toContain('The text “policy”');
    expect(where.some((w) => /^The page “.+”, section \d+ \(.+\)$/.test(w))).toBe(true);
    expect(r.body.places!.find((p) => p.where === 'The footer')).toMatchObject({ label: 'Contact us', href: '/contact', kind: 'link' });
    expect(r.body.places!.map((p) => p.where).join(' ')).not.toMatch(/site\.config|\.json|\/blocks\//);
    const owner = await links('pages/owner.json');
    expect(owner.body.places!.find((p) => p.kind === 'redirect')).toMatchObject({ where: 'The redirect from /canpad', href: '/owner' });
  });

  it('refuses a file that is not a page, a missing page, and paths outside the config folder', async () => {
    expect((await links('site.json')).status).toBe(400);
    expect((await links('pages/none.json')).status).toBe(404);
    expect((await links('../package.json')).status).toBe(403);
    expect((await call('GET', 'page-links?path=pages/contact.json', { headers: { [TOKEN_HEADER]: 'nope' } })).status).toBe(403);
  });
});

describe('rename', () => {
  it('moves the page and every ticked link in one save, adds the redirect, and the site validates', async () => {
    const plan = (await links('pages/contact.json')).body;
    const r = await call('POST', 'page-rename', {
      body: { path: 'pages/contact.json', route: '/contact-us', update: plan.places!.map((p) => p.id), redirect: true, hashes: plan.hashes },
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.changed).toEqual(expect.arrayContaining(['pages/contact.json', 'site.json', 'content/policy.mdx', 'pages/owner.json']));
    expect(JSON.parse(disk('pages/contact.json')).route).toBe('/contact-us');
    const site = JSON.parse(disk('site.json'));
    expect(site.redirects).toContainEqual({ from: '/contact', to: '/contact-us' });
    expect(JSON.stringify(site.footer)).toContain('"/contact-us"');
    expect(disk('content/policy.mdx')).toContain('](/contact-us)');
    expect(disk('pages/owner.json')).not.toContain('"/contact"');
    expect(existsSync(join(config, 'pages/contact-us.json'))).toBe(false);
    expect(errors()).toEqual([]);
  });

  it('refuses, writing nothing, when an unticked link would break, the address is taken or bad, or the site changed meanwhile', async () => {
    const plan = (await links('pages/contact.json')).body;
    const before = folder();
    const rename = (body: Record<string, unknown>) => call('POST', 'page-rename', { body: { path: 'pages/contact.json', hashes: plan.hashes, ...body } });
    const broken = await rename({ route: '/contact-us', update: plan.places!.slice(1).map((p) => p.id), redirect: false });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toBe('Nothing was changed: this would leave a problem on the site.');
    expect(broken.body.problems![0].where).toBe(plan.places![0].where);
    expect((await rename({ route: '/owner', update: [], redirect: true })).status).toBe(409);
    expect((await rename({ route: '//contact-us', update: [], redirect: true })).status).toBe(400);
    expect((await call('POST', 'page-rename', { body: { path: 'pages/home.json', route: '/start', update: [], hashes: {} } })).body.message).toBe(
      'The home page keeps the address /.',
    );
    expect(folder()).toEqual(before);
    writeFileSync(join(config, 'site.json'), `${disk('site.json')}\n`);
    const stale = await rename({ route: '/contact-us', update: plan.places!.map((p) => p.id), redirect: true });
    expect(stale.status).toBe(409);
    expect(JSON.parse(disk('pages/contact.json')).route).toBe('/contact');
  });

  it('moves links with their parameters, queries and fragments', () => {
    expect(movedHref('/contact#form', '/contact', '/contact-us')).toBe('/contact-us#form');
    expect(movedHref('/contact?x=1', '/contact', '/talk')).toBe('/talk?x=1');
    expect(movedHref('/referral/abc', '/referral/:refId', '/invite/:refId')).toBe('/invite/abc');
    expect(movedHref('/referral/abc', '/referral/:refId', '/invite/:code')).toBeNull();
    expect(movedHref('/owner', '/contact', '/talk')).toBeNull();
  });
});

describe('duplicate', () => {
  it('copies the sections under a new address and title; refuses a taken or bad address', async () => {
    const r = await call('POST', 'page-duplicate', { body: { path: 'pages/owner.json', route: '/owners-2', title: 'Owners again' } });
    expect(r.status, r.body.message).toBe(200);
    const copy = JSON.parse(disk(String(r.body.path)));
    expect(copy).toMatchObject({ route: '/owners-2', title: 'Owners again', blocks: JSON.parse(disk('pages/owner.json')).blocks });
    expect(errors()).toEqual([]);
    const before = folder();
    expect((await call('POST', 'page-duplicate', { body: { path: 'pages/owner.json', route: '/owners-2', title: 'x' } })).status).toBe(409);
    expect((await call('POST', 'page-duplicate', { body: { path: 'pages/owner.json', route: 'Owners 3', title: 'x' } })).status).toBe(400);
    expect((await call('POST', 'page-duplicate', { body: { path: 'pages/none.json', route: '/owners-3', title: 'x' } })).status).toBe(404);
    expect(folder()).toEqual(before);
  });
});

describe('delete', () => {
  it('removes the page and fixes every link to it in the same save; the site validates', async () => {
    const plan = (await links('pages/contact.json')).body;
    const others = plan.places!.filter((p) => !p.self);
    const footer = others.find((p) => p.where === 'The footer')!;
    const fixes = Object.fromEntries(others.map((p) => [p.id, p.id === footer.id || p.kind === 'text' ? { to: '/enquiry' } : { remove: true }]));
    const r = await call('POST', 'page-delete', { body: { path: 'pages/contact.json', fixes, hashes: plan.hashes } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(existsSync(join(config, 'pages/contact.json'))).toBe(false);
    expect(listFiles(config).filter((f) => f.includes('saving'))).toEqual([]);
    expect(JSON.stringify(JSON.parse(disk('site.json')).footer)).toContain('"/enquiry"');
    expect(disk('site.json')).not.toContain('"/contact"');
    expect(disk('content/policy.mdx')).toContain('](/enquiry)');
    expect(errors()).toEqual([]);
  });

  it('removing a link in a text keeps its words', async () => {
    const plan = (await links('pages/contact.json')).body;
    const others = plan.places!.filter((p) => !p.self);
    const text = others.find((p) => p.kind === 'text')!;
    const fixes = Object.fromEntries(others.map((p) => [p.id, p.kind === 'link' && p.where !== 'The footer' ? { remove: true } : { to: '/enquiry' }]));
    fixes[text.id] = { remove: true };
    const r = await call('POST', 'page-delete', { body: { path: 'pages/contact.json', fixes, hashes: plan.hashes } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(disk('content/policy.mdx')).toContain(text.label);
    expect(disk('content/policy.mdx')).not.toContain('](/contact)');
  });

  it('writes nothing until every link has a choice, when a choice would leave a problem, or for the home page', async () => {
    const plan = (await links('pages/owner.json')).body;
    const before = folder();
    const del = (fixes: Record<string, unknown>) => call('POST', 'page-delete', { body: { path: 'pages/owner.json', fixes, hashes: plan.hashes } });
    const none = await del({});
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^Choose what to do with every link to this page first/);
    // Removing the header's entry leaves a header variant naming an entry that is gone: refused as a whole.
    const all = Object.fromEntries(plan.places!.filter((p) => !p.self).map((p) => [p.id, { remove: true }]));
    const r = await del(all);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/^Nothing was changed/);
    expect(r.body.problems!.length).toBeGreaterThan(0);
    expect((await del(Object.fromEntries(Object.keys(all).map((id) => [id, { to: '/owner' }])))).status).toBe(400);
    expect((await call('POST', 'page-delete', { body: { path: 'pages/home.json', fixes: {}, hashes: {} } })).body.message).toBe(
      'The home page cannot be deleted.',
    );
    expect(folder()).toEqual(before);
  });
});

describe('removing a link', () => {
  it("takes out a menu entry, a card's link, or a setting that names a page, and never what holds it", () => {
    const doc = {
      header: {
        items: [
          { label: 'A', href: '/a' },
          { label: 'B', href: '/b' },
        ],
      },
      blocks: [
        { type: 'cards', cards: [{ title: 'x', link: { label: 'Go', href: '/b' } }] },
        { type: 'referralRedirect', page: '/b', href: '/b' },
      ],
      submit: { onSuccess: { goTo: '/b', notice: 'Thanks' } },
    };
    removeLinkAt(doc, '/header/items/0/href');
    removeLinkAt(doc, '/blocks/0/cards/0/link/href');
    removeLinkAt(doc, '/blocks/1/page');
    removeLinkAt(doc, '/blocks/1/href');
    removeLinkAt(doc, '/submit/onSuccess/goTo');
    expect(doc).toEqual({
      header: { items: [{ label: 'B', href: '/b' }] },
      blocks: [{ type: 'cards', cards: [{ title: 'x' }] }, { type: 'referralRedirect' }],
      submit: { onSuccess: { notice: 'Thanks' } },
    });
  });
});

describe('all or nothing', () => {
  it('puts back the files already written when a later one cannot be', () => {
    const before = disk('pages/owner.json');
    // A folder where a page file should be: it cannot be replaced by a file.
    mkdirSync(join(config, 'pages/zz-blocked.json'));
    writeFileSync(join(config, 'pages/zz-blocked.json/x'), 'x');
    expect(() => writeAll(config, { 'pages/owner.json': '{}\n', 'pages/zz-blocked.json': '{}\n' })).toThrow();
    expect(disk('pages/owner.json')).toBe(before);
    expect(listFiles(config).filter((f) => f.includes('saving'))).toEqual([]);
  });
});
