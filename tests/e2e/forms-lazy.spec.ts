import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page, Request } from '@playwright/test';
import { DIST, gzipSize, JS_BUDGET, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';
import { IAM, stub } from './lead-api.ts';

/**
 * Inline forms (/contact, /schedule-call) ship their server-rendered markup with the page and fetch the form
 * engine (rjsf, widgets, country list, toasts) only at the visitor's first interaction with the form. Nothing
 * the visitor does before the engine has arrived may be lost, and a submit must neither reload the page nor
 * be sent twice. The engine's chunk is held back with page.route wherever a test needs "before hydration".
 */

/** The chunk of the form engine and every chunk only it pulls in that carries rjsf, toast or country code. */
const ENGINE = manifest['renderer/forms/FormRenderer.tsx']?.file;
const FORM_ONLY = Object.entries(manifest)
  .filter(
    ([key]) => key === 'renderer/forms/FormRenderer.tsx' || /node_modules\/(@rjsf|react-toastify|ajv)/.test(key) || key.startsWith('virtual:sitewright/forms/'),
  )
  .map(([, c]) => c.file);
const validatorOf = (form: string) => manifest[`virtual:sitewright/forms/validator/${form}`]?.file;

const pathOf = (url: string) => new URL(url).pathname.replace(/^\//, '');

/** Every same-origin request of the page, by path. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const u = new URL(r.url());
    if (u.hostname === '127.0.0.1') seen.push(u.pathname.replace(/^\//, ''));
  });
  return seen;
}

/** Holds the engine's chunk until release() is called: the form stays as the server rendered it. */
const holdEngine = (page: Page) => holdFile(page, ENGINE);

/** True once React owns the element (its props are attached at hydration); server markup has none. */
const hydratedElement = (l: Locator) => l.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactProps')));

/** Fails on any full page load after the first (a native form submission reloads the page). */
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('the build has an engine chunk to look for', () => {
  expect(ENGINE).toMatch(/\.js$/);
  expect(readFileSync(join(DIST, ENGINE), 'utf8')).toContain('rjsf');
  expect(validatorOf('contact')).toBeTruthy();
  expect(validatorOf('waitlist')).toBeTruthy();
});

for (const [route, field] of [
  ['/contact', 'First Name'],
  ['/schedule-call', 'First name'],
] as const) {
  test(`${route}: no form engine before interaction, JavaScript within budget, engine on first focus`, async ({ page, consoleProblems }) => {
    const requests = recordRequests(page);
    await page.goto(route);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    const loaded = [...new Set(requests.filter((p) => p.endsWith('.js')))];
    expect(loaded.filter((f) => FORM_ONLY.includes(f))).toEqual([]);
    const bytes = loaded.reduce((sum, f) => sum + gzipSize(f), 0);
    console.log(`${route}: ${loaded.length} JS files, ${bytes} bytes gzip (${(bytes / 1024).toFixed(1)} KB) before interaction`);
    expect(bytes).toBeLessThanOrEqual(JS_BUDGET);
    expect(await hydratedElement(page.getByLabel(field))).toBe(false);

    // The same detection sees the engine as soon as the visitor needs it.
    const engine = page.waitForRequest((r) => pathOf(r.url()) === ENGINE);
    await page.getByLabel(field).focus();
    await engine;
    await expect.poll(() => hydratedElement(page.getByLabel(field))).toBe(true);
    await expect(page.getByLabel(field)).toBeFocused();
    expect(consoleProblems).toEqual([]);
  });
}

test('waitlist typed before the form hydrates: every character kept, caret kept, exact payload sent', async ({ page, consoleProblems }) => {
  const bodies = await stub(page, `${IAM}/waitlist/add`, { status: 201 });
  const engine = await holdEngine(page);
  await page.goto('/schedule-call');
  await hydrated(page);

  const first = page.getByLabel('First name');
  await first.click();
  await page.keyboard.type('Ada', { delay: 20 });
  await page.getByLabel('Last name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Phone number').fill('306 555 0100');
  await page.getByRole('combobox', { name: 'Where do you want to build?' }).fill('Nigeria');
  await page.getByRole('radio', { name: 'New Build' }).check();
  const comment = page.getByLabel('Comment (optional)');
  await comment.click();
  await page.keyboard.type('A house in Abuja');
  // Caret in the middle of the text ("A house| in Abuja") while the form hydrates.
  for (let i = 0; i < ' in Abuja'.length; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => engine.requested()).toBe(true);
  expect(await hydratedElement(first)).toBe(false);

  const validator = page.waitForRequest((r) => pathOf(r.url()) === validatorOf('waitlist'));
  engine.release();
  await validator;
  await expect.poll(() => hydratedElement(comment)).toBe(true);
  await expect(comment).toBeFocused();
  await page.keyboard.type(' big');
  await expect(comment).toHaveValue('A house big in Abuja');

  await expect(first).toHaveValue('Ada');
  await expect(page.getByLabel('Last name')).toHaveValue('Obi');
  await expect(page.getByLabel('Email')).toHaveValue('ada@example.com');
  await expect(page.getByLabel('Phone number')).toHaveValue('306 555 0100');
  await expect(page.getByRole('combobox', { name: 'Where do you want to build?' })).toHaveValue('Nigeria');
  await expect(page.getByRole('radio', { name: 'New Build' })).toBeChecked();

  await page.getByRole('button', { name: 'Submit & Schedule a Call' }).click();
  await expect(page).toHaveURL(/\/schedule-call-calendly$/);
  expect(bodies).toEqual([
    {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '13065550100',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'New Build',
      comment: 'A house big in Abuja',
    },
  ]);
  expect(consoleProblems).toEqual([]);
});

test('contact: a click on submit before the form hydrates sends exactly one request once it has, without reloading', async ({ page, consoleProblems }) => {
  const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 200, body: '{"message":"Thanks Ada"}' });
  const engine = await holdEngine(page);
  const loads = countLoads(page);
  await page.goto('/contact');
  await hydrated(page);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello there');
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.getByRole('button', { name: 'Send message' }).click();
  expect(await hydratedElement(page.getByLabel('Email'))).toBe(false);
  expect(bodies).toHaveLength(0);

  engine.release();
  await expect(page.getByText('Thanks Ada')).toBeVisible();
  expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello there' }]);
  await expect(page).toHaveURL(/\/contact$/);
  expect(loads()).toBe(1);
  expect(consoleProblems).toEqual([]);
});

