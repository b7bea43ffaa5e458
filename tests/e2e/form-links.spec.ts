import type { Page, Route } from '@playwright/test';
import { manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';

/**
 * Issue 26, point 1: every form can be reached and sent without JavaScript, and when its island's code does not
 * arrive. The demo dialog's triggers and the enquiry's "Get in touch" are links to a page with the same form
 * (/book-a-demo, /enquiry), which script turns into buttons (renderer/ui/SmartLink.tsx, blocks/Enquiry/); a
 * submit held for an island whose code failed is sent by the browser itself (renderer/islands/defer.ts).
 */

const chunkOf = (folder: string) => manifest[`blocks/${folder}/index.tsx`].file;

async function expectDemoForm(page: Page) {
  await expect(page).toHaveURL(/\/book-a-demo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a demo with our sales team' })).toBeVisible();
  for (const field of ['Business Name', 'First Name', 'Last Name', 'Email', 'Phone Number']) await expect(page.getByLabel(field)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book a demo' })).toBeVisible();
}

async function expectEnquiryForm(page: Page) {
  await expect(page).toHaveURL(/\/enquiry$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Still have questions?' })).toBeVisible();
  for (const field of ['First name', 'Last name', 'Email', 'Message']) await expect(page.getByLabel(field)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
}

test.describe('without JavaScript the demo and enquiry forms are a link away', () => {
  test.use({ javaScriptEnabled: false });

  test('"Contact Sales" on /enterprise leads to /book-a-demo', async ({ page }) => {
    await page.goto('/enterprise');
    await page.locator('main').getByRole('link', { name: 'Contact Sales' }).click();
    await expectDemoForm(page);
  });

  test('a chosen plan\'s "Contact Us" on /pricing/enterprise leads to /book-a-demo', async ({ page }) => {
    await page.goto('/pricing/enterprise');
    const main = page.locator('main');
    // No plan is chosen yet, so there is no Contact Us; the browser checks the radio by itself.
    await expect(main.getByRole('link', { name: 'Contact Us', exact: true })).toHaveCount(0);
    await page.getByText('Choose Enterprise').click();
    await expect(page.getByRole('radio', { name: 'Choose Enterprise' })).toBeChecked();
    const contact = page.getByRole('article', { name: 'Enterprise' }).getByRole('link', { name: 'Contact Us', exact: true });
    await expect(contact).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contact Us', exact: true })).toHaveCount(1);
    await contact.click();
    await expectDemoForm(page);
  });

  test('"Get in touch" on /referral leads to /enquiry', async ({ page }) => {
    await page.goto('/referral');
    await page.getByRole('link', { name: 'Get in touch' }).click();
    await expectEnquiryForm(page);
  });
});

test.describe('with JavaScript the same links are buttons', () => {
  test('"Contact Sales" opens the dialog on a click, Space and Enter; a modified click opens its page in a new tab', async ({
    page,
    context,
    consoleProblems,
  }) => {
    await page.goto('/enterprise');
    await hydrated(page);
    const contact = page.locator('main').getByRole('button', { name: 'Contact Sales' });
    await expect(contact).toHaveAttribute('href', '/book-a-demo');
    const dialog = page.getByRole('dialog', { name: 'Book a demo' });

    await contact.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(contact).toBeFocused();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Business Name')).toBeFocused();
    // Space pressed the button: it neither scrolled the page nor typed into the field that took the focus.
    await expect(dialog.getByLabel('Business Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(contact).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/enterprise$/);

    const opened = context.waitForEvent('page');
    await contact.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/book-a-demo$/);
    await expect(dialog).toBeHidden();
    await tab.close();
    expect(consoleProblems).toEqual([]);
  });

  test('"Contact Sales" pressed before the islands loader has arrived opens the dialog once it has', async ({ page, consoleProblems }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    let requested = false;
    await page.route(/\/assets\/islands-loader-[0-9a-f]+\.js$/, async (route: Route) => {
      requested = true;
      await released;
      await route.fallback();
    });
    await page.goto('/enterprise');
    // The shell has made the link a button already, and keeps the click.
    const contact = page.locator('main').getByRole('button', { name: 'Contact Sales' });
    await expect(contact).toHaveAttribute('href', '/book-a-demo');
    // The loader is asked for on the visitor's intent (the pointer reaching the button), not before.
    expect(requested).toBe(false);
    await contact.click();
    await expect.poll(() => requested).toBe(true);
    await expect(page).toHaveURL(/\/enterprise$/);
    release();
    await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('a chosen plan\'s "Contact Us" opens the dialog on Space, a modified click opens its page, and the plans hydrate without a warning', async ({
    page,
    context,
    consoleProblems,
  }) => {
    await page.goto('/pricing/enterprise');
    await hydrated(page);
    await page.getByText('Choose Pro').click();
    // Rendered by the plans' island once a plan is chosen: the link's button behaviour is the component's own.
    const contact = page.getByRole('article', { name: 'Pro' }).getByRole('button', { name: 'Contact Us', exact: true });
    await expect(contact).toHaveAttribute('href', '/book-a-demo');
    const dialog = page.getByRole('dialog', { name: 'Book a demo' });
    const opened = context.waitForEvent('page');
    await contact.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/book-a-demo$/);
    await tab.close();
    await expect(dialog).toBeHidden();
    await contact.focus();
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/pricing\/enterprise$/);
    expect(consoleProblems).toEqual([]);
  });

  test('"Get in touch": the first click on the prerendered link expands the form in place', async ({ page, consoleProblems }) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((r) => (release = r));
    await page.route(`**/${chunkOf('Enquiry')}`, async (route) => {
      await released;
      await route.fallback();
    });
    await page.goto('/referral');
    await hydrated(page);
    const section = page.locator('[data-block="enquiry"]');
    // Still the prerendered link, which the shell has made a collapsed disclosure button.
    const link = section.locator('a[href="/enquiry"]');
    await expect(link).toHaveAttribute('role', 'button');
    await expect(link).toHaveAttribute('aria-expanded', 'false');
    await link.click();
    await expect(page).toHaveURL(/\/referral$/);
    release();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page).toHaveURL(/\/referral$/);
    await expect(section.locator('a[href="/enquiry"]')).toHaveCount(0);
    expect(consoleProblems).toEqual([]);
  });

  test('"Get in touch" pressed while its island comes alive: the press that began on the link still expands the form', async ({ page, consoleProblems }) => {
    const { release } = await holdFile(page, chunkOf('Enquiry'));
    await page.goto('/referral');
    await hydrated(page);
    const section = page.locator('[data-block="enquiry"]');
    const link = section.locator('a[href="/enquiry"]');
    await link.scrollIntoViewIfNeeded();
    const box = (await link.boundingBox())!;
    // A slow tap: the button goes down on the link, the block's code arrives and hydrates, then the button comes up.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    // The block is live (hydrated) while the button is still down.
    await expect(section).toHaveAttribute('data-live', '');
    await page.mouse.up();
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page).toHaveURL(/\/referral$/);
    expect(consoleProblems).toEqual([]);
  });

  test('"Get in touch" from the keyboard: the focused link becomes the button, which Space and Enter press', async ({ page, consoleProblems }) => {
    await page.goto('/referral');
    await hydrated(page);
    const section = page.locator('[data-block="enquiry"]');
    await section.locator('a[href="/enquiry"]').focus();
    // Focus wakes the island; the real button takes the link's place and keeps the focus.
    const button = section.locator('button', { hasText: 'Get in touch' });
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('First name')).toBeFocused();
    await section.getByRole('button', { name: 'Close' }).click();
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('First name')).toBeFocused();
    await expect(page).toHaveURL(/\/referral$/);
    expect(consoleProblems).toEqual([]);
  });
});

test.describe("when an island's code does not arrive", () => {
  /**
   * Answers the browser's own POST of a form, wherever its action points (the lead service's answer page is not
   * under test here).
   */
  async function catchNativePost(page: Page): Promise<{ bodies: URLSearchParams[] }> {
    const bodies: URLSearchParams[] = [];
    await page.route('**/*', (route) => {
      const request = route.request();
      if (request.method() !== 'POST' || !request.isNavigationRequest()) return route.fallback();
      bodies.push(new URLSearchParams(request.postData() ?? ''));
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><html lang="en"><title>Received</title><h1>Received</h1></html>' });
    });
    return { bodies };
  }

  async function fillContact(page: Page) {
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Where do I see my invoices?');
  }

  const TYPED = ['Ada', 'Obi', 'ada@example.com', 'Where do I see my invoices?'];

  test('a contact form submitted while its code was on the way is posted by the browser once that code fails', async ({ page }) => {
    let fail: () => void = () => undefined;
    const failed = new Promise<void>((r) => (fail = r));
    await page.route(`**/${chunkOf('ContactInfo')}`, async (route) => {
      await failed;
      await route.abort('failed');
    });
    const { bodies } = await catchNativePost(page);
    await page.goto('/contact');
    await hydrated(page);
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    // Held: the island may still come alive and send it itself.
    await expect(page).toHaveURL(/\/contact$/);
    expect(bodies).toEqual([]);
    fail();
    await expect(page).toHaveTitle('Received');
    expect(bodies).toHaveLength(1);
    expect([...bodies[0].values()]).toEqual(expect.arrayContaining(TYPED));
  });

  test('a contact form whose code has failed is posted by the browser, with what was typed', async ({ page }) => {
    await page.route(`**/${chunkOf('ContactInfo')}`, (route) => route.abort('failed'));
    const { bodies } = await catchNativePost(page);
    await page.goto('/contact');
    await hydrated(page);
    await fillContact(page);
    await expect(page.getByRole('heading', { name: /Loading chunk .* failed/ })).toBeVisible();
    // The prerendered form and what was typed are still there.
    await expect(page.getByLabel('First Name')).toHaveValue('Ada');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page).toHaveTitle('Received');
    expect(bodies).toHaveLength(1);
    expect([...bodies[0].values()]).toEqual(expect.arrayContaining(TYPED));
  });

  test('"Contact Sales" leads to /book-a-demo when the dialog\'s code fails', async ({ page }) => {
    await page.route(`**/${chunkOf('FormDialog')}`, (route) => route.abort('failed'));
    await page.goto('/enterprise');
    await hydrated(page);
    await page.locator('main').getByRole('button', { name: 'Contact Sales' }).click();
    await expectDemoForm(page);
  });

  test('a dialog\'s form whose engine did not arrive has a "Try again" that fetches it again and shows the form', async ({ page }) => {
    // The form engine is a chunk the dialog imports once it opens; the browser must not keep its failure.
    const engine = manifest['renderer/forms/FormRenderer.tsx'].file;
    let asked = 0;
    await page.route(`**/${engine}`, (route) => (asked++ === 0 ? route.abort('failed') : route.fallback()));
    await page.goto('/enterprise');
    await hydrated(page);
    await page.locator('main').getByRole('button', { name: 'Contact Sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a demo' });
    await expect(dialog.getByRole('heading', { name: 'Loading chunk form failed' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByLabel('Business Name')).toBeVisible();
    // Asked for again (once fetched whole, once more by the import: a routed page has no HTTP cache).
    expect(asked).toBeGreaterThan(1);
  });

  test('"Get in touch" leads to /enquiry once the enquiry\'s code has failed', async ({ page }) => {
    await page.route(`**/${chunkOf('Enquiry')}`, (route) => route.abort('failed'));
    await page.goto('/referral');
    await hydrated(page);
    const opener = page.locator('[data-block="enquiry"]').getByRole('button', { name: 'Get in touch' });
    await opener.click();
    await expect(page.getByRole('heading', { name: /Loading chunk enquiry failed/ })).toBeVisible();
    // The first click waits for "Try again"; the next one is the link's.
    await opener.click();
    await expectEnquiryForm(page);
  });
});
