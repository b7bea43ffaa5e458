import type { Page } from '@playwright/test';
import { axeFor } from './axe.ts';
import { test, expect, hydrated } from './fixtures.ts';
import { CORS, IAM, SHEET, stub, type Reply } from './lead-api.ts';

/**
 * The four forms against stubs of the identity service, the spreadsheet endpoint and the scheduler, under the
 * production CSP. Time-outs and the scheduler's 3 s / 4 s waits run on Playwright's clock, never on real waits.
 */

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });

// ---------------------------------------------------------------- waitlist

async function fillWaitlist(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Phone number').fill('306 555 0100');
  const where = page.getByRole('combobox', { name: 'Where do you want to build?' });
  await where.fill('nige');
  await page.getByRole('option', { name: 'Nigeria' }).click();
  await expect(where).toHaveValue('Nigeria');
  await page.getByRole('radio', { name: 'New Build' }).check();
  await page.getByLabel('Comment (optional)').fill('A four-bedroom house in Abuja');
}

async function expectWaitlistKept(page: Page) {
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Phone number')).toHaveValue('306 555 0100');
  await expect(page.getByRole('combobox', { name: 'Where do you want to build?' })).toHaveValue('Nigeria');
  await expect(page.getByRole('radio', { name: 'New Build' })).toBeChecked();
  await expect(page.getByLabel('Comment (optional)')).toHaveValue('A four-bedroom house in Abuja');
  await expect(page).toHaveURL(/\/schedule-call$/);
}

