import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from './fixtures.ts';

/**
 * The default build sets neither an analytics nor a chat id: no banner, no Cookie settings, no consent script, and
 * nothing asked of the Google tag's or Tawk.to's hosts. (tests/e2e-consent/ covers the build that sets them.)
 */
test('without analytics or chat ids: no banner, no Cookie settings, no consent script', async ({ page, consoleProblems }) => {
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  for (const path of ['/', '/contact', '/no-such-page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-consent-banner]')).toHaveCount(0);
    await expect(page.locator('[data-consent-settings]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
    expect(await page.locator('script[src*="/assets/consent-"]').count()).toBe(0);
  }
  expect(asked.filter((u) => /\/assets\/consent-|googletagmanager|google-analytics|tawk\.to/.test(u))).toEqual([]);
  expect(readdirSync(join(process.env.SITEWRIGHT_DIST ?? 'dist', 'assets')).filter((f) => f.startsWith('consent-'))).toEqual([]);
  // The not-found page's own 404 answer is the one message expected.
  expect(consoleProblems.filter((m) => !/status of 404/.test(m))).toEqual([]);
});
