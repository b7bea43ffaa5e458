import { readFileSync } from 'node:fs';
import type { Page, Request } from '@playwright/test';
import { axeFor } from './axe.ts';
import { test, expect, hydrated } from './fixtures.ts';

/**
 * Landing, referral, project-manager and policy pages: prerendered text, browser rendering without console
 * errors, the referral video dialog, the referral redirect and the privacy policy's sections.
 */

const site = JSON.parse(readFileSync('site.config/site.json', 'utf8')) as {
  authSite: { root: string; paths: Record<string, string> };
  video: { url: string };
};
const faqQuestions = (set: string) =>
  (JSON.parse(readFileSync(`site.config/faqs/${set}.json`, 'utf8')) as { items: { question: string }[] }).items.map((i) => i.question);

const authOrigin = new URL(site.authSite.root).origin;
const authHref = (name: string) => site.authSite.root + site.authSite.paths[name];

interface PageCase {
  path: string;
  title: string;
  h1: string;
  /** Text that must be in the prerendered HTML and visible in the browser. */
  texts: string[];
}

const PAGES: PageCase[] = [
  {
    path: '/contractor',
    title: 'Contractor',
    h1: 'Gain access to bid on a steady pool of construction projects',
    texts: [
      'Create profile',
      'hundreds of project owners for free',
      'Sign up within 10 minutes',
      'another 10-15 minutes to complete your profile',
      'One dashboard',
      'Zero tender fees',
      'Inventory management',
      'Real-time tracking',
      'Get verified',
      'Verified contractors rank higher',
    ],
  },
  {
    path: '/consultant',
    title: 'Consultant',
    h1: 'Gain access to bid on a steady pool of construction projects',
    texts: [
      'For consultants',
      'Create profile',
      'Sign up within 10 minutes',
      'another 10-15 minutes to complete your profile',
      'Zero tender fees',
      'Get verified',
    ],
  },
  {
    path: '/owner',
    title: 'Private Project Owners',
    h1: 'Build your dream project remotely, on time and on budget',
    texts: ['Sign Up', '100% secured capital', 'Project tracking', 'Bid management'],
  },
  {
    path: '/enterprise',
    title: 'Enterprise Project Owners',
    h1: 'Manage your construction projects like a Pro',
    texts: ['Contact Sales', 'Inventory management', 'Portfolio dashboard'],
  },
  {
    path: '/finance',
    title: 'Build Now Pay Later',
    h1: 'Build Now, Pay Later',
    texts: ['Get Started', 'Australia, Canada, the UK, the USA or Europe', 'US$85,000', '$0 payment until completion', '5 months'],
  },
  {
    path: '/waitlist-welcome',
    title: 'Welcome to the waitlist',
    h1: 'Thank you for joining Build Now, Pay Later!',
    texts: ['While you wait', 'Refer a friend', 'Explore BuildPad for owners', 'Send us a message'],
  },
  {
    path: '/referral',
    title: 'Refer & Earn $300',
    h1: 'Share, refer, earn up to $300!',
    texts: ['Refer now', 'How our referral works', 'How it works', 'Referral Dashboard', 'Refer &amp; Earn $300'],
  },
  {
    path: '/project-manager',
    title: 'Your On-Call Project Manager',
    h1: 'Your On-Call Project Manager',
    texts: [
      'Start here',
      'Verified professionals',
      'Transparent bid process',
      'Project clarity',
      'Budgeting/Cost Control',
      'Secured capital',
      'your project funds are 100% insured',
      'shortlists five verified contractors',
      'Ask a Question',
    ],
  },
  {
    path: '/policy',
    title: 'Privacy policy',
    h1: 'Privacy policy',
    texts: ['1. Who we are', '10. Security and changes to this policy', '18 and over'],
  },
];

