// @vitest-environment node
/**
 * Two lead-service processes on one PostgreSQL database act as one: the per-form rate limit, webhook deliveries and
 * staff sessions are all in the database. Real processes (server/main.ts), real HTTP, a webhook receiver of the
 * test's own. PostgreSQL only (PGlite is one process's); CI sets DATABASE_URL, and there a missing one fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from './db.ts';
import { startLeadProcess, type ServiceProcess } from './test-service.ts';
import { backends } from './test-backends.ts';
import { createSession, sessionCookieName } from './admin/sessions.ts';
import { addStaff } from './admin/testing.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const postgres = backends().find((b) => b.name === 'postgres');
if (process.env.CI && !postgres) throw new Error('DATABASE_URL must name a PostgreSQL server in CI: two instances are tested there');

const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Please call me.' };

describe.skipIf(!postgres)('two lead-service processes on one PostgreSQL', () => {
  let db: Db;
  let dispose: () => Promise<void>;
  let receiver: Server;
  const instances: ServiceProcess[] = [];
  /** Deliveries the webhook receiver got, by lead id. */
  const delivered = new Map<string, number>();
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-instances-'));

  beforeAll(async () => {
    const opened = await postgres!.open();
    db = opened.db;
    dispose = opened.dispose;
    // A slow receiver, so that the two workers' passes overlap while deliveries are still under way.
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: string };
        delivered.set(id, (delivered.get(id) ?? 0) + 1);
        setTimeout(() => res.writeHead(200).end('{}'), 30);
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const port = (receiver.address() as { port: number }).port;
    const env = {
      DATABASE_URL: opened.url!,
      SITEWRIGHT_DATA_DIR: dataDir,
      SITEWRIGHT_RATE_LIMIT: '5',
      SITEWRIGHT_TRUSTED_PROXIES: '1',
      SITEWRIGHT_LEAD_WEBHOOK: `http://127.0.0.1:${port}/hook`,
      SITEWRIGHT_ADMIN_TOKEN: '',
    };
    // One after the other: both would otherwise race to run the migrations on the fresh database.
    instances.push(await startLeadProcess(env));
    instances.push(await startLeadProcess(env));
  });

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await new Promise((ok) => receiver?.close(ok));
    await dispose?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (i: number, client: string) =>
    fetch(`${instances[i % 2].url}/api/v1/inquiries/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ ...CONTACT, email: `${client.replace(/\W/g, '-')}.${i}@example.com` }),
    });

  it('meets one rate limit: a flood split across both stores exactly the limit and answers the rest 429', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(i, '198.51.100.1')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const r of answers.filter((a) => a.status === 429)) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const stored = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM leads WHERE payload->>'email' LIKE '198-51-100-1.%'");
    expect(stored.rows[0].n).toBe(5);
  });

  it('delivers each webhook copy once, whichever process stored the lead and whichever worker took it', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i, `203.0.113.${i + 1}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(201));
    const ids = await db.query<{ id: string }>('SELECT id FROM leads');
    expect(ids.rows).toHaveLength(35);
    await vi.waitFor(
      async () => {
        const pending = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE delivered_at IS NULL');
        expect(pending.rows[0].n).toBe(0);
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(ids.rows.map((r) => delivered.get(r.id) ?? 0)).toEqual(Array(35).fill(1));
    expect(delivered.size).toBe(35);
  });

  it('knows a session made on one on the other', async () => {
    const staff = await addStaff(db, 'sales');
    const cookie = `${sessionCookieName(false)}=${await createSession(db, staff.id)}`;
    for (const { url: base } of instances) {
      const signedIn = await fetch(`${base}/admin`, { headers: { cookie }, redirect: 'manual' });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('location')).toBe('/admin/leads');
      const signedOut = await fetch(`${base}/admin`, { redirect: 'manual' });
      expect(signedOut.headers.get('location')).toMatch(/^\/admin\/sign-in/);
    }
  });
});
