/**
 * npm run bench -- --leads: the built-in lead service under load. Starts it on its own (server/main.ts) on a
 * loopback port with a new database, posts valid contact requests from concurrent clients, each with its own
 * Idempotency-Key, and then counts the rows the marketer's CLI finds: the count must equal the 201s.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './audit-figures.ts';

export interface LeadBenchOptions {
  root: string;
  total: number;
  clients: number;
  port: number;
}

export interface LeadBenchResult {
  backend: string;
  accepted: number;
  refused: number;
  rows: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

async function startService(root: string, port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /(https?:\/\/\S+\/api\/v1)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the lead service exited with ${code} before listening`)));
  });
  child.stdout.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { base, stop: () => (child.kill('SIGTERM'), exited) };
}

/** One backend: the embedded database in a scratch directory, or the server DATABASE_URL names. */
export async function benchLeads(options: LeadBenchOptions, databaseUrl?: string): Promise<LeadBenchResult> {
  const dataDir = join(options.root, '.data', `bench-leads-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  // The rate limit is per client address, and every bench client is 127.0.0.1: it is lifted for this run only.
  const env = { SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', SITEWRIGHT_RATE_LIMIT: String(options.total * 10) };
  const service = await startService(options.root, options.port, env);
  const run = `bench-${Date.now().toString(36)}`;
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const post = async (i: number) => {
    const t0 = performance.now();
    const res = await fetch(`${service.base}/inquiries/contact-us`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `${run}-${i}` },
      body: JSON.stringify({
        firstName: 'Ada',
        lastName: `Obi ${i}`,
        email: `${run}.${i}@example.com`,
        description: `Load test request ${i} of ${options.total}.`,
      }),
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status === 201) accepted++;
    else refused++;
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (next < options.total) await post(next++);
    }),
  ).catch(async (e: unknown) => {
    await service.stop();
    throw e;
  });
  const seconds = (performance.now() - started) / 1000;
  // Counted through the running server, exactly as `npm run leads -- list --json` does.
  const listed = spawnSync(process.execPath, ['--import', 'tsx', join(options.root, 'server/cli.ts'), 'list', '--form', 'contact', '--json'], {
    cwd: options.root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  await service.stop();
  if (listed.status !== 0) throw new Error(`npm run leads -- list failed:\n${listed.stderr}`);
  const rows = (JSON.parse(listed.stdout) as { payload: { email?: string } }[]).filter((l) => l.payload.email?.startsWith(`${run}.`)).length;
  if (!databaseUrl) rmSync(dataDir, { recursive: true, force: true });
  return {
    backend: databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PostgreSQL (PGlite)',
    accepted,
    refused,
    rows,
    seconds,
    perSecond: accepted / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function leadBenchTable(results: LeadBenchResult[], options: Pick<LeadBenchOptions, 'total' | 'clients'>): string {
  const f = (x: number, d = 1) => x.toFixed(d);
  const lines = [
    `Lead service: ${options.total} valid contact requests from ${options.clients} concurrent clients on loopback, each with its own Idempotency-Key.`,
    '',
    '| backend | accepted (201) | refused | rows stored | seconds | submissions/s | p50 ms | p99 ms |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map((r) => `| ${r.backend} | ${r.accepted} | ${r.refused} | ${r.rows} | ${f(r.seconds, 2)} | ${f(r.perSecond)} | ${f(r.p50)} | ${f(r.p99)} |`),
    '',
    ...results.map(
      (r) =>
        `${r.rows === r.accepted && r.refused === 0 ? '✓' : '✗'} ${r.backend}: ${r.rows} rows stored for ${r.accepted} accepted submissions${r.refused ? `, ${r.refused} refused` : ''}`,
    ),
  ];
  return lines.join('\n');
}
