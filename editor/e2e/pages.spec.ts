/**
 * Pages as a whole, through the editor's interface only, on the temporary copy of site.config/: a mistyped address
 * that writes nothing and shows the address it would use; renaming a page's address with the links to it updated in
 * the same save; deleting a page linked from another page and the footer, fixing those links in the same save;
 * duplicating a page. After each change the project's own checker passes on the folder.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { axe, openEditor, outline, restoreConfig } from './helpers.ts';

// These tests rename and delete pages of the shared config copy: the specs after them get the site back as it was.
test.afterAll(() => restoreConfig(CONFIG_DIR));

/** Every file of the config folder with its text: what "nothing was written" compares. */
function snapshot(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(relative(CONFIG_DIR, abs), readFileSync(abs, 'latin1'));
    }
  };
  walk(CONFIG_DIR);
  return out;
}

function validate() {
  const r = spawnSync('npm', ['run', 'validate', '--', '--config-dir', CONFIG_DIR], { encoding: 'utf8' });
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

const site = () => readFileSync(join(CONFIG_DIR, 'site.json'), 'utf8');
const pageFile = (name: string) => readFileSync(join(CONFIG_DIR, 'pages', name), 'utf8');
const pageList = (page: Page) => page.getByRole('navigation', { name: 'Pages and shared content' });

async function openPage(page: Page, name: RegExp) {
  await pageList(page).getByRole('button', { name }).click();
  await expect(pageList(page).getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
  await expect(outline(page).getByRole('option').first()).toBeVisible();
}

test('a mistyped address shows the address it would use, and a refused one writes nothing', async ({ page }) => {
  const before = snapshot();
  await openEditor(page);
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  const address = dialog.getByLabel('Address');
  // The box starts empty: typing "/vendors" gives /vendors, not //vendors.
  await expect(address).toHaveValue('');
  for (const [typed, shown] of [
    ['//vendors', '/vendors'],
    ['/vendors', '/vendors'],
    ['vendors', '/vendors'],
    ['Vendors page', '/vendors-page'],
    ['/Vendors Page/', '/vendors-page'],
  ]) {
    await address.fill(typed);
    await expect(dialog.getByText(`The page will be at ${shown}`, { exact: true })).toBeVisible();
  }
  await expect(address).toHaveAccessibleDescription(/The page will be at \/vendors-page/);

  // An address already in use, one with nothing to make an address of, and a missing title: refused, in words.
  await dialog.getByLabel('Title').fill('Owners');
  await address.fill('//Owner');
  await expect(dialog.getByText('The page will be at /owner', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The address /owner is already the page “Private Project Owners”. Choose another address.');
  await address.fill('//');
  await expect(dialog.getByText('Type a name for the address, e.g. vendors.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type the address of the page, e.g. vendors.');
  await address.fill('Vendors page');
  await dialog.getByLabel('Title').fill('');
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give the page a title, e.g. “Vendors”.');
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  expect(snapshot()).toEqual(before);
});

test('rename a page’s address: the links to it are updated in the same save, and the old address is kept as a redirect', async ({ page }) => {
  await openEditor(page);
  await openPage(page, /Contractor \/contractor$/);
  await page
    .getByRole('group', { name: /^Page actions for/ })
    .getByRole('button', { name: 'Rename address' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Rename the page’s address' });
  const links = dialog.getByRole('group', { name: 'Links to this page, updated in the same save' });
  // Another page, the header menu, the footer and the page-not-found screen link to it; each is offered, ticked.
  for (const where of [/^The header menu/, /^The footer/, /^The page “home”, section \d+ \(.+\)/, /^The page-not-found screen/])
    await expect(links.getByRole('checkbox', { name: where }).first()).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Send visitors who use the old address /contractor to the new one' })).toBeChecked();
  expect(await axe(page)).toEqual([]);

  await dialog.getByLabel('New address').fill('Contractors');
  await expect(dialog.getByText('The page will be at /contractors', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(pageList(page).getByRole('button', { name: /\/contractors$/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status').filter({ hasText: /is now at \/contractors; \d+ links updated\./ })).toBeAttached();

  expect(JSON.parse(pageFile('contractor.json')).route).toBe('/contractors');
  const settings = JSON.parse(site());
  expect(settings.redirects).toContainEqual({ from: '/contractor', to: '/contractors' });
  expect(JSON.stringify(settings.footer)).toContain('"/contractors"');
  expect(JSON.stringify(settings.header)).not.toContain('"/contractor"');
  expect(pageFile('home.json')).toContain('"/contractors"');
  validate();
});

test('delete a page linked from another page and the footer: each link is fixed or removed in the same save', async ({ page }) => {
  await openEditor(page);
  await openPage(page, /^Enterprise Project Owners \/enterprise$/);
  const before = snapshot();
  await page
    .getByRole('group', { name: /^Page actions for/ })
    .getByRole('button', { name: 'Delete' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Delete the page' });
  const footer = dialog.getByRole('group', { name: /^The footer/ });
  const home = dialog.getByRole('group', { name: /^The page “home”, section/ });
  const menu = dialog.getByRole('group', { name: /^The header menu/ });
  await expect(footer).toBeVisible();
  await expect(home).toBeVisible();
  await expect(menu).toBeVisible();
  expect(await axe(page)).toEqual([]);
  // Nothing is written until the person confirms.
  expect(snapshot()).toEqual(before);

  // "Point it to…" without a page is asked again, and still nothing is written.
  await home.getByRole('radio', { name: 'Point it to another page' }).check();
  await dialog.getByRole('button', { name: 'Delete page' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Choose the page for The page “home”');
  expect(snapshot()).toEqual(before);

  await home.getByRole('combobox', { name: /^Page for/ }).selectOption({ label: 'Private Project Owners (/owner)' });
  await footer.getByRole('radio', { name: 'Remove the link' }).check();
  await menu.getByRole('radio', { name: 'Remove the link' }).check();
  await dialog.getByRole('button', { name: 'Delete page' }).click();
  await expect(dialog).toBeHidden();
  await expect(pageList(page).getByRole('button', { name: /^Enterprise Project Owners/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Choose a page to edit' })).toBeVisible();

  expect(readdirSync(join(CONFIG_DIR, 'pages'))).not.toContain('enterprise.json');
  expect(site()).not.toContain('"/enterprise"');
  const home2 = JSON.parse(pageFile('home.json'));
  expect(JSON.stringify(home2)).not.toContain('"/enterprise"');
  expect(JSON.stringify(home2)).toContain('"/owner"');
  validate();
});

test('duplicate a page under a new address and title', async ({ page }) => {
  await openEditor(page);
  await openPage(page, /Private Project Owners \/owner$/);
  const sections = await outline(page).getByRole('option').count();
  await page
    .getByRole('group', { name: /^Page actions for/ })
    .getByRole('button', { name: 'Duplicate' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate the page' });
  await dialog.getByLabel('Address of the copy').fill('Owners in Lagos');
  await expect(dialog.getByText('The page will be at /owners-in-lagos', { exact: true })).toBeVisible();
  await dialog.getByLabel('Title of the copy').fill('Owners in Lagos');
  await dialog.getByRole('button', { name: 'Duplicate page' }).click();
  await expect(dialog).toBeHidden();
  await expect(pageList(page).getByRole('button', { name: /Owners in Lagos \/owners-in-lagos/ })).toHaveAttribute('aria-current', 'page');
  await expect(outline(page).getByRole('option')).toHaveCount(sections);
  const copy = JSON.parse(pageFile('owners-in-lagos.json'));
  expect(copy).toMatchObject({ route: '/owners-in-lagos', title: 'Owners in Lagos', blocks: JSON.parse(pageFile('owner.json')).blocks });
  validate();
});
