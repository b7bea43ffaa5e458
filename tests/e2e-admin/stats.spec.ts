/**
 * The Stats page end to end, against the built site and its real lead service: every role opens it; the days are
 * chosen with the range form, by keyboard too; a range that cannot be read is answered beside the dates; an empty
 * range says so; each table downloads as CSV. Then figures made the way the site makes them (beacons sent from a
 * page of the site to POST /api/v1/events, and a lead sent through the contact form from a campaign link) show in
 * the tables and their CSV once the service has written its batch. Axe checks the page at 1366 px and 390 px.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axeViolations, newStaff, type Role } from './helpers.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A week long before the site existed: nothing can have been counted in it. */
const EMPTY_WEEK = 'range=custom&from=2020-01-01&to=2020-01-07';

async function signedIn(browser: Browser, role: Role, width = 1366): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, acceptDownloads: true });
  const page = await context.newPage();
  await newStaff(page, role, `Robin ${role}`);
  return page;
}

async function noAxeViolations(page: Page, screen: string) {
  expect(await axeViolations(page), screen).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${screen} scrolls sideways`).toBe(true);
}

/** The cells of the row whose first cell is `key`, in the table of the section headed `title`. */
const rowOf = (page: Page, title: string, key: string) =>
  page
    .getByRole('region', { name: `${title}, table` })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });

for (const role of ['owner', 'editor', 'sales'] as const) {
  test(`${role}: Stats is in the navigation and opens the dashboard`, async ({ browser }) => {
    const page = await signedIn(browser, role);
    await page.goto('/admin/account');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Stats' }).click();
    await expect(page).toHaveURL(/\/admin\/stats$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stats' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Stats' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
    await expect(page.getByRole('heading', { level: 2, name: 'Totals' })).toBeVisible();
    await page.context().close();
  });
}

test('the range form, an empty range, a range it cannot read and the CSV files, by keyboard and at both widths', async ({ browser }) => {
  const page = await signedIn(browser, 'sales');

  // An empty range: every section says so in words, and the page passes axe.
  await page.goto(`/admin/stats?${EMPTY_WEEK}`);
  await expect(page.getByRole('status')).toHaveText('Showing 1 Jan 2020 to 7 Jan 2020 (UTC).');
  await expect(page.getByText('No visits were counted in these days yet.')).toBeVisible();
  await expect(page.getByText('No page was opened in these days yet.')).toBeVisible();
  await expect(page.getByText('No form was started or sent in these days yet.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await noAxeViolations(page, 'empty range at 1366 px');

  // Keyboard only: Tab to the days' radio group, an arrow chooses Today, Tab on to Show, Enter.
  await page.goto('/admin/stats');
  const checked = page.getByRole('radio', { name: '7 days' });
  for (let i = 0; i < 30 && !(await checked.evaluate((r) => r === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(checked).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked();
  const show = page.getByRole('button', { name: 'Show' });
  // Chromium stops on each part of a date box (month, day, year) on the way.
  for (let i = 0; i < 15 && !(await show.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(show).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/range=today/);
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(today);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);

  // A reversed custom range: the message beside the dates, 400, no figures.
  await page.getByRole('radio', { name: 'Custom' }).check();
  await page.getByLabel('From', { exact: true }).fill('2026-11-26');
  await page.getByLabel('To', { exact: true }).fill('2026-11-01');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/admin/stats');
  await page.getByRole('button', { name: 'Show' }).click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('From is after To. Pick a From day on or before the To day.');
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { name: 'Totals' })).toHaveCount(0);
  await noAxeViolations(page, 'a range it cannot read at 1366 px');

  // The CSV files: headers and columns even for an empty range; a range it cannot read is 400.
  const csv = await page.request.get(`/admin/stats/landing-pages.csv?${EMPTY_WEEK}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers()['content-disposition']).toBe('attachment; filename="stats-landing-pages-2020-01-01-to-2020-01-07.csv"');
  expect(await csv.text()).toBe('"Landing page","Visitors","Form starts","Leads","Conversion rate"\r\n');
  expect((await page.request.get('/admin/stats/pages.csv?range=custom&from=2020-01-07&to=2020-01-01')).status()).toBe(400);

  // A phone: the same page without sideways scrolling, axe clean.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/stats');
  await noAxeViolations(page, 'default range at 390 px');
  await page.goto(`/admin/stats?${EMPTY_WEEK}`);
  await noAxeViolations(page, 'empty range at 390 px');
  await page.context().close();
});

