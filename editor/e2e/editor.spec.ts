/**
 * The visual editor end to end, on a temporary copy of site.config/ (playwright.editor.config.ts): a person creates a
 * page with three sections, edits a field, reorders, undoes, pastes a section into another page, hits a problem and
 * fixes it, saves; then the project's own checker and a build pass on the result.
 */
import { expect, test, type Locator } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { addSection, axe, field, openEditor, outline, preview, sectionNames, tool, unfoldAll } from './helpers.ts';

test('create a page with three sections, edit, reorder, undo, paste elsewhere, fix a problem, save; validate and build pass', async ({ page }) => {
  test.setTimeout(300_000);
  await openEditor(page);

  // A new page: it starts with a hero.
  await page.getByRole('button', { name: 'New page' }).click();
  const newPage = page.getByRole('dialog', { name: 'New page' });
  await newPage.getByLabel('Address').fill('/suppliers');
  await newPage.getByLabel('Title').fill('Suppliers');
  await newPage.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('button', { name: /Suppliers \/suppliers/ })).toHaveAttribute('aria-current', 'page');
  await expect(outline(page).getByRole('option')).toHaveCount(1);

  // Two more sections from the palette, with their example content.
  await addSection(page, 'Feature grid');
  await addSection(page, 'FAQ');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ']);
  await expect(preview(page).getByText('Everything you need to build remotely')).toBeVisible();

  // Edit a field: the preview follows.
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  await field(page, 'Heading').fill('Suppliers who build with us');
  await expect(preview(page).getByRole('heading', { name: 'Suppliers who build with us' })).toBeVisible();

  // Reorder by keyboard, then undo.
  await outline(page)
    .getByRole('option', { name: /Section 3: FAQ/ })
    .click();
  await outline(page).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: FAQ', 'Section 3: Feature grid']);
  await page.keyboard.press('Control+z');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ']);
  // And with the buttons.
  await outline(page)
    .getByRole('option', { name: /Section 2: Feature grid/ })
    .click();
  await tool(page, 'Move down').click();
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: FAQ', 'Section 3: Feature grid']);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ']);
  await expect(field(page, 'Heading')).toHaveValue('Everything you need to build remotely');

  // A problem: the hero's headline emptied. It shows under the field, on the section, in the list; saving is refused.
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  await field(page, 'Heading').fill('');
  await expect(outline(page).getByRole('option', { name: /Section 1: Hero/ })).toContainText('1 problem');
  // In words, by the field's title: no setting name, file or line number.
  await expect(page.locator('#sw-fields .error-detail')).toContainText(/Heading (is required|must not be empty)/);
  const problems = page.getByRole('region', { name: /Problems/ });
  await expect(problems).toContainText('Section 1: Hero');
  await expect(problems).toContainText(/Heading (is required|must not be empty)/);
  await expect(problems).not.toContainText(/site\.config|"heading"|:\d+:\d+/);
  await expect(page.locator('#sw-save-blocked')).toHaveText('Fix 1 problem to save');
  await expect(preview(page).locator('.sw-editor-badge')).toHaveText('1 problem');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Not saved');
  expect(readFileSync(join(CONFIG_DIR, 'pages/suppliers.json'), 'utf8')).not.toContain('features');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  // Fixed.
  await field(page, 'Heading').fill('Suppliers who build with us');
  await expect(problems).not.toContainText('Error in');
  await expect(outline(page).getByRole('option', { name: /Section 1: Hero/ })).not.toContainText('problem');

  // Save: the file on disk has the three sections.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Saved 1 file|All changes saved/);
  await expect
    .poll(() => JSON.parse(readFileSync(join(CONFIG_DIR, 'pages/suppliers.json'), 'utf8')).blocks.map((b: { type: string }) => b.type))
    .toEqual(['hero', 'featureGrid', 'faq']);
  expect(readFileSync(join(CONFIG_DIR, 'pages/suppliers.json'), 'utf8')).toContain('"heading": "Suppliers who build with us"');

  // Copy the feature grid and paste it into another page.
  await outline(page)
    .getByRole('option', { name: /Section 2: Feature grid/ })
    .click();
  await tool(page, 'Copy').click();
  await page.getByRole('button', { name: /Contractor \/contractor/ }).click();
  await expect(outline(page).getByRole('option').first()).toBeVisible();
  const before = (await sectionNames(page)).length;
  await outline(page).getByRole('option').first().click();
  await tool(page, 'Paste').click();
  await expect(outline(page).getByRole('option')).toHaveCount(before + 1);
  await expect(outline(page).getByRole('option', { name: /Section 2: Feature grid/ })).toContainText('Everything you need to build remotely');
  await expect(page.getByRole('region', { name: /Problems/ })).not.toContainText('Error in');
  await page.keyboard.press('Control+s');
  await expect.poll(() => readFileSync(join(CONFIG_DIR, 'pages/contractor.json'), 'utf8')).toContain('Everything you need to build remotely');
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Saved|All changes saved/);

  // The project's own checks on the result.
  const validate = spawnSync('npm', ['run', 'validate', '--', '--config-dir', CONFIG_DIR], { encoding: 'utf8' });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
  const outName = `dist-editor-e2e`;
  const build = spawnSync('npx', ['tsx', 'scripts/build.ts'], {
    encoding: 'utf8',
    env: { ...process.env, SITEWRIGHT_CONFIG_DIR: CONFIG_DIR, SITEWRIGHT_OUT_DIR: outName },
  });
  expect(build.status, build.stdout + build.stderr).toBe(0);
  expect(readFileSync(join(outName, 'suppliers/index.html'), 'utf8')).toContain('Suppliers who build with us');
  rmSync(outName, { recursive: true, force: true });
});

