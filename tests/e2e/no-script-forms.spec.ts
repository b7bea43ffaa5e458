import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { leadsCli } from './leads-cli.ts';

/**
 * Every form stores its lead without JavaScript, and when its island's code does not arrive: the browser posts the
 * form itself to the lead service, which checks it with the same form file and answers with a page of the site (the
 * form with what was typed and a message under each field in error, or its success and next step). Against the real
 * service, no stubs.
 */

interface Lead {
  form: string;
  payload: Record<string, unknown>;
}

async function leadsOf(email: string): Promise<Lead[]> {
  const out = await leadsCli(['list', '--json']);
  return (JSON.parse(out) as Lead[]).filter((l) => l.payload.email === email);
}

const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Clicks submit and waits for the page the service answers with. */
async function send(page: Page, button: string): Promise<number> {
  const [res] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]);
  return res?.status() ?? 0;
}

interface Case {
  form: string;
  path: string;
  button: string;
  /** Fills the form wrongly (one mistake kept: `kept` in the field labelled `keptIn`), and what is said under which field. */
  wrong: (page: Page) => Promise<void>;
  messages: [label: string, message: string][];
  kept: [label: string, value: string];
  firstWrong: string;
  right: (page: Page, email: string) => Promise<void>;
  stored: (email: string) => Record<string, unknown>;
  success: (page: Page, email: string, javaScript: boolean) => Promise<void>;
}

const CASES: Case[] = [
  {
    form: 'contact',
    path: '/contact',
    button: 'Send message',
    wrong: async (page) => {
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Email').fill('ada@example');
    },
    messages: [
      ['Last Name', 'Last Name is required.'],
      ['Email', 'Please enter a valid email address.'],
      ['Message', 'Please enter a message.'],
    ],
    kept: ['First Name', 'Ada'],
    firstWrong: 'Last Name',
    right: async (page, email) => {
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Obi');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Message').fill('Do you work in Kigali?');
    },
    stored: (email) => ({ firstName: 'Ada', lastName: 'Obi', email, description: 'Do you work in Kigali?' }),
    success: async (page) => {
      await expect(page.getByText('Message sent successfully!')).toBeVisible();
      await expect(page.getByLabel('First Name')).toHaveValue('');
    },
  },
  {
    form: 'waitlist',
    path: '/schedule-call',
    button: 'Submit & Schedule a Call',
    wrong: async (page) => {
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Email').fill('not an email');
      await page.getByLabel('Phone number').fill('abc');
    },
    messages: [
      ['Last name', 'Last name is required'],
      ['Email', 'Invalid email'],
      ['Phone number', 'Phone number can only hold digits, spaces, dashes and brackets'],
      ['Where do you want to build?', 'Target country is required'],
    ],
    kept: ['First name', 'Ada'],
    firstWrong: 'Last name',
    right: async (page, email) => {
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Obi');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone number').fill('306 555 0100');
      await page.getByLabel('Where do you want to build?').fill('Nigeria');
      await page.getByLabel('New Build').check();
    },
    stored: (email) => ({
      firstName: 'Ada',
      lastName: 'Obi',
      email,
      phoneNumber: '13065550100',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
    }),
    success: async (page, email, javaScript) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule your call');
      if (javaScript) {
        // The step's own code runs: it has the details the form would have stored, to fill the scheduler in.
        const stored = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('sitewright:store:schedule') ?? '{}') as unknown);
        await expect.poll(stored).toMatchObject({ firstName: 'Ada', lastName: 'Obi', email });
        return;
      }
      // Without JavaScript its way on is the scheduling page, filled in with name and e-mail, or the next page.
      const book = page.getByRole('link', { name: 'Open the scheduling page' });
      await expect(book).toHaveAttribute('href', /name=Ada%20Obi/);
      await expect(book).toHaveAttribute('href', new RegExp(`email=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
      await expect(page.getByRole('link', { name: 'Continue without booking' })).toHaveAttribute('href', '/waitlist-welcome');
      // Nothing is loading: no spinner says so, and none is drawn over the two links.
      await expect(page.getByRole('status').filter({ hasText: 'Loading the scheduler' })).toBeHidden();
    },
  },
  {
    form: 'demo-lead',
    path: '/book-a-demo',
    button: 'Book a demo',
    wrong: async (page) => {
      await page.getByLabel('Business Name').fill('B');
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Phone Number').fill('call me pls');
    },
    messages: [
      ['Business Name', 'business name cannot be less than two characters'],
      ['Last Name', 'please input lastname'],
      ['Email', 'please input email'],
      ['Phone Number', 'phone must be at least nine digits, with only spaces, dashes and brackets between them'],
    ],
    kept: ['First Name', 'Grace'],
    firstWrong: 'Business Name',
    right: async (page, email) => {
      await page.getByLabel('Business Name').fill('Navy Yard');
      await page.getByLabel('First Name').fill('Grace');
      await page.getByLabel('Last Name').fill('Hopper');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Phone Number').fill('+234 803 123 4567');
    },
    stored: (email) => ({ businessName: 'Navy Yard', firstName: 'Grace', lastName: 'Hopper', email, phone: '+234 803 123 4567' }),
    success: async (page) => {
      await expect(page.getByText('Thank you for booking a demo with the sales team. We will reach out soon')).toBeVisible();
    },
  },
  {
    form: 'enquiry',
    path: '/enquiry',
    button: 'Submit',
    wrong: async (page) => {
      await page.getByLabel('First name').fill('Chinua');
      await page.getByLabel('Message').fill('Hi');
    },
    messages: [
      ['Last name', 'please input lastname'],
      ['Email', 'please input email'],
      ['Message', 'message cannot be less than seven characters'],
    ],
    kept: ['First name', 'Chinua'],
    firstWrong: 'Last name',
    right: async (page, email) => {
      await page.getByLabel('First name').fill('Chinua');
      await page.getByLabel('Last name').fill('Achebe');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Message').fill('How do referrals pay out?');
    },
    stored: (email) => ({ firstname: 'Chinua', lastname: 'Achebe', email, message: 'How do referrals pay out?' }),
    success: async (page) => {
      await expect(page.getByText('Thank you for your message. We will reach out soon')).toBeVisible();
    },
  },
];

/** The way the page is sent without its form's code: JavaScript off, or on with the island's chunks refused. */
const WAYS = [
  { name: 'JavaScript off', javaScriptEnabled: false, block: false },
  { name: 'the form island’s code blocked', javaScriptEnabled: true, block: true },
] as const;

for (const way of WAYS) {
  test.describe(`forms with ${way.name}`, () => {
    test.use({ javaScriptEnabled: way.javaScriptEnabled });

    for (const c of CASES) {
      test(`${c.form}: a mistake comes back under its field with what was typed; a right one is stored once and answered`, async ({
        page,
        consoleProblems,
      }) => {
        if (way.block) {
          // The form engine and the blocks that show a form: what the island needs to come alive.
          await page.route(/\/assets\/(FormRenderer|FormEngine|Form|FormDialog|Enquiry)-[\w-]+\.js$/, (route) => route.abort('internetdisconnected'));
        }
        await page.goto(c.path);
        await c.wrong(page);
        expect(await send(page, c.button)).toBe(422);
        for (const [label, message] of c.messages) {
          const field = page.getByLabel(label, { exact: true }).first();
          // The message is the field's description (an icon may come before it).
          await expect(field).toHaveAccessibleDescription(new RegExp(`${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
          await expect(page.getByText(message, { exact: true })).toBeVisible();
        }
        await expect(page.getByLabel(c.kept[0], { exact: true })).toHaveValue(c.kept[1]);
        await expect(page.getByLabel(c.firstWrong, { exact: true })).toBeFocused();

        const email = uniqueEmail(`${c.form}-${way.block ? 'blocked' : 'off'}`);
        await c.right(page, email);
        expect(await send(page, c.button)).toBe(200);
        await c.success(page, email, way.javaScriptEnabled);
        const leads = await leadsOf(email);
        expect(leads).toHaveLength(1);
        expect(leads[0]!.form).toBe(c.form);
        // The enquiry's time of sending is made by the page, or by the service for a form posted without JavaScript.
        const { timestamp, ...payload } = leads[0]!.payload;
        expect(payload).toEqual(c.stored(email));
        if (c.form === 'enquiry') expect(new Date(String(timestamp)).getTime()).toBeGreaterThan(Date.now() - 60_000);
        // The answer pages hydrate what the service rendered, without a mismatch.
        expect(consoleProblems.filter((p) => /hydrat|did not match/i.test(p))).toEqual([]);
      });
    }
  });
}

