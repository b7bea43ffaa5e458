/**
 * The preview, through the editor's interface only: it never goes blank (a part that cannot be shown keeps its last
 * good rendering, marked, and comes back by itself), the page's menus and dialogs open inside it, its width is
 * remembered, and a click on a text in it puts the cursor in that text's field.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { itemCount, landingPageTask } from '../server/landing-task.ts';
import { addSection, field, openEditor, openSettings, outline, preview, unfold } from './helpers.ts';

const slots = (page: Page) => preview(page).locator('[data-editor-index]');
/** The marker of a part shown at its last good rendering. */
const markers = (page: Page) => preview(page).locator('[data-editor-stale] > [role="note"]');
const panel = (page: Page) => page.locator('#sw-fields');
const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) });
const goesTo = (scope: Locator) => scope.getByRole('combobox', { name: /^Goes to\*?$/ });

/**
 * The preview is whole: the site's header, every section with something in it, the footer, and no section given up
 * on ("could not be shown"). A part at its last good rendering still counts: it is there, marked.
 */
async function expectWholePreview(page: Page, sections: number) {
  const pv = preview(page);
  await expect(pv.locator('header').first()).toBeVisible();
  await expect(pv.locator('footer').first()).toBeVisible();
  await expect(slots(page)).toHaveCount(sections);
  for (const slot of await slots(page).all()) {
    await expect(slot).toBeVisible();
    await expect(slot).toHaveText(/\w{3,}/);
  }
  await expect(pv.getByText(/could not be shown|cannot be shown yet/)).toHaveCount(0);
}

/** A marker's words are plain: no setting names, paths or code. */
async function expectPlainMarker(marker: Locator) {
  const text = await marker.innerText();
  expect(text).toMatch(/shown as it last looked/);
  expect(text).not.toMatch(/\b(href|label|items|links|cards|actions)\b|[/{}[\]"]|undefined|TypeError/);
}

// Steps the tests below share, each a small function so they can follow the interface as it changes.

async function createPage(page: Page, route: string, title: string) {
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await dialog.getByLabel('Address').fill(route);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`${title} ${route}`) })).toHaveAttribute('aria-current', 'page');
}

async function openSection(page: Page, name: RegExp) {
  await outline(page).getByRole('option', { name }).click();
}

/** A feature grid of exactly three items (the palette's example has three). */
async function addFeatureGrid(page: Page) {
  await addSection(page, 'Feature grid');
  await expect(preview(page).getByText('Everything you need to build remotely')).toBeVisible();
  await expect(preview(page).locator('[data-editor-index="1"] h3')).toHaveCount(3);
}

/** An FAQ section on a new question set. */
async function addFaqWithNewSet(page: Page, set: string) {
  await addSection(page, 'FAQ');
  await openSection(page, /Section 3: FAQ/);
  await panel(page).getByRole('button', { name: 'New question set…' }).click();
  await panel(page).getByLabel('Name of the new question set').fill(set);
  await panel(page).getByRole('button', { name: 'Create', exact: true }).click();
  await expect(panel(page).getByRole('combobox', { name: /^Set/ })).toHaveValue(set);
}

/** Fills question `n` (from 0) of the question set open in the panel, adding it first when it is not there. */
async function fillQuestion(page: Page, n: number, question: string, answer: string, check?: () => Promise<void>) {
  const questions = textbox(panel(page), 'Question');
  if ((await questions.count()) <= n) {
    await panel(page).locator('#sw-file_items').getByRole('button', { name: /Add/ }).last().click();
    await expect(questions).toHaveCount(n + 1);
  }
  await check?.();
  await questions.nth(n).fill(question);
  await check?.();
  await textbox(panel(page), 'Answer').nth(n).fill(answer);
}

async function openQuestionSet(page: Page) {
  await openSection(page, /Section 3: FAQ/);
  await panel(page).getByRole('button', { name: 'Edit this question set' }).click();
  await expect(page.locator('#sw-panel-title')).toContainText('Question set');
}

async function openSiteSettings(page: Page) {
  await openSettings(page, 'Header menu');
}

/** The footer's screen, with its second column ("Links") opened. */
async function openFooterLinks(page: Page) {
  await openSettings(page, 'Footer');
  await unfold(page, /^Column: Links$/);
}