test('undo history and unsaved work survive a reload of the editor', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Consultant \/consultant/ }).click();
  await outline(page).getByRole('option').first().click();
  const count = await outline(page).getByRole('option').count();
  await tool(page, 'Duplicate').click();
  await expect(outline(page).getByRole('option')).toHaveCount(count + 1);
  await page.waitForTimeout(600);
  await page.reload();
  await expect(outline(page).getByRole('option')).toHaveCount(count + 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(outline(page).getByRole('option')).toHaveCount(count);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('All changes saved');
});

test('a file changed on disk shows up in the editor; with unsaved changes the person chooses', async ({ page }) => {
  const file = join(CONFIG_DIR, 'pages/enterprise.json');
  const setHeading = (text: string) => {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.blocks[0].heading = text;
    writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  };
  await openEditor(page);
  await page.getByRole('button', { name: /Enterprise Project Owners \/enterprise/ }).click();
  await outline(page).getByRole('option').first().click();
  await expect(field(page, 'Heading')).toHaveValue(/\S/);

  // No unsaved changes: the editor takes the new text.
  setHeading('Changed in a text editor');
  await expect(field(page, 'Heading')).toHaveValue('Changed in a text editor');
  await expect(preview(page).getByRole('heading', { name: 'Changed in a text editor' })).toBeVisible();

  // Unsaved changes here and a change on disk: both are shown, nothing is overwritten until the person chooses.
  await field(page, 'Heading').fill('Mine, typed in the editor');
  setHeading('Changed by git pull');
  const dialog = page.getByRole('dialog', { name: 'This file changed outside the editor' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Changed by git pull');
  await expect(dialog).toContainText('Mine, typed in the editor');
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Keep my version' }).click();
  await expect(field(page, 'Heading')).toHaveValue('Mine, typed in the editor');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // Read again until the whole new file is there (a read can meet the file while it is being written).
  const headingOnDisk = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')).blocks[0].heading;
    } catch {
      return undefined;
    }
  };
  await expect.poll(headingOnDisk).toBe('Mine, typed in the editor');
});

