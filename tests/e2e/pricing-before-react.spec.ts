import type { Page } from '@playwright/test';
import { axeFor } from './axe.ts';
import { readFileSync } from 'node:fs';
import { htmlOf, inlineScriptsOf, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';
import { formatPrice, projectCost, projectFee, type PriceTable } from '../../blocks/lib/pricing.ts';

/**
 * The pricing pages answer the visitor's first action from their own HTML, styles and block scripts. On the plans,
 * these tests hold back the islands loader and the framework chunk (so no React can run), act, check what is on
 * screen, then let the code in and check that React carries on from the same state. The fee estimator is static:
 * its script is all there is.
 */

const FRAMEWORK = Object.entries(manifest).find(([key]) => /^_framework-/.test(key))?.[1].file ?? '';
const LOADER = inlineScriptsOf(htmlOf('/pricing/enterprise'))[0]?.match(/\/(assets\/islands-loader-[0-9a-f]+\.js)/)?.[1] ?? '';
const prices = (JSON.parse(readFileSync('site.config/site.json', 'utf8')) as { pricing: PriceTable }).pricing;

/** Holds the islands loader and React; returns what lets both in. */
async function holdReact(page: Page): Promise<() => void> {
  expect(LOADER).toMatch(/^assets\/islands-loader-/);
  expect(FRAMEWORK).toMatch(/^assets\//);
  const held = [await holdFile(page, LOADER), await holdFile(page, FRAMEWORK)];
  return () => held.forEach((h) => h.release());
}

const card = (page: Page, name: string) => page.getByRole('article', { name });
/** The price a card shows, with its period: the one figure on screen (the other period's is display: none). */
const shownPrice = (page: Page, name: string) => card(page, name).locator('[data-period]').filter({ visible: true });
/** What the visitor reads of it: hidden figures (other user counts) are left out. */
const seen = { useInnerText: true };
/** React's amount (the one the existing tests read). */
const amount = (page: Page, name: string) => card(page, name).locator('[class*="amount"]');
const live = (page: Page, type: string) => page.locator(`[data-block="${type}"][data-live]`);
const estimate = (percent: number) => {
  const cost = projectCost(percent, prices);
  return { cost: formatPrice(cost, prices.currency), fee: formatPrice(projectFee(cost, prices), prices.currency) };
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`pricing before React at ${viewport.width}px`, () => {
    test.use({ viewport });

    test("annual prices show at once without React; a user count chosen meanwhile is React's once it is here", async ({ page, consoleProblems }) => {
      const release = await holdReact(page);
      await page.goto('/pricing/enterprise');
      await expect(shownPrice(page, 'Basic')).toHaveText('NGN 20,000 per month', seen);

      await page.getByText('Annually - save 15%').click();
      await expect(page.getByRole('radio', { name: 'Annually - save 15%' })).toBeChecked();
      await expect(shownPrice(page, 'Basic')).toHaveText('NGN 204,000 per year', seen);
      await expect(shownPrice(page, 'Pro')).toHaveText('NGN 459,000 per year', seen);
      await expect(shownPrice(page, 'Free')).toHaveText('NGN 0 per year', seen);
      // Screen readers get only the figure on screen.
      await expect(card(page, 'Basic').getByText('NGN 20,000', { exact: true })).toBeHidden();

      await page.getByRole('radio', { name: 'Monthly' }).check();
      await expect(shownPrice(page, 'Pro')).toHaveText('NGN 45,000 per month', seen);
      await page.getByRole('radio', { name: 'Annually - save 15%' }).check();
      // Every count of a short dropdown has its price in the page: the chosen one shows at once.
      await page.getByRole('combobox', { name: 'Users on the Pro plan' }).selectOption('5');
      await expect(shownPrice(page, 'Pro')).toHaveText('NGN 663,000 per year', seen);
      await page.getByRole('combobox', { name: 'Users on the Basic plan' }).selectOption('10');
      await expect(shownPrice(page, 'Basic')).toHaveText('NGN 2,040,000 per year', seen);
      await page.getByRole('radio', { name: 'Monthly' }).check();
      await expect(shownPrice(page, 'Basic')).toHaveText('NGN 200,000 per month', seen);
      await expect(card(page, 'Basic').getByText('NGN 20,000', { exact: true })).toBeHidden();
      await page.getByRole('radio', { name: 'Annually - save 15%' }).check();
      await expect(live(page, 'pricingPlans')).toHaveCount(0);

      release();
      await expect(live(page, 'pricingPlans')).toHaveCount(1);
      // React's state is what the page showed: annual, 5 Pro users, 10 Basic users; a second change is React's.
      await expect(amount(page, 'Pro')).toHaveText('NGN 663,000');
      await expect(amount(page, 'Basic')).toHaveText('NGN 2,040,000');
      await page.getByRole('combobox', { name: 'Users on the Pro plan' }).selectOption('7');
      await expect(amount(page, 'Pro')).toHaveText('NGN 867,000');
      await expect(shownPrice(page, 'Pro')).toHaveText('NGN 867,000 per year', seen);
      await page.getByRole('radio', { name: 'Monthly' }).check();
      await expect(amount(page, 'Pro')).toHaveText('NGN 85,000');
      await expect(shownPrice(page, 'Pro')).toHaveText('NGN 85,000 per month', seen);

      // The chosen plan's Contact Us still opens the demo dialog.
      await page.getByRole('radio', { name: 'Choose Pro' }).check();
      await card(page, 'Pro').getByRole('button', { name: 'Contact Us', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
      expect(consoleProblems).toEqual([]);
    });

    test('the fee slider by key and by drag shows cost and fee at once, and the page never asks for React', async ({ page, consoleProblems }) => {
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goto('/pricing/premium');
      await hydrated(page);
      const slider = page.getByRole('slider', { name: 'Estimated project cost' });
      const cost = page.getByTestId('project-cost');
      const fee = page.getByTestId('project-fee');
      await expect(cost).toHaveText('NGN 5,000,000');

      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(cost).toHaveText('NGN 10,000,000');
      await expect(fee).toHaveText('NGN 750,000');
      await expect(slider).toHaveAttribute('aria-valuetext', 'NGN 10,000,000');

      // A drag from the thumb to about two thirds of the track.
      const box = (await slider.boundingBox())!;
      await page.mouse.move(box.x + 4, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + box.width * 0.66, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      const dragged = Number(await slider.inputValue());
      expect(dragged).toBeGreaterThan(50);
      await expect(cost).toHaveText(estimate(dragged).cost);
      await expect(fee).toHaveText(estimate(dragged).fee);
      await expect(slider).toHaveAttribute('aria-valuetext', estimate(dragged).cost);

      // A second move is as right as the first.
      await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveValue(String(dragged + 1));
      await expect(cost).toHaveText(estimate(dragged + 1).cost);
      await expect(fee).toHaveText(estimate(dragged + 1).fee);
      await expect(slider).toHaveAttribute('aria-valuetext', estimate(dragged + 1).cost);
      expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toMatch(/^https:\/\/[^/]+\/project-owner\/signup$/);
      // The estimator is static: no islands loader, no framework, no block chunk, before or after.
      expect(asked.filter((path) => path.endsWith('.js'))).toEqual([]);
      expect(consoleProblems).toEqual([]);
    });

    test('both pages are free of WCAG 2.2 AA violations before React, annual prices shown and a plan chosen', async ({ page }) => {
      const release = await holdReact(page);
      for (const path of ['/pricing/enterprise', '/pricing/premium']) {
        await page.goto(path);
        if (path === '/pricing/enterprise') {
          await page.getByRole('radio', { name: 'Annually - save 15%' }).check();
          await page.getByRole('radio', { name: 'Choose Basic' }).check();
        }
        const results = await axeFor(page)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
          path,
        ).toEqual([]);
      }
      release();
    });
  });
}

test.describe('pricing without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('the billing period and the user counts still switch every price, and the estimator shows its start', async ({ page }) => {
    await page.goto('/pricing/enterprise');
    await expect(shownPrice(page, 'Basic')).toHaveText('NGN 20,000 per month', seen);
    await page.getByText('Annually - save 15%').click();
    await expect(shownPrice(page, 'Basic')).toHaveText('NGN 204,000 per year', seen);
    await expect(shownPrice(page, 'Pro')).toHaveText('NGN 459,000 per year', seen);
    await page.getByRole('combobox', { name: 'Users on the Pro plan' }).selectOption('10');
    await expect(shownPrice(page, 'Pro')).toHaveText('NGN 1,173,000 per year', seen);
    await page.getByRole('radio', { name: 'Monthly' }).check();
    await expect(shownPrice(page, 'Pro')).toHaveText('NGN 115,000 per month', seen);
    await page.goto('/pricing/premium');
    await expect(page.getByTestId('project-cost')).toHaveText('NGN 5,000,000');
    await expect(page.getByTestId('project-fee')).toHaveText('NGN 375,000');
  });
});