test('the new landing page task, through the interface, with the preview whole after every step', async ({ page }) => {
  test.setTimeout(240_000);
  await openEditor(page);
  // The benchmark's own task (npm run bench -- --editor), with the whole preview checked after each of its steps.
  const checked: string[] = [];
  const figures = await landingPageTask(page, {
    route: '/landing',
    title: 'Landing',
    questionSet: 'landing',
    check: async (step) => {
      checked.push(step);
      await expectWholePreview(page, await outline(page).getByRole('option').count());
    },
  });
  expect(checked).toEqual([
    'New page',
    'Hero heading',
    'Feature grid of three cards',
    'Question added',
    'FAQ of two questions',
    'Header link added',
    'Link in the header menu',
    'Footer link added',
    'Link in the footer',
    'Save',
  ]);
  expect(figures.steps.map((s) => s.name)).toEqual(checked.filter((s) => !/added$/.test(s)));
  expect(figures.actions).toBe(figures.clicks + figures.keys + figures.fields);
  await expectWholePreview(page, 3);
  await expect(markers(page)).toHaveCount(0);
  await expect(preview(page).locator('header').getByRole('link', { name: 'Landing', exact: true }).first()).toBeAttached();
  await expect(preview(page).locator('footer').getByRole('link', { name: 'Landing', exact: true })).toBeVisible();
  await expect(preview(page).getByText('Can I follow the work from abroad?')).toBeVisible();
});

test('the four ways the preview went blank: each keeps its last good rendering, marked, and comes back by itself', async ({ page }) => {
  test.setTimeout(240_000);
  await openEditor(page);
  await createPage(page, '/blanks', 'Blanks');
  await addFeatureGrid(page);

  // A link added to the header menu: the header stays, marked, until the link is complete.
  await openSiteSettings(page);
  const items = panel(page).locator('#sw-file_header_items');
  const count = await itemCount(page, 'sw-file_header_items');
  await items.locator('#sw-file_header_items__add').click();
  await expect(markers(page)).toHaveCount(1);
  await expect(markers(page)).toContainText('The site’s header is shown as it last looked');
  await expectPlainMarker(markers(page));
  await expectWholePreview(page, 2);
  await expect(preview(page).locator('header').getByRole('button', { name: 'Solutions' })).toBeVisible();
  const item = items.locator(`#sw-file_header_items_${count}`);
  await textbox(item, 'Label').first().fill('Blanks');
  await goesTo(item).first().fill('/blanks');
  await textbox(item, 'Anchor name').first().fill('blanks');
  await expect(markers(page)).toHaveCount(0);
  await expect(preview(page).locator('header').getByRole('link', { name: 'Blanks', exact: true })).toBeVisible();

  // A link added to the footer.
  await openFooterLinks(page);
  const links = panel(page).locator('#sw-file_footer_columns_1_links');
  await links.getByRole('button', { name: /Add/ }).last().click();
  await expect(markers(page)).toHaveCount(1);
  await expect(markers(page)).toContainText('The site’s footer is shown as it last looked');
  await expectPlainMarker(markers(page));
  await expectWholePreview(page, 2);
  await expect(preview(page).locator('footer').getByRole('link', { name: 'Contact us' })).toBeVisible();
  await textbox(links, 'Label').last().fill('Blanks page');
  await goesTo(links).last().fill('/blanks');
  await expect(markers(page)).toHaveCount(0);
  await expect(preview(page).locator('footer').getByRole('link', { name: 'Blanks page' })).toBeVisible();

  // A button added to the hero: the section keeps its last rendering (its heading) until the button is complete.
  await openSection(page, /Section 1: Hero/);
  await panel(page).locator('#sw-block_actions__add').click();
  const hero = slots(page).nth(0);
  await expect(hero.locator('[role="note"]')).toContainText('This section is shown as it last looked');
  await expectPlainMarker(hero.locator('[role="note"]'));
  await expect(hero.getByRole('heading', { name: 'Blanks' })).toBeVisible();
  await expectWholePreview(page, 2);
  await panel(page).locator('#sw-block_actions_0_label').fill('Start now');
  await expect(hero.locator('[role="note"]')).toBeVisible();
  await panel(page).locator('#sw-block_actions_0_href').fill('/contact');
  await expect(hero.locator('[role="note"]')).toHaveCount(0);
  await expect(hero.getByRole('link', { name: 'Start now' })).toBeVisible();

  // A card's optional link cleared: the grid stays, marked, until the link is whole again.
  await openSection(page, /Section 2: Feature grid/);
  const grid = slots(page).nth(1);
  await unfold(page, /^Card: /);
  await unfold(page, /^Link: /);
  await panel(page).locator('#sw-block_cards_0_link_label').fill('');
  await panel(page).locator('#sw-block_cards_0_link_href').fill('');
  await expect(grid.locator('[role="note"]')).toContainText('This section is shown as it last looked');
  await expectPlainMarker(grid.locator('[role="note"]'));
  await expect(grid.getByText('See progress in real time')).toBeVisible();
  await expectWholePreview(page, 2);
  await panel(page).locator('#sw-block_cards_0_link_label').fill('Open an account');
  await panel(page).locator('#sw-block_cards_0_link_href').fill('/contact');
  await expect(grid.locator('[role="note"]')).toHaveCount(0);
  await expect(grid.getByRole('link', { name: 'Open an account' })).toBeVisible();

  // A second question added to a new question set: the FAQ keeps its last rendering, then shows both questions.
  await addFaqWithNewSet(page, 'blanks');
  await openQuestionSet(page);
  await fillQuestion(page, 0, 'First question?', 'First answer.');
  await expect(slots(page).nth(2).getByText('First question?')).toBeVisible();
  await panel(page).locator('#sw-file_items').getByRole('button', { name: /Add/ }).last().click();
  const faq = slots(page).nth(2);
  await expect(faq.locator('[role="note"]')).toContainText('This section is shown as it last looked');
  await expectPlainMarker(faq.locator('[role="note"]'));
  await expect(faq.getByText('First question?')).toBeVisible();
  await expectWholePreview(page, 3);
  await fillQuestion(page, 1, 'Second question?', 'Second answer.');
  await expect(faq.locator('[role="note"]')).toHaveCount(0);
  await expect(faq.getByText('Second question?')).toBeVisible();
  await expect(page.getByRole('region', { name: /Problems/ })).not.toContainText('Error in');
  await expect(markers(page)).toHaveCount(0);
  await expectWholePreview(page, 3);
});

