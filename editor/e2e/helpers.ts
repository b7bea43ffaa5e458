/** Shared steps of the editor's end-to-end tests (not a spec: no tests here). */
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const outline = (page: Page) => page.getByRole('listbox', { name: 'Sections' });
export const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the page"]');
export async function sectionNames(page: Page): Promise<string[]> {
  const options = await outline(page).getByRole('option').all();
  return Promise.all(options.map((o) => o.locator('.sw-option__name').innerText()));
}
export const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Selected section' }).getByRole('button', { name, exact: true });
export const field = (page: Page, label: string) => page.locator('#sw-fields').getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) });
export const status = (page: Page) => page.getByRole('banner').getByRole('status');

export async function openEditor(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Pages and shared content' })).toBeVisible();
}

export async function addSection(page: Page, kind: string) {
  const dialog = page.getByRole('dialog', { name: 'Add a section' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(dialog).toBeVisible({ timeout: 2000 });
  }).toPass();
  await dialog.getByRole('button', { name: `Add ${kind}`, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Opens every folded group of the fields panel by clicking its line, until none is left folded. The clicks are made
 * in the page in one go: a deep form (site settings) has hundreds of lines, and one Playwright click each takes minutes.
 */
export async function unfoldAll(page: Page) {
  await page.locator('#sw-fields').evaluate((panel) => {
    // Nested groups show once their parent is open: one round per level.
    for (let round = 0; round < 20; round++) {
      const closed = panel.querySelectorAll<HTMLElement>('details:not([open]) > summary.sw-fold__summary');
      if (!closed.length) break;
      closed.forEach((s) => s.click());
    }
  });
}

/**
 * Puts the shared config copy's pages, question sets, forms and site settings back as the repository has them: for a
 * spec that renames or deletes pages, so the specs after it find the site they expect.
 */
export function restoreConfig(configDir: string) {
  for (const dir of ['pages', 'faqs', 'forms']) {
    const source = join('site.config', dir);
    const wanted = new Set(readdirSync(source));
    for (const name of readdirSync(join(configDir, dir))) if (!wanted.has(name)) rmSync(join(configDir, dir, name), { recursive: true, force: true });
    for (const name of wanted) cpSync(join(source, name), join(configDir, dir, name), { recursive: true });
  }
  cpSync(join('site.config', 'site.json'), join(configDir, 'site.json'));
}

/** The screens site settings are split into, as the left column names them. */
export const SETTINGS_SCREENS = ['Header menu', 'Footer', 'Prices', 'Sign-in and other destinations', 'Not-found page', 'Advanced'] as const;

/** Opens one screen of the site settings from the left column. */
export async function openSettings(page: Page, screen: (typeof SETTINGS_SCREENS)[number]) {
  const entry = page
    .getByRole('navigation', { name: 'Pages and shared content' })
    .getByRole('button', { name: new RegExp(`^${screen}( \\(\\d+ problems?\\))?$`) });
  await entry.click();
  await expect(page.locator('#sw-panel-title')).toHaveText('Site settings');
  // The title is the same for every screen: the entry marked current says this one opened.
  await expect(entry).toHaveAttribute('aria-current', 'true');
}

/** Opens a folded group of the fields panel by its one-line summary (no-op when it is open). */
export async function unfold(page: Page, summary: RegExp) {
  const details = page
    .locator('#sw-fields details')
    .filter({ has: page.locator(':scope > summary', { hasText: summary }) })
    .first();
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator(':scope > summary').click();
}

/**
 * The axe-core that @axe-core/playwright runs (its own pinned copy), so the rules checked are those the suite has
 * always checked.
 */
const AXE_SOURCE = (createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }).source;
/** The editor's own screens; the preview frames show the site's blocks, which the site's own a11y suite covers. */
const AXE_CONTEXT = { include: [] as string[], exclude: ['iframe'] };

/**
 * The axe violations of the editor's screen as it is now, one line each. axe-core runs in the page itself, put there
 * once per document, with the context and options AxeBuilder would pass; AxeBuilder's default instead injects axe again
 * on every call and finishes each scan in a blank page with a second copy of axe, which costs more than the scan of a
 * small dialog and adds nothing when the frames are excluded.
 */
export async function axe(page: Page): Promise<string[]> {
  type Axe = { run: (context: typeof AXE_CONTEXT, options: RunOptions) => Promise<AxeResults> };
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ context, options }) => {
      const { violations } = await (window as unknown as { axe: Axe }).axe.run(context, options);
      return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    // Only the violations are read: axe keeps one node of each other kind instead of a selector for every node.
    { context: AXE_CONTEXT, options: { resultTypes: ['violations'] } satisfies RunOptions },
  );
}
