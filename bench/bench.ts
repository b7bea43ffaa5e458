/**
 * npm run bench [-- --sizes 10,100,1000] [-- --runs 7] [-- --prerender-runs 3] [-- --no-prerender]
 * The page builder's own cost as config grows: for each size, generates that many pages (realistic mixes of
 * every block's example.json) in a scratch copy of the project, then measures
 *  - the whole `npm run validate` process (the launcher scripts/validate-cli.mjs, run by node as npm does, on the
 *    scratch copy's config with --config-dir): wall time from spawn to exit, median of --runs cold processes, plus
 *    the first run after a clean cache (it bundles the validator and saves the compiled schemas) and, from inside
 *    the process, the time spent validating and peak memory;
 *  - ajv-cli validating the same page files against the same schemas (whole process, median of --runs), for a ratio;
 *  - prerendering (the build's prerender phase: time, per page, peak memory), median of --prerender-runs builds,
 *    because single builds of the same pages vary widely on a shared machine.
 * The two validators' runs alternate, so a busy machine slows both alike.
 * With --editor [--editor-keys 50] [--editor-sizes 20,200] [--editor-task-runs 3] it measures the visual editor's typing
 * latency and its "new landing page" task instead
 * (bench/lib/editor-bench.ts).
 * With --leads [--leads-total 2000] [--leads-clients 20] it measures the lead service instead (bench/lib/lead-bench.ts):
 * on the embedded database, and on the PostgreSQL server DATABASE_URL names when it is set.
 * With --events [--events-total 100000] [--events-clients 50] [--events-port 4421] it measures the funnel's beacons instead
 * (bench/lib/events-bench.ts): the site as npm start serves it, on the embedded database and on the PostgreSQL server
 * DATABASE_URL names when it is set, side by side, with the rows each stats table holds afterwards.
 * With --keystrokes [--keystroke-runs 5] [--keystroke-keys 30] [--keystroke-blocks 20] [--keystroke-port 4394] it measures the
 * editor's keystroke-to-preview latency in the back office beside `npm run edit`'s, in the same run, instead
 * (bench/lib/keystroke-bench.ts; needs npm run build first, for dist-editor/).
 * With --inbox [--inbox-leads 10000] [--inbox-runs 50] it measures the back office's inbox and the sign-in's password
 * hash instead (bench/lib/inbox-bench.ts), on the same backends.
 * With --publish [--publish-runs 5] it measures publishing from the back office instead (bench/lib/publish-bench.ts):
 * from "Publish" to the new text served, for a one-field change and for a new page, over a git remote on loopback.
 * With --interactions [--interaction-runs 5] [--interactions-port 4491] [--no-build] [--only NAME,…] it measures what a
 * visitor on a throttled phone waits for after their first and second tap, key or swipe, beside a control build where
 * every island hydrates at load (bench/lib/interactions-bench.ts). A report, not a gate: it exits 0.
 */
import { rendersMainHeading } from '../scripts/lib/config/headings.ts';
import { blockRegistry } from '../blocks/registry.ts';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { median } from './lib/audit-figures.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const sizes = option('sizes', '10,100,1000').split(',').map(Number);
const runs = Math.max(1, Number(option('runs', '7')));
const withPrerender = !args.includes('--no-prerender');
const prerenderRuns = Math.max(1, Number(option('prerender-runs', '3')));

if (args.includes('--interactions')) {
  const { benchInteractions } = await import('./lib/interactions-bench.ts');
  const { interactionTable } = await import('./lib/interactions.ts');
  const { loadavg } = await import('node:os');
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]), 5_000);
  const rows = await benchInteractions({
    root,
    runs: Math.max(1, Number(option('interaction-runs', '5'))),
    port: Number(option('interactions-port', '4491')),
    build: !args.includes('--no-build'),
    only: args.includes('--only') ? option('only', '').split(',') : [],
  });
  clearInterval(sampler);
  console.log(interactionTable(rows));
  if (loads.length > 0) {
    const avg = loads.reduce((a, b) => a + b, 0) / loads.length;
    console.log(`Load average (1 min) during the run: mean ${avg.toFixed(2)}, min ${Math.min(...loads).toFixed(2)}, max ${Math.max(...loads).toFixed(2)}.`);
  }
  process.exit(0);
}

