/**
 * The editor in the back office: an editor signs in and opens Pages, gets the editor of npm run edit (its production
 * build) on their own draft, the preview follows their typing, and what they saved is still there after a reload.
 * Sales are refused it. Needs dist-editor/ (npm run build makes it) and a working publisher.
 */
import { expect, test, type Page } from '@playwright/test';
import { axe } from '../../editor/e2e/helpers.ts';
import { newStaff } from './helpers.ts';
import { pngBytes } from '../../editor/server/picture-fixtures.ts';

const preview = (page: Page) => page.frameLocator('iframe[title="Preview of the page"]');
const outline = (page: Page) => page.getByRole('listbox', { name: 'Sections' });
const heading = (page: Page) => page.locator('#sw-fields').getByRole('textbox', { name: /^Heading\*?$/ });
const HOME_HEADING = 'Manage Your Construction Projects remotely';

/** The console messages `page` shows from now on that match `pattern`. */
function consoleMatching(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (pattern.test(m.text())) seen.push(m.text());
  });
  return seen;
}

/** The editor build's scripts and styles `page` fetches from now on: each one's Content-Encoding and decoded size. */
function editorFiles(page: Page): () => Promise<{ name: string; encoding: string | undefined; bytes: number }[]> {
  const answers: Promise<{ name: string; encoding: string | undefined; bytes: number }>[] = [];
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname;
    if (!/^\/admin\/pages\/assets\/.+\.(js|css)$/.test(path)) return;
    answers.push(r.body().then((body) => ({ name: path.split('/').pop()!, encoding: r.headers()['content-encoding'], bytes: body.length })));
  });
  return () => Promise.all(answers);
}

async function openHomeHero(page: Page) {
  await page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: 'home /', exact: true }).click();
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
}

test('an editor edits their draft in the back office: the preview follows, and the saved text is kept', async ({ page }) => {
  // The page's own policy must allow everything the editor and its previews do.
  const refused = consoleMatching(page, /Content Security Policy/i);
  const files = editorFiles(page);
  await newStaff(page, 'editor', 'Edna Editor');

  // An editor's home is Pages: the editor, with the list of pages, and the preview showing the home page.
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expect(page.locator('meta[name="sitewright-editor-user"]')).toHaveAttribute('content', 'Edna Editor');
  await expect(page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: 'home /', exact: true })).toBeVisible();
  await openHomeHero(page);
  await expect(preview(page).getByRole('heading', { name: HOME_HEADING })).toBeVisible();
  // The build came compressed: every file the build has a brotli copy of (all over 512 bytes) arrived as brotli.
  const fetched = await files();
  expect(fetched.filter((f) => f.bytes > 512).length).toBeGreaterThan(10);
  expect(fetched.filter((f) => f.bytes > 512 && f.encoding !== 'br').map((f) => `${f.name} (${f.bytes} bytes, ${f.encoding ?? 'uncompressed'})`)).toEqual([]);

  // Typing shows in the preview, rendered by the build's own blocks.
  await heading(page).fill('Build anything, from anywhere');
  await expect(preview(page).getByRole('heading', { name: 'Build anything, from anywhere' })).toBeVisible();
  // The preview checks each section against its block's schema, as under npm run edit: an emptied required heading
  // keeps the section as it last looked, and says so.
  await heading(page).fill('');
  await expect(
    preview(page)
      .getByText(/Section 1 is shown as it last looked|shown as it last looked/)
      .first(),
  ).toBeVisible();
  await heading(page).fill('Build anything, from anywhere');
  await expect(preview(page).getByText(/shown as it last looked/)).toHaveCount(0);

  // Saved into the draft as typed (no Save button in the back office): the server's copy has it.
  await expect.poll(async () => (await page.request.get('/admin/pages/api/file?path=pages/home.json')).text()).toContain('Build anything, from anywhere');
  await expect(page.getByRole('banner').getByText('Draft saved')).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The draft is on the server: a reload finds the text.
  await page.reload();
  await openHomeHero(page);
  await expect(heading(page)).toHaveValue('Build anything, from anywhere');
  await expect(preview(page).getByRole('heading', { name: 'Build anything, from anywhere' })).toBeVisible();
  expect(refused).toEqual([]);

  // The live site is unchanged.
  const live = await page.request.get('/');
  expect(await live.text()).toContain(HOME_HEADING);
});