test('contact: Enter in an empty form before it hydrates shows the messages and focuses the first field, sends nothing', async ({ page, consoleProblems }) => {
  const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 200 });
  const engine = await holdEngine(page);
  const loads = countLoads(page);
  await page.goto('/contact');
  await hydrated(page);
  await page.getByLabel('Email').fill('ada@');
  await page.getByLabel('Email').press('Enter');
  engine.release();
  for (const m of ['First Name is required.', 'Last Name is required.', 'Please enter a valid email address.', 'Please enter a message.']) {
    await expect(page.getByText(m, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('First Name')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue('ada@');
  expect(bodies).toHaveLength(0);
  await expect(page).toHaveURL(/\/contact$/);
  expect(loads()).toBe(1);
  expect(consoleProblems).toEqual([]);
});

test('contact: fields left before the form hydrates show their messages once it has', async ({ page }) => {
  const engine = await holdEngine(page);
  await page.goto('/contact');
  await hydrated(page);
  await page.getByLabel('First Name').focus();
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').focus();
  engine.release();
  await expect(page.getByText('First Name is required.', { exact: true })).toBeVisible();
  await expect(page.getByText('Last Name is required.')).toHaveCount(0);
  // Still in the e-mail field: its message waits until the visitor leaves it.
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByText('Please enter a valid email address.')).toHaveCount(0);
  await page.getByLabel('Email').blur();
  await expect(page.getByText('Please enter a valid email address.', { exact: true })).toBeVisible();
});

test('a form whose block hydrates after the visitor typed into it keeps the text and works', async ({ page, consoleProblems }) => {
  const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 201, body: '{}' });
  // Hold the block's own chunk: no listener of the gate exists yet while the visitor types.
  const block = manifest['blocks/ContactInfo/index.tsx'].file;
  let release: () => void = () => undefined;
  const released = new Promise<void>((r) => (release = r));
  await page.route(`**/${block}`, async (route) => {
    await released;
    await route.fallback();
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').click();
  await page.keyboard.type('Hi!');
  release();
  await hydrated(page);
  await expect.poll(() => hydratedElement(page.getByLabel('Message'))).toBe(true);
  await expect(page.getByLabel('Message')).toBeFocused();
  await page.keyboard.type(' Thanks');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hi! Thanks' }]);
  expect(consoleProblems).toEqual([]);
});

test('a link to /contact opens a page whose form works from the first keystroke', async ({ page, consoleProblems }) => {
  const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 201, body: '{}' });
  await page.goto('/owner');
  await hydrated(page);
  await page.locator('footer').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByLabel('First Name')).toBeVisible();
  const engine = page.waitForRequest((r) => pathOf(r.url()) === ENGINE);
  await page.getByLabel('First Name').fill('Ada');
  await engine;
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello' }]);
  expect(consoleProblems).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a tap on a field fetches the engine; what is typed and the tap on submit before it arrives are sent once', async ({ page, consoleProblems }) => {
    const bodies = await stub(page, `${IAM}/inquiries/contact-us`, { status: 201, body: '{}' });
    const engine = await holdEngine(page);
    const loads = countLoads(page);
    await page.goto('/contact');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(engine.requested()).toBe(false);
    await page.getByLabel('First Name').tap();
    await expect.poll(() => engine.requested()).toBe(true);
    await page.keyboard.type('Ada');
    await page.getByLabel('Last Name').tap();
    await page.keyboard.type('Obi');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('From my phone');
    await page.getByRole('button', { name: 'Send message' }).tap();
    expect(await hydratedElement(page.getByLabel('Message'))).toBe(false);
    engine.release();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    expect(bodies).toEqual([{ firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'From my phone' }]);
    expect(loads()).toBe(1);
    expect(consoleProblems).toEqual([]);
  });
});