/** The contact form sent as a visitor who arrived from a campaign link on the home page. */
async function sendContactForm(page: Page, source: string, campaign: string) {
  await page.goto(`/?utm_source=${source}&utm_medium=email&utm_campaign=${campaign}`);
  await page.waitForFunction(() => sessionStorage.getItem('sitewright:visit') !== null);
  await page.goto('/contact');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByLabel('First Name').fill('Amara');
  await page.getByLabel('Last Name').fill(`Okafor${unique()}`);
  await page.getByLabel('Email').fill(`amara.${unique()}@example.com`);
  await page.getByLabel('Message').fill('We would like a quote for an extension.');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);
}

test('beacons and a lead from a campaign show in the tables and their CSV, and the page passes axe with figures', async ({ browser }) => {
  // Sources and campaigns of this run alone, so figures from other tests (and the pages' own beacons) never mix in.
  const run = unique();
  const [source, campaign] = [`src-${run}`, `camp-${run}`];
  const [leadSource, leadCampaign] = [`news-${run}`, `spring-${run}`];

  const visitor = await browser.newPage();
  await visitor.goto('/');
  // Closing the tab may cancel a beacon still on its way: wait until the service has answered all three.
  let delivered = 0;
  visitor.on('response', (r) => {
    if (r.url().endsWith('/api/v1/events') && r.status() === 204 && r.request().postData()?.includes(campaign)) delivered += 1;
  });
  const sent = await visitor.evaluate(
    ([utm_source, utm_campaign]) =>
      (
        [
          { k: 'view', p: '/owner', utm_source, utm_campaign, entry: '1' },
          { k: 'view', p: '/contact', utm_source, utm_campaign },
          { k: 'start', f: 'contact', p: '/contact', landing: '/owner', utm_source, utm_campaign },
        ] as Record<string, string>[]
      ).map((b) => navigator.sendBeacon('/api/v1/events', new URLSearchParams(b))),
    [source, campaign],
  );
  expect(sent).toEqual([true, true, true]);
  await expect.poll(() => delivered).toBe(3);
  await visitor.close();
  // A new tab for the lead: a tab keeps the visit of its first page, and this one's began at / without a campaign.
  const leadVisitor = await browser.newPage();
  await sendContactForm(leadVisitor, leadSource, leadCampaign);
  await leadVisitor.close();

  const page = await signedIn(browser, 'owner');
  // The service writes its batch within a second: reload until it shows.
  await expect(async () => {
    await page.goto('/admin/stats');
    await expect(rowOf(page, 'Campaigns', campaign).getByRole('cell')).toHaveText(['1', '1', '0', '0.0%'], { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(rowOf(page, 'Sources', source).getByRole('cell')).toHaveText(['1', '1', '0', '0.0%']);
  await expect(rowOf(page, 'Top pages', '/owner')).toHaveCount(1);
  await expect(rowOf(page, 'Campaigns', leadCampaign).getByRole('cell').nth(2)).toHaveText('1');
  await expect(rowOf(page, 'Sources', leadSource).getByRole('cell').nth(2)).toHaveText('1');
  await expect(rowOf(page, 'Forms', 'Contact')).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Visitors and page views per day' })).toBeVisible();
  await noAxeViolations(page, 'figures at 1366 px');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV of campaigns' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^stats-campaigns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('"Campaign","Visitors","Form starts","Leads","Conversion rate"');
  expect(lines).toContain(`"${campaign}","1","1","0","0.0%"`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await noAxeViolations(page, 'figures at 390 px');
  // Each table scrolls inside its own labelled region, reachable by keyboard.
  const region = page.getByRole('region', { name: 'Forms, table' });
  for (let i = 0; i < 80 && !(await region.evaluate((r) => r === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  await page.context().close();
});
