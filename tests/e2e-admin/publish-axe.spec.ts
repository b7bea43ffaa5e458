/**
 * The publishing screens under axe: the editor at /admin/pages and the history at /admin/history, at 1366 and 390 px.
 * It publishes nothing and reads nothing of the remote, so it runs beside the publishing chain (publish.spec.ts), not
 * in it.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, newStaff } from './helpers.ts';
import { openEditor, openPage } from './publish-helpers.ts';

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
const OWNER = { title: 'Private Project Owners', route: '/owner' };

test('the editor and the history pass axe at 1366 and 390 px', async ({ browser }) => {
  for (const viewport of [WIDE, NARROW]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await newStaff(page, 'owner', `Axel Owner ${viewport.width}`);
    await openEditor(page);
    await openPage(page, OWNER.title, OWNER.route);
    // The preview frame shows the site's own blocks, which the site's accessibility suite checks.
    expect(await axeViolations(page, ['iframe']), `/admin/pages at ${viewport.width} px`).toEqual([]);
    await page.goto('/admin/history');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    expect(await axeViolations(page), `/admin/history at ${viewport.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  }
});
