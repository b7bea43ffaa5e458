/**
 * npm run bench -- --publish's second half (or alone: npm run bench -- --keystrokes [--keystroke-runs 5]
 * [--keystroke-keys 30] [--keystroke-blocks 20] [--keystroke-port 4394]): the editor's keystroke-to-preview latency
 * in the back office (/admin/pages, the editor's production build, signed in, typing into the person's draft) beside
 * `npm run edit`'s (the dev server on a copy of site.config/), in the same run. Both get the same generated page of
 * --keystroke-blocks blocks; Chromium types into the heading of a block halfway down, and each keystroke is timed
 * from its keydown in the editor to the preview frame's DOM showing the text (timeKeystrokes, as --editor does).
 * The two editors take turns, --keystroke-runs times each, so a busy machine slows both alike: per run the median of
 * its keystrokes; reported are the median of the runs' medians, their spread (lowest–highest), and the p95 and
 * max of every keystroke.
 */
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { largePage, loadExamples } from '../../editor/server/bench.ts';
import { startLeadProcess } from '../../server/test-service.ts';
import { percentile } from './audit-figures.ts';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';
import { EDITOR_P95_BUDGET_MS, timeKeystrokes, typingReady, waitForServer } from './editor-bench.ts';

const execFileP = promisify(execFile);

export interface KeystrokeBenchOptions {
  root: string;
  /** Port of `npm run edit`; the back office takes a free one. */
  editPort: number;
  runs: number;
  keystrokes: number;
  blocks: number;
}

export interface KeystrokeFigures {
  where: 'npm run edit' | 'back office';
  /** Each run's median keystroke, ms. */
  runMedians: number[];
  /** Median of the runs' medians, and their spread. */
  median: number;
  low: number;
  high: number;
  /** Over every keystroke of every run. */
  p95: number;
  max: number;
  keystrokes: number;
}

