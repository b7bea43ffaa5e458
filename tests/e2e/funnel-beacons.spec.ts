import type { Page, Route } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

/**
 * The funnel's beacons as the pages send them (renderer/shell/beacon.ts, renderer/forms/form-start.ts), recorded
 * in the browser: the service's side is stubbed here (tests/e2e/funnel.spec.ts reads the real rows). One beacon per
 * page view with exactly the wire format of renderer/shell/events.ts; nothing until a prerendered page is shown;
 * nothing from a page only prefetched; nothing kept in the browser; and a page that works the same when the service
 * refuses or never answers.
 */

const EVENTS = '**/api/v1/events';

/** Answers every beacon with 204 and keeps its body, in order. */
async function recordBeacons(page: Page): Promise<string[]> {
  const bodies: string[] = [];
  await page.route(EVENTS, async (route: Route) => {
    bodies.push(route.request().postData() ?? '');
    await route.fulfill({ status: 204 });
  });
  return bodies;
}

const views = (bodies: string[]) => bodies.filter((b) => b.startsWith('k=view&'));

test('a visit from another site with utm values sends one page view with its path, the site, the values and entry', async ({ page, consoleProblems }) => {
  const bodies = await recordBeacons(page);
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/events'));
  await page.goto('/owner?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_term=roof&gclid=x', { referer: 'https://news.example/a/b?c=d' });
  const sent = await request;
  expect(sent.method()).toBe('POST');
  expect(await sent.headerValue('content-type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
  await expect.poll(() => bodies).toEqual(['k=view&p=%2Fowner&ref=news.example&utm_source=newsletter&utm_medium=email&utm_campaign=spring&entry=1']);
  expect(consoleProblems).toEqual([]);
});

test('a visit with no referrer and no utm values sends the path and entry; the next page of the site neither', async ({ page }) => {
  const bodies = await recordBeacons(page);
  await page.goto('/owner');
  await expect.poll(() => views(bodies)).toEqual(['k=view&p=%2Fowner&entry=1']);
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => views(bodies)).toEqual(['k=view&p=%2Fowner&entry=1', 'k=view&p=%2Fcontact']);
});

test('the not-found page is counted under one path and says so', async ({ page }) => {
  const bodies = await recordBeacons(page);
  await page.goto('/no-such-page?utm_source=ads');
  await expect.poll(() => views(bodies)).toEqual(['k=view&p=%2Fno-such-page&utm_source=ads&entry=1&nf=1']);
});

/** Serves the speculation rules every page names in its Speculation-Rules header. */
async function speculate(page: Page, rules: object): Promise<void> {
  await page.route('**/speculation-rules.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/speculationrules+json', body: JSON.stringify(rules) }),
  );
}

/*
 * Chromium prerenders nothing while a debugger is attached, and Playwright always is one: every candidate ends as
 * "PrerenderingDisabledByDevTools" and activationStart stays 0. So the prerendered page is the real page with the
 * real shell, told by the browser's own signals what a prerender tells it: document.prerendering is true until the
 * page is shown, then false with one prerenderingchange event. A prefetch does run here, and is checked as it is.
 */
test('a prerendered page sends nothing until it is shown, then exactly one page view', async ({ page, consoleProblems }) => {
  const bodies = await recordBeacons(page);
  await page.addInitScript(() => {
    let prerendering = true;
    Object.defineProperty(Document.prototype, 'prerendering', { configurable: true, get: () => prerendering });
    Object.assign(window, {
      showPrerendered: () => {
        prerendering = false;
        document.dispatchEvent(new Event('prerenderingchange'));
      },
    });
  });
  await page.goto('/owner?utm_source=ads', { referer: 'https://news.example/' });
  await expect(page.locator('#faq details').first().locator('summary')).toHaveAttribute('aria-expanded', 'false');
  await page.waitForTimeout(1500);
  expect(bodies).toEqual([]);
  await page.evaluate(() => (window as unknown as { showPrerendered: () => void }).showPrerendered());
  await expect.poll(() => bodies).toEqual(['k=view&p=%2Fowner&ref=news.example&utm_source=ads&entry=1']);
  await page.waitForTimeout(500);
  expect(bodies).toHaveLength(1);
  expect(consoleProblems).toEqual([]);
});

