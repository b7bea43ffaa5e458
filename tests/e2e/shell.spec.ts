import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

/**
 * The shell's widgets (header dropdowns, the phone menu, the FAQ) on /owner, with the shared script and without
 * any script at all: the platform (popover, popovertarget, <details>) must carry them alone.
 */
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function open(page: Page, viewport: { width: number; height: number }, js: boolean) {
  await page.setViewportSize(viewport);
  await page.goto('/owner');
  // A page without script is never hydrated: it is ready once loaded.
  if (js) await hydrated(page);
  return page.getByRole('banner');
}

async function faqExpandsOnClick(page: Page) {
  const item = page.locator('#faq details').first();
  const answer = item.getByRole('region');
  await expect(answer).toBeHidden();
  await item.locator('summary').click();
  await expect(answer).toBeVisible();
  await expect(answer).not.toHaveText('');
  await item.locator('summary').click();
  await expect(answer).toBeHidden();
}

for (const js of [true, false]) {
  test.describe(`shell with JavaScript ${js ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled: js });

    test('at 1366px a dropdown opens and closes by click, outside click and Escape', async ({ page, consoleProblems }) => {
      const header = await open(page, DESKTOP, js);
      const solutions = header.getByRole('button', { name: 'Solutions' });
      const panel = page.locator('#menu-solutions');
      await expect(panel).toBeHidden();

      await solutions.click();
      await expect(panel).toBeVisible();
      // The panel hangs under its own button.
      const [b, p] = [(await solutions.boundingBox())!, (await panel.boundingBox())!];
      expect(p.y).toBeGreaterThan(b.y + b.height);
      expect(Math.abs(p.x - b.x)).toBeLessThan(24);
      if (js) await expect(solutions).toHaveAttribute('aria-expanded', 'true');
      await solutions.click();
      await expect(panel).toBeHidden();

      await solutions.click();
      await page.locator('main').click({ position: { x: 4, y: 300 } });
      await expect(panel).toBeHidden();

      // Escape from inside the panel closes it and gives focus back to the button (the platform does both).
      await solutions.click();
      await panel.getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(solutions).toBeFocused();
      if (js) await expect(solutions).toHaveAttribute('aria-expanded', 'false');

      await solutions.click();
      await panel.getByRole('link', { name: /^Contractor/ }).click();
      await expect(page).toHaveURL(/\/contractor$/);
      expect(consoleProblems).toEqual([]);
    });

    test('at 390px the menu opens full-screen, its groups open and its links work', async ({ page, consoleProblems }) => {
      const header = await open(page, PHONE, js);
      const menu = page.locator('#site-menu');
      await expect(menu).toBeHidden();
      await header.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      expect(await menu.boundingBox()).toEqual({ x: 0, y: 0, ...PHONE });

      await menu.getByRole('button', { name: 'Pricing' }).click();
      await expect(menu.getByRole('link', { name: /^Premium Plan/ })).toBeVisible();
      // A second press closes the group again (in place with script, as a popover without).
      await menu.getByRole('button', { name: 'Pricing' }).click();
      await expect(menu.getByRole('link', { name: /^Premium Plan/ })).toBeHidden();
      await expect(menu).toBeVisible();

      // The hamburger stays reachable above the open menu and closes it.
      await header.getByRole('button', { name: js ? 'Close menu' : 'Open menu' }).click();
      await expect(menu).toBeHidden();

      await header.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'Contact us' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      expect(consoleProblems).toEqual([]);
    });

    for (const viewport of [DESKTOP, PHONE]) {
      test(`at ${viewport.width}px an FAQ answer expands and collapses on click`, async ({ page, consoleProblems }) => {
        await open(page, viewport, js);
        await faqExpandsOnClick(page);
        expect(consoleProblems).toEqual([]);
      });
    }
  });
}

test.describe('shell keyboard details', () => {
  test('at 390px Escape closes an open group first, then the menu, and focus returns to the hamburger', async ({ page }) => {
    const header = await open(page, PHONE, true);
    await header.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#site-menu');
    const solutions = menu.getByRole('button', { name: 'Solutions' });
    await expect(solutions).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');
    await expect(solutions).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
  });

  test('at 1366px Tab out of an open dropdown closes it; growing past 1024px closes the phone menu', async ({ page }) => {
    const header = await open(page, DESKTOP, true);
    const pricing = header.getByRole('button', { name: 'Pricing' });
    await pricing.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await expect(page.locator('#menu-pricing a').last()).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.locator('#menu-pricing a').first()).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await expect(page.locator('#menu-pricing')).toBeHidden();
    await expect(pricing).toHaveAttribute('aria-expanded', 'false');

    await page.setViewportSize(PHONE);
    await header.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.setViewportSize(DESKTOP);
    await expect(header.getByRole('button', { name: 'Solutions' })).toBeVisible();
    // The browser reports the breakpoint change at its next rendering step, which may come after the check above.
    await expect.poll(() => page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
    await expect.poll(() => page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
  });
});

test.describe('comparison without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every group of the comparison is shown, since its disclosures need the script', async ({ page }) => {
    await page.goto('/pricing/enterprise');
    const table = page.getByRole('table');
    await expect(table.getByRole('rowheader', { name: 'Bids', includeHidden: true })).toBeVisible();
    await expect(table.getByRole('rowheader', { name: 'Frequency', includeHidden: true })).toBeVisible();
  });
});
