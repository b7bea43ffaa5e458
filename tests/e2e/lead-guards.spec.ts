import type { Page } from '@playwright/test';
import { axeFor } from './axe.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { IAM, record, stub, type Reply } from './lead-api.ts';

/**
 * What the forms do for the lead service's guards (issue 15): the honeypot, the Idempotency-Key, a 429, a 422's
 * field messages and a 503. The service is stubbed here (page.route answers before the server does).
 */

const CONTACT = `${IAM}/inquiries/contact-us`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const human = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello, is financing open?' };

async function openContact(page: Page) {
  await page.goto('/contact');
  await hydrated(page);
}

async function fillContact(page: Page) {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello, is financing open?');
}

async function expectContactKept(page: Page) {
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Obi');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Message')).toHaveValue('Hello, is financing open?');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
}

const send = (page: Page) => page.getByRole('button', { name: 'Send message' }).click();

test.describe('honeypot', () => {
  test('is off-screen, hidden from assistive technology, out of the tab order, and not sent when empty', async ({ page, consoleProblems }) => {
    const seen = await record(page, CONTACT, { status: 201, body: '{}' });
    await openContact(page);
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(trap).not.toBeInViewport();
    await expect(page.locator('[aria-hidden="true"]:has(> input[name="website"])')).toHaveCount(1);
    // Not hidden with display:none, which some bots recognise and skip.
    expect(await trap.evaluate((el) => getComputedStyle(el.parentElement!).display)).not.toBe('none');
    await expect(page.getByRole('textbox', { name: /leave this field empty/i })).toHaveCount(0);

    await fillContact(page);
    await page.getByLabel('Message').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();

    const axe = await axeFor(page).include('form').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await send(page);
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(seen.bodies).toEqual([human]);
    expect(consoleProblems).toEqual([]);
  });

  test('a filled honeypot is sent as "website"', async ({ page }) => {
    const bodies = await stub(page, CONTACT, { status: 201, body: '{}' });
    await openContact(page);
    await fillContact(page);
    await page.locator('input[name="website"]').fill('https://spam.example');
    await send(page);
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(bodies).toEqual([{ ...human, website: 'https://spam.example' }]);
  });

  test('every form has one: waitlist, legacy enquiry and the demo dialog', async ({ page }) => {
    await page.goto('/schedule-call');
    await hydrated(page);
    await expect(page.locator('form input[name="website"][tabindex="-1"]')).toHaveCount(1);
    await page.goto('/referral');
    await hydrated(page);
    await page.getByRole('button', { name: 'Get in touch' }).click();
    await expect(page.locator('form input[name="website"][tabindex="-1"]')).toHaveCount(1);
    await page.goto('/enterprise');
    await hydrated(page);
    await page.getByRole('button', { name: 'Contact Sales' }).click();
    await expect(page.getByRole('dialog', { name: 'Book a demo' }).locator('form input[name="website"][tabindex="-1"]')).toHaveCount(1);
  });
});

test.describe('Idempotency-Key', () => {
  test('the same input after a failure goes with the same key; after a success or a change, a fresh one', async ({ page }) => {
    const replies: Reply[] = [
      { status: 503, body: '{"message":"The database is not available"}' },
      { status: 201, body: '{"message":"Thanks"}' },
      { status: 201, body: '{}' },
    ];
    const seen = await record(page, CONTACT, () => replies.shift() ?? { status: 503, body: '{}' });
    await openContact(page);
    await fillContact(page);
    await send(page);
    await expect(page.getByRole('alert').filter({ hasText: '503' })).toBeVisible();
    await expectContactKept(page);
    await send(page);
    await expect(page.getByText('Thanks')).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await fillContact(page);
    await send(page);
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    // A failure, then a changed message: a new submission.
    await fillContact(page);
    await send(page);
    await expect(page.getByRole('alert').filter({ hasText: '503' })).toBeVisible();
    await page.getByLabel('Message').fill('Hello, is financing open to me?');
    await send(page);
    await expect.poll(() => seen.bodies.length).toBe(5);
    await expect(page.getByRole('alert').filter({ hasText: '503' })).toBeVisible();

    const [first, retry, afterSuccess, fourth, changed] = seen.keys;
    expect(first).toMatch(UUID);
    expect(retry).toBe(first);
    expect(afterSuccess).toMatch(UUID);
    expect(afterSuccess).not.toBe(first);
    expect(fourth).not.toBe(afterSuccess);
    expect(changed).toMatch(UUID);
    expect(changed).not.toBe(fourth);
  });

  test('a double click sends one request', async ({ page }) => {
    const seen = await record(page, CONTACT, { status: 201, body: '{}' });
    await openContact(page);
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).dblclick();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(seen.keys).toHaveLength(1);
    expect(seen.keys[0]).toMatch(UUID);
  });
});

test.describe('the service refuses', () => {
  test('429: how long to wait, from Retry-After; the input stays', async ({ page }) => {
    await stub(page, CONTACT, { status: 429, headers: { 'Retry-After': '30' }, body: '{"message":"Too many requests","retryAfterSeconds":30}' });
    await openContact(page);
    await fillContact(page);
    await send(page);
    await expect(page.getByRole('alert').filter({ hasText: 'several times' })).toHaveText(
      'You have sent this form several times in a short while. Please wait 30 seconds and try again.',
    );
    await expectContactKept(page);
  });

  test("429 without Retry-After: the body's retryAfterSeconds", async ({ page }) => {
    await stub(page, CONTACT, { status: 429, body: '{"message":"Too many requests","retryAfterSeconds":12}' });
    await openContact(page);
    await fillContact(page);
    await send(page);
    await expect(page.getByRole('alert').filter({ hasText: 'several times' })).toContainText('Please wait 12 seconds and try again.');
  });

  test("422: the service's message shows under the field its payload key comes from, which gets focus", async ({ page }) => {
    const errors = [{ field: 'description', message: 'Please tell us a little more.' }];
    await stub(page, CONTACT, { status: 422, body: JSON.stringify({ message: 'Some fields are not valid', errors }) });
    await openContact(page);
    await fillContact(page);
    await send(page);
    const under = page.locator('[data-field="message"]').getByText('Please tell us a little more.');
    await expect(under).toBeVisible();
    await expect(page.getByLabel('Message')).toBeFocused();
    await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/Please tell us a little more\./);
    await expect(page.getByRole('alert').filter({ hasText: '422' })).toBeVisible();
    await expectContactKept(page);
    // Changing the field takes the service's message away; the next try is the service's to judge.
    await page.getByLabel('Message').fill('Hello, is financing open for a house in Abuja?');
    await expect(under).toHaveCount(0);
  });

  test('503: the failure text, and everything typed stays', async ({ page }) => {
    await stub(page, CONTACT, { status: 503, body: '{"message":"The database is not available"}' });
    await openContact(page);
    await fillContact(page);
    await send(page);
    await expect(page.getByRole('alert').filter({ hasText: '503' })).toContainText('Your message was not sent');
    await expectContactKept(page);
  });
});
