/**
 * Pictures through the editor's interface, on a temporary copy of site.config/ (playwright.editor.config.ts): a
 * picture uploaded with the file picker, described at once, placed in a hero and saved; the library's search and a
 * picture chosen from it by keyboard; and, by drag and drop, an SVG with a script refused with nothing written,
 * then a good picture taken.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { pngBytes, svgText } from '../server/picture-fixtures.ts';
import { axe, openEditor, outline, preview } from './helpers.ts';

const IMAGES = join(CONFIG_DIR, 'assets', 'images');
const library = (page: Page) => page.getByRole('dialog', { name: 'Picture library' });
/** The hero's picture setting in the side panel. */
const heroPicture = (page: Page) => page.locator('#sw-fields').getByRole('group', { name: 'Image' });

async function openPolicyHero(page: Page) {
  await openEditor(page);
  await page.getByRole('button', { name: /Privacy policy \/policy/ }).click();
  await outline(page)
    .getByRole('option', { name: /Section 1: Hero/ })
    .click();
  await expect(heroPicture(page)).toBeVisible();
}

/** Drops a file on the library's upload area, as a person dragging it from their desktop would. */
async function drop(page: Page, name: string, type: string, bytes: Buffer) {
  const area = library(page).getByRole('region', { name: 'Upload a picture' });
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, data }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name, { type }));
      return dt;
    },
    { name, type, data: [...bytes] },
  );
  await area.dispatchEvent('dragover', { dataTransfer });
  await area.dispatchEvent('drop', { dataTransfer });
}

