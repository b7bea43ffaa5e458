import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { startServer } from '../../scripts/lib/serve-child.ts';
import { leadsCli } from './leads-cli.ts';

/**
 * A lead acknowledged is a lead stored: the served site is killed with SIGKILL (no clean shutdown, no
 * flush) right after the service answers 201, then started again on the same database, where the lead must be.
 * On the embedded database always, and on the PostgreSQL server too when DATABASE_URL names one.
 */

const root = join(import.meta.dirname, '..', '..');
const basePort = Number(process.env.E2E_PORT ?? 4317) + 200;

const backends: { name: string; port: number; env: Record<string, string> }[] = [
  { name: 'embedded PostgreSQL (PGlite)', port: basePort, env: { DATABASE_URL: '' } },
  ...(process.env.DATABASE_URL ? [{ name: 'PostgreSQL server', port: basePort + 1, env: { DATABASE_URL: process.env.DATABASE_URL } }] : []),
];

// Each test's server keeps its database in a temporary directory, never in the project's .data/, removed after.
const dataDirs: string[] = [];
test.afterAll(() => dataDirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function temporaryDataDir(port: number): string {
  const dir = mkdtempSync(join(tmpdir(), `sitewright-crash-${port}-`));
  dataDirs.push(dir);
  return dir;
}

for (const backend of backends) {
  test(`a lead answered 201 survives SIGKILL of the server (${backend.name})`, async () => {
    test.setTimeout(180_000); // two cold starts of a new embedded database, not a performance limit
    const env = { ...backend.env, SITEWRIGHT_DATA_DIR: temporaryDataDir(backend.port) };
    const email = `crash.${Date.now().toString(36)}@example.com`;
    const body = { firstName: 'Ada', lastName: 'Obi', email, description: 'Still here after a crash?' };

    const first = await startServer(root, backend.port, { dist: process.env.SITEWRIGHT_DIST ?? 'dist', env });
    let res: Response;
    try {
      res = await fetch(`${first.url}/api/v1/inquiries/contact-us`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `crash-${email}` },
        body: JSON.stringify(body),
      });
    } finally {
      // Killed at once after the answer, before anything else can run in that process.
      await first.stop('SIGKILL');
    }
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };

    const second = await startServer(root, backend.port, { dist: process.env.SITEWRIGHT_DIST ?? 'dist', env });
    try {
      const out = await leadsCli(['list', '--form', 'contact', '--json'], env);
      const leads = (JSON.parse(out) as { id: string; payload: Record<string, unknown> }[]).filter((l) => l.payload.email === email);
      expect(leads).toEqual([expect.objectContaining({ id, payload: body })]);

      // The same submission again, with its key, is answered as the first time and stored no second time.
      const again = await fetch(`${second.url}/api/v1/inquiries/contact-us`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `crash-${email}` },
        body: JSON.stringify(body),
      });
      expect(again.status).toBe(201);
      expect(((await again.json()) as { id: string }).id).toBe(id);
    } finally {
      await second.stop();
    }
  });
}