test.describe('phones the rules refuse', () => {
  test('the service refuses them with the form file’s message, as the browser does', async ({ request, baseURL }) => {
    const person = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', businessName: 'Navy Yard' };
    for (const phone of ['abcdefghij', 'call me pls']) {
      const res = await request.post('/api/v1/leads/request', { data: { ...person, phone }, headers: { origin: baseURL! } });
      expect(res.status()).toBe(422);
      expect(await res.json()).toMatchObject({
        errors: [{ field: 'phone', message: 'phone must be at least nine digits, with only spaces, dashes and brackets between them' }],
      });
    }
    const waitlist = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: 'abc',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
    };
    const res = await request.post('/api/v1/waitlist/add', { data: waitlist, headers: { origin: baseURL! } });
    expect(res.status()).toBe(422);
    expect(await res.json()).toMatchObject({ errors: [{ field: 'phoneNumber', message: 'Phone number can only hold digits, spaces, dashes and brackets' }] });
  });

  test('the browser refuses them under the field, and sends nothing', async ({ page }) => {
    const sent: string[] = [];
    // The page's own visit-counting beacons (the page view, the form start) are not the form's sending.
    page.on('request', (r) => r.method() === 'POST' && !r.url().endsWith('/api/v1/events') && sent.push(r.url()));
    await page.goto('/schedule-call');
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Obi');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Phone number').fill('abc');
    await page.getByLabel('Where do you want to build?').fill('Nigeria');
    await page.getByLabel('Where do you want to build?').press('Enter');
    await page.getByLabel('New Build').check();
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(page.getByText('Phone number can only hold digits, spaces, dashes and brackets')).toBeVisible();
    expect(sent).toEqual([]);
  });
});