for (const c of PAGES) {
  test(`${c.path}: prerendered HTML and the hydrated page carry the key text, without console errors`, async ({ page, request, consoleProblems }) => {
    const res = await request.get(c.path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${c.title.replace(/&/g, '&amp;')}</title>`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${c.h1.replace(/[.*+?^${}()|[\]\\$]/g, '\\$&')}</h1>`));
    for (const t of c.texts) expect(html, t).toContain(t);

    await page.goto(c.path);
    await hydrated(page);
    await expect(page).toHaveTitle(c.title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.h1);
    for (const t of c.texts) await expect(page.locator('main').getByText(t.replace(/&amp;/g, '&')).first(), t).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });
}

test('hero buttons go where the spec says', async ({ page }) => {
  await page.goto('/contractor');
  await expect(page.locator('main').getByRole('link', { name: 'Create profile' })).toHaveAttribute('href', authHref('personaSignup'));
  await page.goto('/owner');
  await expect(page.locator('main').getByRole('link', { name: 'Sign Up', exact: true })).toHaveAttribute('href', authHref('ownerSignup'));
  await page.goto('/enterprise');
  await expect(page.locator('main').getByRole('button', { name: 'Contact Sales' })).toHaveAttribute('aria-haspopup', 'dialog');
  await page.goto('/finance');
  await expect(page.locator('main').getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/schedule-call');
  await page.goto('/referral');
  await expect(page.locator('main').getByRole('link', { name: 'Refer now' })).toHaveAttribute('href', authHref('referralSignup'));
  await page.goto('/waitlist-welcome');
  const main = page.locator('main');
  for (const href of ['/referral', '/owner', '/contact']) await expect(main.locator(`a[href="${href}"]`)).toHaveCount(1);
});

test('project-manager: Start here and every Create a project go to owner sign-up; Ask a Question to /contact', async ({ page }) => {
  await page.goto('/project-manager');
  const main = page.locator('main');
  await expect(main.getByRole('link', { name: 'Start here' })).toHaveAttribute('href', authHref('ownerSignup'));
  const create = main.getByRole('link', { name: 'Create a project' });
  await expect(create).toHaveCount(4);
  for (const link of await create.all()) await expect(link).toHaveAttribute('href', authHref('ownerSignup'));
  await expect(main.getByRole('link', { name: 'Ask a Question' })).toHaveAttribute('href', '/contact');
});

async function faqOnPage(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await hydrated(page);
  return page.locator('#faq h3').allTextContents();
}

test('consultant shows the contractor FAQ set; finance has exactly three questions', async ({ page }) => {
  const contractor = faqQuestions('contractor');
  expect(await faqOnPage(page, '/contractor')).toEqual(contractor);
  expect(await faqOnPage(page, '/consultant')).toEqual(contractor);
  const finance = await faqOnPage(page, '/finance');
  expect(finance).toHaveLength(3);
  expect(finance.join(' ')).toMatch(/buy a house instead of building/);
  expect(finance.join(' ')).toMatch(/land/);
  expect(finance.join(' ')).toMatch(/[Cc]onsulting/);
  // The answer about consulting names who is included.
  await page.getByRole('button', { name: /consulting services/i }).click();
  await expect(page.getByText(/architects and mechanical, electrical and structural engineers/)).toBeVisible();
});

/** Answers the video host with a tiny stand-in for the YouTube iframe API and embed page. */
async function stubVideoHost(page: Page, requests: string[]) {
  const record = (r: Request) => {
    if (/youtube|ytimg/.test(new URL(r.url()).host)) requests.push(r.url());
  };
  page.on('request', record);
  await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => {
    if (route.request().url().includes('/iframe_api')) {
      return route.fulfill({
        contentType: 'text/javascript',
        body: `window.YT = {
          PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
          Player: function (el, opts) {
            setTimeout(function () { opts.events.onReady(); }, 0);
            return new Proxy({}, { get: function (t, k) {
              if (k === 'then') return undefined;
              if (k === 'getVolume') return function () { return 100; };
              if (k === 'getOption') return function () { return []; };
              return function () { return 0; };
            } });
          }
        };
        window.onYouTubeIframeAPIReady && window.onYouTubeIframeAPIReady();`,
      });
    }
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title><p>Referral explainer</p>' });
  });
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

test('referral video: opens titled "Referral Video", loads the player only then, locks scroll, closes three ways and returns focus', async ({
  page,
  consoleProblems,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const requests: string[] = [];
  await stubVideoHost(page, requests);
  await page.goto('/referral');
  await hydrated(page);
  const trigger = page.getByRole('button', { name: 'How our referral works' });
  const dialog = page.getByRole('dialog', { name: 'Referral Video' });
  await expect(dialog).toBeHidden();
  expect(requests).toEqual([]);
  expect(await bodyOverflow(page)).not.toBe('hidden');

  const open = async () => {
    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Referral Video' })).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveAttribute('src', /youtube\.com\/embed\/ysz5S6PUM-U/);
    expect(await bodyOverflow(page)).toBe('hidden');
  };
  const closed = async () => {
    await expect(dialog).toBeHidden();
    // The player is unmounted with the dialog, and the page scrolls again.
    await expect(page.locator('dialog iframe')).toHaveCount(0);
    expect(await bodyOverflow(page)).not.toBe('hidden');
    await expect(trigger).toBeFocused();
  };

  await open();
  // The player asks for its script and then its frame; the frame's request can follow the src by a moment.
  await expect.poll(() => requests.some((u) => u.includes('/iframe_api'))).toBe(true);
  await expect.poll(() => requests.some((u) => u.includes('/embed/'))).toBe(true);
  // 640 x 360 on a large screen.
  const box = await page.getByTestId('video-frame').boundingBox();
  expect(Math.round(box!.width)).toBe(640);
  expect(Math.round(box!.height)).toBe(360);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await closed();

  await open();
  await page.mouse.click(8, 8); // the backdrop, outside the panel
  await closed();

  await open();
  await page.keyboard.press('Escape');
  await closed();

  expect(consoleProblems).toEqual([]);
});

test('referral video fits a 360px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await stubVideoHost(page, []);
  await page.goto('/referral');
  await hydrated(page);
  await page.getByRole('button', { name: 'How our referral works' }).click();
  const frame = page.getByTestId('video-frame');
  await expect(frame).toBeVisible();
  const box = (await frame.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02);
});

for (const width of [390, 1366]) {
  test(`referral video without JavaScript at ${width} px: the button opens the dialog with the explainer and a link to the video`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: { width, height: 800 }, hasTouch: width < 1024 });
    try {
      const page = await context.newPage();
      await page.goto('/referral');
      const trigger = page.getByRole('button', { name: 'How our referral works' });
      const dialog = page.getByRole('dialog', { name: 'Referral Video' });
      await expect(dialog).toBeHidden();
      await trigger.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/A short walkthrough of the referral programme/)).toBeVisible();
      const link = dialog.getByRole('link', { name: /Watch the video on youtube\.com/ });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', site.video.url);
      // No spinner that would wait for ever.
      await expect(dialog.getByRole('status')).toBeHidden();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await trigger.click();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    } finally {
      await context.close();
    }
  });
}