test('menus, the phone menu and a dialog open inside the preview; links and forms stay put', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Enterprise Project Owners \/enterprise/ }).click();
  const pv = preview(page);
  await expect(pv.getByRole('heading', { level: 1 })).toBeVisible();
  const frame = page.frames().find((f) => f.url().endsWith('/editor/preview.html'));
  expect(frame).toBeTruthy();

  // A menu of the header.
  await pv.getByRole('button', { name: 'Solutions' }).click();
  await expect(pv.locator('#menu-solutions')).toBeVisible();
  await expect(pv.getByRole('button', { name: 'Solutions' })).toHaveAttribute('aria-expanded', 'true');
  // A link in it does not leave the preview.
  await pv.locator('#menu-solutions').getByRole('link').first().click();
  await expect(slots(page)).toHaveCount(5);
  expect(frame?.url()).toMatch(/\/editor\/preview\.html$/);

  // A dialog trigger opens its dialog.
  await pv.getByRole('button', { name: 'Contact Sales' }).first().click();
  const dialog = pv.getByRole('dialog', { name: 'Book a demo' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(frame?.url()).toMatch(/\/editor\/preview\.html$/);

  // The phone menu.
  await page.getByRole('button', { name: /^Phone/ }).click();
  await pv.getByRole('button', { name: 'Open menu' }).click();
  await expect(pv.locator('#site-menu')).toBeVisible();
  await expect(pv.locator('#site-menu').getByText('Cost Calculator')).toBeVisible();
});

test('the chosen preview width is remembered after a reload', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /^home \/$/i }).click();
  const frame = page.locator('iframe[title="Preview of the page"]');
  await page.getByRole('button', { name: /^Tablet/ }).click();
  await expect(frame).toHaveCSS('width', '768px');
  await page.reload();
  await expect(page.getByRole('button', { name: /^Tablet/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame).toHaveCSS('width', '768px');
  await page.getByRole('button', { name: /^Phone/ }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Phone/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(frame).toHaveCSS('width', '390px');
});

test('click to edit: a click on the hero heading selects the section, outlines it and puts the cursor in Heading', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Enterprise Project Owners \/enterprise/ }).click();
  await openSection(page, /Section 4: FAQ/);
  await expect(field(page, 'Heading')).toHaveValue('Frequently asked questions');
  const heading = preview(page).getByRole('heading', { level: 1 });
  const text = await heading.innerText();
  await heading.click();
  await expect(outline(page).getByRole('option', { name: /Section 1: Hero/ })).toHaveAttribute('aria-selected', 'true');
  await expect(field(page, 'Heading')).toBeFocused();
  await expect(field(page, 'Heading')).toHaveValue(text);
  const slot = slots(page).nth(0);
  await expect(slot).toHaveAttribute('data-editor-selected', 'true');
  await expect(slot).toHaveCSS('outline-style', 'solid');
  // A button's text leads to its own field, not the section's heading.
  await preview(page).getByRole('button', { name: 'Contact Sales' }).first().click();
  await expect(panel(page).locator('#sw-block_actions_0_label')).toBeFocused();
});

test('while its code is on its way the preview says it is loading, and the page replaces the words', async ({ page }) => {
  // The preview's own module is held back, as on a first start while the dev server compiles it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/editor/preview.tsx*', async (route) => {
    await held;
    await route.continue();
  });
  await openEditor(page);
  await page.getByRole('button', { name: /^home \/$/i }).click();
  await expect(preview(page).getByText('Loading the preview…')).toBeVisible();
  release();
  await expect(preview(page).locator('header').first()).toBeVisible();
  await expect(preview(page).getByText('Loading the preview…')).toHaveCount(0);
});
