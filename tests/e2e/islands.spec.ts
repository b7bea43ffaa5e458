import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { DIST, gzipSize, gzipTextSize, htmlOf, inlineScriptsOf, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';

/**
 * Pages are static HTML with the shared shell script inline; only islands (interactive blocks) load code, each when
 * its trigger fires (renderer/islands/). These tests count the scripts a page carries and asks for, with
 * JavaScript on and off, and hold an island's chunk back with page.route to act on it while it is still
 * prerendered HTML.
 */

const chunkOf = (folder: string) => manifest[`blocks/${folder}/index.tsx`].file;
/** The chunk with React and react-dom. */
const FRAMEWORK = Object.entries(manifest).find(([key]) => /^_framework-/.test(key))?.[1].file ?? '';
/**
 * The shared shell script, inlined into every page with the parts that page uses (its islands, the not-found screen,
 * the gate, styles linked after the first paint): each route's only inline script.
 */
const shellOf = (route: string) => inlineScriptsOf(htmlOf(route));
/** The islands loader, which the shell asks for on a page with islands (on intent where every island waits for it). */
const LOADER = shellOf('/')[0]?.match(/\/(assets\/islands-loader-[0-9a-f]+\.js)/)?.[1] ?? '';
/** The budget for the shared script, for every route: all script before interaction is within it too (below). */
const SHELL_BUDGET = 3 * 1024;
/** The routes whose blocks are all static, and the not-found page. */
const STATIC_ROUTES = ['/owner', '/contractor', '/consultant', '/finance', '/policy', '/project-manager', '/waitlist-welcome', '/no-such-page'];

/** Every prerendered route but the referral redirect (it leaves at once). */
function routes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== 'assets' && e.name !== '.vite') walk(join(dir, e.name));
      } else if (e.name.endsWith('.html') && e.name !== '404.html') {
        const rel = relative(DIST, join(dir, e.name))
          .replace(/(^|\/)index\.html$/, '')
          .replace(/\.html$/, '');
        out.push(`/${rel}`);
      }
    }
  };
  walk(DIST);
  return out.filter((r) => !r.includes('/_')).sort();
}

function scriptsRequested(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.hostname === '127.0.0.1' && u.pathname.endsWith('.js')) seen.add(u.pathname.slice(1));
  });
  return seen;
}

test('the build has a framework chunk and a shared script within its budget', () => {
  expect(FRAMEWORK).toMatch(/\.js$/);
  expect(readFileSync(join(DIST, FRAMEWORK), 'utf8')).toContain('react.dev/errors');
  const sizes = new Map<string, number>();
  for (const route of [...routes(), '/no-such-page']) {
    const scripts = shellOf(route);
    expect(scripts, route).toHaveLength(1);
    const [shell] = scripts;
    expect(shell, route).toContain('aria-expanded');
    expect(shell, route).not.toContain('react.dev/errors');
    expect(gzipTextSize(shell), route).toBeLessThanOrEqual(SHELL_BUDGET);
    sizes.set(route, gzipTextSize(shell));
  }
  console.log(`shared script (inline), bytes gzip: ${[...sizes].map(([route, bytes]) => `${route} ${bytes}`).join(' · ')}`);
});

