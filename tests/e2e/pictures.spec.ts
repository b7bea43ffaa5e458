import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, htmlOf } from './build-files.ts';
import { test, expect } from './fixtures.ts';
import { pictureAddresses } from '../../scripts/lib/images/check.ts';

/**
 * The pictures of the built pages: each address a page names is in the build, and in a browser, at desktop and phone
 * width, every picture loads, with the width and height that keep the page from shifting.
 */
const ROUTES = ['/', '/referral', '/enterprise', '/no-such-page'];

test('every picture a built page names is in the build', () => {
  for (const route of ROUTES) {
    const addresses = pictureAddresses(htmlOf(route));
    expect(addresses.length, route).toBeGreaterThan(0);
    for (const a of addresses) expect(existsSync(join(DIST, a)), `${route}: ${a}`).toBe(true);
  }
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of ROUTES) {
      test(`every picture of ${route} loads, with its width and height`, async ({ page }) => {
        const failed: string[] = [];
        page.on('response', (r) => {
          if (r.request().resourceType() === 'image' && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
        });
        await page.goto(route);
        const images = page.locator('main img');
        expect(await images.count()).toBeGreaterThan(0);
        for (const img of await images.all()) {
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
          expect(await img.getAttribute('width')).toMatch(/^\d+$/);
          expect(await img.getAttribute('height')).toMatch(/^\d+$/);
        }
        expect(failed).toEqual([]);
      });
    }
  });
}
