import { axeFor } from '../e2e/axe.ts';
import type { Page } from '@playwright/test';
import { test, expect } from '../e2e/fixtures.ts';

/** The ids npm run build:consent builds with. */
const ANALYTICS_ID = 'G-TEST12345';
const GTAG = `https://www.googletagmanager.com/gtag/js?id=${ANALYTICS_ID}`;
const CHAT = 'https://embed.tawk.to/5f2b9c0e1a2b3c4d5e6f7a8b/1h2j3k4l5';
const THIRD_PARTY = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com|tawk\.to/;

interface Recorded {
  /** Every request to a third-party host, in order. */
  urls: string[];
  /** What window.dataLayer held when the Google tag was requested, each entry as a list. */
  dataLayerAtTag: unknown[][] | null;
}

/**
 * Stubs the Google tag's and Tawk.to's hosts (the page never reaches the network) and records each request; the
 * stubs set a flag, so the test also sees that the CSP let the script run. A routed request is answered before any
 * name is resolved, so these hosts reach their stubs though the browser resolves no host but the local server.
 */
async function stubThirdParties(page: Page): Promise<Recorded> {
  const rec: Recorded = { urls: [], dataLayerAtTag: null };
  page.on('request', (r) => {
    if (THIRD_PARTY.test(new URL(r.url()).host)) rec.urls.push(r.url());
  });
  await page.route('https://www.googletagmanager.com/**', async (route) => {
    rec.dataLayerAtTag = await page.evaluate(() =>
      ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => JSON.parse(JSON.stringify(Array.from(entry)))),
    );
    await route.fulfill({ contentType: 'text/javascript', body: 'window.__gtagRan = true;' });
  });
  await page.route('https://embed.tawk.to/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', headers: { 'Access-Control-Allow-Origin': '*' }, body: 'window.__tawkRan = true;' }),
  );
  return rec;
}

/** The two scripts are asked for at once; which request the browser reports first is not theirs to promise. */
const BOTH = [CHAT, GTAG].sort();
const sorted = (urls: string[]) => [...urls].sort();

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on BuildPad' });
const ran = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __gtagRan?: boolean; __tawkRan?: boolean };
    return { gtag: w.__gtagRan === true, chat: w.__tawkRan === true };
  });
/** Long enough for a script that would load on its own (it starts as soon as the page is parsed) to have asked. */
const settle = (page: Page) => page.waitForLoadState('networkidle');

test.describe('before a choice', () => {
  test('the banner asks, and nothing third-party is requested until Accept', async ({ page, consoleProblems }) => {
    const rec = await stubThirdParties(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await settle(page);
    expect(rec.urls).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
    expect(await page.context().cookies()).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('Accept', () => {
  test('loads the Google tag with Consent Mode defaults already set, then the chat, and remembers the choice', async ({ page, consoleProblems }) => {
    const rec = await stubThirdParties(page);
    await page.goto('/contact');
    await settle(page);
    expect(rec.urls).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => ran(page)).toEqual({ gtag: true, chat: true });
    expect(sorted(rec.urls)).toEqual(BOTH);
    expect(rec.dataLayerAtTag?.[0]).toEqual([
      'consent',
      'default',
      { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    ]);
    expect(rec.dataLayerAtTag?.[1]).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    expect(rec.dataLayerAtTag?.map((e) => e[0])).toEqual(['consent', 'consent', 'js', 'config']);
    expect(await page.evaluate(() => localStorage.getItem('sitewright:consent'))).toBe('granted');

    // The next page loads both at once, without asking.
    rec.urls.length = 0;
    await page.goto('/');
    await expect.poll(() => ran(page)).toEqual({ gtag: true, chat: true });
    await expect(banner(page)).toBeHidden();
    expect(sorted(rec.urls)).toEqual(BOTH);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('Reject', () => {
  test('loads nothing, on this page and after a reload; Cookie settings shows the banner again', async ({ page, consoleProblems }) => {
    const rec = await stubThirdParties(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(banner(page)).toBeHidden();
    await page.reload();
    await settle(page);
    await expect(banner(page)).toBeHidden();
    expect(rec.urls).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('sitewright:consent'))).toBe('denied');

    const settings = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await banner(page).getByRole('button', { name: 'Reject' }).click();
    await expect(settings).toBeFocused();
    await settle(page);
    expect(rec.urls).toEqual([]);
    expect(await page.context().cookies()).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('Global Privacy Control', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
  });

  test('counts as Reject: no banner and nothing loads, across pages', async ({ page, consoleProblems }) => {
    const rec = await stubThirdParties(page);
    await page.goto('/');
    await settle(page);
    await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' })).toBeVisible();
    await expect(banner(page)).toBeHidden();
    await page.goto('/contact');
    await settle(page);
    await expect(banner(page)).toBeHidden();
    expect(rec.urls).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test('the visitor may still choose Accept from Cookie settings, which then holds', async ({ page }) => {
    const rec = await stubThirdParties(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => ran(page)).toEqual({ gtag: true, chat: true });
    expect(sorted(rec.urls)).toEqual(BOTH);
  });
});

test.describe('the banner itself', () => {
  for (const width of [390, 1366]) {
    test(`axe finds nothing with the banner shown at ${width} px`, async ({ page }) => {
      await stubThirdParties(page);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/');
      await expect(banner(page)).toBeVisible();
      const results = await axeFor(page)
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .options({ rules: { 'target-size': { enabled: true } } })
        .analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }

  test('keyboard: Tab reaches Accept then Reject, with a visible focus ring', async ({ page }) => {
    await stubThirdParties(page);
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const accept = banner(page).getByRole('button', { name: 'Accept' });
    const reject = banner(page).getByRole('button', { name: 'Reject' });
    for (let i = 0; i < 5 && !(await accept.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(accept).toBeFocused();
    expect(await accept.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Tab');
    await expect(reject).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('sitewright:consent'))).toBe('denied');
  });

  test('Accept and Reject are equally prominent: the same size, colours and weight', async ({ page }) => {
    await stubThirdParties(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/');
      const look = (name: string) =>
        banner(page)
          .getByRole('button', { name })
          .evaluate((el) => {
            const s = getComputedStyle(el);
            const r = el.getBoundingClientRect();
            return [Math.round(r.width), Math.round(r.height), s.backgroundColor, s.color, s.fontWeight, s.fontSize, s.borderStyle];
          });
      expect(await look('Accept')).toEqual(await look('Reject'));
    }
  });

  test('at 390 px the mobile menu covers the banner, which cannot be reached meanwhile', async ({ page }) => {
    await stubThirdParties(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' })).toBeVisible();
    expect(await page.locator('[data-consent-banner]').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    const box = (await page.locator('[data-consent-banner]').boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[data-consent-banner]')),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe(false);
  });

  test('JavaScript off: no banner and no settings button, as nothing third-party could load', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('[data-consent-banner]')).toBeHidden();
    await expect(page.locator('[data-consent-settings]')).toBeHidden();
    await context.close();
  });
});
