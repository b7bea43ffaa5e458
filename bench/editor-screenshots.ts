/**
 * npx tsx bench/editor-screenshots.ts: the screenshots of docs/editor.md (docs/images/editor/*.png), taken in
 * Chromium from `npm run edit` on a temporary copy of site.config/ (nothing in site.config/ changes), through the
 * editor's interface only. The editor listens on EDITOR_SHOTS_PORT (default 5310), so it can run beside `npm run edit`.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';
import { pngBytes } from '../editor/server/picture-fixtures.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'docs/images/editor');
const port = Number(process.env.EDITOR_SHOTS_PORT ?? 5310);
const configDir = mkdtempSync(join(tmpdir(), 'sitewright-editor-shots-'));
cpSync(join(root, 'site.config'), configDir, { recursive: true });
mkdirSync(out, { recursive: true });
// Every picture is taken again, so a step that no longer exists leaves no stale picture behind.
for (const name of readdirSync(out)) if (name.endsWith('.png')) rmSync(join(out, name));

const child = spawn('npm', ['run', 'edit'], {
  cwd: root,
  env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, PORT: String(port) },
  stdio: 'ignore',
  detached: true,
});
const browser = await chromium.launch(chromiumLaunchOptions);
const taken: string[] = [];
/** A settled picture: the preview re-renders a moment after a change, so each shot waits for it to be still. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(900);
  await page.screenshot({ path: join(out, `${name}.png`) });
  taken.push(name);
}
const visible = (l: Locator) => l.waitFor({ state: 'visible', timeout: 30_000 });

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      if (i > 240) throw new Error('npm run edit did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(30_000);
  await page.goto(`http://127.0.0.1:${port}/`);
  const nav = page.getByRole('navigation', { name: 'Pages and shared content' });
  const outline = page.getByRole('listbox', { name: 'Sections' });
  const panel = page.locator('#sw-fields');
  const frame = page.frameLocator('iframe[title="Preview of the page"]');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  const status = page.getByRole('banner').getByRole('status');
  /** Saves every change; the checks run a moment after the last edit, so a click too early is made again. */
  const saveAll = async () => {
    for (let i = 0; ; i++) {
      await save.click();
      try {
        await status.filter({ hasText: /Saved|All changes saved/ }).waitFor({ timeout: 5000 });
        return;
      } catch (error) {
        if (i === 5) throw error;
        if (await page.getByRole('button', { name: 'Dismiss' }).isVisible()) await page.getByRole('button', { name: 'Dismiss' }).click();
      }
    }
  };
  const openPage = async (name: RegExp) => {
    await nav.getByRole('button', { name }).click();
    await visible(outline.getByRole('option').first());
  };
  const openSection = async (name: RegExp) => {
    await outline.getByRole('option', { name }).click();
    await visible(panel.locator('form').first());
  };
  await visible(nav);

  // The screen, and the skip links the first Tab shows.
  await openPage(/Contractor \/contractor$/);
  await openSection(/Section 1: Hero/);
  await visible(frame.getByRole('heading', { level: 1 }).first());
  // The first Tab stop of the editor: focused here directly, as the first Tab after loading would.
  await page.getByRole('navigation', { name: 'Skip to' }).getByRole('link', { name: 'Pages' }).focus();
  await shot(page, '01-screen-and-skip-links');

  // A new page: the dialog shows the address it will use.
  await page.getByRole('button', { name: 'New page' }).click();
  const newPage = page.getByRole('dialog', { name: 'New page' });
  await newPage.getByLabel('Address').fill('Partner program');
  await newPage.getByLabel('Title').fill('Partner program');
  await visible(newPage.getByText('The page will be at /partner-program', { exact: true }));
  await shot(page, '02-new-page');
  await newPage.getByRole('button', { name: 'Create page' }).click();
  await visible(outline.getByRole('option', { name: /Section 1: Hero/ }));

  // The Add a section palette, with its example pictures.
  await page.getByRole('button', { name: 'Add section' }).click();
  const palette = page.getByRole('dialog', { name: 'Add a section' });
  await visible(palette);
  // The example pictures are drawn one after another.
  await page.waitForTimeout(12_000);
  await shot(page, '03-add-section');
  await palette.getByRole('button', { name: 'Add Feature grid', exact: true }).click();
  await page.getByRole('button', { name: 'Add section' }).click();
  await palette.getByRole('button', { name: 'Add FAQ', exact: true }).click();

  // A new section is shown once its example has been drawn; say so if it never is, rather than hide it.
  try {
    await frame.getByText('cannot be shown yet').first().waitFor({ state: 'detached', timeout: 20_000 });
  } catch {
    console.warn('The preview still says a new section "cannot be shown yet".');
  }

  // Click to edit: a click on the hero's heading in the preview puts the cursor in its field.
  await openSection(/Section 1: Hero/);
  await frame.getByRole('heading', { level: 1 }).first().click();
  const heading = panel.getByRole('textbox', { name: /^Heading\*?$/ });
  await heading.fill('Build with our partners');
  await visible(frame.getByRole('heading', { name: 'Build with our partners' }));
  await shot(page, '04-click-to-edit');

  // A problem: a button added to the hero with nothing in it. The section keeps its last good look, marked, and
  // saving is refused. Undo takes the button back.
  await panel.locator('#sw-block_actions__add').click();
  const lastGood = frame.getByText('This section is shown as it last looked');
  await visible(lastGood);
  await save.click();
  await visible(page.locator('.sw-save-problem'));
  await shot(page, '14-problem-and-last-good-look');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await lastGood.waitFor({ state: 'detached' });

  // Pictures: the library with its upload area, then a picture described at once.
  await openPage(/Privacy policy \/policy/);
  await openSection(/Section 1: Hero/);
  const picture = panel.getByRole('group', { name: 'Image' });
  await picture.getByRole('button', { name: 'Choose picture…' }).click();
  const library = page.getByRole('dialog', { name: 'Picture library' });
  await visible(library.getByRole('listitem').first());
  await page.waitForTimeout(1500);
  await shot(page, '05-picture-library');
  const chooser = page.waitForEvent('filechooser');
  await library.getByRole('button', { name: 'Choose a file…' }).click();
  await (await chooser).setFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: pngBytes(1200, 800, [234, 88, 12]) });
  const describe = library.getByRole('textbox', { name: /Describe the picture/ });
  await describe.fill('Site team at work');
  await visible(library.getByText(/site-team-at-work\.png/));
  await shot(page, '06-describe-the-picture');
  await library.getByRole('button', { name: 'Upload and use' }).click();
  await library.waitFor({ state: 'hidden' });

  // A form's fields: a Company size choice, its message, and the form's preview with the messages shown.
  await nav.getByRole('button', { name: 'Form: contact' }).click();
  const add = page.getByRole('form', { name: 'Add a field' });
  await add.getByLabel('Kind').selectOption({ label: 'Choice' });
  await add.getByLabel('Label').fill('Company size');
  await add.getByRole('button', { name: 'Add field' }).click();
  const item = page
    .getByRole('region', { name: 'Form fields' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Remove “Company size”', exact: true }) });
  await item.getByRole('switch', { name: 'Must be filled in' }).check();
  await item.getByRole('textbox', { name: 'Choice 1' }).fill('1–10');
  for (const choice of ['11–50', '51–200', 'More than 200']) {
    await item.getByRole('button', { name: 'Add choice' }).click();
    await page.keyboard.type(choice);
  }
  await item.getByRole('textbox', { name: 'Message when it is left empty' }).fill('Please choose your company size.');
  await page.getByRole('switch', { name: 'Show messages' }).check();
  await visible(page.frameLocator('iframe[title="Preview of the form"]').getByText('Please choose your company size.'));
  await item.getByRole('textbox', { name: 'Message when it is left empty' }).scrollIntoViewIfNeeded();
  await shot(page, '07-form-fields');

  // Site settings: the Header menu screen, then a search across the whole site.
  await nav.getByRole('button', { name: 'Header menu', exact: true }).click();
  const screenTitle = panel.getByRole('heading', { level: 3, name: 'Header menu' });
  await visible(screenTitle);
  // The panel keeps its scroll from the form before: the screen is shown from its top.
  await screenTitle.evaluate((h) => h.scrollIntoView({ block: 'center' }));
  await shot(page, '08-header-menu');
  const search = page.getByRole('combobox', { name: 'Search' });
  await search.fill('basic');
  await visible(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first());
  await shot(page, '09-search');
  await search.fill('');
  await search.press('Escape');

  // Prices: a plan shows its amount in words, and "Change prices" opens the Prices screen at that price.
  await openPage(/Enterprise pricing \/pricing\/enterprise/);
  await openSection(/Section 2: Pricing plans/);
  const amount = page.locator('#sw-block_plans_1_price__amount');
  // The plan is folded to one line: its folded groups are opened as a click on each line would, outermost first.
  await amount.evaluate((el) => {
    const closed: HTMLDetailsElement[] = [];
    for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) if (!d.open) closed.unshift(d);
    for (const d of closed) d.querySelector<HTMLElement>(':scope > summary')?.click();
  });
  await amount.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await visible(amount);
  await shot(page, '10-plan-price');
  await page.getByRole('button', { name: 'Change prices for Basic' }).click();
  await visible(panel.getByText('Used by plan “Basic” on page “Enterprise pricing”.'));
  await shot(page, '11-prices-screen');

  // Save, so that the page actions can run (they save at once).
  await saveAll();

  // Rename and Delete: each lists the links to the page. Both are closed without changing anything.
  await openPage(/Contractor \/contractor$/);
  const actions = page.getByRole('group', { name: /^Page actions for/ });
  await actions.getByRole('button', { name: 'Rename address' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename the page’s address' });
  await rename.getByLabel('New address').fill('Contractors');
  await visible(rename.getByText('The page will be at /contractors', { exact: true }));
  await shot(page, '12-rename-address');
  await rename.getByRole('button', { name: 'Close' }).click();
  await openPage(/^Enterprise Project Owners \/enterprise$/);
  await actions.getByRole('button', { name: 'Delete' }).click();
  const del = page.getByRole('dialog', { name: 'Delete the page' });
  await visible(del.getByRole('group', { name: /^The footer/ }));
  await shot(page, '13-delete-page');
  await del.getByRole('button', { name: 'Close' }).click();

  // The Changes view: one change not saved yet, and the files saved above.
  await openPage(/Partner program \/partner-program/);
  await openSection(/Section 1: Hero/);
  await panel.getByRole('textbox', { name: /^Heading\*?$/ }).fill('Build with our partners in Lagos');
  await page.getByRole('button', { name: 'Changes' }).click();
  await page.waitForTimeout(1500);
  await shot(page, '15-changes');
  console.log(`${taken.length} screenshots in ${out}: ${taken.join(', ')}`);
} finally {
  await browser.close();
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // gone
  }
  rmSync(configDir, { recursive: true, force: true });
}
