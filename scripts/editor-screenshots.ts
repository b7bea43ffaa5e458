/**
 * npx tsx scripts/editor-screenshots.ts: the screenshots of docs/editor.md (docs/images/editor/*.png), taken in
 * Chromium from `npm run edit` on a temporary copy of site.config/ (nothing in site.config/ changes).
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/images/editor');
const port = Number(process.env.PORT ?? 5186);
const configDir = mkdtempSync(join(tmpdir(), 'sitewright-editor-shots-'));
cpSync(join(root, 'site.config'), configDir, { recursive: true });
mkdirSync(out, { recursive: true });

const child = spawn('npm', ['run', 'edit'], {
  cwd: root,
  env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, PORT: String(port) },
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch(chromiumLaunchOptions);
const shot = (page: Page, name: string) => page.screenshot({ path: join(out, `${name}.png`) });
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      if (i > 240) throw new Error('npm run edit did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  const frame = page.frameLocator('iframe[title="Preview of the page"]');

  // 1. A new page, three sections.
  await page.getByRole('button', { name: 'New page' }).click();
  await page.getByLabel('Address').fill('/partners');
  await page.getByLabel('Title').fill('Partners');
  await shot(page, '1-new-page');
  await page.getByRole('button', { name: 'Create page' }).click();
  await page.getByRole('listbox', { name: 'Sections' }).getByRole('option').first().waitFor();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.waitForTimeout(5000);
  await shot(page, '2-add-section');
  await page.getByRole('button', { name: 'Add Feature grid', exact: true }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await page.getByRole('button', { name: 'Add FAQ', exact: true }).click();

  // 2. Editing a field, the preview following.
  await page.getByRole('option', { name: /Section 1: Hero/ }).click();
  await page.locator('#sw-block_heading').fill('Partners who build with us');
  await frame.getByRole('heading', { name: 'Partners who build with us' }).waitFor();
  await page.waitForTimeout(800);
  await shot(page, '3-editing');

  // 3. A problem: shown under the field, on the section, in the list; saving refused.
  await page.locator('#sw-block_heading').fill('');
  await page.waitForTimeout(1200);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForTimeout(300);
  await shot(page, '4-problem');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.locator('#sw-block_heading').fill('Partners who build with us');

  // 4. FAQ set picker, phone width.
  await page.getByRole('option', { name: /Section 3: FAQ/ }).click();
  await page.getByRole('button', { name: /Phone/ }).click();
  await page.waitForTimeout(1200);
  await shot(page, '5-phone-and-faq-picker');
  await page.getByRole('button', { name: /Desktop/ }).click();

  // 5. Save, then the Changes view.
  await page.waitForTimeout(600);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForTimeout(800);
  await page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: 'Header menu', exact: true }).click();
  await page.waitForTimeout(600);
  await shot(page, '6-site-settings');
  await page.getByRole('button', { name: 'Changes' }).click();
  await page.waitForTimeout(1500);
  await shot(page, '7-changes');
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // gone
  }
  rmSync(configDir, { recursive: true, force: true });
}