test.describe('waitlist form (/schedule-call)', () => {
  test('messages show once a field is touched; submitting shows all and focuses the first', async ({ page, consoleProblems }) => {
    const bodies = await stub(page, `${IAM}/waitlist/add`, { status: 201 });
    await open(page, '/schedule-call');
    await expect(page.getByRole('button', { name: 'Submit & Schedule a Call' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('CA +1');
    await expect(page.getByRole('alert')).toHaveCount(0);

    const email = page.getByLabel('Email');
    await email.fill('ada@');
    await expect(page.getByText('Invalid email')).toHaveCount(0);
    await email.blur();
    await expect(page.getByText('Invalid email')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText('Invalid email');
    await email.fill('');
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('First name is required')).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    for (const m of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Target country is required',
      'Project type is required',
    ]) {
      await expect(page.getByText(m, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First name')).toBeFocused();
    expect(bodies).toHaveLength(0);
    expect(consoleProblems).toEqual([]);
  });

  test('posts the spec payload once, says Success and goes to the scheduler', async ({ page, consoleProblems }) => {
    let answer = 0;
    const bodies = await stub(page, `${IAM}/waitlist/add`, () => (answer++ === 0 ? { status: 201, body: '{"message":"created"}' } : { status: 500 }));
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    const button = page.getByRole('button', { name: 'Submit & Schedule a Call' });
    await button.dblclick();
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
    await expect(toast(page, 'Success')).toBeVisible();
    expect(bodies).toEqual([
      {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        phoneNumber: '13065550100',
        residentCountry: 'Canada',
        buildCountry: 'Nigeria',
        purpose: 'New Build',
        comment: 'A four-bedroom house in Abuja',
      },
    ]);
    expect(consoleProblems).toEqual([]);
  });

  test('leaves the comment out when none is given and sends the picked dial-code country', async ({ page }) => {
    const bodies = await stub(page, `${IAM}/waitlist/add`, { status: 201 });
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    await page.getByLabel('Comment (optional)').fill('');
    const dial = page.getByRole('combobox', { name: 'Country code' });
    await dial.fill('united kingdom');
    await dial.press('ArrowDown');
    await dial.press('Enter');
    await expect(dial).toHaveValue('GB +44');
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
    expect(bodies[0]).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '443065550100',
      residentCountry: 'United Kingdom',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
    });
  });

  test('a non-201 answer shows its message; the input stays', async ({ page }) => {
    await stub(page, `${IAM}/waitlist/add`, { status: 200, body: '{"message":"This email is already on the waitlist"}' });
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(toast(page, 'Error submitting form: This email is already on the waitlist')).toBeVisible();
    await expectWaitlistKept(page);
  });

  test('an error status shows the response error field; the input stays', async ({ page }) => {
    await stub(page, `${IAM}/waitlist/add`, { status: 400, body: '{"error":"phoneNumber is invalid"}' });
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(toast(page, 'Error submitting form: phoneNumber is invalid')).toBeVisible();
    await expectWaitlistKept(page);
  });

  test('a network failure shows the failure message; the input stays', async ({ page }) => {
    await stub(page, `${IAM}/waitlist/add`, 'abort');
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(toast(page, /^Error submitting form: we could not reach the server/)).toBeVisible();
    await expectWaitlistKept(page);
  });

  test('a request still unanswered after 15 s is stopped with a clear message', async ({ page }) => {
    await page.clock.install();
    await stub(page, `${IAM}/waitlist/add`, 'hang');
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    // The clock stands still from before the request starts, so only runFor moves it: on a busy machine the real
    // seconds spent between steps would otherwise count towards the 15 s.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(page.getByRole('button', { name: 'Submit & Schedule a Call' })).toHaveAttribute('aria-busy', 'true');
    await page.clock.runFor(14_500);
    await expect(toast(page, /took longer/)).toHaveCount(0);
    await page.clock.runFor(500);
    await expect(toast(page, 'Error submitting form: the server took longer than 15 seconds to answer, so we stopped waiting')).toBeVisible();
    await expectWaitlistKept(page);
  });
});

// ---------------------------------------------------------------- scheduler

const SCHEDULER_STUB = `<!doctype html><html><body>
<p>Scheduling page stub</p>
<button id="book" type="button">Confirm booking</button>
<script>
document.getElementById('book').addEventListener('click', function () {
  parent.postMessage({ event: 'calendly.event_scheduled', payload: { event: { uri: 'stub' } } }, '*');
});
</script></body></html>`;

test.describe('scheduler step (/schedule-call-calendly)', () => {
  test('without stored details: spinner, then the scheduler unfilled, and a link to the waitlist form', async ({ page }) => {
    await page.clock.install();
    await page.route('https://calendly.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: SCHEDULER_STUB }));
    await open(page, '/schedule-call-calendly');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the scheduler' })).toBeVisible();
    await page.clock.runFor(3_000);
    const frame = page.locator('iframe[title="Schedule a call"]');
    await expect(frame).toBeVisible();
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.searchParams.get('email')).toBeNull();
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
    await page.getByRole('link', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(/\/schedule-call$/);
    await expect(page.getByRole('button', { name: 'Submit & Schedule a Call' })).toBeVisible();
  });

  test('waitlist → scheduler (prefilled) → booked → /waitlist-welcome exactly 4 s later', async ({ page, consoleProblems }) => {
    await page.clock.install();
    await stub(page, `${IAM}/waitlist/add`, { status: 201 });
    await page.route('https://calendly.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: SCHEDULER_STUB }));
    await open(page, '/schedule-call');
    await fillWaitlist(page);
    await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the scheduler' })).toBeVisible();
    await page.clock.fastForward(3_000);
    const frame = page.locator('iframe[title="Schedule a call"]');
    await expect(frame).toBeVisible();
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin + src.pathname).toBe('https://calendly.com/buildpad/project-brief');
    expect(src.searchParams.get('name')).toBe('Ada Obi');
    expect(src.searchParams.get('email')).toBe('ada@example.com');

    // From the booking on, time moves only when the test says so.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await page.frameLocator('iframe[title="Schedule a call"]').getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Your call is booked')).toBeVisible();
    await page.clock.runFor(3_900);
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(/\/waitlist-welcome$/);
    expect(consoleProblems).toEqual([]);
  });

  test('the spinner shows for exactly 3 s before the scheduler', async ({ page }) => {
    await page.goto('/schedule-call');
    await page.evaluate(() =>
      sessionStorage.setItem('sitewright:store:schedule', JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' })),
    );
    await page.route('https://calendly.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: SCHEDULER_STUB }));
    const start = new Date('2030-01-01T09:00:00Z').getTime();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 1_000);
    await page.goto('/schedule-call-calendly');
    // The scheduler hydrates once in view, on its own time rather than with the page's "hydrated" mark; its
    // 3 s timer starts as it does. Hydration waits for a zero-delay timer and the mark for an animation frame, so
    // step 1 ms at a time until both are there.
    let stepped = 0;
    const live = () =>
      page.evaluate(() => document.documentElement.dataset.hydrated === 'true' && document.querySelector('[data-block="scheduler"][data-live]') !== null);
    while (!(await live())) {
      await page.clock.runFor(1);
      stepped++;
      expect(stepped).toBeLessThan(2_000);
    }
    // The 3 s timer started at some moment within those `stepped` ms.
    await page.clock.runFor(2_999 - stepped);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the scheduler' })).toBeVisible();
    await page.clock.runFor(stepped + 1);
    await expect(page.locator('iframe[title="Schedule a call"]')).toBeVisible();
  });

  test('a "scheduled" message from another origin is ignored', async ({ page }) => {
    await page.clock.install();
    await page.goto('/schedule-call');
    await page.evaluate(() =>
      sessionStorage.setItem('sitewright:store:schedule', JSON.stringify({ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' })),
    );
    await page.route('https://calendly.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: SCHEDULER_STUB }));
    await open(page, '/schedule-call-calendly');
    await page.clock.runFor(3_000);
    await expect(page.locator('iframe')).toBeVisible();
    await page.evaluate(() => window.postMessage({ event: 'calendly.event_scheduled' }, '*'));
    await page.clock.runFor(5_000);
    await expect(page).toHaveURL(/\/schedule-call-calendly$/);
  });
});

// ---------------------------------------------------------------- contact page

async function fillContact(page: Page) {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('<b>Hello</b> & welcome');
}

async function expectContactKept(page: Page) {
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last Name')).toHaveValue('Obi');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Message')).toHaveValue('<b>Hello</b> & welcome');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
}

test.describe('contact page (/contact)', () => {
  test('shows the contact details and checks each field when it is left', async ({ page, consoleProblems }) => {
    await open(page, '/contact');
    await expect(page.locator('#contact')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Have any questions? Contact us' })).toBeVisible();
    await expect(page.getByText('Mon-Fri 9am-5pm')).toBeVisible();

    const messages: [string, string][] = [
      ['First Name', 'First Name is required.'],
      ['Last Name', 'Last Name is required.'],
      ['Email', 'Please enter a valid email address.'],
      ['Message', 'Please enter a message.'],
    ];
    for (const [label, message] of messages) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('Please enter a valid email address.')).toHaveCount(0);
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await page.getByLabel('First Name').fill('   ');
    await page.getByLabel('First Name').blur();
    await expect(page.getByText('First Name is required.')).toBeVisible();
    expect(consoleProblems).toEqual([]);
  });

  test('submitting with errors sends nothing and focuses the first invalid field', async ({ page }) => {
    const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 200 });
    await open(page, '/contact');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Last Name is required.')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expect(page.getByText('First Name is required.')).toHaveCount(0);
    await expect(page.getByLabel('Last Name')).toBeFocused();
    expect(bodies).toHaveLength(0);
  });

  test('"Sending..." while loading, then the server message for 3 s and an empty form', async ({ page }) => {
    await page.clock.install();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    await page.route(`${IAM}/inquiries/contact-us`, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      bodies.push(route.request().postDataJSON());
      await gate;
      await route.fulfill({
        status: 200,
        headers: { ...CORS, 'Content-Type': 'application/json' },
        body: '{"message":"Thanks Ada, we will reply within a day"}',
      });
    });
    await open(page, '/contact');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    await page.getByLabel('Email').press('Enter');
    expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: '<b>Hello</b> & welcome' }]);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    release();
    const done = page.getByText('Thanks Ada, we will reply within a day');
    await expect(done).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await page.clock.runFor(2_900);
    await expect(done).toBeVisible();
    await page.clock.runFor(100);
    await expect(done).toHaveCount(0);
    expect(bodies).toHaveLength(1);
  });

  test('without a server message the confirmation reads "Message sent successfully!"', async ({ page }) => {
    await stub(page, `${IAM}/inquiries/contact-us`, { status: 201, body: '{}' });
    await open(page, '/contact');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
  });

  test('an error status shows the status and the response text, as text; the input stays', async ({ page }) => {
    await stub(page, `${IAM}/inquiries/contact-us`, { status: 500, body: '<img src=x onerror=alert(1)> database unavailable' });
    await open(page, '/contact');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    const error = page.getByRole('alert').filter({ hasText: '500' });
    await expect(error).toContainText('<img src=x onerror=alert(1)> database unavailable');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await expectContactKept(page);
  });

  test('a network failure shows an error; the input stays', async ({ page }) => {
    await stub(page, `${IAM}/inquiries/contact-us`, 'abort');
    await open(page, '/contact');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not reach our server' })).toBeVisible();
    await expectContactKept(page);
  });

  test('a request unanswered after 15 s is stopped; the input stays', async ({ page }) => {
    await page.clock.install();
    await stub(page, `${IAM}/inquiries/contact-us`, 'hang');
    await open(page, '/contact');
    await fillContact(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await page.clock.runFor(15_100);
    await expect(page.getByRole('alert').filter({ hasText: 'longer than 15 seconds' })).toBeVisible();
    await expectContactKept(page);
  });
});

// ---------------------------------------------------------------- legacy enquiry (referral page)

async function openEnquiry(page: Page) {
  await open(page, '/referral');
  await expect(page.getByRole('heading', { name: 'Still have questions?' })).toBeVisible();
  await page.getByRole('button', { name: 'Get in touch' }).click();
  await expect(page.getByLabel('First name')).toBeFocused();
}

async function fillEnquiry(page: Page) {
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('How are referral rewards paid?');
}

async function expectEnquiryKept(page: Page) {
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Obi');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Message')).toHaveValue('How are referral rewards paid?');
}

