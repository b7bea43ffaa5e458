import type { Locator, Page } from '@playwright/test';
import { axeFor } from './axe.ts';
import { manifest } from './build-files.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { IAM, SHEET, stub } from './lead-api.ts';

/**
 * Issue 26, "No lead lost at the edges": the first click on submit is never lost, and a visitor whose scheduling
 * site cannot be reached is never left at a dead end.
 */

test.use({ viewport: { width: 1366, height: 900 } });

const validatorOf = (form: string) => manifest[`virtual:sitewright/forms/validator/${form}`]?.file ?? `no validator chunk for ${form}`;

/**
 * Resolves once the form's validator has arrived and React owns `field`: from then on leaving an invalid field shows
 * its message at once, which is the moment a first click on submit used to be lost.
 */
async function formLive(page: Page, form: string, field: Locator, open: () => Promise<void>) {
  const validator = page.waitForResponse((r) => r.url().endsWith(validatorOf(form)));
  await open();
  await validator;
  await expect.poll(() => field.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')))).toBe(true);
  // One frame more for React to commit the render that took the validator.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
}

/** The button's box on the page (not the viewport), so a scroll that focusing a field may cause is no movement. */
const pageBox = (button: Locator) =>
  button.evaluate((el) => {
    const r = el.getBoundingClientRect();
    let x = r.x + window.scrollX;
    let y = r.y + window.scrollY;
    for (let p = el.parentElement; p && p !== document.scrollingElement; p = p.parentElement) {
      x += p.scrollLeft;
      y += p.scrollTop;
    }
    return { x, y, width: r.width, height: r.height };
  });

const FORMS = [
  {
    name: 'contact (/contact)',
    form: 'contact',
    endpoint: `${IAM}/inquiries/contact-us`,
    scope: (page: Page) => page.locator('#contact'),
    open: async (page: Page) => {
      await page.goto('/contact');
      await hydrated(page);
      await page.locator('#contact').getByLabel('First Name').focus();
    },
    first: 'First Name',
    submit: 'Send message',
    messages: ['First Name is required.', 'Last Name is required.', 'Please enter a valid email address.', 'Please enter a message.'],
  },
  {
    name: 'waitlist (/schedule-call)',
    form: 'waitlist',
    endpoint: `${IAM}/waitlist/add`,
    scope: (page: Page) => page.locator('main'),
    open: async (page: Page) => {
      await page.goto('/schedule-call');
      await hydrated(page);
      await page.getByLabel('First name').focus();
    },
    first: 'First name',
    submit: 'Submit & Schedule a Call',
    messages: [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Target country is required',
      'Project type is required',
    ],
  },
  {
    name: 'demo lead (the demo dialog on /enterprise)',
    form: 'demo-lead',
    endpoint: `${IAM}/leads/request`,
    scope: (page: Page) => page.getByRole('dialog', { name: 'Book a demo' }),
    // The dialog puts the cursor in its first field as it opens.
    open: async (page: Page) => {
      await page.goto('/enterprise');
      await hydrated(page);
      await page.getByRole('button', { name: 'Contact Sales' }).click();
    },
    first: 'Business Name',
    submit: 'Book a demo',
    messages: ['please input business name', 'please input firstname', 'please input lastname', 'please input email', 'please input phone number'],
  },
  {
    name: 'enquiry (/referral)',
    form: 'enquiry',
    endpoint: SHEET,
    scope: (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'Still have questions?' }) }),
    // "Get in touch" opens the form with the cursor in its first field.
    open: async (page: Page) => {
      await page.goto('/referral');
      await hydrated(page);
      await page.getByRole('button', { name: 'Get in touch' }).click();
    },
    first: 'First name',
    submit: 'Submit',
    messages: ['please input firstname', 'please input lastname', 'please input email', 'please leave a message for us'],
  },
];

test.describe('the first click on submit is never lost', () => {
  for (const f of FORMS) {
    test(`${f.name}: from an empty focused field, one click shows every message and the button stays put`, async ({ page, consoleProblems }) => {
      const bodies = await stub(page, f.endpoint, { status: 201 });
      const scope = f.scope(page);
      const field = scope.getByLabel(f.first, { exact: true });
      await formLive(page, f.form, field, () => f.open(page));
      await expect(field).toBeFocused();
      await expect(field).toHaveValue('');
      await expect(scope.getByRole('alert')).toHaveCount(0);

      const button = scope.getByRole('button', { name: f.submit, exact: true });
      await button.scrollIntoViewIfNeeded();
      const before = await pageBox(button);
      await button.click();

      for (const m of f.messages) await expect(scope.getByText(m, { exact: true })).toBeVisible();
      // Submitting moves focus to the first field in error, which only a submit (not the blur alone) does.
      await expect(field).toBeFocused();
      expect(await pageBox(button)).toEqual(before);
      expect(bodies).toHaveLength(0);
      expect(consoleProblems).toEqual([]);
    });
  }
});