test('a page prefetched by the Speculation Rules and never shown sends nothing', async ({ page }) => {
  const bodies = await recordBeacons(page);
  const cdp = await page.context().newCDPSession(page);
  const ready: string[] = [];
  cdp.on('Preload.prefetchStatusUpdated', (e) => {
    if (e.status === 'Ready') ready.push(new URL(e.prefetchUrl).pathname);
  });
  await cdp.send('Preload.enable');
  await speculate(page, { prefetch: [{ source: 'list', urls: ['/policy'], eagerness: 'immediate' }] });
  await page.goto('/owner');
  await expect.poll(() => ready).toContain('/policy');
  await page.waitForTimeout(1500);
  expect(views(bodies)).toEqual(['k=view&p=%2Fowner&entry=1']);
  // Leaving for another page drops the prefetched one unseen.
  await page.goto('/contractor');
  await expect.poll(() => views(bodies)).toEqual(['k=view&p=%2Fowner&entry=1', 'k=view&p=%2Fcontractor&entry=1']);
});

for (const trouble of ['refused', 'never answered'] as const) {
  test(`with the service ${trouble}, menus, the FAQ and a form work as ever and no script error is logged`, async ({ page }) => {
    // The browser itself notes any request that fails ("Failed to load resource"), naming its address; a page
    // cannot silence that. Anything else, or such a note about any other address, is a problem.
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error' && !/hydrat|did not match/i.test(msg.text())) return;
      if (/^Failed to load resource/.test(msg.text()) && msg.location().url.endsWith('/api/v1/events')) return;
      problems.push(`${msg.type()}: ${msg.text()} (${msg.location().url})`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    const held: Route[] = [];
    let beacons = 0;
    await page.route(EVENTS, async (route) => {
      beacons++;
      if (trouble === 'refused') await route.abort('connectionrefused');
      else held.push(route);
    });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/owner');
    await hydrated(page);
    const header = page.getByRole('banner');
    const solutions = header.getByRole('button', { name: 'Solutions' });
    await solutions.click();
    await expect(page.locator('#menu-solutions')).toBeVisible();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-solutions')).toBeHidden();

    const item = page.locator('#faq details').first();
    await item.locator('summary').click();
    await expect(item.getByRole('region')).toBeVisible();
    await expect(item.locator('summary')).toHaveAttribute('aria-expanded', 'true');

    await page.goto('/contact');
    await hydrated(page);
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill(`beacons.${Date.now().toString(36)}@example.com`);
    await page.getByLabel('Message').fill('Does the page wait for the counting?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    // Two page views and one form start were tried, and none held anything up.
    expect(beacons).toBe(3);
    expect(problems).toEqual([]);
    for (const route of held) await route.abort().catch(() => undefined);
  });
}

test('counting keeps nothing in the browser: no cookie, and no storage but the tab’s visit record', async ({ page }) => {
  const bodies = await recordBeacons(page);
  const stored = () =>
    page.evaluate(async () => ({
      cookie: document.cookie,
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
      databases: (await indexedDB.databases()).map((d) => d.name),
    }));
  // The same visit in a tab where no beacon leaves: what the page keeps without counting.
  const without = await page.context().newPage();
  await without.addInitScript(() => Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: () => true }));
  await without.goto('/owner?utm_source=ads', { referer: 'https://news.example/' });
  await without.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(without).toHaveURL(/\/contact$/);
  const before = await without.evaluate(async () => ({
    cookie: document.cookie,
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  await without.close();

  await page.goto('/owner?utm_source=ads', { referer: 'https://news.example/' });
  await expect.poll(() => views(bodies)).toHaveLength(1);
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect.poll(() => views(bodies)).toHaveLength(2);
  expect(await stored()).toEqual(before);
  expect(before).toEqual({ cookie: '', local: [], session: ['sitewright:visit'], databases: [] });
  expect(await page.context().cookies()).toEqual([]);
});

test('typing into the contact form sends one form start, with the tab’s visit', async ({ page, consoleProblems }) => {
  const bodies = await recordBeacons(page);
  await page.goto('/owner?utm_source=newsletter&utm_medium=email&utm_campaign=spring', { referer: 'https://news.example/' });
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await hydrated(page);
  const starts = () => bodies.filter((b) => b.startsWith('k=start&'));
  expect(starts()).toEqual([]);
  await page.getByLabel('First Name').pressSequentially('Ada');
  await page.getByLabel('Last Name').pressSequentially('Obi');
  await page.getByLabel('Message').pressSequentially('Hello');
  await expect.poll(starts).toEqual(['k=start&f=contact&p=%2Fcontact&landing=%2Fowner&ref=news.example&utm_source=newsletter&utm_campaign=spring']);
  await page.waitForTimeout(300);
  expect(starts()).toHaveLength(1);
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  expect(consoleProblems).toEqual([]);
});