test('a picture uploaded with the file picker, described at once, placed in a hero and saved; another chosen from the library', async ({ page }) => {
  await openPolicyHero(page);
  const before = readdirSync(IMAGES);

  await heroPicture(page).getByRole('button', { name: 'Choose picture…' }).click();
  const dialog = library(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('JPEG, PNG, WebP or AVIF up to 2 MB and 8,000 pixels wide or tall; SVG up to 500 KB.');
  await expect(dialog.getByRole('listitem').first()).toBeVisible();
  expect(await axe(page)).toEqual([]);

  // The file picker: the picture is checked, then the description is asked for at once.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose a file…' }).click();
  const bytes = pngBytes(64, 48);
  await (await chooser).setFiles({ name: 'IMG_0042.png', mimeType: 'image/png', buffer: bytes });
  const describe = dialog.getByRole('textbox', { name: /Describe the picture/ });
  await expect(describe).toBeFocused();
  await expect(dialog).toContainText('IMG_0042.png, 64 × 48 pixels');

  // Nothing is uploaded without a description.
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await expect(dialog).toContainText('Describe the picture in a few words first');
  await expect(describe).toBeFocused();
  expect(readdirSync(IMAGES).sort()).toEqual([...before].sort());

  await describe.fill('Site team at work');
  await expect(dialog).toContainText('The file will be named from these words: site-team-at-work.png');
  expect(await axe(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await expect(dialog).toBeHidden();
  await expect(heroPicture(page).getByRole('button', { name: 'Choose picture…' })).toBeFocused();

  // The section has the picture, its description and its size; the preview shows it.
  await expect(heroPicture(page).getByRole('textbox', { name: /Alt text/ })).toHaveValue('Site team at work');
  await expect(heroPicture(page)).toContainText('Size: 64 × 48 pixels');
  const shown = preview(page).getByRole('img', { name: 'Site team at work' });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('src', '/images/site-team-at-work.png');
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  expect(readFileSync(join(IMAGES, 'site-team-at-work.png')).equals(bytes)).toBe(true);

  // Saved: the page's file has the picture with its address, size and description.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Saved 1 file|All changes saved/);
  const saved = JSON.parse(readFileSync(join(CONFIG_DIR, 'pages/policy.json'), 'utf8')) as { blocks: { image?: unknown }[] };
  expect(saved.blocks[0].image).toEqual({ src: '/images/site-team-at-work.png', alt: 'Site team at work', width: 64, height: 48 });

  // The library: the new picture is there and found by a word of its name; another is chosen with the keyboard.
  await heroPicture(page).getByRole('button', { name: 'Choose picture…' }).click();
  const search = dialog.getByRole('searchbox', { name: 'Search pictures' });
  await search.fill('team');
  await expect(dialog.getByRole('button', { name: /^site-team-at-work\.png 64 × 48 pixels/ })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await search.fill('owner hero');
  await expect(dialog.getByText(/^1 of \d+ pictures$/)).toBeVisible();
  await search.press('Tab');
  const ownerHero = dialog.getByRole('button', { name: /^owner-hero\.svg 560 × 420 pixels/ });
  await expect(ownerHero).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ownerHero).toHaveAttribute('aria-pressed', 'true');
  await expect(describe).toBeFocused();
  await expect(describe).toHaveValue('');
  await page.keyboard.type('A house under construction');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(heroPicture(page).getByRole('textbox', { name: /Alt text/ })).toHaveValue('A house under construction');
  await expect(heroPicture(page)).toContainText('Size: 560 × 420 pixels');
  await expect(preview(page).getByRole('img', { name: 'A house under construction' })).toHaveAttribute('src', '/images/landing/owner-hero.svg');
});

test('by drag and drop: an SVG with a script is refused with the reason shown and nothing written; a good picture is taken', async ({ page }) => {
  await openPolicyHero(page);
  const before = readdirSync(IMAGES).sort();
  await heroPicture(page).getByRole('button', { name: 'Choose picture…' }).click();
  const dialog = library(page);
  await expect(dialog).toBeVisible();

  await drop(page, 'logo.svg', 'image/svg+xml', Buffer.from(svgText('<script>alert("hello")</script>')));
  await expect(dialog.getByRole('alert')).toHaveText(
    '“logo.svg” was not uploaded. This SVG contains a script, which could run in visitors’ browsers. Save it without scripts (in your drawing program, export it as a plain SVG) and upload it again.',
  );
  await expect(dialog.getByRole('textbox', { name: /Describe the picture/ })).toHaveCount(0);
  expect(readdirSync(IMAGES).sort()).toEqual(before);

  // A file that only calls itself a picture is refused by what it is.
  await drop(page, 'photo.jpg', 'image/jpeg', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1'));
  await expect(dialog.getByRole('alert')).toContainText(
    '“photo.jpg” was not uploaded. This file is a GIF picture. The site takes JPEG, PNG, WebP, AVIF or SVG pictures only.',
  );
  expect(readdirSync(IMAGES).sort()).toEqual(before);

  // A good picture dropped the same way is checked and waits for its description.
  await drop(page, 'plan.png', 'image/png', pngBytes(20, 10));
  await expect(dialog.getByRole('alert')).toHaveText('');
  const describe = dialog.getByRole('textbox', { name: /Describe the picture/ });
  await expect(describe).toBeFocused();
  await expect(dialog).toContainText('plan.png, 20 × 10 pixels');
  // At tablet width too, the library and its description step pass axe.
  await page.setViewportSize({ width: 768, height: 900 });
  expect(await axe(page)).toEqual([]);
  // Cancel leaves nothing behind and gives the focus back to the upload button; the same file is taken again.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(describe).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Choose a file…' })).toBeFocused();
  expect(readdirSync(IMAGES).sort()).toEqual(before);
  await drop(page, 'plan.png', 'image/png', pngBytes(20, 10));
  await expect(describe).toBeFocused();
  await describe.fill('Ground floor plan');
  await dialog.getByRole('button', { name: 'Upload and use' }).click();
  await expect(dialog).toBeHidden();
  await expect(preview(page).getByRole('img', { name: 'Ground floor plan' })).toHaveAttribute('src', '/images/ground-floor-plan.png');
  expect(readdirSync(IMAGES).sort()).toEqual([...before, 'ground-floor-plan.png'].sort());
});