if (args.includes('--editor')) {
  const { benchEditor, editorBenchTable } = await import('./lib/editor-bench.ts');
  const result = await benchEditor({
    root,
    port: Number(option('editor-port', '5185')),
    sizes: option('editor-sizes', '20,200').split(',').map(Number),
    keystrokes: Number(option('editor-keys', '50')),
    taskRuns: Number(option('editor-task-runs', '3')),
  });
  const table = editorBenchTable(result);
  console.log(table);
  process.exit(table.includes('✗') ? 1 : 0);
}

/** The editor's keystroke-to-preview latency in the back office beside npm run edit's (--keystrokes, and part of --publish). */
async function keystrokeTable(): Promise<string> {
  const { benchKeystrokes, keystrokeBenchTable } = await import('./lib/keystroke-bench.ts');
  return keystrokeBenchTable(
    await benchKeystrokes({
      root,
      editPort: Number(option('keystroke-port', '4394')),
      runs: Math.max(1, Number(option('keystroke-runs', '5'))),
      keystrokes: Number(option('keystroke-keys', '30')),
      blocks: Number(option('keystroke-blocks', '20')),
    }),
  );
}

if (args.includes('--publish')) {
  const { benchPublish, publishBenchTable } = await import('./lib/publish-bench.ts');
  const table = publishBenchTable(
    await benchPublish({
      root,
      runs: Math.max(1, Number(option('publish-runs', '5'))),
      gitPort: Number(option('publish-git-port', '4351')),
      servePort: Number(option('publish-port', '4352')),
    }),
  );
  console.log(table);
  const keys = await keystrokeTable();
  console.log(keys);
  process.exit(table.includes('✗') || keys.includes('✗') ? 1 : 0);
}

if (args.includes('--keystrokes')) {
  const table = await keystrokeTable();
  console.log(table);
  process.exit(table.includes('✗') ? 1 : 0);
}

if (args.includes('--inbox')) {
  const { benchInbox, inboxBenchTable } = await import('./lib/inbox-bench.ts');
  const table = inboxBenchTable(await benchInbox({ count: Number(option('inbox-leads', '10000')), runs: Number(option('inbox-runs', '50')) }));
  console.log(table);
  process.exit(table.includes('✗') ? 1 : 0);
}

if (args.includes('--events')) {
  const { benchEvents, eventsBenchTable } = await import('./lib/events-bench.ts');
  const eventOptions = {
    root,
    total: Number(option('events-total', '100000')),
    clients: Number(option('events-clients', '50')),
    port: Number(option('events-port', '4421')),
  };
  const eventResults = [await benchEvents(eventOptions)];
  if (process.env.DATABASE_URL) eventResults.push(await benchEvents({ ...eventOptions, port: eventOptions.port + 1 }, process.env.DATABASE_URL));
  const table = eventsBenchTable(eventResults, eventOptions);
  console.log(table);
  process.exit(table.includes('✗') ? 1 : 0);
}

if (args.includes('--leads')) {
  const { benchLeads, leadBenchTable } = await import('./lib/lead-bench.ts');
  const leadOptions = {
    root,
    total: Number(option('leads-total', '2000')),
    clients: Number(option('leads-clients', '20')),
    port: Number(option('leads-port', '4391')),
  };
  const leadResults = [await benchLeads(leadOptions)];
  if (process.env.DATABASE_URL) leadResults.push(await benchLeads({ ...leadOptions, port: leadOptions.port + 1 }, process.env.DATABASE_URL));
  const table = leadBenchTable(leadResults, leadOptions);
  console.log(table);
  process.exit(table.includes('✗') ? 1 : 0);
}

