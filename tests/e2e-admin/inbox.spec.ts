/**
 * The leads inbox end to end, against the built site and its real lead service: a visitor sends the contact form
 * (arriving from a campaign link), a sales person invited with `npm run staff` signs in, finds the lead with where it
 * came from, marks it handled, exports the list as CSV and erases the person's data. Axe checks each screen at
 * 1366 px and 390 px, and the list is used by keyboard alone.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations, newStaff } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new staff member of `role`, invited with `npm run staff`, through the invite and sign-in pages, on the inbox. */
async function signInAs(page: Page, role: 'sales' | 'owner'): Promise<{ email: string; name: string }> {
  const who = await newStaff(page, role, `Sam ${role}`);
  await expect(page).toHaveURL(/\/admin\/leads$/);
  return who;
}

async function noAxeViolations(page: Page, screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
}

/** The contact form filled in as a visitor who arrived from a newsletter link. */
async function sendContactForm(page: Page, first: string, last: string, email: string) {
  await page.goto('/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-extensions');
  // A visitor reads the landing page before moving on; its islands loader, which records the visit, comes after the
  // first paint, and an address typed into the bar (as goto does) carries no referrer to recover it from.
  await page.waitForFunction(() => sessionStorage.getItem('sitewright:visit') !== null);
  await page.goto('/contact');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('First Name').fill(first);
  await page.getByLabel('Last Name').fill(last);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('We would like a quote for an extension.');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);
}

test('a lead from the contact form, through the inbox: open, mark handled, export, erase', async ({ browser }) => {
  const visitor = await browser.newPage();
  const last = `Okafor${unique()}`;
  const email = `amara.${unique()}@example.com`;
  await sendContactForm(visitor, 'Amara', last, email);
  await visitor.close();

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const staff = await signInAs(page, 'sales');

  // The lead is in the list, newest first, and can be found by search.
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: `Amara ${last}` })).toBeVisible();
  await noAxeViolations(page, 'list at 1366 px');
  await page.getByLabel('Search').fill(last.toLowerCase());
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${last.toLowerCase()}`));

  // Its page: the fields in the form's words and where the visitor came from.
  await table.getByRole('link', { name: `Amara ${last}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Amara ${last}` })).toBeVisible();
  const field = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(field('Email')).toHaveText(email);
  await expect(field('Message')).toHaveText('We would like a quote for an extension.');
  await expect(field('Sent from page')).toHaveText('/contact');
  await expect(field('First page of the visit')).toHaveText('/');
  await expect(field('Source')).toHaveText('newsletter');
  await expect(field('Campaign')).toHaveText('spring-extensions');
  await noAxeViolations(page, 'lead at 1366 px');

  await page.getByRole('button', { name: 'Mark as handled' }).click();
  await expect(page.getByRole('status')).toHaveText('Marked as handled.');
  await expect(page.getByText(`Marked as handled by ${staff.name}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();

  await page.getByLabel('Note').fill('Called back, visit on Tuesday.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Called back, visit on Tuesday.')).toBeVisible();

  // Export what the filter shows: just this lead, with its attribution, as a download.
  await page.getByRole('link', { name: 'Back to the leads' }).click();
  await page.getByLabel('Search').fill(email);
  await page.getByLabel('Status').selectOption({ label: 'Handled' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8')
    .split('\r\n')
    .filter(Boolean);
  expect(csv).toHaveLength(2);
  expect(csv[0]).toContain('"First name","Last name","Email","Message"');
  expect(csv[0]).toContain('"Status","First name","Last name","Email","Message","Page","Landing page","UTM source","UTM medium","UTM campaign"');
  expect(csv[1]).toContain(`"Amara","${last}","${email}","We would like a quote for an extension."`);
  expect(csv[1]).toContain('"newsletter","email","spring-extensions"');

  // The spam list and the erase page pass axe too.
  await page.getByRole('link', { name: 'Spam', exact: true }).click();
  await expect(page.getByText('Spam is kept for 30 days, then deleted.')).toBeVisible();
  await noAxeViolations(page, 'spam at 1366 px');

  // Erase by email, typed twice; a mismatch is refused first.
  await page.goto('/admin/leads/erase');
  await noAxeViolations(page, 'erase at 1366 px');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Type the email address again').fill(`x${email}`);
  await page.getByRole('button', { name: 'Erase their data' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two email addresses are not the same, so nothing was erased. Type the address again in both fields.');
  await page.getByLabel('Email address', { exact: true }).fill(email);
  await page.getByLabel('Type the email address again').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Erase their data' }).click();
  await expect(page.getByRole('status')).toHaveText('Erased 1 lead, 1 note and 0 pending notifications for that address.');

  await page.goto(`/admin/leads?status=handled&q=${encodeURIComponent(email)}`);
  await expect(page.getByText('No leads match these filters.')).toBeVisible();
  await context.close();
});

test('at 390 px the inbox is cards, passes axe and works by keyboard', async ({ browser }) => {
  const visitor = await browser.newPage();
  const last = `Mensah${unique()}`;
  await sendContactForm(visitor, 'Kwame', last, `kwame.${unique()}@example.com`);
  await visitor.close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signInAs(page, 'sales');
  await page.goto(`/admin/leads?q=${last}`);
  await noAxeViolations(page, 'list at 390 px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Each value is shown under its column's name (the table's header row is hidden on a phone).
  const cell = page.locator('td[data-label="Name"]').first();
  expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Name"');

  // Keyboard only: Tab to the lead's link, Enter opens it, Tab to the status button, Enter marks it handled.
  const link = page.getByRole('link', { name: `Kwame ${last}` });
  for (let i = 0; i < 40 && !(await link.evaluate((a) => a === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Kwame ${last}` })).toBeVisible();
  await noAxeViolations(page, 'lead at 390 px');
  const button = page.getByRole('button', { name: 'Mark as handled' });
  for (let i = 0; i < 40 && !(await button.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Marked as handled.');

  await page.goto('/admin/leads?status=spam');
  await noAxeViolations(page, 'spam at 390 px');
  await page.goto('/admin/leads/erase');
  await noAxeViolations(page, 'erase at 390 px');
  await context.close();
});
