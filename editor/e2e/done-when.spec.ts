/**
 * The "Done when" path, as a person with no JSON knowledge would take it, on the temporary copy of
 * site.config/: create /partners with a hero, a feature grid and a FAQ block that uses a new question set made from
 * the block's own picker, add /partners to the footer in the site settings, save; then only those three files changed,
 * site.json by exactly the added link (cleanly formatted), and the project's checker and a build pass on the result.
 */
import { expect, test } from '@playwright/test';
import { diffLines } from 'diff';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { addSection, field, openEditor, outline, preview, sectionNames, status } from './helpers.ts';

/** Every text file of a config folder, by its path inside it. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const abs = join(d, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(relative(dir, abs), readFileSync(abs, 'latin1'));
    }
  };
  walk(dir);
  return out;
}

test('Done when: /partners with a hero, a feature grid and a new FAQ set, in the footer, saved; only those changes; validate and build pass', async ({
  page,
}) => {
  const before = snapshot(CONFIG_DIR);
  const originalSite = readFileSync('site.config/site.json', 'utf8');
  expect(before.get('site.json')).toBe(originalSite);
  await openEditor(page);

  // The page: "New page" starts it with a hero.
  await page.getByRole('button', { name: 'New page' }).click();
  const newPage = page.getByRole('dialog', { name: 'New page' });
  await newPage.getByLabel('Address').fill('/partners');
  await newPage.getByLabel('Title').fill('Partners');
  await newPage.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('button', { name: /Partners \/partners/ })).toHaveAttribute('aria-current', 'page');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero']);
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  await field(page, 'Heading').fill('Build with our partners');
  await expect(preview(page).getByRole('heading', { name: 'Build with our partners' })).toBeVisible();

  // A feature grid and a FAQ block from the palette.
  await addSection(page, 'Feature grid');
  await addSection(page, 'FAQ');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ']);

  // A new question set, made from the FAQ block's own picker; the block uses it at once.
  await outline(page)
    .getByRole('option', { name: /Section 3: FAQ/ })
    .click();
  const panel = page.locator('#sw-fields');
  await panel.getByRole('button', { name: 'New question set…' }).click();
  await panel.getByLabel('Name of the new question set').fill('partners');
  await panel.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(panel.getByRole('combobox', { name: /^Set/ })).toHaveValue('partners');
  await expect(page.getByRole('button', { name: 'Questions: partners' })).toBeVisible();

  // Its question, in words: "Edit this question set" opens it in the same panel.
  await panel.getByRole('button', { name: 'Edit this question set' }).click();
  await expect(page.locator('#sw-panel-title')).toContainText('partners');
  await panel
    .getByRole('textbox', { name: /^Question\*?$/ })
    .first()
    .fill('How do I become a partner?');
  await panel
    .getByRole('textbox', { name: /^Answer\*?$/ })
    .first()
    .fill('Write to us through the contact page and we will call you back.');
  await page.getByRole('button', { name: /Partners \/partners/ }).click();
  await outline(page)
    .getByRole('option', { name: /Section 3: FAQ/ })
    .click();
  await expect(preview(page).getByText('How do I become a partner?')).toBeVisible();

  // The footer, in the site settings: a link to /partners at the end of the "Links" column.
  await page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: 'Footer', exact: true }).click();
  await expect(page.locator('#sw-panel-title')).toHaveText('Site settings');
  // The footer's "Links" column is folded to one line until opened.
  await panel.locator('summary', { hasText: /^Column: Links$/ }).click();
  const links = panel.locator('#sw-file_footer_columns_1_links');
  const count = await links.getByRole('textbox', { name: /^Label\*?$/ }).count();
  await links.getByRole('button', { name: /Add/ }).last().click();
  await expect(links.getByRole('textbox', { name: /^Label\*?$/ })).toHaveCount(count + 1);
  await links
    .getByRole('textbox', { name: /^Label\*?$/ })
    .last()
    .fill('Partners');
  await links
    .getByRole('combobox', { name: /^Goes to\*?$/ })
    .last()
    .fill('/partners');

  // Save everything: three files.
  await expect(status(page)).toHaveText('3 files not saved');
  await expect(page.getByRole('region', { name: /Problems/ })).not.toContainText('Error in');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(status(page)).toHaveText(/Saved 3 files|All changes saved/);

  // Exactly the new page, the new question set and site.json changed.
  const after = snapshot(CONFIG_DIR);
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
  expect(changed).toEqual(['faqs/partners.json', 'pages/partners.json', 'site.json']);
  const pageFile = JSON.parse(after.get('pages/partners.json')!);
  expect(pageFile.route).toBe('/partners');
  expect(pageFile.blocks.map((b: { type: string }) => b.type)).toEqual(['hero', 'featureGrid', 'faq']);
  expect(pageFile.blocks[2].set).toBe('partners');
  expect(JSON.parse(after.get('faqs/partners.json')!).items[0].question).toBe('How do I become a partner?');
  for (const p of ['pages/partners.json', 'faqs/partners.json']) expect(after.get(p)).toBe(`${JSON.stringify(JSON.parse(after.get(p)!), null, 2)}\n`);

  // site.json: the added link and nothing else. Every old line is still there byte for byte, except that the line
  // before the new link gains the comma that separates them; the new lines are 2-space-indented JSON like their neighbours.
  const site = readFileSync(join(CONFIG_DIR, 'site.json'), 'utf8');
  const expected = JSON.parse(originalSite);
  expected.footer.columns[1].links.push({ label: 'Partners', href: '/partners' });
  expect(JSON.parse(site)).toEqual(expected);
  const parts = diffLines(originalSite, site);
  const removed = parts.filter((p) => p.removed).flatMap((p) => p.value.split('\n').filter(Boolean));
  const added = parts.filter((p) => p.added).flatMap((p) => p.value.split('\n').filter(Boolean));
  // The column's last link, as site.json writes a link: the line that gains the comma.
  const last = JSON.parse(originalSite).footer.columns[1].links.at(-1) as { label: string; href: string };
  expect(removed).toEqual([`          { "label": ${JSON.stringify(last.label)}, "href": ${JSON.stringify(last.href)} }`]);
  expect(added[0]).toBe(`${removed[0]},`);
  const newLines = added.slice(1);
  expect(JSON.parse(newLines.join('\n'))).toEqual({ label: 'Partners', href: '/partners' });
  expect(newLines[0]).toMatch(/^ {10}\{/);
  for (const line of newLines) {
    expect(line).toMatch(/^( {2})*\S/);
    expect(line).not.toMatch(/\s$/);
  }

  // The project's own checks pass on the result.
  const validate = spawnSync('npm', ['run', 'validate', '--', '--config-dir', CONFIG_DIR], { encoding: 'utf8' });
  expect(validate.status, validate.stdout + validate.stderr).toBe(0);
  // The build's output folder is a name inside the repository (scripts/build.ts), ignored by git like dist/.
  const outDir = 'dist-editor-e2e-done-when';
  try {
    const build = spawnSync('npx', ['tsx', 'scripts/build.ts'], {
      encoding: 'utf8',
      env: { ...process.env, SITEWRIGHT_CONFIG_DIR: CONFIG_DIR, SITEWRIGHT_OUT_DIR: outDir },
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    const html = readFileSync(join(outDir, 'partners/index.html'), 'utf8');
    expect(html).toContain('Build with our partners');
    expect(html).toContain('How do I become a partner?');
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('href="/partners"');
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
});
