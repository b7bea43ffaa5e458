/**
 * npm run screenshots [-- --no-build]
 * Full-page screenshots of every route at 390 px (phone) and 1366 px (desktop) into screenshots/ (git-ignored),
 * taken offline: every request to another host is refused, as on a machine without internet.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { loadProject } from '../scripts/lib/project.ts';
import { visiblePages } from '../scripts/lib/config/visible-pages.ts';
import { startServer } from '../scripts/lib/serve-child.ts';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!process.argv.includes('--no-build')) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/build.ts')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const { project } = loadProject(root);
if (!project) throw new Error('config does not validate: run npm run validate');
const routes = [
  ...visiblePages(project)
    .map((p) => p.config.route)
    .filter((r) => !r.includes(':')),
  '/no-such-page',
];
const out = join(root, 'screenshots');
mkdirSync(out, { recursive: true });

const server = await startServer(root, Number(process.env.SCREENSHOT_PORT ?? 4391));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const [name, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1366, 900],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height } });
    // The scheduler step needs the waitlist's details, or it sends the visitor back to the form.
    await context.addInitScript(() =>
      sessionStorage.setItem(
        'sitewright:store:schedule',
        JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phoneNumber: '13065550100' }),
      ),
    );
    const local = new URL(server.url).host;
    await context.route(
      (url) => url.host !== local,
      (r) => r.abort('internetdisconnected'),
    );
    const page = await context.newPage();
    for (const route of routes) {
      await page.goto(`${server.url}${route}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.waitForLoadState('networkidle');
      const file = join(out, `${name}${route === '/' ? '-home' : route.replace(/\//g, '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file.slice(root.length + 1));
    }
    await context.close();
  }
} finally {
  await browser.close();
  server.stop();
}
