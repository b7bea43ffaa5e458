import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { DIST, gzipSize, JS_BUDGET, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';

/**
 * Blocks below the first screen hydrate when needed (renderer/lib/deferred-blocks.ts). These tests hold a
 * block's chunk back with page.route to act on the block while it is still server HTML, then let it through.
 */

const chunkOf = (folder: string) => manifest[`blocks/${folder}/index.tsx`].file;

/** Every prerendered route but the referral redirect (it leaves at once) and the scheduler step (its widget is the page). */
function routes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== 'assets' && e.name !== '.vite') walk(join(dir, e.name));
      } else if (e.name.endsWith('.html') && e.name !== '404.html') {
        const rel = relative(DIST, join(dir, e.name))
          .replace(/(^|\/)index\.html$/, '')
          .replace(/\.html$/, '');
        out.push(`/${rel}`);
      }
    }
  };
  walk(DIST);
  return out.filter((r) => !r.includes('/_') && r !== '/schedule-call-calendly').sort();
}

function scriptsRequested(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname === '127.0.0.1' && u.pathname.endsWith('.js')) seen.add(u.pathname.slice(1));
  });
  return seen;
}

test("the HTML preloads the page's chunk and its first block's, not the entry's imports (react-dom), which the entry asks for", () => {
  const preloads = (file: string) => [...readFileSync(join(DIST, file), 'utf8').matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => m[1]);
  const entry = manifest['renderer/entry-client.tsx'];
  const entryImports = (entry.imports ?? []).map((k) => manifest[k].file);
  expect(entryImports.some((f) => /framework/.test(f))).toBe(true);
  for (const [file, page, firstBlock] of [
    ['index.html', 'home', 'Hero'],
    ['owner/index.html', 'owner', 'Hero'],
    ['contact/index.html', 'contact', 'ContactInfo'],
  ]) {
    const list = preloads(file);
    expect(list, file).toEqual(expect.arrayContaining([manifest[`virtual:sitewright/page/${page}`].file, chunkOf(firstBlock)]));
    expect(
      list.filter((f) => f === entry.file || entryImports.includes(f)),
      file,
    ).toEqual([]);
  }
});

test('the routes under test are the prerendered ones', () => {
  expect(routes()).toEqual(expect.arrayContaining(['/', '/owner', '/referral', '/pricing/enterprise', '/contact']));
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  test(`at ${viewport.width} px every route loads at most 100 KB of JavaScript (gzip) before any interaction`, async ({ page, consoleProblems }) => {
    await page.setViewportSize(viewport);
    // /doctor asks the identity service whether it answers; here it does.
    await page.route('**/api/v1**', (route) => route.fulfill({ status: 200, body: '{}' }));
    const figures: string[] = [];
    for (const route of routes()) {
      const seen = scriptsRequested(page);
      await page.goto(route);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const bytes = [...seen].reduce((sum, f) => sum + gzipSize(f), 0);
      figures.push(`${route} ${(bytes / 1024).toFixed(1)} KB`);
      expect(bytes, `${route}: ${[...seen].join(', ')}`).toBeLessThanOrEqual(JS_BUDGET);
      page.removeAllListeners('request');
    }
    console.log(`${viewport.width} px: ${figures.join(' · ')}`);
    expect(consoleProblems).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a block below the first screen loads its code only when scrolled near', async ({ page, consoleProblems }) => {
    const seen = scriptsRequested(page);
    // Every style is inlined in the page: neither the load nor a block hydrating later fetches a style sheet.
    const styleSheets: string[] = [];
    page.on('request', (r) => r.url().endsWith('.css') && styleSheets.push(r.url()));
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(seen.has(chunkOf('Hero'))).toBe(true);
    expect(seen.has(chunkOf('Faq'))).toBe(false);
    expect(seen.has(chunkOf('CtaBanner'))).toBe(false);
    // Still all there as HTML, links working.
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeAttached();

    const faq = page.waitForRequest((r) => r.url().endsWith(chunkOf('Faq')));
    await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded();
    await faq;
    const question = page.getByRole('button', { name: 'Can I really manage my construction project remotely?' });
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(styleSheets).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test('a click that reaches a block before its code does takes effect once it has arrived', async ({ page, consoleProblems }) => {
    const faq = await holdFile(page, chunkOf('Faq'));
    await page.goto('/');
    await hydrated(page);
    const question = page.getByRole('button', { name: 'Can I really manage my construction project remotely?' });
    await question.click();
    await expect.poll(() => faq.requested()).toBe(true);
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    faq.release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    // One click, one toggle: the replayed click did not also pass through to the sleeping markup.
    await page.waitForTimeout(300);
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(consoleProblems).toEqual([]);
  });

  test('Enter on a question reached by keyboard before its block has code opens it once the code arrives', async ({ page, consoleProblems }) => {
    const faq = await holdFile(page, chunkOf('Faq'));
    await page.goto('/');
    await hydrated(page);
    const question = page.getByRole('button', { name: 'Can I really manage my construction project remotely?' });
    await question.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => faq.requested()).toBe(true);
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    faq.release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(question).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });

  test('a slider moved with the keyboard before its block has code keeps its value and React shows it', async ({ page, consoleProblems }) => {
    await page.setViewportSize({ width: 390, height: 400 });
    const estimator = await holdFile(page, chunkOf('FeeEstimator'));
    await page.goto('/pricing/premium');
    await hydrated(page);
    const slider = page.getByRole('slider');
    await slider.focus();
    const before = await slider.inputValue();
    const estimateBefore = await slider.getAttribute('aria-valuetext');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const moved = await slider.inputValue();
    expect(Number(moved)).toBeGreaterThan(Number(before));
    estimator.release();
    // Once hydrated, React's estimate follows the value the visitor set while the block was still HTML.
    await expect(slider).not.toHaveAttribute('aria-valuetext', estimateBefore ?? '');
    await expect(slider).toHaveValue(moved);
    await expect(slider).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });

  test('a choice made in a block before its code arrives is what the block shows once hydrated', async ({ page, consoleProblems }) => {
    const comparison = await holdFile(page, chunkOf('PlanComparison'));
    await page.goto('/pricing/enterprise');
    await hydrated(page);
    const table = page.getByRole('table');
    const picker = page.getByRole('combobox', { name: 'Show plan' });
    await picker.selectOption('Pro');
    await expect.poll(() => comparison.requested()).toBe(true);
    comparison.release();
    const visibleHeaders = () => table.getByRole('columnheader').filter({ visible: true }).allTextContents();
    await expect.poll(visibleHeaders).toEqual(['Features', 'Pro']);
    await expect(picker.locator('option:checked')).toHaveText('Pro');
    expect(consoleProblems).toEqual([]);
  });

  test('a link to a dialog whose block has not loaded yet opens it once it has', async ({ page, consoleProblems }) => {
    // The player itself is not under test: its script arrives and does nothing.
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill(
        route.request().url().includes('/iframe_api')
          ? { contentType: 'text/javascript', body: '' }
          : { contentType: 'text/html', body: '<!doctype html><title>player</title>' },
      ),
    );
    const dialogChunk = await holdFile(page, chunkOf('VideoDialog'));
    await page.goto('/referral');
    await hydrated(page);
    expect(dialogChunk.requested()).toBe(false);
    await page.getByRole('button', { name: 'How our referral works' }).click();
    await expect.poll(() => dialogChunk.requested()).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Referral Video' });
    await expect(dialog).toBeHidden();
    dialogChunk.release();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'How our referral works' })).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });
});
