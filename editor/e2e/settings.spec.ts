/**
 * Site settings a marketer can find, through the editor's interface on the temporary copy of site.config/: the
 * settings split into screens, a price changed on the Prices screen and seen on the pricing page (then saved, and the
 * project's checker passes), a pricing plan that shows its amount and leads to its price, and the search box.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { axe, openEditor, outline, preview, status } from './helpers.ts';

const SCREENS = ['Header menu', 'Footer', 'Prices', 'Sign-in and other destinations', 'Not-found page', 'Advanced'];
/** The site settings as one form, before they were split into screens, at 1366 px. */
const ONE_FORM_PX = 43_700;

const sitePath = join(CONFIG_DIR, 'site.json');
let original = '';
test.beforeAll(() => {
  original = readFileSync(sitePath, 'utf8');
});
// The next spec file starts from the site settings as they were.
test.afterAll(() => writeFileSync(sitePath, original));

const nav = (page: Page) => page.getByRole('navigation', { name: 'Pages and shared content' });
const screenTitle = (page: Page) => page.locator('#sw-fields').getByRole('heading', { level: 3 });
const search = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

test('each screen of the site settings opens, and the tallest is far shorter than the one form was', async ({ page }) => {
  // Six axe runs over long forms: on a busy machine they take more than the default two minutes.
  test.setTimeout(300_000);
  await openEditor(page);
  const heights: Record<string, number> = {};
  for (const name of SCREENS) {
    await nav(page).getByRole('button', { name, exact: true }).click();
    await expect(screenTitle(page)).toHaveText(name);
    await expect(nav(page).getByRole('button', { name, exact: true })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('#sw-fields form')).toBeVisible();
    heights[name] = await page.locator('#sw-fields').evaluate((el) => el.scrollHeight);
    expect(await axe(page)).toEqual([]);
  }
  console.log(`Screen heights at 1366 px: ${SCREENS.map((s) => `${s} ${heights[s]} px`).join(', ')} (one form before: about ${ONE_FORM_PX} px)`);
  // Every setting is somewhere: the screens together hold the header, the footer, the prices and the rest.
  await nav(page).getByRole('button', { name: 'Advanced', exact: true }).click();
  await expect(page.locator('#sw-file_name')).toHaveValue('BuildPad');
  expect(Math.max(...Object.values(heights))).toBeLessThan(ONE_FORM_PX / 2);
});