test.describe('legacy enquiry (referral page, "Still have questions?")', () => {
  test('"Get in touch" expands the form, the close icon collapses it', async ({ page, consoleProblems }) => {
    await open(page, '/referral');
    const opener = page.getByRole('button', { name: 'Get in touch' });
    await expect(opener).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await opener.click();
    await expect(page.getByLabel('First name')).toBeFocused();
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Still have questions?' }) })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(page.getByLabel('First name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get in touch' })).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });

  test('messages show under each field as the visitor types', async ({ page }) => {
    const bodies = await stub(page, SHEET, { status: 201 });
    await openEnquiry(page);
    const cases: [string, string, string, string][] = [
      ['First name', 'A', 'firstname cannot be less than two characters', 'please input firstname'],
      ['Last name', 'B', 'lastname cannot be less than two characters', 'please input lastname'],
      ['Email', 'ada@', 'please enter a valid email', 'please input email'],
      ['Message', 'Hello', 'message cannot be less than seven characters', 'please leave a message for us'],
    ];
    for (const [label, short, tooShort, missing] of cases) {
      const field = page.getByLabel(label);
      await field.fill(short);
      await expect(page.getByText(tooShort, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await field.fill('');
      await expect(page.getByText(missing, { exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(bodies).toHaveLength(0);
    await expect(page.getByLabel('First name')).toBeFocused();
  });

  test('posts the fields with an ISO timestamp, thanks the visitor at the bottom centre for 3 s and resets', async ({ page }) => {
    const at = new Date('2030-03-04T05:06:07.089Z');
    await page.clock.setFixedTime(at);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    await page.route(SHEET, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      bodies.push(route.request().postDataJSON());
      await gate;
      await route.fulfill({ status: 201, headers: CORS, body: '{}' });
    });
    await openEnquiry(page);
    await fillEnquiry(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    const busy = page.locator('button[aria-busy="true"]');
    await expect(busy).toBeVisible();
    await expect(busy.getByTestId('button-spinner')).toBeVisible();
    release();
    const thanks = toast(page, 'Thank you for your message. We will reach out soon');
    await expect(thanks).toBeVisible();
    await expect(page.locator('.Toastify__toast-container--bottom-center')).toContainText('Thank you for your message. We will reach out soon');
    await expect(thanks.locator('.Toastify__progress-bar')).toHaveCSS('animation-duration', '3s');
    expect(bodies).toEqual([
      { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', message: 'How are referral rewards paid?', timestamp: '2030-03-04T05:06:07.089Z' },
    ]);
    await expect(page.getByLabel('First name')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
  });

  for (const [name, reply] of [
    ['an error status', { status: 500, body: '{"error":"quota"}' }],
    ['a network failure', 'abort'],
  ] as [string, Reply][]) {
    test(`${name} shows "We did not get your message"; the input stays`, async ({ page }) => {
      await stub(page, SHEET, reply);
      await openEnquiry(page);
      await fillEnquiry(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(toast(page, 'We did not get your message. Please try again')).toBeVisible();
      await expectEnquiryKept(page);
    });
  }

  test('a request unanswered after 15 s is stopped; the input stays', async ({ page }) => {
    await page.clock.install();
    await stub(page, SHEET, 'hang');
    await openEnquiry(page);
    await fillEnquiry(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.clock.runFor(15_100);
    await expect(
      toast(page, 'The server took longer than 15 seconds to answer, so we stopped waiting. We did not get your message. Please try again'),
    ).toBeVisible();
    await expectEnquiryKept(page);
  });
});

// ---------------------------------------------------------------- demo booking dialog

async function fillDemo(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  await dialog.getByLabel('Business Name').fill('Acme Homes');
  await dialog.getByLabel('First Name').fill('Ada');
  await dialog.getByLabel('Last Name').fill('Obi');
  await dialog.getByLabel('Email').fill('ada@acme.ng');
  await dialog.getByLabel('Phone Number').fill('08031234567');
}

async function openDemo(page: Page) {
  await open(page, '/enterprise');
  await page.getByRole('button', { name: 'Contact Sales' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Business Name')).toBeFocused();
  return dialog;
}

async function expectDemoKept(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Book a demo' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Business Name')).toHaveValue('Acme Homes');
  await expect(dialog.getByLabel('First Name')).toHaveValue('Ada');
  await expect(dialog.getByLabel('Last Name')).toHaveValue('Obi');
  await expect(dialog.getByLabel('Email')).toHaveValue('ada@acme.ng');
  await expect(dialog.getByLabel('Phone Number')).toHaveValue('08031234567');
}

test.describe('demo-booking dialog', () => {
  test('opens from Contact Sales; keeps focus inside; Escape, the close icon and an outside click close it', async ({ page, consoleProblems }) => {
    const dialog = await openDemo(page);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const outside = await page.evaluate(() => {
        const d = document.querySelector('dialog[open]');
        const a = document.activeElement;
        return Boolean(a && a !== document.body && d && !d.contains(a));
      });
      expect(outside).toBe(false);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Contact Sales' })).toBeFocused();

    await page.getByRole('button', { name: 'Contact Sales' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Contact Sales' }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    expect(consoleProblems).toEqual([]);
  });

  test("opens from a selected plan's Contact Us on /pricing/enterprise", async ({ page }) => {
    await open(page, '/pricing/enterprise');
    await page.getByText('Choose Enterprise').click();
    await page.getByRole('button', { name: 'Contact Us', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Book a demo' })).toBeVisible();
  });

  test('lead-form messages for the five fields', async ({ page }) => {
    const bodies = await stub(page, `${IAM}/leads/request`, { status: 200 });
    const dialog = await openDemo(page);
    await dialog.getByRole('button', { name: 'Book a demo' }).click();
    for (const m of ['please input business name', 'please input firstname', 'please input lastname', 'please input email', 'please input phone number']) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByLabel('Business Name')).toBeFocused();
    await dialog.getByLabel('Business Name').fill('A');
    await dialog.getByLabel('First Name').fill('B');
    await dialog.getByLabel('Last Name').fill('C');
    await dialog.getByLabel('Email').fill('d@e');
    await dialog.getByLabel('Phone Number').fill('12345678');
    for (const m of [
      'business name cannot be less than two characters',
      'firstname cannot be less than two characters',
      'lastname cannot be less than two characters',
      'please enter a valid email',
      'phone cannot be less than nine characters',
    ]) {
      await expect(dialog.getByText(m, { exact: true })).toBeVisible();
    }
    expect(bodies).toHaveLength(0);
  });

  test('posts the lead once, thanks the visitor for 4 s, empties the form and closes', async ({ page, consoleProblems }) => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    await page.route(`${IAM}/leads/request`, async (route) => {
      if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      bodies.push(route.request().postDataJSON());
      await gate;
      await route.fulfill({ status: 200, headers: CORS, body: '' });
    });
    const dialog = await openDemo(page);
    await fillDemo(page);
    await dialog.getByRole('button', { name: 'Book a demo' }).click();
    await expect(dialog.locator('button[aria-busy="true"]')).toBeVisible();
    await dialog.locator('button[type="submit"]').click({ force: true });
    await dialog.getByLabel('Phone Number').press('Enter');
    release();
    const thanks = toast(page, 'Thank you for booking a demo with the sales team. We will reach out soon');
    await expect(thanks).toBeVisible();
    await expect(thanks.locator('.Toastify__progress-bar')).toHaveCSS('animation-duration', '4s');
    await expect(dialog).toBeHidden();
    expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@acme.ng', businessName: 'Acme Homes', phone: '08031234567' }]);
    await page.getByRole('button', { name: 'Contact Sales' }).click();
    await expect(dialog.getByLabel('Business Name')).toHaveValue('');
    expect(consoleProblems).toEqual([]);
  });

  for (const [name, reply] of [
    ['a status of 300 or more', { status: 409, body: '{"message":"duplicate"}' }],
    ['a network failure', 'abort'],
  ] as [string, Reply][]) {
    test(`${name} shows "We did not get your booking" in the open dialog; the input stays`, async ({ page }) => {
      await stub(page, `${IAM}/leads/request`, reply);
      const dialog = await openDemo(page);
      await fillDemo(page);
      await dialog.getByRole('button', { name: 'Book a demo' }).click();
      const sorry = dialog.locator('.Toastify__toast').filter({ hasText: 'We did not get your booking. Please try again' });
      await expect(sorry).toBeVisible();
      await expect(sorry.locator('.Toastify__progress-bar')).toHaveCSS('animation-duration', '4s');
      await expectDemoKept(page);
    });
  }

  test('a request unanswered after 15 s is stopped; the input stays', async ({ page }) => {
    await page.clock.install();
    await stub(page, `${IAM}/leads/request`, 'hang');
    const dialog = await openDemo(page);
    await fillDemo(page);
    await dialog.getByRole('button', { name: 'Book a demo' }).click();
    await page.clock.runFor(15_100);
    await expect(
      dialog
        .locator('.Toastify__toast')
        .filter({ hasText: 'The server took longer than 15 seconds to answer, so we stopped waiting. We did not get your booking. Please try again' }),
    ).toBeVisible();
    await expectDemoKept(page);
  });
});

// ---------------------------------------------------------------- accessibility and layout of the interactive states

async function axe(page: Page) {
  const results = await axeFor(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join('\n    ')}`,
  );
}

for (const width of [360, 1366]) {
  test.describe(`forms with their messages showing at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('waitlist: no axe violations, no sideways scrolling, combobox open', async ({ page }) => {
      await open(page, '/schedule-call');
      await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
      await expect(page.getByText('Project type is required')).toBeVisible();
      const where = page.getByRole('combobox', { name: 'Where do you want to build?' });
      await where.fill('ni');
      await where.press('ArrowDown');
      await expect(where).toHaveAttribute('aria-expanded', 'true');
      const active = await where.getAttribute('aria-activedescendant');
      await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('role', 'option');
      expect(await axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('contact: no axe violations, no sideways scrolling', async ({ page }) => {
      await open(page, '/contact');
      await page.getByRole('button', { name: 'Send message' }).click();
      await expect(page.getByText('Please enter a message.')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('demo dialog and enquiry: no axe violations', async ({ page }) => {
      const dialog = await openDemo(page);
      await dialog.getByRole('button', { name: 'Book a demo' }).click();
      await expect(dialog.getByText('please input business name')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await openEnquiry(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('please leave a message for us')).toBeVisible();
      expect(await axe(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
