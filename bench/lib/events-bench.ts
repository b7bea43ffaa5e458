/**
 * npm run bench -- --events: the funnel's beacons under load. Starts the site as `npm start` serves it (scripts/serve.ts:
 * the built site, the lead service and its batched counting on one Node HTTP port) with a new database, sends page
 * views and form starts from concurrent keep-alive clients (about 40 paths, a few sources and campaigns, thousands of
 * client addresses through X-Forwarded-For behind one trusted proxy, so visitors vary), then stops it (the last flush)
 * and counts the rows each stats table holds, and the flush transactions the service reports.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { percentile } from './audit-figures.ts';
import { openDatabase } from '../../server/db.ts';
import { backends } from '../../server/test-backends.ts';
import { EVENTS_PATH } from '../../renderer/shell/events.ts';

export interface EventsBenchOptions {
  root: string;
  total: number;
  clients: number;
  port: number;
}

export interface EventsBenchResult {
  backend: string;
  accepted: number;
  refused: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Rows per stats table after the run. */
  rows: Record<string, number>;
  /** Flush transactions the service committed, and the beacons it says it counted. */
  flushes: number;
  counted: number;
}

export const STATS_TABLES = ['stats_days', 'stats_pages', 'stats_forms', 'stats_seen', 'stats_salts'] as const;

/** About 40 paths: the site's pages, parameter-route values and a few addresses it does not have. */
const PATHS = [
  '/',
  '/owner',
  '/contractor',
  '/consultant',
  '/doctor',
  '/finance',
  '/project-manager',
  '/enterprise',
  '/pricing/enterprise',
  '/pricing/premium',
  '/contact',
  '/book-a-demo',
  '/enquiry',
  '/schedule-call',
  '/schedule-call-calendly',
  '/waitlist-welcome',
  '/policy',
  '/referral',
  ...Array.from({ length: 14 }, (_, i) => `/referral/friend${i}`),
  ...Array.from({ length: 8 }, (_, i) => `/old-page-${i}`),
];
const ORIGINS = [
  {},
  {},
  { ref: 'www.google.com' },
  { ref: 'www.linkedin.com' },
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' },
  { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' },
  { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'retarget' },
];
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** The i-th beacon: deterministic, so every run sends the same mix. */
function beaconOf(i: number): { body: string; address: string; agent: string } {
  const h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  const visitor = h % 20_000;
  const origin = ORIGINS[(h >>> 8) % ORIGINS.length];
  const params = new URLSearchParams();
  const path = PATHS[(h >>> 4) % PATHS.length];
  if ((h >>> 16) % 20 === 0) {
    params.set('k', 'start');
    params.set('f', ['contact', 'demo-lead', 'waitlist', 'enquiry'][(h >>> 12) % 4]);
    params.set('p', path);
    params.set('landing', PATHS[(h >>> 20) % PATHS.length]);
  } else {
    params.set('k', 'view');
    params.set('p', path);
    if ((h >>> 24) % 4 === 0) params.set('entry', '1');
  }
  for (const [k, v] of Object.entries(origin)) params.set(k, v);
  return { body: String(params), address: `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`, agent: AGENTS[visitor % AGENTS.length] };
}

async function startSite(root: string, port: number, env: Record<string, string>) {
  const served = existsSync(join(root, 'dist', 'index.html'));
  // npm start's server when there is a build; the service alone (npm run leads:serve) otherwise.
  const script = served ? 'scripts/serve.ts' : 'server/main.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const look = () => {
      const m = /(?:Serving \S+ at |Lead service at )(https?:\/\/[^/\s]+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', look);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { base, served, output: () => out, stop: () => (child.kill('SIGTERM'), exited) };
}

/** One backend: the embedded database in a scratch directory, or a new database on the server DATABASE_URL names. */
export async function benchEvents(options: EventsBenchOptions, databaseUrl?: string): Promise<EventsBenchResult> {
  const dataDir = join(options.root, '.data', `bench-events-${options.port}`);
  rmSync(dataDir, { recursive: true, force: true });
  const pg = databaseUrl
    ? await backends({ DATABASE_URL: databaseUrl })
        .find((b) => b.name === 'postgres')!
        .open({ migrated: false })
    : undefined;
  const env = { SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: pg?.url ?? '', SITEWRIGHT_TRUSTED_PROXIES: '1' };
  const site = await startSite(options.root, options.port, env);
  const agent = new Agent({ keepAlive: true, maxSockets: options.clients });
  const url = new URL(EVENTS_PATH, site.base);
  const latencies: number[] = [];
  let accepted = 0;
  let refused = 0;
  let next = 0;
  const send = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const b = beaconOf(i);
      const t0 = performance.now();
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
            'content-length': Buffer.byteLength(b.body),
            origin: site.base,
            'user-agent': b.agent,
            'x-forwarded-for': b.address,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            if (res.statusCode === 204) accepted++;
            else refused++;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(b.body);
    });
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (next < options.total) await send(next++);
      }),
    );
  } catch (e) {
    await site.stop();
    await pg?.dispose();
    throw e;
  }
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  // Stopping writes the last batch and reports the flushes.
  await site.stop();
  const m = /\[stats\] (\d+) visits and form starts counted in (\d+) flush/.exec(site.output());
  const db = pg?.db ?? (await openDatabase({ dataDir }));
  const rows: Record<string, number> = {};
  for (const t of STATS_TABLES) rows[t] = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
  if (pg) await pg.dispose();
  else {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    backend: databaseUrl ? 'PostgreSQL server (DATABASE_URL)' : 'embedded PostgreSQL (PGlite)',
    accepted,
    refused,
    seconds,
    perSecond: accepted / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rows,
    flushes: m ? Number(m[2]) : NaN,
    counted: m ? Number(m[1]) : NaN,
  };
}

export function eventsBenchTable(results: EventsBenchResult[], options: Pick<EventsBenchOptions, 'total' | 'clients'>): string {
  const f = (x: number, d = 1) => x.toFixed(d);
  const row = (label: string, cell: (r: EventsBenchResult) => string) => `| ${label} | ${results.map(cell).join(' | ')} |`;
  const lines = [
    `Beacons: ${options.total} page views and form starts (${PATHS.length} paths, ${ORIGINS.length} sources and campaigns, 20,000 visitors) from ${options.clients} concurrent keep-alive clients on loopback.`,
    '',
    `| | ${results.map((r) => r.backend).join(' | ')} |`,
    `| --- | ${results.map(() => '---').join(' | ')} |`,
    row('accepted (204)', (r) => String(r.accepted)),
    row('refused', (r) => String(r.refused)),
    row('seconds', (r) => f(r.seconds, 2)),
    row('beacons/s', (r) => f(r.perSecond, 0)),
    row('p50 ms', (r) => f(r.p50)),
    row('p99 ms', (r) => f(r.p99)),
    row('flush transactions', (r) => String(r.flushes)),
    row('beacons counted', (r) => String(r.counted)),
    ...STATS_TABLES.map((t) => row(`rows in ${t}`, (r) => String(r.rows[t]))),
    '',
    "stats_seen holds the day's keys only (deleted with its salt when the day is over); the other tables are all that stays.",
    ...results.map(
      (r) =>
        `${r.counted === r.accepted && r.refused === 0 ? '✓' : '✗'} ${r.backend}: ${r.counted} counted of ${r.accepted} accepted${r.refused ? `, ${r.refused} refused` : ''}`,
    ),
  ];
  return lines.join('\n');
}
