/**
 * The side panel's controls and the keyboard, through the interface only: skip links, moving a section by keyboard,
 * undo and redo announced, every button named and visible, inputs wide enough, switches, defaults shown, optional
 * groups added and removed whole, and axe on every editor screen at 1366 and 768 px.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axe, field, openEditor, openSettings, outline, SETTINGS_SCREENS, sectionNames, status, unfoldAll } from './helpers.ts';

const panel = (page: Page) => page.locator('#sw-fields');
const live = (page: Page) => page.locator('[role="status"][aria-live="polite"]');

async function openPage(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).click();
  await expect(outline(page).getByRole('option').first()).toBeVisible();
}

async function openSection(page: Page, name: RegExp) {
  await outline(page).getByRole('option', { name }).click();
  await expect(page.locator('#sw-panel-title')).toHaveText(name);
}

/** Presses Tab from the top of the page until `target` has the focus; returns how many presses it took (at most `max`). */
async function tabsTo(page: Page, target: Locator, max = 10): Promise<number> {
  for (let n = 1; n <= max; n++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return n;
  }
  return Infinity;
}

test('from load, the keyboard reaches the pages, the sections and the fields in at most 3 Tab presses, and moves a section; undo and redo say what they did', async ({
  page,
}) => {
  await openEditor(page);
  await openPage(page, /Private Project Owners \/owner/);
  // A fresh load of the editor (it reopens the page being edited).
  await page.reload();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  const skip = page.getByRole('navigation', { name: 'Skip to' });

  expect(await tabsTo(page, skip.getByRole('link', { name: 'Pages' }))).toBeLessThanOrEqual(3);
  await expect(skip.getByRole('link', { name: 'Pages' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Private Project Owners \/owner/ })).toBeFocused();

  await page.reload();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  expect(await tabsTo(page, skip.getByRole('link', { name: 'Fields' }))).toBeLessThanOrEqual(3);
  await page.keyboard.press('Enter');
  await expect(panel(page).locator(':focus')).toHaveCount(1);

  await page.reload();
  await expect(outline(page).getByRole('option')).toHaveCount(4);
  expect(await tabsTo(page, skip.getByRole('link', { name: 'Sections' }))).toBeLessThanOrEqual(3);
  await page.keyboard.press('Enter');
  await expect(outline(page)).toBeFocused();
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ', 'Section 4: CTA banner']);
  // Arrow to the feature grid, Alt+ArrowDown moves it below the FAQ; a screen reader hears where it went.
  await page.keyboard.press('ArrowDown');
  await expect(outline(page).getByRole('option', { name: /Section 2: Feature grid/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: FAQ', 'Section 3: Feature grid', 'Section 4: CTA banner']);
  await expect(live(page)).toHaveText(/Moved Feature grid to position 3 of 4/);

  // Undo and redo, by keyboard and by the buttons, are announced with what they changed.
  await page.keyboard.press('Control+z');
  await expect.poll(() => sectionNames(page)).toEqual(['Section 1: Hero', 'Section 2: Feature grid', 'Section 3: FAQ', 'Section 4: CTA banner']);
  await expect(live(page)).toHaveText(/^Undone: moved Feature grid in .*Private Project Owners/);
  await page.keyboard.press('Control+Shift+z');
  await expect(live(page)).toHaveText(/^Redone: moved Feature grid/);
  await openSection(page, /Section 1: Hero/);
  await field(page, 'Heading').fill('Build with a steady crew');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(live(page)).toHaveText(/^Undone: changed Heading in Section 1: Hero/);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(live(page)).toHaveText(/^Redone: changed Heading in Section 1: Hero/);
  await expect(field(page, 'Heading')).toHaveValue('Build with a steady crew');
});

/**
 * Every button and fold line shown in the panel: its name (aria-label, else its words), its words, the size of its
 * drawn icon and of itself. Read in one pass: a deep form has hundreds.
 */
async function controlsOf(page: Page) {
  return panel(page).evaluate((p) =>
    [...p.querySelectorAll<HTMLElement>('button, summary')]
      .filter((el) => el.checkVisibility())
      .map((el) => {
        const box = el.querySelector<SVGGraphicsElement>('svg path')?.getBBox();
        const own = el.getBoundingClientRect();
        return { label: el.getAttribute('aria-label') ?? '', text: el.innerText.trim(), icon: box ? box.width * box.height : 0, size: own.width * own.height };
      }),
  );
}

async function everyControlNamedAndVisible(page: Page) {
  const controls = await controlsOf(page);
  for (const c of controls) {
    const what = c.label || c.text || '(nameless)';
    expect(c.label || c.text, `${what} has a name`).not.toBe('');
    expect(c.size, `${what} has a size`).toBeGreaterThan(0);
    expect(c.text !== '' || c.icon > 0, `${what} shows text or an icon`).toBe(true);
    if (c.label && c.text) expect(c.label.toLowerCase(), `${what}: its name contains its words`).toContain(c.text.toLowerCase());
  }
  return controls.length;
}

test('every button of a feature grid and of the site settings has a name and a visible icon or text; list items name what they move', async ({ page }) => {
  test.setTimeout(300_000);
  await openEditor(page);
  await openPage(page, /Private Project Owners \/owner/);
  await openSection(page, /Section 2: Feature grid/);
  const cards = panel(page).locator('summary', { hasText: /^Card/ });
  const count = await cards.count();
  expect(count).toBeGreaterThan(1);
  // Each card is one line until opened, with its three buttons named after it.
  const first = (await cards.first().innerText()).replace(/^Card: /, '');
  await expect(panel(page).getByRole('button', { name: `Move “${first}” down` })).toBeVisible();
  await expect(panel(page).getByRole('button', { name: /^Move “.+” up$/ })).toHaveCount(count);
  await expect(panel(page).getByRole('button', { name: /^Remove “.+”$/ })).toHaveCount(count);
  await unfoldAll(page);
  expect(await everyControlNamedAndVisible(page)).toBeGreaterThan(3 * count);
  // Moving a card by its button: the next card is now first, and the move is announced.
  await panel(page)
    .getByRole('button', { name: `Move “${first}” down` })
    .click();
  await expect(cards.nth(1)).toContainText(first);
  await expect(live(page)).toHaveText(`Moved “${first}” down, to position 2 of ${count}.`);

  let named = 0;
  for (const screen of SETTINGS_SCREENS) {
    await openSettings(page, screen);
    await unfoldAll(page);
    named += await everyControlNamedAndVisible(page);
  }
  expect(named).toBeGreaterThan(20);
});

/** Every input, choice and text box shown in the panel: [its id, its width] for those narrower than 240 px. */
async function narrowInputs(page: Page) {
  return panel(page).evaluate((p) =>
    [...p.querySelectorAll<HTMLElement>('input:not([type="hidden"]):not([type="checkbox"]), select, textarea')]
      .filter((el) => el.checkVisibility())
      .map((el) => [el.id, Math.round(el.getBoundingClientRect().width)] as const)
      .filter(([, w]) => w < 240),
  );
}
const sideways = (page: Page) => panel(page).evaluate((p) => p.scrollWidth - p.clientWidth);

for (const width of [1366, 768]) {
  test(`no input narrower than 240 px and no sideways scroll bar in the fields at ${width} px (site settings, pricing plans)`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await openEditor(page);
    const inputs = panel(page).locator('input:not([type="hidden"]):not([type="checkbox"]), select, textarea');
    let count = 0;
    for (const screen of SETTINGS_SCREENS) {
      await openSettings(page, screen);
      await unfoldAll(page);
      count += await inputs.count();
      expect(await narrowInputs(page), screen).toEqual([]);
      expect(await sideways(page), screen).toBeLessThanOrEqual(0);
    }
    expect(count).toBeGreaterThan(100);

    await openPage(page, /Enterprise pricing \/pricing\/enterprise/);
    await openSection(page, /Pricing plans/);
    await unfoldAll(page);
    expect(await inputs.count()).toBeGreaterThan(10);
    expect(await narrowInputs(page)).toEqual([]);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
  });
}

test('a yes/no setting is a switch with a sentence, a choice shows its default, and a card’s link is added and removed whole', async ({ page }) => {
  await openEditor(page);
  await openPage(page, /Private Project Owners \/owner/);
  await openSection(page, /Section 2: Feature grid/);

  // A choice left out shows its default option, marked, never an empty box.
  const layout = panel(page).getByRole('combobox', { name: /^Layout/ });
  expect(await layout.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toMatch(/\(default\)$/);
  expect(await layout.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.textContent).join(' | '))).not.toMatch(/\balternating\b|\bgrid\b/);

  const card = panel(page)
    .locator('.sw-item')
    .filter({ has: page.locator('summary', { hasText: /^Card/ }) })
    .last();
  await card.locator('summary.sw-fold__summary').first().click();
  // Yes/no: a switch whose label says what "on" does; the default is not written out.
  const highlight = card.getByRole('switch', { name: /stands? out/i });
  await expect(highlight).toBeVisible();
  const was = await highlight.isChecked();
  await highlight.click();
  await expect(highlight).toBeChecked({ checked: !was });
  await expect(status(page)).toHaveText('1 file not saved');
  await highlight.click();
  await expect(status(page)).toHaveText('All changes saved');
  await expect(panel(page)).not.toContainText(/Default (true|false)/);

  // An optional link: "Add link" shows its fields; "Remove" takes the whole link away, leaving nothing half filled.
  const cardName = (await card.locator('summary.sw-fold__summary').first().innerText()).replace(/^Card: /, '');
  await card.getByRole('button', { name: 'Add link' }).click();
  const link = card.locator('.sw-fold').filter({ has: page.locator('summary', { hasText: /^Link/ }) });
  await expect(link.getByRole('textbox', { name: /^Label/ })).toBeVisible();
  await link.getByRole('textbox', { name: /^Label/ }).fill('Pricing');
  await link.getByRole('combobox', { name: /^Goes to/ }).fill('/pricing/enterprise');
  await expect(status(page)).toHaveText('1 file not saved');
  await link.getByRole('button', { name: 'Remove link' }).click();
  await expect(card.getByRole('button', { name: 'Add link' })).toBeVisible();
  await expect(card.getByRole('textbox', { name: /^Label/ })).toHaveCount(0);
  await expect(status(page)).toHaveText('All changes saved');
  await expect(card.locator('summary.sw-fold__summary').first()).toHaveText(`Card: ${cardName}`);
});

/**
 * The editor's screens for axe, each opened through the interface of one editor, one after another: a screen's
 * steps start wherever the one before left the editor, with its dialogs closed by Escape. Add a screen here with the
 * steps that open it; each is checked at both widths.
 */
const screens: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'the main screen with a page and a section open',
    open: async (page) => {
      await openPage(page, /Private Project Owners \/owner/);
      await openSection(page, /Section 2: Feature grid/);
    },
  },
  {
    name: 'the Add section dialog',
    open: async (page) => {
      await openPage(page, /Private Project Owners \/owner/);
      await page.getByRole('button', { name: 'Add section' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a section' })).toBeVisible();
    },
  },
  {
    name: 'the New page dialog',
    open: async (page) => {
      await page.getByRole('button', { name: 'New page' }).click();
      await expect(page.getByRole('dialog', { name: 'New page' })).toBeVisible();
    },
  },
  {
    name: 'the Changes view',
    open: async (page) => {
      await page.getByRole('button', { name: 'Changes' }).click();
      await expect(page.getByRole('dialog', { name: 'Changes' })).toBeVisible();
    },
  },
  {
    name: 'the site settings, opened out',
    open: async (page) => {
      await openSettings(page, 'Header menu');
      await unfoldAll(page);
    },
  },
  ...SETTINGS_SCREENS.slice(1).map((screen) => ({
    name: `the site settings' ${screen} screen`,
    open: async (page: Page) => {
      await openSettings(page, screen);
      await unfoldAll(page);
    },
  })),
  ...(['Rename address', 'Duplicate', 'Delete'] as const).map((action) => ({
    name: `the page's ${action} dialog`,
    open: async (page: Page) => {
      await openPage(page, /Contractor \/contractor$/);
      await page
        .getByRole('group', { name: /^Page actions for/ })
        .getByRole('button', { name: action, exact: true })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  })),
  {
    name: 'the picture library',
    open: async (page) => {
      await openPage(page, /Private Project Owners \/owner/);
      await openSection(page, /Section 1: Hero/);
      await panel(page).getByRole('button', { name: 'Choose picture…' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Picture library' })).toBeVisible();
    },
  },
  {
    name: 'the search with its results',
    open: async (page) => {
      await page.getByRole('search').getByRole('combobox', { name: 'Search' }).fill('Solutions');
      await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible();
    },
  },
  {
    name: 'a form file',
    open: async (page) => {
      await page.getByRole('button', { name: 'Form: contact' }).click();
      await expect(page.locator('#sw-panel-title')).toContainText('contact');
      // Its fields screen beside the preview of the form, with every message shown.
      await expect(page.getByRole('region', { name: 'Form fields' })).toBeVisible();
      await page.getByRole('switch', { name: 'Show messages' }).check();
    },
  },
];

for (const width of [1366, 768]) {
  test(`axe finds no violation on the editor's screens at ${width} px`, async ({ page }) => {
    test.setTimeout(400_000);
    await page.setViewportSize({ width, height: 900 });
    await openEditor(page);
    for (const screen of screens) {
      await screen.open(page);
      expect(await axe(page), screen.name).toEqual([]);
      // Escape closes the screen's dialog (or the search's results), as a person leaving it would.
      for (let i = 0; i < 3 && (await page.locator('dialog[open], [role="listbox"][aria-label="Search results"]').count()) > 0; i++)
        await page.keyboard.press('Escape');
      await expect(page.locator('dialog[open]')).toHaveCount(0);
    }
  });
}