test('referral video: with the video host unreachable the dialog shows a fallback link and still closes', async ({ page, consoleProblems }) => {
  // No stub: the browser resolves no host but the local server, so the video host is unreachable.
  await page.goto('/referral');
  await hydrated(page);
  await page.getByRole('button', { name: 'How our referral works' }).click();
  const dialog = page.getByRole('dialog', { name: 'Referral Video' });
  await expect(dialog.getByText('The video could not be loaded here.')).toBeVisible();
  const fallback = dialog.getByRole('status').getByRole('link', { name: /Watch the video on youtube\.com/ });
  await expect(fallback).toHaveAttribute('href', site.video.url);
  await expect(fallback).toHaveAttribute('target', '_blank');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Only the blocked requests themselves may be reported; no script error escapes.
  expect(consoleProblems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED/.test(p))).toEqual([]);
});

test('referral redirect: one prerendered page for every code, without the code in its markup', async ({ request }) => {
  for (const code of ['ABC123', 'someone-else']) {
    const res = await request.get(`/referral/${code}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('Redirecting Please Wait...');
    expect(html).not.toContain(code);
    expect(html).not.toContain('_refId<');
  }
});

const hostileCodes = ['ABC123', 'x@evil.com/..', 'https://evil.example', '//evil.example', 'a&b=c#d'];

for (const code of hostileCodes) {
  test(`referral redirect: /referral/${encodeURIComponent(code)} lands on the auth site's referral sign-up with referralCode=${JSON.stringify(code)}`, async ({
    page,
    consoleProblems,
  }) => {
    await page.route(`${authOrigin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Auth</title><h1>Referral sign-up</h1>' }),
    );
    await page.goto(`/referral/${encodeURIComponent(code)}`);
    await page.waitForURL((u) => u.origin === authOrigin);
    const url = new URL(page.url());
    expect(url.origin + url.pathname).toBe(authHref('referralSignup'));
    expect([...url.searchParams.keys()]).toEqual(['referralCode']);
    expect(url.searchParams.get('referralCode')).toBe(code);
    await expect(page.getByRole('heading', { name: 'Referral sign-up' })).toBeVisible();
    // replace(): the redirect page is not left in history.
    await page.goBack().catch(() => undefined);
    expect(page.url()).not.toContain('/referral/' + encodeURIComponent(code));
    expect(consoleProblems).toEqual([]);
  });
}

test('referral redirect page shows a spinner and the wait message until the browser moves on', async ({ browser, baseURL }) => {
  // Without scripts the page stays as prerendered: exactly what a visitor sees until the redirect runs.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/referral/HOLD1');
    await expect(page.getByText('Redirecting Please Wait...')).toBeVisible();
    await expect(page.locator('main [class*="spinner"]')).toBeVisible();
    await expect(page.locator('header, footer')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('privacy policy: ten numbered sections with anchors, 18+ and deletion requests by e-mail', async ({ page }) => {
  await page.goto('/policy');
  await hydrated(page);
  const sections = page.locator('main article h2');
  await expect(sections).toHaveCount(10);
  const texts = await sections.allTextContents();
  texts.forEach((t, i) => expect(t).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
  const ids = await sections.evaluateAll((hs) => hs.map((h) => h.id));
  expect(new Set(ids).size).toBe(10);
  ids.forEach((id) => expect(id).toMatch(/^[a-z][a-z0-9-]*$/));
  await expect(page.locator('main').getByText(/18 and over/)).toBeVisible();
  await expect(page.locator('main article a[href^="mailto:"]').first()).toBeVisible();
  await expect(
    page
      .locator('main article')
      .getByText(/delete/)
      .first(),
  ).toBeVisible();

  // The contents list links to each section.
  const nav = page.getByRole('navigation', { name: 'On this page' });
  await nav.getByRole('link', { name: 'Your rights: access and deletion' }).click();
  await expect(page).toHaveURL(new RegExp(`#${ids[8]}$`));
  await expect(sections.nth(8)).toBeInViewport();
});

test('landing pages and the open video dialog have no WCAG 2.2 AA violations (axe)', async ({ page }) => {
  test.setTimeout(90_000);
  const scan = async (label: string) => {
    const result = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    const found = result.violations.map((v) => `${label}: ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found).toEqual([]);
  };
  for (const c of PAGES) {
    await page.goto(c.path);
    await hydrated(page);
    await scan(c.path);
  }
  await stubVideoHost(page, []);
  await page.goto('/referral');
  await hydrated(page);
  await page.getByRole('button', { name: 'How our referral works' }).click();
  await expect(page.getByRole('dialog', { name: 'Referral Video' }).locator('iframe')).toHaveCount(1);
  await scan('video dialog');
});
