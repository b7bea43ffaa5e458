import { test, expect, hydrated } from './fixtures.ts';

test('prerendered page carries its full text, title and security headers', async ({ page, request, consoleProblems }) => {
  const res = await request.get('/owner');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<h1');
  expect(html).toContain('Private Project Owners</title>');
  const csp = res.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(res.headers()['x-content-type-options']).toBe('nosniff');
  expect(res.headers()['strict-transport-security']).toBeTruthy();
  expect(res.headers()['referrer-policy']).toBeTruthy();
  expect(res.headers()['permissions-policy']).toBeTruthy();

  await page.goto('/');
  await hydrated(page);
  await expect(page).toHaveTitle('home');
  expect(consoleProblems).toEqual([]);
});

test('unknown path answers 404 with the not-found page', async ({ page, request }) => {
  const res = await request.get('/no-such-page');
  expect(res.status()).toBe(404);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404 error')).toBeVisible();
  await page.getByRole('link', { name: 'Take me home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('home');
});

test('config redirects answer 301 and land on their target', async ({ page, request }) => {
  const res = await request.get('/canpad', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/owner');
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/pricing\/enterprise$/);
});

test('client-side navigation scrolls to the top and sets the title', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 500 });
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('footer').getByRole('link', { name: 'For Contractor' }).click();
  await expect(page).toHaveURL(/\/contractor$/);
  await expect(page).toHaveTitle('Contractor');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
