/**
 * npm run bench -- --editor [--editor-keys 50] [--editor-sizes 20,200] [--editor-port 5185] [--editor-task-runs 3]
 * The visual editor's typing latency: on a temporary copy of site.config/ with a generated page of 20 and of 200
 * blocks, `npm run edit` serves the editor and Chromium types into a heading field of a block halfway down the page.
 * For each keystroke: time from the keydown event in the editor to the moment the preview frame's DOM shows the
 * new text (a MutationObserver on that block's section), p50/p95/max. Beside it, the server side of one edit (the
 * save's text edit and the live check, from editor/server/bench.ts). Then the "new landing page" task
 * (editor/server/landing-task.ts), --editor-task-runs times on the same server: the number of user actions and the
 * time from the first action to "Saved".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { percentile } from './audit-figures.ts';
import { largePage, loadExamples, measureBackend, type BackendFigures } from '../../editor/server/bench.ts';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.ts';
import { landingPageTask, type TaskFigures } from '../../editor/server/landing-task.ts';

export interface EditorBenchOptions {
  root: string;
  port: number;
  sizes: number[];
  keystrokes: number;
  /** How many times the "new landing page" task runs (0: not at all). */
  taskRuns: number;
}

export interface EditorBenchResult {
  rows: EditorBenchRow[];
  task: TaskFigures[];
}

export interface EditorBenchRow {
  blocks: number;
  keystrokes: number;
  p50: number;
  p95: number;
  max: number;
  /** Of the p50, how long the editor took to hand the page to the preview (the rest is the preview rendering it). */
  editorP50: number;
  backend: BackendFigures;
}

/** Typing into a field must keep the preview up to date without visible lag: p95 at most this. */
export const EDITOR_P95_BUDGET_MS = 100;

export async function waitForServer(url: string, child: ChildProcess, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm run edit exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm run edit did not answer on ${url}`);
}

/** Opens `route`'s page in a loaded editor, selects block `at` and puts the cursor at the end of its heading. */
export async function typingReady(page: Page, url: string, title: string, route: string, at: number): Promise<Locator> {
  await page.goto(url);
  await page.getByRole('navigation', { name: 'Pages and shared content' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`${title} ${route.replace(/[/-]/g, '\\$&')}`) }).click();
  const option = page.locator(`#sw-outline-${at}`);
  await option.scrollIntoViewIfNeeded();
  await option.click();
  const field = page.locator('#sw-block_heading');
  await field.click();
  await field.press('End');
  const frame = page.frameLocator('iframe[title="Preview of the page"]');
  await frame.locator(`[data-editor-index="${at}"] h2, [data-editor-index="${at}"] h1`).first().waitFor({ timeout: 60_000 });
  return field;
}

/**
 * Types `keystrokes` letters at the end of `field` (after 5 more that warm up and are not counted), whose text shows
 * in the block at index `at` of the preview frame. Per keystroke: the time from its keydown event in the editor to
 * the moment the preview frame's DOM shows the new text, and of that, the part until the editor handed the page to
 * the preview.
 */
export async function timeKeystrokes(page: Page, field: Locator, at: number, keystrokes: number): Promise<{ times: number[]; editorPart: number[] }> {
  await page.evaluate(`addEventListener('keydown', (e) => { window.__kd = e.timeStamp; }, true)`);
  const times: number[] = [];
  const editorPart: number[] = [];
  let text = await field.inputValue();
  // A few keystrokes first, to warm up (chunks, JIT); not counted.
  for (let i = 0; i < keystrokes + 5; i++) {
    const ch = 'abcdefghijklmnopqrstuvwxyz'[i % 26];
    text += ch;
    // A string, not a function: tsx would add helpers (__name) that the page does not have.
    await page.evaluate(`(() => {
      const doc = document.querySelector('iframe[title="Preview of the page"]').contentDocument;
      const expected = ${JSON.stringify(text)};
      window.__done = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          const slot = doc.querySelector('[data-editor-index="${at}"]');
          if (slot && slot.textContent.includes(expected)) {
            observer.disconnect();
            resolve(performance.now() - window.__kd);
          }
        });
        observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
      });
    })()`);
    await page.keyboard.press(ch);
    const ms = (await page.evaluate('window.__done')) as number;
    const posted = (await page.evaluate('window.__swPosted - window.__kd')) as number;
    if (i >= 5) {
      times.push(ms);
      editorPart.push(posted);
    }
    await page.waitForTimeout(20);
  }
  return { times, editorPart };
}