test('static routes carry no island and ask for the shared script only', () => {
  for (const route of STATIC_ROUTES) {
    const html = htmlOf(route);
    expect(html, route).not.toContain('data-island=');
    const scripts = [...html.matchAll(/<script[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]);
    const preloads = [...html.matchAll(/<link rel="modulepreload" href="\/([^"]+)"/g)].map((m) => m[1]);
    expect(scripts, route).toEqual([]);
    expect(preloads, route).toEqual([]);
    const [shell, ...more] = shellOf(route);
    expect(more, route).toEqual([]);
    // The shell without its islands part: nothing to catch, no loader to ask for.
    expect(shell, route).toContain('aria-expanded');
    expect(shell, route).not.toContain('islands-loader');
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`static routes with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1366, height: 768 } });

    test('no framework code is requested; a menu and an FAQ answer open', async ({ page, consoleProblems }) => {
      for (const route of STATIC_ROUTES) {
        const seen = scriptsRequested(page);
        await page.goto(route);
        if (javaScriptEnabled) await hydrated(page);
        await page.waitForLoadState('networkidle');
        // The shell is in the page: a static route asks for no script at all.
        expect([...seen], route).toEqual([]);
        page.removeAllListeners('request');
      }

      await page.goto('/owner');
      if (javaScriptEnabled) await hydrated(page);
      const solutions = page.getByRole('banner').getByRole('button', { name: 'Solutions' });
      await solutions.click();
      await expect(page.locator('#menu-solutions')).toBeVisible();
      await expect(page.locator('#menu-solutions').getByRole('link', { name: /^Contractor/ })).toHaveAttribute('href', '/contractor');
      await page.keyboard.press('Escape');
      await expect(page.locator('#menu-solutions')).toBeHidden();

      const question = page.locator('#faq summary').first();
      const answer = page.locator('#faq details').first().getByRole('region');
      await expect(answer).toBeHidden();
      await question.click();
      await expect(answer).toBeVisible();
      if (javaScriptEnabled) await expect(question).toHaveAttribute('aria-expanded', 'true');
      // The not-found page is answered with its status, which the console reports.
      expect(consoleProblems.filter((p) => !/404/.test(p))).toEqual([]);
    });
  });
}

/** The one route whose step embeds a third-party widget (the scheduler): its island starts when it is in view. */
const SCHEDULER_STEP = '/schedule-call-calendly';
/** The island runtime, which the loader asks for beside the framework. */
const RUNTIME = manifest['renderer/islands/runtime.tsx']?.file ?? '';
/** Every block's own chunk. */
const BLOCK_CHUNKS = new Set(Object.entries(manifest).flatMap(([key, chunk]) => (/^blocks\/[^/]+\/index\.tsx$/.test(key) ? [chunk.file] : [])));
/** All script a route may run before the visitor does anything, inline and fetched together, gzip. */
const BEFORE_INTERACTION_BUDGET = 3 * 1024;

// One test per route and width: each opens one page, so none waits on the others.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
]) {
  for (const route of routes()) {
    test(`at ${viewport.width} px ${route} asks for no framework, island runtime, block code or islands loader before any interaction, and all its script is within its budget (3 KB gzip)`, async ({
      page,
      consoleProblems,
    }) => {
      expect(RUNTIME).toMatch(/\.js$/);
      await page.setViewportSize(viewport);
      // /doctor asks the identity service whether it answers; here it does.
      await page.route('**/api/v1**', (route) => route.fulfill({ status: 200, body: '{}' }));
      const seen = scriptsRequested(page);
      await page.goto(route);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      // The scripts the page carries inline (each as if it were a file of its own), and the ones it fetched.
      const inline = inlineScriptsOf(htmlOf(route)).reduce((sum, code) => sum + gzipTextSize(code), 0);
      const fetched = [...seen].reduce((sum, f) => sum + gzipSize(f), 0);
      const framework = seen.has(FRAMEWORK) ? gzipSize(FRAMEWORK) : 0;
      console.log(
        `script before interaction, bytes gzip (route · width · inline · fetched · framework): ${route} · ${viewport.width} · ${inline} · ${fetched} · ${framework}`,
      );
      expect(consoleProblems).toEqual([]);
      // The scheduler step's widget needs its island as soon as it is in view.
      if (route === SCHEDULER_STEP) return;
      const early = [...seen].filter((f) => f === FRAMEWORK || f === RUNTIME || f === LOADER || BLOCK_CHUNKS.has(f));
      expect(early, `${route} at ${viewport.width} px asks before any interaction for`).toEqual([]);
      expect(inline + fetched, `${route} at ${viewport.width} px: bytes of script (gzip) before any interaction`).toBeLessThanOrEqual(
        BEFORE_INTERACTION_BUDGET,
      );
    });
  }
}

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('an island below the first screen loads its code only when scrolled near', async ({ page, consoleProblems }) => {
    const seen = scriptsRequested(page);
    // Every style is inlined in the page or linked after its first paint: an island hydrating fetches no style sheet.
    const styleSheets: string[] = [];
    // (The sheet for browsers with scripts off is fetched at low priority and not applied.)
    const later =
      htmlOf('/')
        .match(/data-later-styles="([^"]*)"/)?.[1]
        .split(' ') ?? [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.endsWith('.css') && !path.includes('/no-script-') && !later.includes(path)) styleSheets.push(path);
    });
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(seen.has(chunkOf('Testimonials'))).toBe(false);
    expect(seen.has(FRAMEWORK)).toBe(false);
    // Still all there as HTML.
    await expect(page.locator('[data-block="testimonials"]')).toBeAttached();

    const testimonials = page.waitForRequest((r) => r.url().endsWith(chunkOf('Testimonials')));
    await page.locator('[data-block="testimonials"] > *').first().scrollIntoViewIfNeeded();
    await testimonials;
    expect(seen.has(FRAMEWORK)).toBe(true);
    expect(styleSheets).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home page asks for no framework or islands loader while the visitor scrolls through it: its carousels are plain lists there', async ({
    page,
    consoleProblems,
  }) => {
    const seen = scriptsRequested(page);
    await page.goto('/');
    await hydrated(page);
    for (const block of ['liveProjects', 'testimonials']) {
      await page.locator(`[data-block="${block}"] > *`).first().scrollIntoViewIfNeeded();
      await expect(page.locator(`[data-block="${block}"] [aria-roledescription="slide"]`).first()).toBeVisible();
    }
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    expect([...seen].filter((f) => f === FRAMEWORK || f === LOADER || BLOCK_CHUNKS.has(f))).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test("one hover or focus on an island asks for the islands loader, the framework and that island's code", async ({ page, consoleProblems }) => {
    for (const act of ['hover', 'focus'] as const) {
      const seen = scriptsRequested(page);
      await page.goto('/referral');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect([...seen], 'before any interaction').not.toContain(LOADER);
      const code = page.waitForRequest((r) => r.url().endsWith(chunkOf('Enquiry')));
      const opener = page.locator('[data-block="enquiry"]').getByRole('button', { expanded: false });
      if (act === 'hover') await opener.hover();
      else await opener.focus();
      await code;
      expect(seen.has(LOADER), act).toBe(true);
      expect(seen.has(FRAMEWORK), act).toBe(true);
      page.removeAllListeners('request');
    }
    expect(consoleProblems).toEqual([]);
  });

  test('a click that reaches an island before its code does takes effect once, when it has arrived', async ({ page, consoleProblems }) => {
    const enquiry = await holdFile(page, chunkOf('Enquiry'));
    await page.goto('/referral');
    await hydrated(page);
    const open = page.locator('[data-block="enquiry"]').getByRole('button', { expanded: false });
    await open.click();
    await expect.poll(() => enquiry.requested()).toBe(true);
    await expect(page.locator('[data-block="enquiry"] form')).toHaveCount(0);
    enquiry.release();
    await expect(page.locator('[data-block="enquiry"] form')).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('what the visitor does before the islands loader itself has arrived is kept: a click on an island and a dialog link', async ({
    page,
    consoleProblems,
  }) => {
    expect(LOADER).toMatch(/^assets\/islands-loader-/);
    // The player itself is not under test: its script arrives and does nothing.
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill(
        route.request().url().includes('/iframe_api')
          ? { contentType: 'text/javascript', body: '' }
          : { contentType: 'text/html', body: '<!doctype html><title>player</title>' },
      ),
    );
    const loader = await holdFile(page, LOADER);
    await page.goto('/referral');
    await hydrated(page);
    // Every island here waits for the visitor: the loader is asked for by the first press (its hover, its pointer
    // down), and is still on its way when the click comes.
    expect(loader.requested()).toBe(false);
    // Still the prerendered page: the shell caught these and holds them.
    await page.locator('[data-block="enquiry"]').getByRole('button', { expanded: false }).click();
    await expect.poll(() => loader.requested()).toBe(true);
    await page.getByRole('button', { name: 'How our referral works' }).click();
    // The shell opens the dialog's prerendered frame at once; its player comes with the block's code.
    const dialog = page.getByRole('dialog', { name: 'Referral Video' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('video-frame')).toHaveCount(0);
    expect(page.url()).not.toContain('#');
    loader.release();
    await expect(dialog.getByTestId('video-frame')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-block="enquiry"] form')).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('a slider moved with the keyboard before its island has code keeps its value and React shows it', async ({ page, consoleProblems }) => {
    await page.setViewportSize({ width: 390, height: 400 });
    const estimator = await holdFile(page, chunkOf('FeeEstimator'));
    await page.goto('/pricing/premium');
    await hydrated(page);
    const slider = page.getByRole('slider');
    await slider.focus();
    const before = await slider.inputValue();
    const estimateBefore = await slider.getAttribute('aria-valuetext');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const moved = await slider.inputValue();
    expect(Number(moved)).toBeGreaterThan(Number(before));
    estimator.release();
    // Once hydrated, React's estimate follows the value the visitor set while the block was still HTML.
    await expect(slider).not.toHaveAttribute('aria-valuetext', estimateBefore ?? '');
    await expect(slider).toHaveValue(moved);
    await expect(slider).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });

  test('a link to a dialog whose island has not loaded yet opens its frame at once and its content once the code is here', async ({
    page,
    consoleProblems,
  }) => {
    // The player itself is not under test: its script arrives and does nothing.
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill(
        route.request().url().includes('/iframe_api')
          ? { contentType: 'text/javascript', body: '' }
          : { contentType: 'text/html', body: '<!doctype html><title>player</title>' },
      ),
    );
    const dialogChunk = await holdFile(page, chunkOf('VideoDialog'));
    await page.goto('/referral');
    await hydrated(page);
    expect(dialogChunk.requested()).toBe(false);
    await page.getByRole('button', { name: 'How our referral works' }).click();
    await expect.poll(() => dialogChunk.requested()).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Referral Video' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Referral Video' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(dialog.getByTestId('video-frame')).toHaveCount(0);
    // The page behind is locked, as it is once the block is live.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).toBe('hidden');
    dialogChunk.release();
    await expect(dialog.getByTestId('video-frame')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'How our referral works' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflowY)).not.toBe('hidden');
    expect(consoleProblems).toEqual([]);
  });

  test('on a touch screen a tap on the overlay closes the live dialog and gives the focus back to its opener', async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto('/referral');
    await hydrated(page);
    const opener = page.getByRole('button', { name: 'How our referral works' });
    await opener.tap();
    const dialog = page.getByRole('dialog', { name: 'Referral Video' });
    await expect(dialog.getByTestId('video-frame')).toBeVisible();
    await page.touchscreen.tap(4, 4);
    await expect(dialog).toBeHidden();
    // The tap's own mouse events come after it closed: the focus must end on the opener, not on the page.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await expect(opener).toBeFocused();
    await context.close();
    expect(errors).toEqual([]);
  });

  for (const how of ['Escape', 'Close'] as const) {
    test(`a dialog closed with ${how} before its code has arrived stays closed when the code comes`, async ({ page, consoleProblems }) => {
      await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
      const dialogChunk = await holdFile(page, chunkOf('VideoDialog'));
      await page.goto('/referral');
      await hydrated(page);
      const opener = page.getByRole('button', { name: 'How our referral works' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Referral Video' });
      await expect(dialog).toBeVisible();
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      dialogChunk.release();
      // The block is live, and nobody asked for the dialog any more.
      await expect(page.locator('[data-dialog="referral-video"]')).toHaveAttribute('data-live', '');
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await expect(dialog).toBeHidden();
      // It opens again on the next press, now by its block.
      await opener.click();
      await expect(dialog.getByTestId('video-frame')).toBeVisible();
      expect(consoleProblems).toEqual([]);
    });
  }

  test('an island whose code fails to load says "Loading chunk … failed", keeps its markup, and "Try again" brings it to life', async ({ page }) => {
    let fail = true;
    await page.route(`**/${chunkOf('Enquiry')}`, (route) => (fail ? route.abort('failed') : route.continue()));
    await page.goto('/referral');
    await hydrated(page);
    const open = page.locator('[data-block="enquiry"]').getByRole('button', { expanded: false });
    await open.click();
    await expect(page.getByRole('heading', { name: /Loading chunk enquiry failed/ })).toBeVisible();
    await expect(open).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: /Loading chunk/ })).toHaveCount(0);
    // The click held while the code was missing takes effect now.
    await expect(page.locator('[data-block="enquiry"] form')).toBeVisible();
  });
});

test.describe('in-page links work on the first click', () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`a "#id" link jumps to a plain block (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1366, height: 768 } });
      const page = await context.newPage();
      // /referral has islands (its loader listens for dialog links) and a plain FAQ block further down.
      await page.goto('/referral');
      if (javaScriptEnabled) await hydrated(page);
      const target = await page.locator('[data-block="faq"] section[id], section#faq').first().getAttribute('id');
      expect(target).toBeTruthy();
      // The markup a page author gets for an action whose href is "#<block id>" (renderer/ui/SmartLink.tsx).
      await page.locator('main').evaluate((main, id) => main.insertAdjacentHTML('afterbegin', `<a href="#${id}" id="jump">To the FAQ</a>`), target);
      await page.locator('#jump').click();
      await expect(page).toHaveURL(new RegExp(`#${target}$`));
      await expect(page.locator(`#${target}`)).toBeInViewport();
      await context.close();
    });
  }

  test('a dialog link opens its dialog on the first click', async ({ page, consoleProblems }) => {
    // The player itself is not under test: its script arrives and does nothing (an HTML answer to it is a page error).
    await page.route(/^https:\/\/www\.youtube(-nocookie)?\.com\//, (route) =>
      route.fulfill(
        route.request().url().includes('/iframe_api')
          ? { contentType: 'text/javascript', body: '' }
          : { contentType: 'text/html', body: '<!doctype html><title>player</title>' },
      ),
    );
    await page.goto('/referral');
    await hydrated(page);
    await page.getByRole('button', { name: 'How our referral works' }).click();
    await expect(page.getByRole('dialog', { name: 'Referral Video' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });
});

test('pages name speculation rules in a header, served with their type, and the CSP allows inline scripts only by hash', async ({ request }) => {
  const page = await request.get('/owner');
  const rulesPath = JSON.parse(`[${page.headers()['speculation-rules']}]`)[0] as string;
  expect(rulesPath).toMatch(/^\//);
  const csp = page.headers()['content-security-policy'];
  const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  // Each inline script of the page is allowed by its own hash.
  const html = await page.text();
  for (const code of inlineScriptsOf(html)) expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
  expect(inlineScriptsOf(html).length).toBeGreaterThan(0);
  const rules = await request.get(rulesPath);
  expect(rules.headers()['content-type']).toBe('application/speculationrules+json');
  const body = (await rules.json()) as { prefetch: { source: string; eagerness: string }[] };
  expect(body.prefetch[0].source).toBe('document');
});
