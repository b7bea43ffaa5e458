/**
 * npm run bench -- --publish: from "Publish" to the new text served, for a one-field change and for a new page. A
 * bare repository served over HTTP on loopback by git http-backend is the remote; the publisher (server/publish/)
 * runs in this process with the real build (scripts/build.ts in a child process), and a small static server serves
 * whatever build is live, as the service does. Each run edits a draft, publishes it, and polls the served page
 * until the new text is there.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { startGitHttp } from '../../tests/helpers/git-http.ts';
import { createPublisher } from '../../server/publish/publisher.ts';
import { buildSite } from '../../server/publish/builds.ts';
import type { Author } from '../../server/publish/types.ts';
import { editJsonText } from '../../editor/server/json-edit.ts';
import { writeAtomic } from '../../scripts/lib/write-atomic.ts';
import { ssrBundleDir } from '../../scripts/lib/answer-pages.ts';
import { newPage } from '../../scripts/lib/scaffold.ts';
import { outputPath } from '../../scripts/lib/deploy-files.ts';
import { median } from './audit-figures.ts';

const run = promisify(execFile);
const TARGET_MS = 15_000;
const AUTHOR: Author = { name: 'Bench Editor', email: 'bench@buildpad.example' };

export interface PublishRun {
  /** From the publish call to the new text in the served page. */
  totalMs: number;
  /** The publish call alone (merge, check, build, commit, push, switch). */
  publishMs: number;
  /** The build inside it (scripts/build.ts in a child process). */
  buildMs: number;
}

export interface PublishBenchResult {
  runs: number;
  field: PublishRun[];
  page: PublishRun[];
  notes: string[];
}

async function git(cwd: string, ...args: string[]): Promise<void> {
  await run('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Seed',
      GIT_AUTHOR_EMAIL: 'seed@example.invalid',
      GIT_COMMITTER_NAME: 'Seed',
      GIT_COMMITTER_EMAIL: 'seed@example.invalid',
    },
  });
}

