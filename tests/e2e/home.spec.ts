import type { Locator, Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';

/** The home page's sections from top to bottom (spec section 2, "Home (/)"), by their headings. */
const SECTIONS: { level: number; name: string | RegExp }[] = [
  { level: 1, name: 'Manage Your Construction Projects remotely' },
  { level: 2, name: 'Trusted by' },
  { level: 2, name: 'Live Projects' },
  { level: 2, name: 'Who is it for?' },
  { level: 2, name: /Everything you need/ },
  { level: 2, name: 'What our customers say' },
  { level: 2, name: 'Frequently asked questions' },
  { level: 2, name: /cost estimate/i },
];

const PROJECTS = ['Kacyiru Apartments', 'Maitama Private Villa', 'Jabi Lakeview Apartments', 'Katampe Heights'];

async function top(locator: Locator): Promise<number> {
  return locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
}

/** How far Swiper has moved a carousel's row, as a fraction of the carousel's width. */
async function offset(carousel: Locator): Promise<number> {
  return carousel.evaluate((region) => {
    const swiper = region.querySelector<HTMLElement>('.swiper')!;
    const wrapper = swiper.querySelector<HTMLElement>('.swiper-wrapper')!;
    const x = new DOMMatrixReadOnly(getComputedStyle(wrapper).transform).m41;
    return -x / swiper.clientWidth;
  });
}

async function openHome(page: Page) {
  await page.goto('/');
  await hydrated(page);
}

for (const vp of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`home at ${vp.width}px`, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } });

    test('shows every section in the spec order, with no console errors or hydration warnings', async ({ page, consoleProblems }) => {
      await openHome(page);
      await expect(page).toHaveTitle('home');
      const main = page.locator('main');
      const positions: number[] = [];
      for (const s of SECTIONS) {
        const heading = main.getByRole('heading', { level: s.level, name: s.name });
        await expect(heading).toHaveCount(1);
        positions.push(await top(heading));
      }
      expect(positions).toEqual([...positions].sort((a, b) => a - b));

      await expect(main.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible();
      await expect(
        main
          .getByRole('list')
          .filter({ has: page.getByRole('img', { name: 'Keel Capital' }) })
          .getByRole('img'),
      ).toHaveCount(4);
      for (const name of PROJECTS) await expect(main.getByRole('heading', { level: 3, name })).toHaveCount(1);
      for (const [persona, href] of [
        ['Project Owner', '/owner'],
        ['Developer', '/enterprise'],
        ['Contractor', '/contractor'],
      ]) {
        await expect(main.getByRole('link', { name: `Learn more about ${persona}` })).toHaveAttribute('href', href);
      }
      for (const badge of ['Project tracking', 'Bid management', 'Inventory management', 'Cost control', 'Secured capital']) {
        await expect(main.getByText(badge, { exact: true })).toBeVisible();
      }
      await expect(main.getByRole('heading', { name: 'Your project funds are 100% insured' })).toBeVisible();
      await expect(main.getByRole('link', { name: 'Ask a Question' })).toHaveAttribute('href', '/contact');
      await expect(main.getByRole('link', { name: /Get a free estimate/ })).toHaveAttribute('href', /^https:\/\/calculator\./);

      await page.evaluate(async () => {
        for (let y = 0; y <= document.body.scrollHeight; y += 400) {
          window.scrollTo(0, y);
          await new Promise((r) => requestAnimationFrame(r));
        }
      });
      expect(consoleProblems).toEqual([]);
    });

    test('the FAQ accordion opens and closes with Enter and Space', async ({ page, consoleProblems }) => {
      await openHome(page);
      const faq = page.locator('#faq');
      const questions = faq.getByRole('button');
      expect(await questions.count()).toBeGreaterThanOrEqual(5);
      const first = questions.nth(0);
      const second = questions.nth(1);
      const answer = page.locator(`#${(await first.getAttribute('aria-controls'))!}`);
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(answer).toBeHidden();

      await first.focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(answer).toBeVisible();
      await expect(answer).toHaveAttribute('role', 'region');
      await expect(faq.getByRole('region', { name: await first.innerText() })).toBeVisible();

      await page.keyboard.press('Tab');
      await expect(second).toBeFocused();
      await page.keyboard.press('Space');
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      // Items are independent: opening the second leaves the first open.
      await expect(first).toHaveAttribute('aria-expanded', 'true');

      await first.focus();
      await page.keyboard.press('Space');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(answer).toBeHidden();
      await page.keyboard.press('Enter');
      await expect(answer).toBeVisible();
      expect(consoleProblems).toEqual([]);
    });
  });
}

