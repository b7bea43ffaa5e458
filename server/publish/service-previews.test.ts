// @vitest-environment node
// The lead service on its own (npm run leads:serve, beside a CDN) shows preview links on its own origin and keeps
// its forms those of the live site. Publishing is a stand-in here (a publisher that builds a tiny page and a live
// build the test switches), with real preview links in the service's own database and real HTTP.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addField } from '../../editor/form-fields.ts';
import { formFile } from '../../tests/helpers/forms.ts';
import { configFromEnv } from '../config.ts';
import { FORMS_DIR } from '../forms.ts';
import { startLeadService, type LeadService } from '../node.ts';
import { addStaff } from '../admin/testing.ts';
import { PREVIEW_COOKIE } from './preview-serving.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const stand = vi.hoisted(() => ({ publish: (_dir: string) => {} }));

vi.mock('./index.ts', async () => {
  const { createPreviewLinks } = await import('./previews.ts');
  const { fakePublisher, testPublishConfig } = await import('./preview-testing.ts');
  return {
    startPublishing: ({ db, dataDir }: { db: import('../db.ts').Db; dataDir: string }) => {
      const config = testPublishConfig(join(dataDir, 'site'));
      const listeners = new Set<(d: string) => void>();
      let dir: string | null = null;
      const publisher = {
        ...fakePublisher(),
        live: {
          dir: () => dir,
          onChange: (l: (d: string) => void) => {
            listeners.add(l);
            return () => listeners.delete(l);
          },
        },
      };
      stand.publish = (d) => {
        dir = d;
        for (const l of listeners) l(d);
      };
      return Promise.resolve({ publisher, previews: createPreviewLinks({ config, db, publisher }), editorDir: config.editorDir, root: config.root });
    },
  };
});

const dataDir = mkdtempSync(join(tmpdir(), 'sw-service-previews-'));
let service: LeadService;
let server: Server;
let base = '';

function call(path: string, { method = 'GET', cookie, body }: { method?: string; cookie?: string; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((ok, fail) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (body) headers['content-type'] = 'application/json';
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

beforeAll(async () => {
  service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dataDir, SITEWRIGHT_RATE_LIMIT: '1000' }));
  server = createServer((req, res) => void service.listener(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((ok) => server.close(ok));
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the lead service with publishing on', () => {
  it('shows a preview link on its own origin, signed out, until it is revoked; the API stays its own', async () => {
    const previews = service.publishing!.previews;
    const ada = await addStaff(service.db, 'editor');
    const shared = await previews.share(ada.id, base);
    if (!shared.ok) throw new Error(shared.message);
    const path = new URL(shared.link.url).pathname;

    const opened = await call(path);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(`Draft of ${ada.id}`);
    expect(opened.headers['x-robots-tag']).toBe('noindex');
    const cookie = String(opened.headers['set-cookie']?.[0]).split(';')[0];
    expect(cookie.startsWith(`${PREVIEW_COOKIE}=`)).toBe(true);

    expect((await call('/', { cookie })).body).toContain(`Draft of ${ada.id}`);
    const health = await call('/api/v1/health', { cookie });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ message: 'ok', database: 'pglite' });
    expect((await call('/admin/pages', { cookie })).body).not.toContain('Draft of');
    // Without the cookie the service has no site of its own to show.
    expect((await call('/')).status).toBe(404);

    expect(await previews.revoke(ada.id, shared.link.id, false)).toBe(true);
    expect((await call(path)).status).toBe(404);
    const after = await call('/', { cookie });
    expect(after.body).not.toContain('Draft of');
    expect(after.headers['set-cookie']?.[0]).toContain('Max-Age=0');
  });

  it("checks submissions by the live site's forms once a publish switches it", async () => {
    const formsDir = join(dataDir, 'site', 'repo', 'site.config', 'forms');
    cpSync(FORMS_DIR, formsDir, { recursive: true });
    const contact = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello' };
    const post = () => call('/api/v1/inquiries/contact-us', { method: 'POST', body: JSON.stringify(contact) });
    expect((await post()).status).toBe(201);
    writeFileSync(
      join(formsDir, 'contact.json'),
      JSON.stringify(addField(formFile('contact'), { kind: 'text', label: 'Company', name: 'company', required: true })),
    );
    stand.publish(join(dataDir, 'site', 'builds', '1'));
    const refused = await post();
    expect(refused.status).toBe(422);
    expect(JSON.parse(refused.body).errors).toEqual([{ field: 'company', message: expect.any(String) }]);
  });
});