test('sales are refused the editor, its files and its API (403)', async ({ page }) => {
  await newStaff(page, 'sales');
  expect((await page.goto('/admin/pages'))?.status()).toBe(403);
  await expect(page.getByText('Your role does not allow this.')).toBeVisible();
  for (const path of ['/admin/pages/editor/preview.html', '/admin/pages/api/files', '/admin/pages/api/draft'])
    expect((await page.request.get(path)).status(), path).toBe(403);
  const publish = await page.request.post('/admin/pages/api/publish', { data: {}, headers: { origin: new URL(page.url()).origin } });
  expect(publish.status()).toBe(403);
});

test('a picture uploaded into the draft shows in the preview, though the live site does not have it yet', async ({ page }) => {
  await newStaff(page, 'editor', 'Paula Pictures');
  await page
    .getByRole('navigation', { name: 'Pages and shared content' })
    .getByRole('button', { name: /Privacy policy \/policy/ })
    .click();
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  const picture = page.locator('#sw-fields').getByRole('group', { name: 'Image' });
  await picture.getByRole('button', { name: 'Choose picture…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Picture library' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a file…' }).click();
  await (await chooser).setFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: pngBytes(64, 48) });
  await dialog.getByRole('textbox', { name: /Describe the picture/ }).fill('Roof going up');
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await expect(dialog).toBeHidden();

  const shown = preview(page).getByRole('img', { name: 'Roof going up' });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  // The live site has no such file until it is published.
  expect((await page.request.get('/images/roof-going-up.png')).status()).toBe(404);
});

test("the panel's rules that depend on another setting hold under the editor's policy, and a form file opens without a refusal", async ({ page }) => {
  const refused = consoleMatching(page, /Content Security Policy|Error compiling schema/i);
  await newStaff(page, 'editor', 'Rita Rules');
  const nav = page.getByRole('navigation', { name: 'Pages and shared content' });
  await nav.getByRole('button', { name: /Enterprise pricing \/pricing\/enterprise/ }).click();
  await outline(page)
    .getByRole('option', { name: /Pricing plans/ })
    .click();
  const fields = page.locator('#sw-fields');
  const plan = (name: string) => fields.locator(`xpath=.//details[summary[contains(., "Plan: ${name}")]]`);
  await plan('Enterprise').locator('summary').first().click();
  await plan('Basic').locator('summary').first().click();
  // A plan priced "contact" must say what its card shows instead of a price; the others need not.
  await expect(plan('Enterprise').getByRole('textbox', { name: /^Amount label\*$/ })).toBeVisible();
  await expect(plan('Basic').getByRole('textbox', { name: /^Amount label$/ })).toBeVisible();

  await nav.getByRole('button', { name: 'Form: contact' }).click();
  await expect(page.getByRole('region', { name: 'Form fields' })).toBeVisible();
  expect(refused).toEqual([]);
});

test('a problem kept in the draft stays in the problems list, on whatever page or screen it is, also after a reload', async ({ page }) => {
  await newStaff(page, 'editor', 'Paul Problems');
  const problems = page.getByRole('region', { name: /Problems/ });
  const nav = page.getByRole('navigation', { name: 'Pages and shared content' });
  // A link added to the header menu and left empty: saved into the draft as it is, a problem until it is filled in.
  await nav.getByRole('button', { name: 'Header menu', exact: true }).click();
  await page.locator('#sw-file_header_items__add').click();
  await expect(nav.getByRole('button', { name: 'Header menu (1 problem)' })).toBeVisible();
  await expect(page.getByRole('banner').getByText('Draft saved')).toBeVisible();
  // On a page, its own problems and the draft's others are listed, as the count beside "Header menu" says.
  await openHomeHero(page);
  await expect(problems.getByRole('button', { name: /^Error in Site settings › Header menu/ })).toBeVisible();
  await expect(problems).toContainText('Anchor name is required. Fill it in.');
  await page.reload();
  await openHomeHero(page);
  await expect(problems.getByRole('button', { name: /^Error in Site settings › Header menu/ })).toBeVisible();
  // The problem leads back to its field.
  await problems
    .getByRole('button', { name: /^Error in Site settings › Header menu/ })
    .first()
    .click();
  await expect(page.locator('#sw-panel-title')).toHaveText('Site settings');
  await expect(nav.getByRole('button', { name: 'Header menu (1 problem)' })).toHaveAttribute('aria-current', 'true');
});
