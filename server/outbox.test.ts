// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeadApp } from './app.ts';
import type { Db } from './db.ts';
import { deliverDue, startOutboxWorker } from './outbox.ts';
import { deleteByEmail, pendingOutbox } from './store.ts';
import { backends, truncateAll } from './test-backends.ts';

// Opening a PGlite database takes seconds, longer when test files run in parallel on two cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** A local webhook that fails `failures` times with 500, then accepts; it records every body it got. */
async function webhook(failures: number): Promise<{ url: string; bodies: unknown[]; server: Server }> {
  const bodies: unknown[] = [];
  let left = failures;
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(text));
      res.statusCode = left-- > 0 ? 500 : 204;
      res.end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, bodies, server };
}

const BODY = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Call me' };

describe.each(backends())('webhook outbox on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let hook: Awaited<ReturnType<typeof webhook>> | undefined;
  beforeAll(async () => ({ db, dispose } = await backend.open()));
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));
  afterEach(async () => {
    await new Promise((ok) => (hook ? hook.server.close(ok) : ok(undefined)));
    hook = undefined;
  });

  const submit = async (key?: string) => {
    const app = createLeadApp({ db, hashSecret: 's', peerAddress: () => '192.0.2.1', webhook: {} });
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) };
    const res = await app.request('/api/v1/inquiries/contact-us', { method: 'POST', headers, body: JSON.stringify(BODY) });
    expect(res.status).toBe(201);
    return (await res.json()).id as string;
  };

  it('queues each lead in its transaction and retries a failing webhook until it accepts', async () => {
    hook = await webhook(2);
    const id = await submit();
    expect(await pendingOutbox(db)).toEqual([
      { id: expect.any(Number), kind: 'webhook', recipient: null, leadId: id, attempts: 0, lastError: null, nextAttemptAt: expect.any(String) },
    ]);
    expect(await deliverDue({ db, url: hook.url, backoff: () => 0 })).toBe(0);
    expect((await pendingOutbox(db))[0]).toMatchObject({ attempts: 1, lastError: 'webhook answered 500' });
    await deliverDue({ db, url: hook.url, backoff: () => 0 });
    expect(await deliverDue({ db, url: hook.url, backoff: () => 0 })).toBe(1);
    expect(await pendingOutbox(db)).toEqual([]);
    expect(hook.bodies).toHaveLength(3);
    expect(hook.bodies[2]).toEqual({ id, form: 'contact', receivedAt: expect.any(String), payload: BODY });
    const row = (await db.query<{ attempts: number; delivered: boolean }>('SELECT attempts, delivered_at IS NOT NULL AS delivered FROM outbox')).rows[0];
    expect(row).toEqual({ attempts: 3, delivered: true });
  });

  it('loses nothing while the webhook is unreachable, and waits the back-off before retrying', async () => {
    await submit();
    await deliverDue({ db, url: 'http://127.0.0.1:1/down', backoff: () => 60_000 });
    const [pending] = await pendingOutbox(db);
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toEqual(expect.any(String));
    expect(Date.parse(pending.nextAttemptAt)).toBeGreaterThan(Date.now() + 50_000);
    hook = await webhook(0);
    expect(await deliverDue({ db, url: hook.url })).toBe(0);
    expect(hook.bodies).toHaveLength(0);
  });

  it('delivers from the background worker as soon as a lead is stored', async () => {
    hook = await webhook(0);
    const worker = startOutboxWorker({ db, url: hook.url, intervalMs: 50 });
    try {
      await submit();
      while ((await pendingOutbox(db)).length) await new Promise((r) => setTimeout(r, 20));
      expect(hook.bodies).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it('drops pending deliveries and Idempotency-Key records of leads deleted on request', async () => {
    await submit('key-1');
    await submit();
    expect((await db.query('SELECT 1 FROM idempotency_keys')).rows).toHaveLength(1);
    expect(await deleteByEmail(db, 'ADA@example.com')).toBe(2);
    expect(await pendingOutbox(db)).toEqual([]);
    expect((await db.query('SELECT 1 FROM idempotency_keys')).rows).toHaveLength(0);
    expect(await deleteByEmail(db, 'ada@example.com')).toBe(0);
  });
});
