import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { DIST, htmlOf } from './build-files.ts';
import { test, expect, hydrated } from './fixtures.ts';

/**
 * Every page's HTML, brotli-compressed as served, fits in the first round trip of a new connection (TCP's first
 * window, about 14.6 KB): its first paint never waits a round trip more. A page that would not fit links the styles
 * of static blocks below its first screen after that paint (scripts/build.ts); these tests check both.
 */
const FIRST_ROUND_TRIP_BYTES = 14_000;

function htmlFiles(dir = DIST): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'assets' || e.name.startsWith('.') ? [] : htmlFiles(join(dir, e.name))) : e.name.endsWith('.html') ? [join(dir, e.name)] : [],
  );
}

const laterStyles = (html: string) => html.match(/<noscript data-later-styles="([^"]*)"/)?.[1].split(' ') ?? [];

test('every page arrives in the first round trip: HTML with its inline styles and script ≤ 14,000 bytes brotli', () => {
  const sizes = htmlFiles().map((file) => {
    const bytes = brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    return { page: relative(DIST, file), bytes };
  });
  console.log(`HTML bytes brotli: ${sizes.map((s) => `${s.page} ${s.bytes}`).join(' · ')}`);
  expect(sizes.length).toBeGreaterThan(15);
  for (const { page, bytes } of sizes) expect(bytes, page).toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
});

test.describe('the home page, which links some styles after its first paint', () => {
  const later = laterStyles(htmlOf('/'));
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the shell asks for them only once the page has painted, and the blocks they style look as with JavaScript off', async ({
    page,
    browser,
    consoleProblems,
  }) => {
    expect(later.length).toBeGreaterThan(0);
    await page.goto('/');
    await hydrated(page);
    await expect.poll(() => page.evaluate((hrefs) => hrefs.every((h) => [...document.styleSheets].some((s) => s.href?.endsWith(h))), later)).toBe(true);
    const timing = await page.evaluate((hrefs) => {
      const paint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Infinity;
      return hrefs.map((h) => ({ href: h, afterPaint: (performance.getEntriesByName(new URL(h, location.href).href)[0]?.startTime ?? -1) >= paint }));
    }, later);
    for (const t of timing) expect(t.afterPaint, t.href).toBe(true);

    // The FAQ block's look with its later styles, against the same page with JavaScript off (linked in <noscript>).
    const look = (p: typeof page) =>
      p
        .locator('[data-block="faq"] details')
        .first()
        .evaluate((el) => {
          const s = getComputedStyle(el);
          return [s.borderTopWidth, s.borderRadius, s.backgroundColor, s.paddingTop].join(' ');
        });
    const offContext = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1366, height: 768 }, baseURL: test.info().project.use.baseURL });
    const off = await offContext.newPage();
    await off.goto('/');
    const [on, without] = [await look(page), await look(off)];
    await offContext.close();
    expect(on).toBe(without);
    // And that look is the FAQ's own, not the browser's defaults.
    expect(on).not.toBe('0px 0px rgba(0, 0, 0, 0) 0px');
    expect(consoleProblems).toEqual([]);
  });
});