test.describe('carousels on large screens', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('live projects: Previous/Next move 35% per step over positions 0..3 and are disabled at the ends', async ({ page, consoleProblems }) => {
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'Live Projects' });
    await expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);
    await expect(slides.nth(0)).toHaveAttribute('aria-label', '1 of 4');
    await expect(slides.nth(3)).toHaveAttribute('aria-label', '4 of 4');
    const prev = carousel.getByRole('button', { name: 'Previous project' });
    const next = carousel.getByRole('button', { name: 'Next project' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    expect(await offset(carousel)).toBeCloseTo(0, 2);

    for (let i = 1; i <= 3; i++) {
      await next.click();
      await expect(carousel).toHaveAttribute('data-index', String(i));
      await expect.poll(() => offset(carousel)).toBeCloseTo(0.35 * i, 2);
      await expect(prev).toBeEnabled();
    }
    await expect(next).toBeDisabled();
    await expect(prev).toBeFocused();
    // The last project sits where the first one started.
    const [first, last] = [await slides.nth(0).boundingBox(), await slides.nth(3).boundingBox()];
    expect(last!.x).toBeCloseTo(first!.x + 3 * 0.35 * (await carousel.locator('.swiper').evaluate((e) => e.clientWidth)), 0);

    await prev.click();
    await expect(carousel).toHaveAttribute('data-index', '2');
    await expect.poll(() => offset(carousel)).toBeCloseTo(0.7, 2);
    await expect(next).toBeEnabled();
    await prev.click();
    await prev.click();
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect(prev).toBeDisabled();
    await expect.poll(() => offset(carousel)).toBeCloseTo(0, 2);
    expect(consoleProblems).toEqual([]);
  });

  test('testimonials: two positions 70% apart, buttons disabled at the ends', async ({ page, consoleProblems }) => {
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'What our customers say' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(2);
    const prev = carousel.getByRole('button', { name: 'Previous testimonial' });
    const next = carousel.getByRole('button', { name: 'Next testimonial' });
    await expect(prev).toBeDisabled();
    await next.click();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await expect.poll(() => offset(carousel)).toBeCloseTo(0.7, 2);
    await expect(next).toBeDisabled();
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect(carousel).toHaveAttribute('data-index', '0');
    await expect.poll(() => offset(carousel)).toBeCloseTo(0, 2);
    await expect(prev).toBeDisabled();
    expect(consoleProblems).toEqual([]);
  });

  test('dragging the row sideways moves it one project', async ({ page }) => {
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'Live Projects' });
    const card = carousel.getByRole('article', { name: PROJECTS[1] });
    await card.scrollIntoViewIfNeeded();
    // Dragging is Swiper's; its script arrives once the carousel is on screen (buttons pressed earlier are held).
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // More than half a slide, so it counts whether Swiper sees a quick flick or a slow drag.
    await page.mouse.move(box.x + box.width / 2 - 260, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    await expect(carousel).toHaveAttribute('data-index', '1');
    await expect.poll(() => offset(carousel)).toBeCloseTo(0.35, 2);
    await expect(carousel.getByRole('button', { name: 'Previous project' })).toBeEnabled();
  });

  test('the arrow keys move a carousel that is in view', async ({ page }) => {
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'Live Projects' });
    await carousel.getByRole('button', { name: 'Next project' }).focus();
    // Swiper's script (and its Keyboard module) arrives once the carousel is in view.
    await expect(carousel.locator('.swiper-initialized')).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(carousel).toHaveAttribute('data-index', '1');
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-index', '0');
  });
});

test.describe('carousels on small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('show a stacked list with no Previous/Next buttons and mobile pictures', async ({ page }) => {
    await openHome(page);
    const carousel = page.getByRole('region', { name: 'Live Projects' });
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.locator('button')).toHaveCount(2);
    for (const b of await carousel.locator('button').all()) await expect(b).toBeHidden();
    const boxes = [];
    for (const name of PROJECTS) {
      const card = carousel.getByRole('article', { name });
      await expect(card).toBeVisible();
      // Page coordinates, so scrolling between measurements does not matter.
      boxes.push(
        await card.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
        }),
      );
    }
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i].x).toBeCloseTo(boxes[0].x, 0);
      expect(boxes[i].y).toBeGreaterThan(boxes[i - 1].y + boxes[i - 1].height - 1);
    }
    expect(boxes[0].x + boxes[0].width).toBeLessThanOrEqual(390);
    const src = await carousel
      .getByRole('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/-mobile\.svg$/);
    // Dragging sideways does nothing: the list is not a slider here.
    const card = carousel.getByRole('article', { name: PROJECTS[0] });
    await card.scrollIntoViewIfNeeded();
    const box = (await card.boundingBox())!;
    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await offset(carousel)).toBeCloseTo(0, 5);
    await expect(card).toBeInViewport();
    await expect(page.getByRole('region', { name: 'What our customers say' }).getByRole('button', { name: 'Next testimonial' })).toBeHidden();
  });
});

test('the prerendered HTML carries every section and the carousel markup before any script runs', async ({ request }) => {
  const html = await (await request.get('/')).text();
  for (const name of PROJECTS) expect(html).toContain(name);
  expect(html).toContain('aria-roledescription="carousel"');
  expect(html).toContain('aria-label="4 of 4"');
  expect(html).toContain('Frequently asked questions');
  expect(html).toContain('Your project funds are 100% insured');
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  expect(main).not.toMatch(/\sstyle="/);
});

test('nothing shifts while the page loads and hydrates', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openHome(page);
  await page.evaluate(async () => {
    for (let y = 0; y <= document.body.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await page.waitForTimeout(300);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.02);
});

test('on a phone, the logo strip has its full height before its lazy logos arrive', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Hold every logo until the strip has been measured, as a slow network would.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/images/home/partner-*', async (route) => {
    await held;
    await route.continue();
  });
  await openHome(page);
  const strip = page.getByRole('region', { name: 'Trusted by' });
  const height = () => strip.evaluate((el) => el.getBoundingClientRect().height);
  const before = await height();
  release();
  await expect
    .poll(() => strip.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  // Sized by their content, the cells were empty until each logo loaded, and the strip grew by a row (CLS on /).
  expect(await height()).toBe(before);
});
