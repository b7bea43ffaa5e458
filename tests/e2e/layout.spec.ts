import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

/** Values from site.config/site.json, written out so a changed destination shows up here. */
const AUTH = 'https://app.buildpad.example';
const CALCULATOR = 'https://calculator.buildpad.example';
const IAM = '**/api/v1';

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

async function open(page: Page, path: string, viewport = DESKTOP) {
  await page.setViewportSize(viewport);
  await page.goto(path);
  await hydrated(page);
  return page.getByRole('banner');
}

const isLocked = (page: Page) =>
  page.evaluate(() => document.body.classList.contains('scroll-locked') && getComputedStyle(document.body).overflow === 'hidden');

test.describe('header items and variants', () => {
  test('home: logo, Solutions, Cost Calculator, Refer-to-earn, Pricing, Contact us, Login, Sign up', async ({ page, consoleProblems }) => {
    const header = await open(page, '/');
    await expect(header).toHaveCSS('position', 'sticky');
    await expect(header.getByRole('link', { name: 'BuildPad', exact: true })).toHaveAttribute('href', '/');
    await expect(header.getByRole('button', { name: 'Solutions' })).toHaveAttribute('aria-expanded', 'false');
    const calculator = header.getByRole('link', { name: /Cost Calculator/ });
    await expect(calculator).toHaveAttribute('href', CALCULATOR);
    await expect(calculator).toHaveAttribute('target', '_blank');
    await expect(header.getByRole('link', { name: 'Refer-to-earn' })).toHaveAttribute('href', '/referral');
    await expect(header.getByRole('button', { name: 'Pricing' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', `${AUTH}/signin`);
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `${AUTH}/project-owner/signup?fromreferralPage=true`);
    // The hamburger belongs to small screens only.
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
    // Scrolling keeps the bar on screen.
    await page.evaluate(() => window.scrollTo(0, 600));
    expect((await header.boundingBox())?.y).toBe(0);
    expect(consoleProblems).toEqual([]);
  });

  test('/enterprise: sign-up becomes "Contact Us" to /contact and the Contact us item is gone', async ({ page, consoleProblems }) => {
    const header = await open(page, '/enterprise');
    await expect(header.getByRole('link', { name: 'Contact Us', exact: true })).toHaveAttribute('href', '/contact');
    await expect(header.getByRole('link', { name: 'Contact us', exact: true })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Solutions' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('/referral: sign-up reads "Refer now"', async ({ page, consoleProblems }) => {
    const header = await open(page, '/referral');
    await expect(header.getByRole('link', { name: 'Refer now' })).toHaveAttribute('href', `${AUTH}/referral/signup`);
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Refer-to-earn' })).toHaveAttribute('aria-current', 'page');
    expect(consoleProblems).toEqual([]);
  });

  test('/finance: one "Private Project Owner" link replaces Solutions and Pricing', async ({ page, consoleProblems }) => {
    const header = await open(page, '/finance');
    await expect(header.getByRole('link', { name: 'Private Project Owner' })).toHaveAttribute('href', '/owner');
    await expect(header.getByRole('button', { name: 'Solutions' })).toHaveCount(0);
    await expect(header.getByRole('button', { name: 'Pricing' })).toHaveCount(0);
    await expect(header.getByRole('link', { name: /Cost Calculator/ })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('/contact: default items, Contact us marked as the current page', async ({ page, consoleProblems }) => {
    const header = await open(page, '/contact');
    await expect(header.getByRole('link', { name: 'Contact us' })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `${AUTH}/project-owner/signup?fromreferralPage=true`);
    await expect(header.getByRole('button', { name: 'Pricing' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('dropdowns (disclosure navigation)', () => {
  test('mouse: click toggles, one menu at a time, outside click closes, choosing a plan navigates and closes', async ({ page, consoleProblems }) => {
    const header = await open(page, '/');
    const solutions = header.getByRole('button', { name: 'Solutions' });
    const pricing = header.getByRole('button', { name: 'Pricing' });
    const solutionsMenu = page.locator('#menu-solutions');
    const pricingMenu = page.locator('#menu-pricing');
    await expect(solutions).toHaveAttribute('aria-controls', 'menu-solutions');
    await expect(solutionsMenu).toBeHidden();

    await solutions.click();
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await expect(solutionsMenu).toBeVisible();
    for (const [name, href] of [
      ['Private Project Owners', '/owner'],
      ['Enterprise Project Owners', '/enterprise'],
      ['Build Now Pay Later', '/finance'],
      ['Contractor', '/contractor'],
      ['Consultant', '/consultant'],
    ]) {
      await expect(solutionsMenu.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    }
    await expect(solutionsMenu.locator('svg[data-icon]')).toHaveCount(5);
    expect(await isLocked(page)).toBe(true);

    await pricing.click();
    await expect(solutionsMenu).toBeHidden();
    await expect(pricingMenu).toBeVisible();
    await expect(pricing).toHaveAttribute('aria-expanded', 'true');

    // Left edge of the page, well clear of the open panel and of any link.
    await page.locator('main').click({ position: { x: 4, y: 300 } });
    await expect(pricingMenu).toBeHidden();
    expect(await isLocked(page)).toBe(false);

    await pricing.click();
    await pricingMenu.getByRole('link', { name: /Enterprise Plan/ }).click();
    await expect(page).toHaveURL(/\/pricing\/enterprise$/);
    await expect(pricingMenu).toBeHidden();
    await expect(pricing).toHaveAttribute('aria-expanded', 'false');
    expect(await isLocked(page)).toBe(false);
    expect(consoleProblems).toEqual([]);
  });

  test('keyboard: Enter and Space toggle, Tab reaches the items, Escape closes and returns focus', async ({ page, consoleProblems }) => {
    const header = await open(page, '/');
    const solutions = header.getByRole('button', { name: 'Solutions' });
    await solutions.focus();
    await page.keyboard.press('Enter');
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('#menu-solutions a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#menu-solutions')).toBeHidden();
    await expect(solutions).toBeFocused();

    await page.keyboard.press('Space');
    await expect(solutions).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(solutions).toHaveAttribute('aria-expanded', 'false');

    const pricing = header.getByRole('button', { name: 'Pricing' });
    await pricing.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#menu-pricing a').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#menu-pricing a').nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/pricing\/premium$/);
    await expect(page.locator('#menu-pricing')).toBeHidden();
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('mobile menu', () => {
  test('at 390px the hamburger opens a full-screen menu that locks scrolling and links to /pricing', async ({ page, consoleProblems }) => {
    const header = await open(page, '/', PHONE);
    await expect(header.getByRole('button', { name: 'Solutions' })).toBeHidden();
    const toggle = header.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'site-menu');
    await toggle.click();
    const closeToggle = header.getByRole('button', { name: 'Close menu' });
    await expect(closeToggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('#site-menu');
    await expect(menu).toBeVisible();
    expect(await menu.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await isLocked(page)).toBe(true);

    await expect(menu.locator('a[href="/pricing"]')).toBeVisible();
    for (const name of ['Solutions', 'Pricing']) await expect(menu.getByRole('button', { name })).toBeVisible();
    for (const name of [/Cost Calculator/, 'Refer-to-earn', 'Contact us', 'Login']) await expect(menu.getByRole('link', { name })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible();

    // Groups expand in place.
    await menu.getByRole('button', { name: 'Solutions' }).click();
    await expect(menu.getByRole('link', { name: /^Contractor/ })).toBeVisible();

    // The page behind is out of reach while the menu covers it.
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(true);

    await menu.getByRole('link', { name: 'Refer-to-earn' }).click();
    await expect(page).toHaveURL(/\/referral$/);
    await expect(menu).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(await isLocked(page)).toBe(false);
    expect(await page.locator('main').evaluate((m) => (m as HTMLElement).inert)).toBe(false);
    expect(consoleProblems).toEqual([]);
  });

  test('Escape closes the menu and returns focus to the hamburger; /pricing link works', async ({ page }) => {
    const header = await open(page, '/', PHONE);
    const toggle = header.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    await expect(page.locator('#site-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#site-menu')).toBeHidden();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeFocused();
    expect(await isLocked(page)).toBe(false);

    await toggle.click();
    await page.locator('#site-menu a[href="/pricing"]').click();
    await expect(page).toHaveURL(/\/pricing\/enterprise$/);
    await expect(page.locator('#site-menu')).toBeHidden();
  });

  test('at 360px nothing overflows or overlaps, on every header variant', async ({ page }) => {
    const signUpLabel: Record<string, string> = { '/': 'Sign up', '/enterprise': 'Contact Us', '/referral': 'Refer now', '/finance': 'Sign up' };
    for (const [path, label] of Object.entries(signUpLabel)) {
      const header = await open(page, path, { width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const boxes = await Promise.all(
        [
          header.getByRole('link', { name: 'BuildPad', exact: true }),
          header.getByRole('link', { name: label, exact: true }),
          header.getByRole('button', { name: 'Open menu' }),
        ].map((l) => l.boundingBox()),
      );
      for (const b of boxes) {
        expect(b).not.toBeNull();
        expect(b!.x).toBeGreaterThanOrEqual(0);
        expect(b!.x + b!.width).toBeLessThanOrEqual(360);
        expect(b!.height).toBeGreaterThanOrEqual(24);
      }
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width);
    }
  });
});

test('footer: mission, Products and Links columns, copyright with the current year, two social links', async ({ page, consoleProblems }) => {
  await open(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('deliver construction projects hassle free');
  const products = footer.getByRole('navigation', { name: 'Products' });
  await expect(products.getByRole('link')).toHaveText(['For Contractor', 'For Consultant', 'For Owner(B2C)', 'For Owner(B2B)']);
  const links = footer.getByRole('navigation', { name: 'Links' });
  await expect(links.getByRole('link')).toHaveCount(4);
  await expect(links.getByRole('link', { name: /Cost Calculator/ })).toHaveAttribute('href', CALCULATOR);
  await expect(links.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await expect(links.getByRole('link', { name: 'Refer-to-earn' })).toHaveAttribute('href', '/referral');
  await expect(links.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/policy');
  await expect(footer.getByText(`© ${new Date().getFullYear()} BuildPad`)).toBeVisible();
  await expect(footer.getByRole('link', { name: 'BuildPad on LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/company/buildpad');
  await expect(footer.getByRole('link', { name: 'BuildPad on Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/buildpad');
  const inner = await footer.locator('.container').first().boundingBox();
  expect(inner!.width).toBeLessThanOrEqual(1234);
  expect(consoleProblems).toEqual([]);
});

test('/admin-login without a configured gate: every entry is wrong', async ({ page, consoleProblems }) => {
  await open(page, '/admin-login');
  await page.getByLabel('Email').fill('preview@buildpad.example');
  await page.getByLabel('Password').fill('letmein');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
  await expect(page).toHaveURL(/\/admin-login$/);
  expect(consoleProblems).toEqual([]);
});

test('/doctor: build facts, and the identity-service check after load', async ({ page, consoleProblems }) => {
  // The service is unreachable (as an outside host is: the browser resolves none) until it is stubbed below.
  await page.route(IAM, (route) => route.abort('internetdisconnected'));
  await open(page, '/doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnostics' })).toBeVisible();
  await expect(page.getByText('0.1.0', { exact: true })).toBeVisible();
  await expect(page.getByText('Config checksum')).toBeVisible();
  await expect(page.getByText('Flag: underConstruction')).toBeVisible();
  // The fixture cuts every outside host, as an unreachable service would be.
  await expect(page.getByTestId('iam-status')).toHaveText('unreachable');
  expect(consoleProblems.filter((p) => !p.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);

  await page.route(`${IAM}**`, (route) => route.fulfill({ status: 200, body: '{}', headers: { 'access-control-allow-origin': '*' } }));
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('iam-status')).toHaveText('reachable (status 200)');
});

test('/doctor: the prerendered HTML says "checking…" and carries no result', async ({ request }) => {
  const html = await (await request.get('/doctor')).text();
  expect(html).toContain('checking…');
  expect(html).not.toContain('reachable (status');
});

test('not-found: spinner until the image loads, then the message; Go Back returns', async ({ page, consoleProblems }) => {
  await open(page, '/');
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/images/not-found.svg', async (route) => {
    await gate;
    await route.continue();
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'For Contractor' }).click();
  // The held-back image also holds the load event (it is preloaded in the head): wait only for the document.
  await page.goto('/no-such-page', { waitUntil: 'domcontentloaded' });
  await hydrated(page);
  await expect(page.getByRole('main').getByRole('status')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404 error')).toBeVisible();
  await expect(page.getByText('Sorry, the page you are looking for doesn’t exist. Here are some helpful links:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  expect(consoleProblems.filter((p) => !/404/.test(p))).toEqual([]);
});

test('no console errors on the layout pages at phone and desktop widths', async ({ page, consoleProblems }) => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of ['/', '/enterprise', '/referral', '/finance', '/contact', '/admin-login']) {
      await open(page, path, viewport);
      await expect(page.getByRole('contentinfo')).toBeVisible();
    }
  }
  expect(consoleProblems).toEqual([]);
});

test('/admin-login: the card keeps its place whatever its height (a phone paints it before the parser has added its fields)', async ({ page }) => {
  await open(page, '/admin-login');
  const card = page.getByRole('heading', { level: 1, name: 'Preview login' }).locator('..');
  const top = () => card.evaluate((el) => el.getBoundingClientRect().top);
  const full = await top();
  // The card as first painted on a slow phone: heading and text, the form not parsed yet.
  await card.locator('form').evaluate((form) => (form.style.display = 'none'));
  expect(await top()).toBe(full);
  await card.locator('form').evaluate((form) => (form.style.display = ''));
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
  expect(await top()).toBe(full);
});