/** Deterministic PRNG so every run measures the same pages. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const examples = readdirSync(join(root, 'blocks'))
  .map((d) => join(root, 'blocks', d, 'example.json'))
  .filter(existsSync)
  .map((f) => JSON.parse(readFileSync(f, 'utf8')) as { type: string; id?: string });
// Blocks that must be unique on a page (ids) or are page-specific are used at most once per page.
const heroes = examples.filter((e) => e.type === 'hero');
// A page has exactly one main heading (the hero's), so blocks that render an h1 are left out of the rest.
const others = examples.filter((e) => e.type !== 'hero' && !e.id && !rendersMainHeading(e, blockRegistry));

function makeProject(n: number): string {
  const dir = join(tmpdir(), `sitewright-bench-${n}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(root, 'schemas'), join(dir, 'schemas'));
  // Packages linked one by one, so the copy has its own node_modules/.cache: the first validate run starts from nothing,
  // and nothing the bench does touches the caches of the real project.
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules')))
    if (name !== '.cache') symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  // Sources are copied, not linked: Vite keys its manifest by real paths.
  for (const copy of ['scripts', 'site.config', 'blocks', 'renderer', 'vite.config.ts', 'package.json', 'tsconfig.json'])
    cpSync(join(root, copy), join(dir, copy), { recursive: true });
  const rand = mulberry32(n);
  const pagesDir = join(dir, 'site.config/pages');
  for (let i = 0; i < n; i++) {
    const count = 3 + Math.floor(rand() * 4);
    const blocks = [
      heroes[0] ?? { type: 'hero', heading: `Page ${i}` },
      ...Array.from({ length: count }, () => others[Math.floor(rand() * others.length)] ?? heroes[0]),
    ];
    const page = {
      $schema: '../../schemas/page.schema.json',
      route: `/bench/p${i}`,
      title: `Bench page ${i}`,
      description: `Generated page ${i} for the benchmark of validating and prerendering many pages.`,
      blocks,
    };
    writeFileSync(join(pagesDir, `bench-${i}.json`), `${JSON.stringify(page, null, 2)}\n`);
  }
  return dir;
}

function run(cmd: string, argv: string[], cwd: string, env: Record<string, string> = {}): { out: string; err: string; ms: number; status: number | null } {
  const t0 = performance.now();
  const r = spawnSync(cmd, argv, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { out: r.stdout, err: r.stderr, ms: performance.now() - t0, status: r.status };
}

interface Inside {
  validateMs: number;
  pages: number;
  errors: number;
  firstError: unknown;
  maxRssMb: number;
}

interface Result {
  pages: number;
  /** Inside the validate process: loading and checking every file (median). */
  validateMs: number;
  validateMemMb: number;
  /** Whole validate process, median of the warm-cache runs; and the first run, which fills the cache. */
  validateProcessMs: number;
  validateFirstRunMs: number;
  ajvCliMs: number;
  prerenderMs?: number;
  prerenderPages?: number;
  prerenderMemMb?: number;
}
const results: Result[] = [];

for (const n of sizes) {
  const dir = makeProject(n);
  const totalPages = readdirSync(join(dir, 'site.config/pages')).length;
  // What npm run validate runs (package.json "validate"), as a new process each time, printing its whole report.
  const validate = () => {
    const r = run(process.execPath, [join(dir, 'scripts/validate-cli.mjs'), '--config-dir', join(dir, 'site.config')], dir, { SITEWRIGHT_BENCH: '1' });
    const line = r.err.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`validate printed no figures:\n${r.err.slice(0, 2000)}`);
    const inside = JSON.parse(line.slice(6)) as Inside;
    if (inside.errors || r.status !== 0) throw new Error(`generated config does not validate: ${JSON.stringify(inside.firstError)}`);
    return { ms: r.ms, inside };
  };
  // ajv-cli compiles the same schema files and validates the same page files; it checks no other file and nothing across files.
  const blockSchemas = readdirSync(join(dir, 'schemas/blocks')).map((f) => `-r=schemas/blocks/${f}`);
  const ajvCli = () => {
    const r = run(
      join(root, 'node_modules/.bin/ajv'),
      [
        'validate',
        '--spec=draft7',
        '--strict=false',
        '--all-errors',
        '-c',
        'ajv-formats',
        '-s',
        'schemas/page.schema.json',
        '-r',
        'schemas/defs.schema.json',
        '-r',
        'schemas/block.schema.json',
        '-r',
        'schemas/site.schema.json',
        ...blockSchemas,
        '-d',
        'site.config/pages/*.json',
      ],
      dir,
    );
    if (r.status !== 0) throw new Error(`ajv-cli failed:\n${`${r.out}\n${r.err}`.slice(0, 2000)}`);
    return r.ms;
  };
  const first = validate();
  ajvCli(); // its first run, so both measured series start with the files in the page cache
  const ours: number[] = [];
  const theirs: number[] = [];
  const inside: Inside[] = [];
  for (let i = 0; i < runs; i++) {
    const v = validate();
    ours.push(v.ms);
    inside.push(v.inside);
    theirs.push(ajvCli());
  }
  const result: Result = {
    pages: totalPages,
    validateMs: median(inside.map((x) => x.validateMs)),
    validateMemMb: Math.max(...inside.map((x) => x.maxRssMb)),
    validateProcessMs: median(ours),
    validateFirstRunMs: first.ms,
    ajvCliMs: median(theirs),
  };
  if (withPrerender) {
    const builds = Array.from({ length: prerenderRuns }, () => {
      const b = run(process.execPath, ['--import', 'tsx', join(dir, 'scripts/build.ts')], dir, { SITEWRIGHT_BENCH: '1', SITEWRIGHT_OUT_DIR: 'dist-bench' });
      const line = `${b.out}\n${b.err}`.split('\n').find((l) => l.startsWith('BENCH '));
      if (!line) throw new Error(`build failed for ${n} pages:\n${`${b.out}\n${b.err}`.slice(-3000)}`);
      return JSON.parse(line.slice(6)) as { pages: number; prerenderMs: number; maxRssMb: number };
    });
    Object.assign(result, {
      prerenderMs: median(builds.map((b) => b.prerenderMs)),
      prerenderPages: builds[0].pages,
      prerenderMemMb: Math.max(...builds.map((b) => b.maxRssMb)),
    });
  }
  results.push(result);
  rmSync(dir, { recursive: true, force: true });
  console.log(`measured ${n} generated pages (${totalPages} in all)`);
}