test.describe('privacy in reach', () => {
  for (const f of FORMS) {
    test(`${f.name}: "How we use your details" beside the submit button opens the policy in a new tab; the input stays`, async ({ page, context }) => {
      const scope = f.scope(page);
      await f.open(page);
      const field = scope.getByLabel(f.first, { exact: true });
      await field.fill('Ada');
      const button = scope.getByRole('button', { name: f.submit, exact: true });
      const link = scope.getByRole('link', { name: 'How we use your details' });
      await expect(link).toHaveAttribute('href', '/policy');
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener');
      // Beside the button: on its row, after it.
      const b = (await button.boundingBox())!;
      const l = (await link.boundingBox())!;
      expect(l.y).toBeLessThan(b.y + b.height);
      expect(l.y + l.height).toBeGreaterThan(b.y);
      expect(l.x).toBeGreaterThanOrEqual(b.x + b.width);

      const opened = context.waitForEvent('page');
      await link.click();
      const policy = await opened;
      await expect(policy).toHaveURL(/\/policy$/);
      await expect(policy.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      await expect(field).toHaveValue('Ada');
    });
  }

  test('with JavaScript off: the inline forms and the footer link to the policy as plain links', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL, viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      for (const [route, submit] of [
        ['/contact', 'Send message'],
        ['/schedule-call', 'Submit & Schedule a Call'],
      ]) {
        await page.goto(route);
        const form = page.locator('form', { has: page.getByRole('button', { name: submit }) });
        await expect(form.getByRole('link', { name: 'How we use your details' })).toHaveAttribute('href', '/policy');
      }
      const links = page.getByRole('contentinfo').getByRole('navigation', { name: 'Links' });
      await expect(links.getByRole('link')).toHaveText(['Cost Calculator', 'Contact us', 'Refer-to-earn', 'Privacy policy']);
      await links.getByRole('link', { name: 'Privacy policy' }).click();
      await expect(page).toHaveURL(/\/policy$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("the waitlist's next step never dead-ends", () => {
  /** On /schedule-call-calendly with the waitlist's details kept, as the form leaves them, on Playwright's clock. */
  async function openStep(page: Page) {
    await page.clock.install();
    await page.goto('/schedule-call');
    await page.evaluate(() =>
      sessionStorage.setItem('sitewright:store:schedule', JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' })),
    );
    await page.goto('/schedule-call-calendly');
    await hydrated(page);
    await page.clock.runFor(3_000);
    await expect(page.locator('iframe[title="Schedule a call"]')).toBeVisible();
  }

  test('the scheduling site unreachable: after 10 s the place is saved, its page opens in a new tab prefilled, and the next step is a link', async ({
    page,
    consoleProblems,
  }) => {
    // The browser resolves no host but the local server: the frame shows its error page and fires "load".
    await openStep(page);
    // The clock runs on between steps here, so the 10 s are checked to the millisecond in the block's unit test.
    const saved = page.getByText('Your place on the waitlist is saved.', { exact: false });
    await expect(saved).toHaveCount(0);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('status').filter({ hasText: 'The scheduler could not be loaded here.' })).toBeVisible();
    await expect(saved).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);

    const open = page.getByRole('link', { name: 'Open the scheduling page' });
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer');
    const href = new URL((await open.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe('https://calendly.com/buildpad/project-brief');
    expect(href.searchParams.get('name')).toBe('Ada Obi');
    expect(href.searchParams.get('email')).toBe('ada@example.com');

    const axe = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('link', { name: 'Continue without booking' }).click();
    await expect(page).toHaveURL(/\/waitlist-welcome$/);
    expect(consoleProblems).toEqual([]);
  });

  test('a scheduler that says it is up (a calendly.* message from its origin) stays', async ({ page }) => {
    await page.route('https://calendly.com/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><html><body><script>parent.postMessage({ event: 'calendly.event_type_viewed', payload: {} }, '*');</script><p>Scheduling page stub</p></body></html>`,
      }),
    );
    await openStep(page);
    await expect(page.frameLocator('iframe[title="Schedule a call"]').getByText('Scheduling page stub')).toBeVisible();
    await page.clock.runFor(20_000);
    await expect(page.locator('iframe[title="Schedule a call"]')).toBeVisible();
    await expect(page.getByText('The scheduler could not be loaded here.')).toHaveCount(0);
  });
});