test('the editor screens have no axe violations at 1366 px', async ({ page }) => {
  // Eight screens, each checked by axe (the site settings' alone took 32 s on a loaded 2-core machine), then the palette.
  test.setTimeout(300_000);
  await openEditor(page);
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
  await outline(page).getByRole('option').first().click();
  await expect(field(page, 'Heading')).toBeVisible();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Page settings' }).click();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: 'Header menu', exact: true }).click();
  await expect(page.locator('#sw-panel-title')).toHaveText('Site settings');
  expect(await axe(page)).toEqual([]);
  // A form file: its fields are managed on a screen of their own, and its words are fields with plain names.
  await page.getByRole('button', { name: 'Form: contact' }).click();
  await expect(page.getByRole('region', { name: 'Form fields' })).toContainText('First Name');
  // Its groups fold to one line each: opened, to read every field.
  await unfoldAll(page);
  // Each field is titled by its own label ("First Name", not the key "firstname"), and so is how it looks.
  const panel = page.locator('#sw-fields');
  await expect(panel.locator('#sw-file_schema_properties_firstname__title')).toHaveText('First Name');
  await expect(panel.locator('#sw-file_uiSchema_firstname__title')).toHaveText('First Name');
  await expect(panel.locator('#sw-file_submit_payload__title')).toHaveText(/^What is sent/);
  await expect(panel.getByText(/^(firstname|lastname|description)( Key)?$/)).toHaveCount(0);
  await expect(
    page
      .locator('#sw-fields')
      .getByRole('textbox', { name: /^Title\*?$/ })
      .first(),
  ).toHaveValue('First Name');
  await expect(
    page
      .locator('#sw-fields')
      .getByRole('textbox', { name: /^Required$/ })
      .first(),
  ).toHaveValue('First Name is required.');
  await expect(
    page
      .locator('#sw-fields')
      .getByRole('textbox', { name: /^Label\*?$/ })
      .last(),
  ).toHaveValue('Send message');
  expect(await axe(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add section' }).click();
  // Each thumbnail is the real block rendering its example.json (blocks/Hero/example.json here). Every thumbnail in
  // view boots the dev preview at once, so on a busy machine the hero's may take longer than the default wait: this
  // waits up to the test's own time-out, as the outcome, not its speed, is what is checked here.
  await expect(
    page.frameLocator('iframe[src$="?thumb=hero"]').getByRole('heading', { name: 'Gain access to bid on a steady pool of construction projects' }),
  ).toBeVisible({ timeout: 90_000 });
  expect(await axe(page)).toEqual([]);
  await page.getByRole('dialog', { name: 'Add a section' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'New page' }).click();
  expect(await axe(page)).toEqual([]);
  await page.getByRole('dialog', { name: 'New page' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Changes' }).click();
  await expect(page.getByRole('dialog', { name: 'Changes' })).toContainText('Saved files');
  expect(await axe(page)).toEqual([]);
});

test('drag and drop with the mouse reorders the sections, in the outline and in the preview', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ', 'Section 4: CTA banner']);
  const grid = preview(page).getByRole('heading', { name: 'Everything you need to build without being on site' });
  const faq = preview(page).getByRole('heading', { name: 'Frequently asked questions' });
  await expect(grid).toBeVisible();
  expect((await grid.boundingBox())!.y).toBeLessThan((await faq.boundingBox())!.y);

  // Drag the feature grid below the FAQ: pointer down, a few moves (the drag starts after a short distance), up.
  const from = (await outline(page)
    .getByRole('option', { name: /Section 2: Feature grid/ })
    .boundingBox())!;
  const to = (await outline(page)
    .getByRole('option', { name: /Section 3: FAQ/ })
    .boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.8, { steps: 15 });
  await page.mouse.up();

  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: FAQ', 'Section 3: Feature grid', 'Section 4: CTA banner']);
  await expect(outline(page).getByRole('option', { name: /Section 3: Feature grid/ })).toContainText('Everything you need to build');
  await expect.poll(async () => (await grid.boundingBox())!.y > (await faq.boundingBox())!.y).toBe(true);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('1 file not saved');
  // One undo puts it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ', 'Section 4: CTA banner']);
});

test('a click held still on a section chooses it, moves nothing, and no other section is drawn on the way', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  // Every title the side panel shows from here on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenTitles: string[] }).seenTitles = seen;
    new MutationObserver(() => seen.push(document.getElementById('sw-panel-title')?.textContent ?? '')).observe(document.querySelector('#sw-fields')!, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  const press = async (name: RegExp) => {
    const box = (await outline(page).getByRole('option', { name }).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // A person's slow click: the button stays down, the mouse still.
    await page.waitForTimeout(600);
    await page.mouse.up();
  };
  await press(/Section 2: Feature grid/);
  await expect(page.locator('#sw-panel-title')).toHaveText('Section 2: Feature grid');
  await press(/Section 3: FAQ/);
  await expect(page.locator('#sw-panel-title')).toHaveText('Section 3: FAQ');
  expect(await sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ', 'Section 4: CTA banner']);
  await expect(page.getByRole('banner').getByRole('status')).toHaveText('All changes saved');
  const seen = await page.evaluate(() => (window as unknown as { seenTitles: string[] }).seenTitles);
  expect(seen.filter((t) => t.startsWith('Section ')).filter((t, i, all) => all.indexOf(t) === i)).toEqual(['Section 2: Feature grid', 'Section 3: FAQ']);
});

test('a problem or an unsaved change shown beside an entry moves no entry of the left column or of the outline, nor a button of the top bar', async ({
  page,
}) => {
  await openEditor(page);
  const nav = page.getByRole('navigation', { name: 'Pages and shared content' });
  await nav.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  // Where every entry of the left column and every section of the outline is drawn in its scrolling column.
  const places = () =>
    page.evaluate(() => [
      ...[...document.querySelectorAll('#sw-pages button, [role="listbox"] [role="option"]')].map((e, i) => {
        const column = e.closest('.sw-side, .sw-left')!;
        const top = e.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
        return `${i}: ${top},${e.getBoundingClientRect().height}`;
      }),
      // The top bar's buttons, which the status and "Fix 1 problem to save" sit between.
      ...[...document.querySelectorAll('.sw-top button')].map((e) => `${e.textContent}: ${JSON.stringify(e.getBoundingClientRect())}`),
    ]);
  const before = await places();

  // The hero's heading emptied: a problem on the section, its summary gone, the page not saved.
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  await field(page, 'Heading').fill('');
  await expect(outline(page).getByRole('option', { name: /Section 1: Hero/ })).toHaveAccessibleName(/1 problem/);
  await expect(nav.getByRole('button', { name: 'Private Project Owners /owner (not saved)' })).toBeVisible();
  await expect(page.locator('#sw-save-blocked')).toHaveText('Fix 1 problem to save');
  // A link added to the header menu: a problem on that screen until it is filled in.
  await nav.getByRole('button', { name: 'Header menu', exact: true }).click();
  await page.locator('#sw-file_header_items__add').click();
  await expect(nav.getByRole('button', { name: 'Header menu (1 problem)' })).toBeVisible();
  await expect(page.locator('#sw-save-blocked')).toHaveText('Fix 2 problems to save');
  expect(await places()).toEqual(before);
});

test('a prose section shows the text of its .mdx file in the preview, follows the file on disk and names a mistake in it', async ({ page }) => {
  const file = join(CONFIG_DIR, 'content/policy.mdx');
  const original = readFileSync(file, 'utf8');
  const frame = preview(page);
  try {
    await openEditor(page);
    await page.getByRole('button', { name: /Privacy policy \/policy/ }).click();
    // The words of site.config/content/policy.mdx, compiled as the build does: headings, paragraphs, the contents list.
    await expect(frame.getByRole('heading', { name: '1. Who we are' })).toBeVisible();
    await expect(frame.getByText('BuildPad is a construction project-management and procurement platform.')).toBeVisible();
    await expect(frame.getByText(`Last updated: ${/^updated: (.+)$/m.exec(original)?.[1]}`)).toBeVisible();
    await expect(frame.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Who we are' })).toBeVisible();
    await expect(frame.getByText(/compiled when the site is built/)).toHaveCount(0);

    // Changed in a text editor: the preview shows the new text.
    writeFileSync(file, original.replace('## 1. Who we are', '## 1. Who we really are'));
    await expect(frame.getByRole('heading', { name: '1. Who we really are' })).toBeVisible();

    // A mistake in the file: the section says what and where, in words; the rest of the page stays.
    writeFileSync(file, `${original}\nSome {broken text\n`);
    const problem = frame.getByRole('alert').filter({ hasText: 'cannot be shown' });
    await expect(problem).toContainText(/There is a mistake in site\.config\/content\/policy\.mdx at line \d+, column \d+: A \{ is never closed with \}/);
    await expect(frame.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
  } finally {
    writeFileSync(file, original);
  }
  await expect(frame.getByRole('heading', { name: '1. Who we are' })).toBeVisible();
});

test("a form file: settings that name a field offer the form's fields by their labels, and write the field's name", async ({ page }) => {
  const file = join(CONFIG_DIR, 'forms/waitlist.json');
  const original = readFileSync(file, 'utf8');
  // Read while the save writes the file, it can be half there: polled, that read counts as "not yet".
  const onDisk = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return {};
    }
  };
  const picked = (select: Locator) => select.evaluate((e: HTMLSelectElement) => e.selectedOptions[0]?.textContent);
  // A typo already in the file: it stays there, chosen, until the person picks a field; the checker says what is wrong.
  writeFileSync(file, original.replace('"countryField": "residentCountry"', '"countryField": "residentCountri"'));
  try {
    await openEditor(page);
    await page.getByRole('button', { name: 'Form: waitlist' }).click();
    const panel = page.locator('#sw-fields');
    const required = panel.getByRole('group', { name: 'Required', exact: true });
    // The form's fields show once its file has arrived (on a busy machine after the click): unfolded then.
    await expect(required).toBeVisible();
    await unfoldAll(page);
    await expect.poll(() => picked(required.getByRole('combobox').first())).toBe('First name');
    const countryField = panel
      .getByRole('combobox', { name: 'Country field' })
      .and(panel.locator('[id="sw-file_uiSchema_phoneNumber_ui:options_countryField"]'));
    await expect.poll(() => picked(countryField)).toBe('residentCountri (not a field of this form)');
    // The checker's problem shows under the field.
    await expect(panel.locator('.error-detail')).toContainText('Country field names a field this form does not have.');
    await countryField.selectOption({ label: 'Country you live in' });
    await expect(panel.locator('.error-detail')).toHaveCount(0);

    // Required › Add, then a field by its label: the file gets the field's name.
    await required.getByRole('button', { name: 'Add' }).click();
    await required.getByRole('combobox').last().selectOption({ label: 'Comment (optional)' });
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => onDisk().schema?.required).toEqual(['firstName', 'lastName', 'email', 'phoneNumber', 'targetCountry', 'purpose', 'comment']);
    expect(onDisk().uiSchema.phoneNumber['ui:options'].countryField).toBe('residentCountry');
  } finally {
    writeFileSync(file, original);
  }
});

test('Save pressed right after a problem is fixed saves the fixed page, not the problem it had a moment before', async ({ page }) => {
  const file = join(CONFIG_DIR, 'pages/owner.json');
  const before = readFileSync(file, 'utf8');
  try {
    await openEditor(page);
    await page.getByRole('button', { name: /Private Project Owners \/owner/ }).click();
    await outline(page).getByRole('option').first().click();
    await field(page, 'Heading').fill('');
    await expect(page.locator('#sw-fields').getByText('Heading is required. Fill it in.')).toBeVisible();
    // No pause: the click comes before the fixed heading has been checked.
    await field(page, 'Heading').fill('Build your home from abroad');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('status')).toHaveText('Saved 1 file.');
    await expect(page.getByText(/Not saved: fix/)).toHaveCount(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).blocks[0].heading).toBe('Build your home from abroad');
  } finally {
    writeFileSync(file, before);
  }
});
