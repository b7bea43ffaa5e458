// @vitest-environment node
// Switching the live site without a restart: npm run serve's handler (scripts/serve.ts runs exactly this) over real
// HTTP while the live build changes under a loop of requests. No request fails, and every page is one build's whole:
// its text and the assets it names are all of the build it came from.
import { request, createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { headersFile, securityHeaders } from './deploy-files.ts';
import { writeBuild } from '../../server/publish/preview-testing.ts';
import { followLive, openSite, siteHandler, type Sites } from './site.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(join(tmpdir(), 'sw-site-switch-'));
const buildDir = (n: number) => join(work, 'builds', String(n));

/** A build whose every page and asset says which build it is. */
function makeBuild(n: number) {
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title} ${n}</title><link rel="stylesheet" href="/assets/site-${n}.css"></head><body data-build="${n}"><h1>Build ${n}</h1>${'<p>filler</p>'.repeat(2000)}<script type="module" src="/assets/app-${n}.js"></script><footer>end of build ${n}</footer></body></html>`;
  writeBuild(buildDir(n), {
    'index.html': page('Home'),
    'owner/index.html': page('Owner'),
    '404.html': `<!doctype html><title>Not found ${n}</title>`,
    [`assets/app-${n}.js`]: `console.log("build ${n}");`,
    [`assets/site-${n}.css`]: `body { --build: ${n}; }`,
    _headers: headersFile(securityHeaders(`default-src 'self'; build-${n}`)),
    _redirects: `/old /owner 301\n`,
  });
}

/** A LiveSite as publishing's builds give it: the folder served now, and news of each new one. */
function fakeLive(start: string | null = null) {
  let dir = start;
  const listeners = new Set<(d: string) => void>();
  return {
    dir: () => dir,
    onChange: (l: (d: string) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    publish(d: string) {
      dir = d;
      for (const l of listeners) l(d);
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
function get(base: string, path: string): Promise<Answer> {
  return new Promise((ok, fail) => {
    request(`${base}${path}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body }));
    })
      .on('error', fail)
      .end();
  });
}

let server: Server;
let base = '';
let sites: Sites;
const live = fakeLive();
const logged: string[] = [];

beforeAll(async () => {
  for (let n = 0; n <= 8; n++) makeBuild(n);
  sites = followLive(root, openSite(root, buildDir(0)), live, (l) => logged.push(l));
  const handle = siteHandler({
    sites,
    service: (_req, res) => {
      res.end('service');
    },
  });
  server = createServer(handle);
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  sites.stop();
  await new Promise((ok) => server.close(ok));
  rmSync(work, { recursive: true, force: true });
});

describe('the live site switched without a restart', () => {
  it('answers every request of a loop during several switches, each page whole and with its own build’s assets', async () => {
    const problems: string[] = [];
    const seen = new Set<number>();
    let done = 0;
    let switching = true;
    const worker = async (path: string) => {
      while (switching) {
        const page = await get(base, path).catch((e: unknown): Answer => ({ status: 0, headers: {}, body: String(e) }));
        const builds = [...page.body.matchAll(/(?:data-build="|Build |end of build |app-|site-|build-)(\d+)/g)].map((m) => Number(m[1]));
        const csp = String(page.headers['content-security-policy']);
        const n = builds[0];
        if (page.status !== 200 || n === undefined) problems.push(`${path}: ${page.status} ${page.body.slice(0, 80)}`);
        else if (builds.some((b) => b !== n)) problems.push(`${path}: a page mixing builds ${[...new Set(builds)].join(', ')}`);
        else if (!csp.includes(`build-${n}`)) problems.push(`${path}: build ${n}'s page with the headers of another (${csp})`);
        else {
          seen.add(n);
          for (const asset of [`/assets/app-${n}.js`, `/assets/site-${n}.css`]) {
            // The page's assets are files of the very build folder the page came from …
            if (!existsSync(join(buildDir(n), asset))) problems.push(`${path}: build ${n} names ${asset}, not in its folder`);
            // … and are still served, whatever went live meanwhile.
            const a = await get(base, asset);
            if (a.status !== 200 || !a.body.includes(String(n))) problems.push(`${asset} after ${path}: ${a.status}`);
          }
        }
        done++;
      }
    };
    const switcher = async () => {
      for (let n = 1; n <= 5; n++) {
        // Each switch waits for a few more answers, so that requests are under way on both sides of it.
        const until = done + 15;
        while (done < until) await new Promise((ok) => setImmediate(ok));
        live.publish(buildDir(n));
      }
      const until = done + 15;
      while (done < until) await new Promise((ok) => setImmediate(ok));
      switching = false;
    };
    await Promise.all([switcher(), worker('/'), worker('/owner'), worker('/'), worker('/owner')]);
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(sites.current().dir).toBe(buildDir(5));
    expect((await get(base, '/')).body).toContain('Build 5');
    expect(logged).toEqual([]);
  });

  it("serves the current build's redirects, 404 page and the service's paths", async () => {
    const moved = await get(base, '/old');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/owner');
    const missing = await get(base, '/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain(`Not found ${sites.current().dir.split('/').pop()}`);
    expect((await get(base, '/api/v1/health')).body).toBe('service');
    expect((await get(base, '/admin')).body).toBe('service');
  });

  it('keeps answering for the assets of the two builds before, and no older', async () => {
    const now = Number(sites.current().dir.split('/').pop());
    live.publish(buildDir(now + 1));
    expect((await get(base, `/assets/app-${now}.js`)).status).toBe(200);
    expect((await get(base, `/assets/app-${now - 1}.js`)).status).toBe(200);
    const gone = await get(base, `/assets/app-${now - 2}.js`);
    expect(gone.status).toBe(404);
    expect(gone.headers['cache-control']).toBe('no-store');
    // Only assets: an earlier build's pages are never served.
    expect((await get(base, '/')).body).toContain(`Build ${now + 1}`);
  });

  it('stays on the build it serves when a new one cannot be opened, and says why', async () => {
    const before = sites.current().dir;
    const broken = join(work, 'builds', 'broken');
    writeBuild(broken, { 'index.html': '<!doctype html><title>half</title>' });
    live.publish(broken);
    expect(sites.current().dir).toBe(before);
    expect(logged).toEqual([expect.stringContaining('still serving the previous build')]);
    expect((await get(base, '/')).status).toBe(200);
  });

  it('starts on the live build when publishing already has one', () => {
    const started = followLive(root, openSite(root, buildDir(0)), fakeLive(buildDir(3)));
    expect(started.current().dir).toBe(buildDir(3));
    expect(started.previous().map((s) => s.dir)).toEqual([buildDir(0)]);
    expect(followLive(root, openSite(root, buildDir(0)), fakeLive(null)).current().dir).toBe(buildDir(0));
  });

  it('refuses a folder without a build', () => {
    expect(() => openSite(root, join(work, 'nothing'))).toThrow(/has no build/);
  });
});