const f = (x: number | undefined, d = 1) => (x === undefined ? '–' : x.toFixed(d));
console.log(
  `\nValidation: median of ${runs} runs each, alternating; "first run" fills an empty cache (bundles the validator, compiles and saves the schemas). Prerender: median of ${withPrerender ? prerenderRuns : 0} builds.`,
);
console.log(
  '\n| pages | validate ms (in process) | ms/page | peak MB | whole `npm run validate` process ms | first run ms | ajv-cli process ms | ratio (ours/ajv-cli) | prerender ms | ms/page | peak MB |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.pages} | ${f(r.validateMs)} | ${f(r.validateMs / r.pages, 3)} | ${f(r.validateMemMb, 0)} | ${f(r.validateProcessMs, 0)} | ${f(r.validateFirstRunMs, 0)} | ${f(r.ajvCliMs, 0)} | ${f(r.validateProcessMs / r.ajvCliMs, 2)} | ${f(r.prerenderMs)} | ${r.prerenderMs && r.prerenderPages ? f(r.prerenderMs / r.prerenderPages, 2) : '–'} | ${f(r.prerenderMemMb, 0)} |`,
  );
}
const big = results.find((r) => r.pages >= 1000);
const mid = results.find((r) => r.pages >= 100 && r.pages < 1000);
const checks: string[] = [];
if (big) {
  checks.push(
    `${big.validateProcessMs < 1000 ? '✓' : '✗'} validating ${big.pages} pages took ${f(big.validateProcessMs, 0)} ms as a whole process, ${f(big.validateMs, 0)} ms of it validating (budget < 1000 ms)`,
  );
  checks.push(
    `${big.validateProcessMs <= big.ajvCliMs ? '✓' : '✗'} whole validate process ${f(big.validateProcessMs, 0)} ms vs ajv-cli ${f(big.ajvCliMs, 0)} ms on the same ${big.pages} page files and schemas (budget: no slower)`,
  );
}
if (big?.prerenderMs && mid?.prerenderMs && big.prerenderPages && mid.prerenderPages) {
  const ratio = big.prerenderMs / big.prerenderPages / (mid.prerenderMs / mid.prerenderPages);
  checks.push(
    `${ratio <= 1.2 ? '✓' : '✗'} prerender per page at ${big.prerenderPages} pages is ${f(ratio, 2)}x the per-page time at ${mid.prerenderPages} (budget ≤ 1.2x)`,
  );
}
console.log(`\n${checks.join('\n')}`);
process.exit(checks.some((c) => c.startsWith('✗')) ? 1 : 0);
