import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { htmlOf, inlineScriptsOf, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';

/**
 * The carousels, the hidden login and /doctor before React: each first outcome comes from the prerendered HTML, the
 * platform (scroll snap) and the block's own script in the page's shell, with the framework chunk and the islands
 * loader held back; once released, React takes over from what is on screen and everything still works.
 */

const FRAMEWORK = Object.entries(manifest).find(([key]) => /^_framework-/.test(key))?.[1].file ?? '';
const LOADER = inlineScriptsOf(htmlOf('/'))[0]?.match(/\/(assets\/islands-loader-[0-9a-f]+\.js)/)?.[1] ?? '';
const IAM = '**/api/v1';

/** Holds React and the islands loader back; `asked()` says whether either was requested. */
async function holdReact(page: Page) {
  const framework = await holdFile(page, FRAMEWORK);
  const loader = await holdFile(page, LOADER);
  return {
    asked: () => framework.requested() || loader.requested(),
    release: () => {
      loader.release();
      framework.release();
    },
  };
}

/** The live-projects track: where it rests, in slides, and how wide a slide is. */
async function track(page: Page): Promise<{ at: number; slide: number; left: number }> {
  return page
    .getByRole('region', { name: 'Live Projects' })
    .locator('.swiper-wrapper')
    .evaluate((el) => {
      const slide = (el.firstElementChild as HTMLElement).offsetWidth;
      return { at: el.scrollLeft / slide, slide, left: el.scrollLeft };
    });
}

/** How far Swiper has moved the row (once it owns it), as a fraction of the carousel's width. */
async function swiperOffset(page: Page): Promise<number> {
  return page
    .getByRole('region', { name: 'Live Projects' })
    .locator('.swiper')
    .evaluate((swiper) => -new DOMMatrixReadOnly(getComputedStyle(swiper.firstElementChild!).transform).m41 / swiper.clientWidth);
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('the carousel moves by Next, Previous and a swipe with React held back, and Swiper takes over from there', async ({ page, consoleProblems }) => {
    const react = await holdReact(page);
    await page.goto('/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(react.asked()).toBe(false);

    const carousel = page.getByRole('region', { name: 'Live Projects' });
    await carousel.scrollIntoViewIfNeeded();
    const prev = carousel.getByRole('button', { name: 'Previous project' });
    const next = carousel.getByRole('button', { name: 'Next project' });
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await expect.poll(async () => (await track(page)).at).toBeCloseTo(1, 2);
    await expect(prev).toBeEnabled();
    await next.click();
    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '3');
    await expect.poll(async () => (await track(page)).at).toBeCloseTo(3, 2);
    await expect(next).toBeDisabled();
    await expect(prev).toBeFocused();

    // A sideways wheel (a trackpad swipe) scrolls the track itself; it comes to rest on a slide.
    const box = (await carousel.locator('.swiper').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(-(await track(page)).slide * 1.3, 0);
    await expect.poll(async () => (await track(page)).at, { timeout: 5_000 }).toBeCloseTo(2, 1);
    await expect(carousel).toHaveAttribute('data-index', '2');
    await expect(next).toBeEnabled();

    // Nothing of React's ran meanwhile: the row is still the scrolling track.
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(0);
    react.release();
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
    // Swiper starts where the track rested, and moves on from there.
    await expect.poll(() => swiperOffset(page)).toBeCloseTo(0.7, 2);
    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '3');
    await expect.poll(() => swiperOffset(page)).toBeCloseTo(1.05, 2);
    expect(consoleProblems.filter((p) => !/ERR_|Failed to load/.test(p))).toEqual([]);
  });

  test('the carousel as a scroll track has no WCAG 2.2 AA violations', async ({ page }) => {
    const react = await holdReact(page);
    await page.goto('/');
    await hydrated(page);
    await page.getByRole('region', { name: 'Live Projects' }).scrollIntoViewIfNeeded();
    const results = await new AxeBuilder({ page })
      .include('[data-block="liveProjects"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    react.release();
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the home page asks for no framework and no islands loader before any interaction', async ({ page }) => {
      const react = await holdReact(page);
      await page.goto('/');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(react.asked()).toBe(false);
      react.release();
    });

    test('the hidden login: typed and Enter before React gives its outcome once React is here, and the password goes nowhere', async ({
      page,
      consoleProblems,
    }) => {
      const react = await holdReact(page);
      const sent: string[] = [];
      page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
      await page.goto('/admin-login');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(react.asked()).toBe(false);
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
      await page.getByLabel('Email').fill('preview@buildpad.example');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByLabel('Password').press('Enter');
      // Held, not sent: the page stays, and no request carries the password.
      await expect.poll(() => react.asked()).toBe(true);
      await expect(page.getByRole('alert')).toHaveCount(0);
      react.release();
      // This build configures no gate: every entry is wrong.
      await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
      await expect(page).toHaveURL(/\/admin-login$/);
      expect(sent.filter((s) => s.includes('not-the-password'))).toEqual([]);
      expect(consoleProblems).toEqual([]);
    });

    test('/doctor shows its identity-service check with React held back; "Check again" works once it is here', async ({ page, consoleProblems }) => {
      await page.route(IAM, (route) => route.fulfill({ status: 204, body: '', headers: { 'access-control-allow-origin': '*' } }));
      const react = await holdReact(page);
      await page.goto('/doctor');
      await hydrated(page);
      await expect(page.getByTestId('iam-status')).toHaveText('reachable (status 204)');
      await expect(page.getByRole('button', { name: 'Check again' })).not.toHaveAttribute('aria-busy', 'true');
      await page.waitForLoadState('networkidle');
      expect(react.asked()).toBe(false);

      await page.unroute(IAM);
      await page.route(IAM, (route) => route.fulfill({ status: 200, body: '{}', headers: { 'access-control-allow-origin': '*' } }));
      const again = page.getByRole('button', { name: 'Check again' });
      await again.click();
      await expect.poll(() => react.asked()).toBe(true);
      react.release();
      await expect(page.getByTestId('iam-status')).toHaveText('reachable (status 200)');
      expect(consoleProblems).toEqual([]);
    });
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });

  test('the hidden login cannot be sent, /doctor says "checking…", and every project can be scrolled to', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await page.goto('/doctor');
    await expect(page.getByTestId('iam-status')).toHaveText('checking…');
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Live Projects' });
    await carousel.scrollIntoViewIfNeeded();
    await carousel.locator('.swiper-wrapper').evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: 'instant' }));
    await expect(carousel.getByRole('article', { name: 'Katampe Heights' })).toBeInViewport();
  });
});
