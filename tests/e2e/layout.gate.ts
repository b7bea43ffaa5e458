import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

/**
 * Runs against the build of `npm run build:gate`: SITEWRIGHT_UNDER_CONSTRUCTION=true with the preview
 * credentials below. Every page shows 'Site under construction' until /admin-login accepts them.
 */
const EMAIL = 'preview@buildpad.example';
const PASSWORD = 'letmein';

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Submit' }).click();
}

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test('every page shows "Site under construction" until the gate is passed', async ({ page, consoleProblems }) => {
  for (const path of ['/', '/owner', '/contact', '/doctor']) {
    await open(page, path);
    await expect(heading(page)).toHaveText('Site under construction');
    await expect(page.getByText('404 error')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
  }
  expect(consoleProblems).toEqual([]);
});

test('/admin-login stays open, and a wrong entry says "email or password is wrong"', async ({ page, consoleProblems }) => {
  await open(page, '/admin-login');
  await expect(heading(page)).toHaveText('Preview login');
  await logIn(page, EMAIL, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
  await expect(page).toHaveURL(/\/admin-login$/);
  await logIn(page, 'someone@buildpad.example', PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  await open(page, '/');
  await expect(heading(page)).toHaveText('Site under construction');
  expect(consoleProblems).toEqual([]);
});

test('the right credentials set the shared flag, go to / and open the whole site, also after a reload', async ({ page, consoleProblems }) => {
  await open(page, '/admin-login');
  // The email is compared trimmed and case-insensitively, the password exactly.
  await logIn(page, '  Preview@BuildPad.example ', PASSWORD);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(heading(page)).toContainText('Manage Your Construction Projects');

  await page.reload();
  await hydrated(page);
  await expect(heading(page)).toContainText('Manage Your Construction Projects');

  await open(page, '/doctor');
  await expect(heading(page)).toHaveText('Diagnostics');
  const row = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
  await expect(row('Flag: underConstruction')).toHaveText('on');
  await expect(row('Preview gate')).toHaveText('configured');
  expect(consoleProblems.filter((p) => !/ERR_INTERNET_DISCONNECTED|ERR_NAME_NOT_RESOLVED/.test(p))).toEqual([]);
});

test('the bundle carries only a salted hash, never the credentials', async ({ page, request }) => {
  const fetched: string[] = [];
  page.on('response', (r) => fetched.push(r.url()));
  await open(page, '/admin-login');
  // Every script the login runs, run: a wrong entry answered.
  await logIn(page, EMAIL, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
  const html = await (await request.get('/admin-login')).text();
  // The salted hash the login's script checks an entry against is on its form.
  expect(html).toMatch(/data-hash="[0-9a-f]{64}"/);
  const inline = await page.evaluate(() => [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n'));
  expect(inline).toContain('email or password is wrong');
  const scripts = fetched.filter((u) => new URL(u).pathname.endsWith('.js'));
  for (const text of [html, inline, ...(await Promise.all(scripts.map(async (u) => (await request.get(u)).text())))]) {
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(EMAIL);
  }
});