/** A static server for the live build: the route's prerendered file, read from whichever build is live now. */
function serveLive(dir: () => string | null, port: number) {
  const server = createServer((req, res) => {
    const live = dir();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = live ? join(live, outputPath(path)) : null;
    if (!file || path.includes('..') || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(readFileSync(file));
  });
  return new Promise<{ url: string; close: () => Promise<void> }>((ok) =>
    server.listen(port, '127.0.0.1', () =>
      ok({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

/** Asks for the page until it holds the text; the time it first did. */
async function servedAt(url: string, text: string): Promise<number> {
  for (;;) {
    const r = await fetch(url).catch(() => null);
    if (r?.ok && (await r.text()).includes(text)) return performance.now();
    await new Promise((d) => setTimeout(d, 25));
  }
}

export async function benchPublish(opts: { root: string; runs: number; gitPort: number; servePort: number }): Promise<PublishBenchResult> {
  const tmp = mkdtempSync(join(tmpdir(), 'sw-publish-bench-'));
  const seed = join(tmp, 'seed');
  mkdirSync(seed);
  cpSync(join(opts.root, 'site.config'), join(seed, 'site.config'), { recursive: true });
  await git(seed, 'init', '-q', '--initial-branch', 'main');
  await git(seed, 'add', '.');
  await git(seed, 'commit', '-q', '-m', 'The site');
  const remotes = join(tmp, 'remotes');
  mkdirSync(remotes);
  await git(tmp, 'clone', '-q', '--bare', seed, join(remotes, 'site.git'));
  await git(join(remotes, 'site.git'), 'config', 'http.receivepack', 'true');
  const gitHttp = await startGitHttp({ root: remotes, port: opts.gitPort });
  const home = join(tmp, 'home');
  let lastBuildMs = 0;
  const publisher = await createPublisher({
    config: { root: opts.root, home, repoDir: join(home, 'repo'), branch: 'main', remote: `${gitHttp.url}/site.git`, editorDir: join(tmp, 'none') },
    log: () => undefined,
    build: async (configDir, outDir) => {
      const start = performance.now();
      const result = await buildSite(opts.root, configDir, outDir);
      lastBuildMs = performance.now() - start;
      return result;
    },
  });
  const served = await serveLive(() => publisher.live.dir(), opts.servePort);
  const staff = randomUUID();
  const field: PublishRun[] = [];
  const page: PublishRun[] = [];
  const notes: string[] = [];
  const builds = new Set<string>();
  publisher.live.onChange((d) => builds.add(d));
  try {
    const configDir = (await publisher.draft(staff)).configDir;
    for (let i = 1; i <= opts.runs; i++) {
      // One field: the owner page's hero heading.
      const text = `Published heading ${i}.${randomUUID().slice(0, 6)}`;
      const file = join(configDir, 'pages/owner.json');
      const before = readFileSync(file, 'utf8');
      const doc = JSON.parse(before) as { blocks: { heading?: string }[] };
      doc.blocks[0].heading = text;
      writeAtomic(file, editJsonText(before, doc));
      field.push(await timed(`${served.url}/owner`, text));

      // A new page, as the editor's "new page" makes it.
      const route = `/bench-${i}-${randomUUID().slice(0, 6)}`;
      const title = `Bench page ${i}`;
      const made = newPage({ root: opts.root, configDir, route, title });
      if (!made.ok) throw new Error(made.lines.join('\n'));
      page.push(await timed(`${served.url}${route}`, title));
      console.error(`run ${i}/${opts.runs}: field ${(field[i - 1].totalMs / 1000).toFixed(1)} s, page ${(page[i - 1].totalMs / 1000).toFixed(1)} s`);
    }
  } finally {
    await served.close();
    await publisher.close();
    await gitHttp.close();
    for (const d of builds) rmSync(ssrBundleDir(opts.root, d), { recursive: true, force: true });
    rmSync(tmp, { recursive: true, force: true });
  }
  notes.push('Driven in this process through the publisher (the back office API at /admin/pages/api/publish wraps the same call).');
  return { runs: opts.runs, field, page, notes };

  async function timed(url: string, text: string): Promise<PublishRun> {
    const start = performance.now();
    const outcome = await publisher.publish(staff, AUTHOR);
    const publishMs = performance.now() - start;
    if (!outcome.ok) throw new Error(`publish refused (${outcome.kind}): ${outcome.message}`);
    const at = await servedAt(url, text);
    return { totalMs: at - start, publishMs, buildMs: lastBuildMs };
  }
}

const s = (ms: number) => (ms / 1000).toFixed(1);

export function publishBenchTable(r: PublishBenchResult): string {
  const row = (name: string, runs: PublishRun[]) => {
    const totals = runs.map((x) => x.totalMs);
    const publishes = runs.map((x) => x.publishMs);
    return `| ${name} | ${s(median(totals))} | ${s(Math.min(...totals))}–${s(Math.max(...totals))} | ${s(median(publishes))} | ${s(median(runs.map((x) => x.buildMs)))} |`;
  };
  const check = (name: string, runs: PublishRun[]) => {
    const m = median(runs.map((x) => x.totalMs));
    return `${m < TARGET_MS ? '✓' : '✗'} ${name}: median ${s(m)} s from "Publish" to the new text served (target under ${TARGET_MS / 1000} s, build included)`;
  };
  return [
    `Machine load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${cpus().length} cores.`,
    `Publish: ${r.runs} runs each, over a bare git repository served by git http-backend on loopback; the real build (scripts/build.ts) into a new folder, then the switch.`,
    ...r.notes,
    '',
    '| change | median s | spread s (min–max) | publish call median s | of which the build, median s |',
    '| --- | --- | --- | --- | --- |',
    row('one field (owner page hero heading)', r.field),
    row('new page', r.page),
    '',
    check('one field', r.field),
    check('new page', r.page),
  ].join('\n');
}
