/**
 * The picture bytes of built pages, as a browser fetches them: serves the build (SITEWRIGHT_DIST, default dist) on
 * loopback, opens each route given (default "/") in Chromium at desktop (1366 px) and phone (390 px) width, scrolls
 * to the end so lazy pictures load, and sums every image response: bytes on the wire (compressed where the server
 * compresses) and files. PORT picks the port (default 4190).
 *
 *   npx tsx scripts/picture-bytes.ts / /pricing
 */
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './lib/chromium.ts';
import { startServer } from './lib/serve-child.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const routes = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/'];
const widths = [
  { name: 'desktop', width: 1366, height: 900, deviceScaleFactor: 1 },
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 3 },
];

const server = await startServer(root, Number(process.env.PORT ?? 4190), { dist: process.env.SITEWRIGHT_DIST ?? 'dist' });
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const route of routes) {
    for (const w of widths) {
      const context = await browser.newContext({ viewport: { width: w.width, height: w.height }, deviceScaleFactor: w.deviceScaleFactor });
      const page = await context.newPage();
      const images: { url: string; bytes: number; type: string }[] = [];
      const pending: Promise<void>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() !== 'image') return;
        pending.push(
          (async () => {
            const sizes = await request.sizes();
            const response = await request.response();
            images.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, type: (await response?.headerValue('content-type')) ?? '' });
          })(),
        );
      });
      await page.goto(server.url + route, { waitUntil: 'networkidle' });
      // Step down the page so every lazy picture comes into view, then let their requests finish.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += w.height / 2) await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForFunction(() => [...document.images].every((i) => i.complete));
      await Promise.all(pending);
      const total = images.reduce((n, i) => n + i.bytes, 0);
      console.log(`${route} ${w.name} (${w.width} px, ${w.deviceScaleFactor}x): ${images.length} pictures, ${total} bytes`);
      for (const i of images.sort((a, b) => a.url.localeCompare(b.url))) console.log(`  ${String(i.bytes).padStart(7)}  ${i.type.padEnd(14)} ${i.url}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
