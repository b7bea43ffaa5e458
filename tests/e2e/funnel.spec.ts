import { test, expect, hydrated } from './fixtures.ts';
import { leadsCli } from './leads-cli.ts';
import type { FunnelFigures, StatsReport } from '../../server/stats/types.ts';

/**
 * The funnel end to end: real pages, the real service counting their beacons, the rows read back with the
 * marketer's own command (npm run leads -- stats --json). No stubs. Every test uses its own utm_ values or referring
 * site, so tests running side by side never see each other's counts; pages are shared, so their counts only grow.
 * The service writes its counts in batches (about every second): reads are polled.
 */

const today = () => new Date().toISOString().slice(0, 10);

async function report(): Promise<StatsReport> {
  const out = await leadsCli(['stats', '--from', today(), '--to', today(), '--json']);
  return JSON.parse(out) as StatsReport;
}

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const row = (rows: FunnelFigures[], key: string) => rows.find((r) => r.key === key);
const views = (r: StatsReport, path: string) => r.pages.find((p) => p.path === path)?.views ?? 0;

test('a visit with utm values lands in its page, source and campaign rows; the answer sets no cookie', async ({ page, consoleProblems }) => {
  const source = unique('newsletter');
  const campaign = unique('spring');
  const before = views(await report(), '/owner');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/events'));
  await page.goto(`/owner?utm_source=${source}&utm_medium=email&utm_campaign=${campaign}`, { referer: 'https://news.example/' });
  const counted = await answer;
  expect(counted.status()).toBe(204);
  expect(await counted.headerValue('set-cookie')).toBeNull();

  await expect
    .poll(async () => {
      const r = await report();
      return { source: row(r.sources, source), campaign: row(r.campaigns, campaign), more: views(r, '/owner') > before };
    })
    .toEqual({
      source: { key: source, visitors: 1, starts: 0, leads: 0 },
      campaign: { key: campaign, visitors: 1, starts: 0, leads: 0 },
      more: true,
    });
  expect(row((await report()).landings, '/owner')?.visitors).toBeGreaterThanOrEqual(1);
  expect(consoleProblems).toEqual([]);
});

test('a visit without utm values is counted under the referring site, in no campaign; a page of the site begins nothing', async ({ page }) => {
  const host = `${unique('ref')}.example`;
  const before = await report();
  await page.goto('/policy', { referer: `https://${host}/post` });
  await expect.poll(async () => row((await report()).sources, host)).toEqual({ key: host, visitors: 1, starts: 0, leads: 0 });
  await expect.poll(async () => views(await report(), '/policy')).toBeGreaterThan(views(before, '/policy'));

  // On within the site: a page view, but no new entry and no new source.
  const contactBefore = views(await report(), '/contact');
  await page.goto('/owner');
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(async () => views(await report(), '/contact')).toBeGreaterThan(contactBefore);
  expect(row((await report()).sources, host)).toEqual({ key: host, visitors: 1, starts: 0, leads: 0 });
});

test('the not-found page is counted under one path', async ({ page }) => {
  const before = views(await report(), '(not found)');
  await page.goto(`/${unique('no-such-page')}`);
  await expect.poll(async () => views(await report(), '(not found)')).toBeGreaterThan(before);
  expect((await report()).pages.some((p) => p.path.startsWith('/no-such-page'))).toBe(false);
});

test('a contact-form lead sent from a campaign’s landing page shows in that campaign’s funnel and the form’s', async ({ page, consoleProblems }) => {
  const source = unique('partner');
  const campaign = unique('autumn');
  const email = `${unique('funnel')}@example.com`;
  const formBefore = row((await report()).forms, 'contact') ?? { key: 'contact', visitors: 0, starts: 0, leads: 0 };

  await page.goto(`/owner?utm_source=${source}&utm_campaign=${campaign}`, { referer: 'https://partner.example/' });
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await hydrated(page);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Where do I start?');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await answer).status()).toBe(201);

  await expect
    .poll(async () => {
      const c = row((await report()).campaigns, campaign);
      return c && { visitors: c.visitors >= 1, starts: c.starts >= 1, leads: c.leads };
    })
    .toEqual({ visitors: true, starts: true, leads: 1 });
  const r = await report();
  const s = row(r.sources, source);
  expect(s && { starts: s.starts >= 1, leads: s.leads }).toEqual({ starts: true, leads: 1 });
  const landing = row(r.landings, '/owner');
  expect(landing && landing.starts >= 1 && landing.leads >= 1).toBe(true);
  const form = row(r.forms, 'contact');
  expect(form && { starts: form.starts > formBefore.starts, leads: form.leads > formBefore.leads }).toEqual({ starts: true, leads: true });
  expect(r.totals.leads).toBeGreaterThanOrEqual(1);
  expect(consoleProblems).toEqual([]);
});
