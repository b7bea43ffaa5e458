import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test runs offline: requests to any host but the local server are answered by stubs
 * (or fail, as an unreachable host would), and console errors and hydration warnings fail the test.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      const text = msg.text();
      if (msg.type() === 'error' || /hydrat|did not match/i.test(text)) problems.push(`${msg.type()}: ${text}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    await use(problems);
  },
  page: async ({ page, baseURL }, use) => {
    const local = new URL(baseURL ?? 'http://127.0.0.1').host;
    await page.route(
      (url) => url.host !== local,
      (route) => route.abort('internetdisconnected'),
    );
    await use(page);
  },
});

export { expect };

/** Waits until React has hydrated the prerendered page (the client entry marks the root). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