export interface KeystrokeBenchResult {
  blocks: number;
  runs: number;
  rows: KeystrokeFigures[];
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A staff member with the editor role, through the invite and sign-in pages of the running service (`npm run staff`
 * reaches it through its socket, as an owner would on the server): the signed-in browser context.
 */
async function signedInEditor(browser: Browser, root: string, base: string, dataDir: string): Promise<BrowserContext> {
  const email = `bench-${Date.now().toString(36)}@buildpad.example`;
  const password = 'copper kettle on a windy hill';
  const { stdout } = await execFileP('npm', ['run', '--silent', 'staff', '--', 'invite', '--email', email, '--role', 'editor'], {
    cwd: root,
    env: { ...process.env, SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '', SITEWRIGHT_PUBLIC_URL: base },
  });
  const link = stdout.split('\n').find((line) => /\/admin\/invite\/[A-Za-z0-9_-]{43}$/.test(line));
  if (!link) throw new Error(`npm run staff -- invite gave no link:\n${stdout}`);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto(link);
  await page.getByLabel('Name').fill('Bench Editor');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('Your password is set. Sign in with it.').waitFor();
  await page.goto(`${base}/admin/sign-in`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // An editor's home is the editor itself.
  await page.waitForURL(/\/admin\/pages$/);
  await page.close();
  return context;
}

function figures(where: KeystrokeFigures['where'], runs: number[][]): KeystrokeFigures {
  const medians = runs.map((times) => percentile(times, 50));
  const all = runs.flat();
  return {
    where,
    runMedians: medians.map(r1),
    median: r1(percentile(medians, 50)),
    low: r1(Math.min(...medians)),
    high: r1(Math.max(...medians)),
    p95: r1(percentile(all, 95)),
    max: r1(Math.max(...all)),
    keystrokes: all.length,
  };
}

export async function benchKeystrokes(options: KeystrokeBenchOptions): Promise<KeystrokeBenchResult> {
  const { root, editPort, runs, keystrokes, blocks } = options;
  if (!existsSync(join(root, 'dist-editor'))) throw new Error("The editor's production build (dist-editor/) is missing: run npm run build first.");
  const route = `/bench-keys-${blocks}`;
  const title = `Keystroke bench ${blocks}`;
  const file = `pages/bench-keys-${blocks}.json`;
  const page = largePage(loadExamples(root), blocks, route);
  page.title = title;
  // The block typed into: the first one with a heading past the middle of the page.
  const at = page.blocks.findIndex((b, i) => i >= Math.floor(blocks / 2) && typeof b.heading === 'string');

  const configDir = mkdtempSync(join(tmpdir(), 'sitewright-keys-edit-'));
  cpSync(join(root, 'site.config'), configDir, { recursive: true });
  writeFileSync(join(configDir, file), `${JSON.stringify(page, null, 2)}\n`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sitewright-keys-service-'));
  const edit = spawn('npm', ['run', 'edit'], {
    cwd: root,
    env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, PORT: String(editPort) },
    stdio: 'ignore',
    detached: true,
  });
  // The service alone (as behind a CDN): the back office with the editor's production build; no git remote, so
  // publishing works on a copy of this repository and nothing is pushed.
  const service = await startLeadProcess({ SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '', SITEWRIGHT_GIT_REMOTE: '' });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const times: Record<KeystrokeFigures['where'], number[][]> = { 'npm run edit': [], 'back office': [] };
  try {
    const editUrl = `http://127.0.0.1:${editPort}/`;
    await waitForServer(editUrl, edit);
    const signedIn = await signedInEditor(browser, root, service.url, dataDir);
    // The generated page goes into the person's draft through the editor's own API, as the editor saves a new file.
    const saved = await signedIn.request.post(`${service.url}/admin/pages/api/save`, {
      headers: { Origin: service.url },
      data: { path: file, data: page, baseHash: null },
    });
    if (!saved.ok()) throw new Error(`saving the bench page into the draft answered ${saved.status()}: ${await saved.text()}`);
    const devContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    for (let run = 0; run < runs; run++) {
      for (const [where, context, url] of [
        ['npm run edit', devContext, editUrl],
        ['back office', signedIn, `${service.url}/admin/pages`],
      ] as const) {
        const tab = await context.newPage();
        // A step that cannot happen fails the bench with Playwright's account of why, rather than waiting for ever.
        tab.setDefaultTimeout(60_000);
        const field = await typingReady(tab, url, title, route, at);
        times[where].push((await timeKeystrokes(tab, field, at, keystrokes)).times);
        await tab.close();
      }
    }
    await devContext.close();
    await signedIn.close();
  } finally {
    await browser.close();
    await service.stop();
    try {
      if (edit.pid) process.kill(-edit.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(configDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { blocks, runs, rows: [figures('npm run edit', times['npm run edit']), figures('back office', times['back office'])] };
}

export function keystrokeBenchTable({ blocks, runs, rows }: KeystrokeBenchResult): string {
  return [
    `Editor: keystroke in a heading field → text in the preview's DOM, page of ${blocks} blocks, ${runs} runs each, taking turns (Chromium, 1366 px; ✓ when p95 ≤ ${EDITOR_P95_BUDGET_MS} ms)`,
    '',
    '| editor | keystrokes | median of run medians ms | spread of run medians ms | p95 ms | max ms | run medians ms | |',
    '|---|---:|---:|---:|---:|---:|---|:-:|',
    ...rows.map(
      (r) =>
        `| ${r.where === 'npm run edit' ? '`npm run edit` (dev server)' : 'back office /admin/pages (production build, draft)'} | ${r.keystrokes} | ${r.median} | ${r.low}–${r.high} | ${r.p95} | ${r.max} | ${r.runMedians.join(', ')} | ${r.p95 <= EDITOR_P95_BUDGET_MS ? '✓' : '✗'} |`,
    ),
  ].join('\n');
}