export async function benchEditor(options: EditorBenchOptions): Promise<EditorBenchResult> {
  const { root, port, sizes, keystrokes, taskRuns } = options;
  const configDir = mkdtempSync(join(tmpdir(), 'sitewright-editor-bench-'));
  cpSync(join(root, 'site.config'), configDir, { recursive: true });
  const examples = loadExamples(root);
  const targets = new Map<number, number>();
  for (const n of sizes) {
    const page = largePage(examples, n, `/bench-editor-${n}`);
    page.title = `Editor bench ${n}`;
    // The block typed into: the first one with a heading past the middle of the page.
    const at = page.blocks.findIndex((b, i) => i >= Math.floor(n / 2) && typeof b.heading === 'string');
    targets.set(n, at);
    writeFileSync(join(configDir, `pages/bench-editor-${n}.json`), `${JSON.stringify(page, null, 2)}\n`);
  }
  const child = spawn('npm', ['run', 'edit'], {
    cwd: root,
    env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, PORT: String(port) },
    stdio: 'ignore',
    detached: true,
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  const rows: EditorBenchRow[] = [];
  const task: TaskFigures[] = [];
  try {
    await waitForServer(`http://127.0.0.1:${port}/`, child);
    for (const n of sizes) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const at = targets.get(n)!;
      const field = await typingReady(page, `http://127.0.0.1:${port}/`, `Editor bench ${n}`, `/bench-editor-${n}`, at);
      // SITEWRIGHT_BENCH_PROFILE=1: where the main thread's time goes while typing (top functions by self time).
      const cdp = process.env.SITEWRIGHT_BENCH_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.start');
      }
      const { times, editorPart } = await timeKeystrokes(page, field, at, keystrokes);
      if (cdp) {
        const { profile } = (await cdp.send('Profiler.stop')) as {
          profile: { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
        };
        const self = new Map<string, number>();
        const byId = new Map(profile.nodes.map((nd) => [nd.id, nd]));
        profile.samples.forEach((id, i) => {
          const f = byId.get(id)!.callFrame;
          const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/\/[^/]+/, '').split('?')[0]}:${f.lineNumber}`;
          self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
        });
        console.error(`profile, ${n} blocks:`);
        for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.error(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
      }
      await context.close();
      const r1 = (v: number) => Math.round(v * 10) / 10;
      rows.push({
        blocks: n,
        keystrokes: times.length,
        p50: r1(percentile(times, 50)),
        editorP50: r1(percentile(editorPart, 50)),
        p95: r1(percentile(times, 95)),
        max: r1(Math.max(...times)),
        backend: measureBackend(root, configDir, n, 20),
      });
    }
    for (let run = 1; run <= taskRuns; run++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.getByRole('navigation', { name: 'Pages and shared content' }).waitFor();
      task.push(await landingPageTask(page, { route: `/landing-${run}`, title: `Landing ${run}`, questionSet: `landing-${run}` }));
      await context.close();
    }
  } finally {
    await browser.close();
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(configDir, { recursive: true, force: true });
  }
  return { rows, task };
}

export function editorBenchTable({ rows, task }: EditorBenchResult): string {
  const lines = [
    `Editor: keystroke in a heading field → text in the preview's DOM (Chromium, 1366 px; ✓ when p95 ≤ ${EDITOR_P95_BUDGET_MS} ms)`,
    '',
    '| blocks | keystrokes | p50 ms | p95 ms | max ms | editor part of p50 ms | server: text edit p50/p95 ms | server: live check p50/p95 ms | |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|:-:|',
    ...rows.map(
      (r) =>
        `| ${r.blocks} | ${r.keystrokes} | ${r.p50} | ${r.p95} | ${r.max} | ${r.editorP50} | ${r.backend.edit.p50} / ${r.backend.edit.p95} | ${r.backend.check.p50} / ${r.backend.check.p95} | ${r.p95 <= EDITOR_P95_BUDGET_MS ? '✓' : '✗'} |`,
    ),
    '',
    'The live check runs 150 ms after the last keystroke and does not hold up the preview; it is shown for the cost per edit on the server.',
  ];
  if (task.length) {
    const ms = task.map((t) => t.ms);
    const t = task[0];
    lines.push(
      '',
      `The "new landing page" task (hero, feature grid of three cards, FAQ of two questions on a new question set, links in the header menu and the footer, saved), ${task.length} run${task.length > 1 ? 's' : ''}:`,
      '',
      '| user actions | clicks | key presses | fields typed | characters | time median s | time, every run s |',
      '|---:|---:|---:|---:|---:|---:|---|',
      `| ${t.actions} | ${t.clicks} | ${t.keys} | ${t.fields} | ${t.characters} | ${(percentile(ms, 50) / 1000).toFixed(1)} | ${ms.map((m) => (m / 1000).toFixed(1)).join(', ')} |`,
      '',
      `Actions per step: ${t.steps.map((s) => `${s.name} ${s.actions}`).join(' · ')}. The time is the script's, waiting for each answer of the interface; a person reads and types more slowly.`,
    );
  }
  return lines.join('\n');
}
