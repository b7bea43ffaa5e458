import { test as base, expect, type Page, type Route } from '@playwright/test';

/**
 * Every test runs offline: the browser resolves no host but the local server (offlineLaunchOptions in
 * scripts/lib/chromium.ts), so a request elsewhere is answered by a test's stub or fails as an unreachable host
 * would. Console errors and hydration warnings fail the test.
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
});

export { expect };

/** Waits until React has hydrated the prerendered page (the client entry marks the root). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * Holds back every request for one of our files (a chunk, by its path in dist/) until release() is called,
 * so a test can act on the page while that code has not arrived.
 */
export async function holdFile(page: Page, file: string): Promise<{ release: () => void; requested: () => boolean }> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  let requested = false;
  await page.route(`**/${file}`, async (route: Route) => {
    requested = true;
    await released;
    await route.fallback();
  });
  return { release, requested: () => requested };
}