test('a price changed on the Prices screen shows on the pricing page, a problem leads back to it, and it is saved valid', async ({ page }) => {
  test.setTimeout(180_000);
  await openEditor(page);

  // The Prices screen says which plans use each price.
  await nav(page).getByRole('button', { name: 'Prices', exact: true }).click();
  await expect(screenTitle(page)).toHaveText('Prices');
  await expect(page.locator('#sw-fields')).toContainText('Used by plan “Basic” on page “Enterprise pricing”.');
  const basic = page.locator('#sw-file_pricing_basicPerUser');
  await expect(basic).toHaveValue('20000');

  // A slip: a negative price is a problem; from the problems list it leads back to this screen and field.
  await basic.fill('-5');
  await expect(nav(page).getByRole('button', { name: /^Prices \(1 problem\)$/ })).toBeVisible();
  // Under the field, the problem in the same plain words as in the problems list: no setting's key.
  await expect(page.locator('#sw-file_pricing_basicPerUser__error')).toHaveText('Basic per user must be 0 or more.');
  // Undo and redo reach the screen's fields as any other.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(basic).toHaveValue('20000');
  await expect(nav(page).getByRole('button', { name: 'Prices', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(basic).toHaveValue('-5');
  await expect(nav(page).getByRole('button', { name: /^Prices \(1 problem\)$/ })).toBeVisible();
  await nav(page).getByRole('button', { name: 'Header menu', exact: true }).click();
  await page.getByRole('button', { name: /Enterprise pricing \/pricing\/enterprise/ }).click();
  const problem = page.getByRole('region', { name: /Problems/ }).getByRole('button', { name: /^Error in Site settings › Prices › Pricing › Basic per user$/ });
  await problem.click();
  await expect(screenTitle(page)).toHaveText('Prices');
  await expect(basic).toBeFocused();

  // Fixed to a new price: the pricing page's preview shows it on the Basic card.
  await basic.fill('25000');
  await expect(page.getByRole('region', { name: /Problems/ })).not.toContainText('Error in');
  await outline(page)
    .getByRole('option', { name: /Section 2: Pricing plans/ })
    .click();
  await expect(preview(page).locator('[data-plan="basic"] [data-testid="plan-amount"]')).toHaveText('NGN 25,000');

  // The plan shows its amount in words beside its price, and leads to where the price is changed.
  await expect(page.locator('#sw-block_plans_1_price__amount')).toContainText('Basic: NGN 25,000 per user a month');
  await expect(page.locator('#sw-block_plans_2_price__amount')).toContainText('Pro: NGN 45,000 a month for up to 3 users');
  // The Basic plan is folded to one line: opened, as a person would, to reach its button.
  const folds = page.locator('#sw-fields details').filter({ has: page.locator('#sw-block_plans_1_price__amount') });
  for (const fold of await folds.all()) if (!(await fold.evaluate((d) => (d as HTMLDetailsElement).open))) await fold.locator(':scope > summary').click();
  await page.getByRole('button', { name: 'Change prices for Basic' }).click();
  await expect(screenTitle(page)).toHaveText('Prices');
  await expect(basic).toBeFocused();
  await expect(basic).toHaveValue('25000');

  // Saved: site.json holds the new price, every other setting as it was, and the project's checker passes.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(status(page)).toHaveText(/Saved 1 file|All changes saved/);
  const saved = JSON.parse(readFileSync(sitePath, 'utf8'));
  const before = JSON.parse(original);
  expect(saved.pricing).toEqual({ ...before.pricing, basicPerUser: 25000 });
  expect(Object.keys(saved)).toEqual(Object.keys(before));
  expect({ ...saved, pricing: before.pricing }).toEqual(before);
  const validate = spawnSync('npm', ['run', 'validate', '--', '--config-dir', CONFIG_DIR], { encoding: 'utf8' });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
});

test('the search box finds the Solutions menu, a price and a page’s text by words, and jumps to the field', async ({ page }) => {
  test.setTimeout(300_000);
  await openEditor(page);

  // The Solutions menu, with the keyboard: arrow keys through the results, Enter to go.
  await search(page).fill('solutions menu');
  const first = results(page).getByRole('option').first();
  await expect(first).toHaveText('Site settings › Header menu › Items › Item “Solutions” › Label: Solutions');
  await search(page).press('ArrowDown');
  await expect(results(page).getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await search(page).press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await search(page).press('Enter');
  await expect(results(page)).toBeHidden();
  await expect(screenTitle(page)).toHaveText('Header menu');
  const solutions = page.locator('#sw-file_header_items_0_label');
  await expect(solutions).toBeFocused();
  await expect(solutions).toHaveValue('Solutions');
  expect(await axe(page)).toEqual([]);

  // A price, by its words, chosen with the mouse.
  await search(page).fill('basic per user');
  await expect(results(page)).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await results(page)
    .getByRole('option', { name: /^Site settings › Prices › Basic per user: NGN [\d,]+$/ })
    .click();
  await expect(screenTitle(page)).toHaveText('Prices');
  await expect(page.locator('#sw-file_pricing_basicPerUser')).toBeFocused();

  // A plan's price, found by its amount, on a page that was not open: the page opens at the plan's price.
  await search(page).fill('plan basic price');
  await results(page)
    .getByRole('option', { name: /^Page “Enterprise pricing” › Section 2: Pricing plans › Plans › Plan “Basic” › Price: Basic: NGN [\d,]+ per user a month$/ })
    .click();
  await expect(page.getByRole('button', { name: /Enterprise pricing \/pricing\/enterprise/ })).toHaveAttribute('aria-current', 'page');
  await expect(outline(page).getByRole('option', { name: /Section 2: Pricing plans/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('#sw-block_plans_1_price')).toBeFocused();

  // A section's text on another page.
  await search(page).fill('without being on site');
  await expect(results(page).getByRole('option').first()).toHaveText(
    /^Page “Private Project Owners” › Section \d+: [\w ]+ › Heading: Everything you need to build without being on site$/,
  );
  await search(page).press('Enter');
  await expect(page.getByRole('button', { name: /Private Project Owners \/owner/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('#sw-fields :focus')).toHaveValue('Everything you need to build without being on site');

  // Nothing found is said so.
  await search(page).fill('zebra crossing nowhere');
  await expect(page.locator('.sw-search__summary')).toHaveText('Nothing found.');
  await expect(results(page).getByRole('option')).toHaveCount(0);
});
