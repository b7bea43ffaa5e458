import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures.ts';
import { leadsCli } from './leads-cli.ts';

/**
 * The four forms filled in through the page against the real lead service that `npm run serve` runs beside
 * the site (no request stubbing), each lead then found with the marketer's own command.
 */

interface Lead {
  id: string;
  form: string;
  receivedAt: string;
  payload: Record<string, unknown>;
}

/** `npm run leads -- list --json`, on the served test database (through the server's socket while it runs). */
async function storedLeads(): Promise<Lead[]> {
  const out = await leadsCli(['list', '--json']);
  return JSON.parse(out) as Lead[];
}

const leadsOf = async (email: string) => (await storedLeads()).filter((l) => l.payload.email === email);

/** A fresh address per test, so runs and parallel workers never see each other's leads. */
const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test.describe('forms store their leads in the built-in service', () => {
  test('contact: the stored request is the spec payload and the page shows the service message', async ({ page, consoleProblems }) => {
    const email = uniqueEmail('contact');
    await open(page, '/contact');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Do you work in Kigali?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
    await page.getByRole('button', { name: 'Send message' }).click();
    const res = await answer;
    expect(res.status()).toBe(201);
    const { message } = (await res.json()) as { message: string };
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');

    const leads = await leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].form).toBe('contact');
    expect(leads[0].payload).toEqual({ firstName: 'Ada', lastName: 'Obi', email, description: 'Do you work in Kigali?' });
    expect(consoleProblems).toEqual([]);
  });

  test('demo booking: the dialog thanks the visitor and the lead is stored once', async ({ page, consoleProblems }) => {
    const email = uniqueEmail('demo');
    await open(page, '/enterprise');
    await page.getByRole('button', { name: 'Contact Sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a demo' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Business Name').fill('Acme Homes');
    await dialog.getByLabel('First Name').fill('Ada');
    await dialog.getByLabel('Last Name').fill('Obi');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone Number').fill('08031234567');
    await dialog.getByRole('button', { name: 'Book a demo' }).click();
    await expect(
      page.locator('.Toastify__toast').filter({ hasText: 'Thank you for booking a demo with the sales team. We will reach out soon' }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const leads = await leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].form).toBe('demo-lead');
    expect(leads[0].payload).toEqual({ businessName: 'Acme Homes', firstName: 'Ada', lastName: 'Obi', email, phone: '08031234567' });
    expect(consoleProblems).toEqual([]);
  });

  test('waitlist: a 201 takes the visitor to the scheduler and the entry is stored as the spec sends it', async ({ page, consoleProblems }) => {
    const email = uniqueEmail('waitlist');
    await open(page, '/schedule-call');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Obi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone number').fill('306 555 0100');
    const where = page.getByRole('combobox', { name: 'Where do you want to build?' });
    await where.fill('nige');
    await page.getByRole('option', { name: 'Nigeria' }).click();
    await page.getByRole('radio', { name: 'Renovation' }).check();
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(page.locator('.Toastify__toast').filter({ hasText: 'Success' })).toBeVisible();
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);

    const leads = await leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].form).toBe('waitlist');
    // No comment was typed, so none is sent or stored; the phone is digits only with the dial code.
    expect(leads[0].payload).toEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      phoneNumber: '13065550100',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'Renovation',
    });
    expect(consoleProblems).toEqual([]);
  });

  test('legacy enquiry: thanked at the bottom centre, stored with its ISO timestamp', async ({ page, consoleProblems }) => {
    const email = uniqueEmail('enquiry');
    await open(page, '/referral');
    await page.getByRole('button', { name: 'Get in touch' }).click();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Obi');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('How are referral rewards paid?');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.Toastify__toast-container--bottom-center')).toContainText('Thank you for your message. We will reach out soon');

    const leads = await leadsOf(email);
    expect(leads).toHaveLength(1);
    expect(leads[0].form).toBe('enquiry');
    const { timestamp, ...rest } = leads[0].payload;
    expect(rest).toEqual({ firstname: 'Ada', lastname: 'Obi', email, message: 'How are referral rewards paid?' });
    expect(new Date(String(timestamp)).toISOString()).toBe(timestamp);
    expect(consoleProblems).toEqual([]);
  });

  test('a filled honeypot is answered as a success and kept as spam, out of the list unless asked for', async ({ page }) => {
    const email = uniqueEmail('bot');
    await open(page, '/contact');
    await page.getByLabel('First Name').fill('Bot');
    await page.getByLabel('Last Name').fill('Bot');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Cheap watches');
    // What a form-filling bot does: it finds every input by name, visible or not.
    await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    expect(await leadsOf(email)).toHaveLength(0);
    const spam = await leadsCli(['list', '--json', '--spam']);
    expect((JSON.parse(spam) as (Lead & { status: string })[]).filter((l) => l.payload.email === email).map((l) => l.status)).toEqual(['spam']);
  });
});
