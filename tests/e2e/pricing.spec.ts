import type { Page } from '@playwright/test';
import { axeFor } from './axe.ts';
import { test, expect, hydrated } from './fixtures.ts';

const card = (page: Page, name: string) => page.getByRole('article', { name });
const amount = (page: Page, name: string) => card(page, name).locator('[class*="amount"]');

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`pricing at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('the billing toggle and user counts reprice the plans live', async ({ page, consoleProblems }) => {
      await page.goto('/pricing/enterprise');
      await hydrated(page);
      await expect(page).toHaveTitle('Enterprise pricing');
      await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
      await expect(amount(page, 'Free')).toHaveText('NGN 0');
      await expect(amount(page, 'Basic')).toHaveText('NGN 20,000');
      await expect(amount(page, 'Pro')).toHaveText('NGN 45,000');
      await expect(amount(page, 'Enterprise')).toHaveText('Contact us');

      await page.getByText('Annually - save 15%').click();
      await expect(page.getByRole('radio', { name: 'Annually - save 15%' })).toBeChecked();
      await expect(amount(page, 'Basic')).toHaveText('NGN 204,000');
      await expect(card(page, 'Basic')).toContainText('per year');

      await page.getByText('Monthly', { exact: true }).click();
      await expect(amount(page, 'Basic')).toHaveText('NGN 20,000');

      const pro = page.getByRole('combobox', { name: 'Users on the Pro plan' });
      await expect(pro).toHaveValue('3');
      await pro.selectOption('5');
      await expect(amount(page, 'Pro')).toHaveText('NGN 65,000');
      await page.getByRole('combobox', { name: 'Users on the Basic plan' }).selectOption('4');
      await expect(amount(page, 'Basic')).toHaveText('NGN 80,000');
      await page.getByRole('radio', { name: 'Annually - save 15%' }).click();
      await expect(amount(page, 'Pro')).toHaveText('NGN 663,000');
      await page.getByRole('radio', { name: 'Monthly' }).check();
      await expect(amount(page, 'Pro')).toHaveText('NGN 65,000');
      expect(consoleProblems).toEqual([]);
    });

    test('choosing a plan shows its Contact Us button for the demo dialog', async ({ page, consoleProblems }) => {
      await page.goto('/pricing/enterprise');
      await hydrated(page);
      const main = page.locator('main');
      await expect(main.getByRole('button', { name: 'Contact Us', exact: true })).toHaveCount(0);

      await card(page, 'Pro').getByRole('heading', { name: 'Pro' }).click();
      await expect(page.getByRole('radio', { name: 'Choose Pro' })).toBeChecked();
      const contact = card(page, 'Pro').getByRole('button', { name: 'Contact Us', exact: true });
      await expect(contact).toBeVisible();
      await expect(contact).toHaveAttribute('aria-haspopup', 'dialog');
      await expect(main.getByRole('button', { name: 'Contact Us', exact: true })).toHaveCount(1);

      await page.getByText('Choose Enterprise').click();
      await expect(page.getByRole('radio', { name: 'Choose Enterprise' })).toBeChecked();
      await page.getByRole('radio', { name: 'Choose Free' }).click();
      await expect(page.getByRole('radio', { name: 'Choose Free' })).toBeChecked();
      await expect(card(page, 'Free').getByRole('button', { name: 'Contact Us', exact: true })).toBeVisible();

      // Keyboard: focus the Basic choice and press Space.
      await page.getByRole('radio', { name: 'Choose Basic' }).focus();
      await page.keyboard.press('Space');
      await expect(page.getByRole('radio', { name: 'Choose Basic' })).toBeChecked();
      await expect(card(page, 'Basic').getByRole('button', { name: 'Contact Us', exact: true })).toBeVisible();
      await expect(card(page, 'Pro').getByRole('button', { name: 'Contact Us', exact: true })).toHaveCount(0);
      expect(consoleProblems).toEqual([]);
    });

    test('comparison groups open and close; the heading-less group is always shown', async ({ page, consoleProblems }) => {
      await page.goto('/pricing/enterprise');
      await hydrated(page);
      const table = page.getByRole('table');
      await expect(table.getByRole('rowheader', { name: 'Storage' })).toBeVisible();
      const procurement = table.getByRole('button', { name: 'Procurement' });
      await expect(procurement).toHaveAttribute('aria-expanded', 'false');
      await expect(table.getByRole('rowheader', { name: 'Bids' })).toBeHidden();

      await procurement.click();
      await expect(procurement).toHaveAttribute('aria-expanded', 'true');
      await expect(table.getByRole('rowheader', { name: 'Bids' })).toBeVisible();
      await expect(table.getByRole('rowheader', { name: 'Inventory' })).toBeVisible();
      await expect(table.getByRole('rowheader', { name: 'Frequency' })).toBeHidden();

      await procurement.press('Enter');
      await expect(procurement).toHaveAttribute('aria-expanded', 'false');
      await expect(table.getByRole('rowheader', { name: 'Bids' })).toBeHidden();
      await expect(table.getByRole('rowheader', { name: 'Storage' })).toBeVisible();
      expect(consoleProblems).toEqual([]);
    });

    test('the fee estimator shows cost and fee at 0, 50 and 100 percent', async ({ page, consoleProblems }) => {
      await page.goto('/pricing/premium');
      await hydrated(page);
      const slider = page.getByRole('slider', { name: 'Estimated project cost' });
      const cost = page.getByTestId('project-cost');
      const fee = page.getByTestId('project-fee');
      await expect(cost).toHaveText('NGN 5,000,000');
      await expect(fee).toHaveText('NGN 375,000');

      await slider.fill('50');
      await expect(cost).toHaveText('NGN 253,000,000');
      await expect(fee).toHaveText('NGN 18,975,000');
      await expect(slider).toHaveAttribute('aria-valuetext', 'NGN 253,000,000');

      await slider.fill('100');
      await expect(cost).toHaveText('NGN 500,000,000');
      await expect(fee).toHaveText('NGN 37,500,000');

      await slider.fill('0');
      await expect(cost).toHaveText('NGN 5,000,000');
      await expect(fee).toHaveText('NGN 375,000');
      await expect(slider).toHaveAttribute('aria-valuetext', 'NGN 5,000,000');

      // Keyboard: one step right is 1 %: 5M + 4.95M = 9.95M, shown as 10M.
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect(cost).toHaveText('NGN 10,000,000');
      await expect(fee).toHaveText('NGN 750,000');

      await expect(page.getByRole('heading', { name: 'What you get' })).toBeVisible();
      const whatYouGet = page.locator('section', { has: page.getByRole('heading', { name: 'What you get' }) });
      await expect(whatYouGet.getByRole('heading', { level: 3 })).toHaveCount(4);
      const getStarted = page.getByRole('link', { name: 'Get Started' });
      await expect(getStarted).toBeVisible();
      expect(await getStarted.getAttribute('href')).toMatch(/^https:\/\/[^/]+\/project-owner\/signup$/);
      expect(consoleProblems).toEqual([]);
    });

    test('stays free of WCAG 2.2 AA violations once a plan is chosen, billed annually and a group is open', async ({ page }) => {
      await page.goto('/pricing/enterprise');
      await hydrated(page);
      await page.getByRole('radio', { name: 'Annually - save 15%' }).check();
      await page.getByRole('radio', { name: 'Choose Pro' }).check();
      await page.getByRole('button', { name: 'Payment' }).click();
      await expect(page.getByRole('rowheader', { name: 'Frequency' })).toBeVisible();
      const results = await axeFor(page)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .options({ rules: { 'target-size': { enabled: true } } })
        .analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });

    test('nothing is wider than the screen', async ({ page }) => {
      for (const path of ['/pricing/enterprise', '/pricing/premium']) {
        await page.goto(path);
        await hydrated(page);
        if (path === '/pricing/enterprise') await page.getByRole('button', { name: 'Procurement' }).click();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
}

test.describe('comparison on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows one plan at a time, chosen from the picker', async ({ page, consoleProblems }) => {
    await page.goto('/pricing/enterprise');
    await hydrated(page);
    const table = page.getByRole('table');
    const picker = page.getByRole('combobox', { name: 'Show plan' });
    await expect(picker).toBeVisible();
    const visibleHeaders = () => table.getByRole('columnheader').filter({ visible: true }).allTextContents();
    await expect.poll(visibleHeaders).toEqual(['Features', 'Free']);
    const storage = table.getByRole('row', { name: /Storage/ });
    await expect(storage.getByRole('cell').filter({ visible: true })).toHaveText(['100MB']);

    await picker.selectOption('Pro');
    await expect.poll(visibleHeaders).toEqual(['Features', 'Pro']);
    await expect(storage.getByRole('cell').filter({ visible: true })).toHaveText(['10GB']);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('comparison on a desktop', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('shows every plan and no picker', async ({ page }) => {
    await page.goto('/pricing/enterprise');
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Show plan' })).toBeHidden();
    await expect(page.getByRole('table').getByRole('columnheader')).toHaveText(['Features', 'Free', 'Basic', 'Pro', 'Enterprise']);
  });
});

test('the prerendered pricing pages carry the initial state', async ({ request }) => {
  const enterprise = await (await request.get('/pricing/enterprise')).text();
  expect(enterprise).toContain('NGN 20,000');
  expect(enterprise).toContain('NGN 45,000');
  expect(enterprise).toContain('Annually - save 15%');
  expect(enterprise).toMatch(/<input type="radio" name="[^"]+" checked="" value="monthly"/);
  expect(enterprise).not.toMatch(/checked="" value="(free|basic|pro|enterprise)"/);
  const premium = await (await request.get('/pricing/premium')).text();
  expect(premium).toContain('NGN 5,000,000');
  expect(premium).toContain('NGN 375,000');
  expect(premium).toContain('aria-valuetext="NGN 5,000,000"');
});

test('/pricing goes to the enterprise plans', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/pricing\/enterprise$/);
  await expect(page.getByRole('article', { name: 'Basic' })).toBeVisible();
});
