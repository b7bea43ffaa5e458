/**
 * Form fields managed in the editor, end to end: a "Company size" choice is added to the contact form through the
 * editor's screens, seen in the form's preview with its message, and saved. Then the contact page of the edited copy
 * (served by the same dev server) is sent: the browser checks it, and the real lead service, started here on the same
 * copy of the config, checks what it receives and stores the answer. A removal the form's payload depends on is asked
 * about first, naming what depends on it.
 */
import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_E2E_CONFIG_DIR as CONFIG_DIR } from '../../playwright.editor.config.ts';
import { axe, openEditor } from './helpers.ts';

const CONTACT = join(CONFIG_DIR, 'forms/contact.json');
const ADMIN_TOKEN = 'form-fields-e2e-admin-token-0123456789abcdef';
const CHOICES = ['1–10', '11–50', '51–200', '201+'];
const MESSAGE = 'Please choose your company size.';

/** The lead service (server/main.ts) on a free port, reading the forms of the edited copy; resolves with its base address. */
function startLeadService(dataDir: string, origin: string): { child: ChildProcess; base: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      SITEWRIGHT_CONFIG_DIR: CONFIG_DIR,
      SITEWRIGHT_DATA_DIR: dataDir,
      SITEWRIGHT_ADMIN_TOKEN: ADMIN_TOKEN,
      SITEWRIGHT_ALLOWED_ORIGINS: origin,
      DATABASE_URL: '',
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /at (http:\/\/\S+)/.exec(out);
      if (m) ok(m[1]);
    });
    child.once('exit', (code) => fail(new Error(`the lead service exited with ${code}`)));
  });
  return { child, base };
}

const fieldList = (page: Page) => page.getByRole('region', { name: 'Form fields' });
const fieldItem = (page: Page, label: string) =>
  fieldList(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Remove “${label}”`, exact: true }) });
const labelsInOrder = (page: Page) => fieldList(page).locator('.sw-ff__label').allInnerTexts();

test('a Company size choice added to the contact form, saved, sent, and checked by the browser and by the lead service', async ({ page, request }) => {
  test.setTimeout(300_000);
  const original = readFileSync(CONTACT, 'utf8');
  const dataDir = mkdtempSync(join(tmpdir(), 'sitewright-form-fields-e2e-'));
  let service: ReturnType<typeof startLeadService> | undefined;
  try {
    await openEditor(page);
    await page.getByRole('button', { name: 'Form: contact' }).click();
    await expect.poll(() => labelsInOrder(page)).toEqual(['First Name', 'Last Name', 'Email', 'Message']);
    const preview = page.frameLocator('iframe[title="Preview of the form"]');
    await expect(preview.getByRole('textbox', { name: 'First Name' })).toBeVisible();

    // Add the field: kind and label; the name it is sent under is made from the label.
    const add = page.getByRole('form', { name: 'Add a field' });
    await add.getByLabel('Kind').selectOption({ label: 'Choice' });
    await add.getByLabel('Label').fill('Company size');
    await expect(add.getByLabel('Sent as')).toHaveValue('companySize');
    await add.getByRole('button', { name: 'Add field' }).click();
    await expect.poll(() => labelsInOrder(page)).toEqual(['First Name', 'Last Name', 'Email', 'Message', 'Company size']);

    // Required, four choices and its message; the spec's wording is the example.
    const item = fieldItem(page, 'Company size');
    await item.getByRole('switch', { name: 'Must be filled in' }).check();
    const required = item.getByRole('textbox', { name: 'Message when it is left empty' });
    await expect(required).toHaveAttribute('placeholder', `e.g. ${MESSAGE}`);
    await item.getByRole('textbox', { name: 'Choice 1' }).fill(CHOICES[0]);
    for (const [i, choice] of CHOICES.slice(1).entries()) {
      await item.getByRole('button', { name: 'Add choice' }).click();
      await expect(item.getByRole('textbox', { name: `Choice ${i + 2}` })).toBeFocused();
      await page.keyboard.type(choice);
    }
    await required.fill(MESSAGE);

    // The preview shows the form being edited, and each field's message on demand.
    const group = preview.getByRole('group', { name: 'Company size' });
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(group.getByRole('radio', { name: '51–200' })).toBeVisible();
    await expect(preview.getByText(MESSAGE)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show messages' }).check();
    await expect(preview.getByText(MESSAGE)).toBeVisible();
    await expect(preview.getByText('First Name is required.')).toBeVisible();
    await expect(preview.getByText('Please enter a valid email address.')).toBeVisible();

    // Reorder: once with the mouse, once more from the keyboard (the focus stays on the button).
    const up = item.getByRole('button', { name: 'Move “Company size” up' });
    await up.click();
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => labelsInOrder(page)).toEqual(['First Name', 'Last Name', 'Company size', 'Email', 'Message']);
    expect(await axe(page)).toEqual([]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // Read while the save writes the file, it can be half there: that read counts as "not yet".
    const onDisk = () => {
      try {
        return JSON.parse(readFileSync(CONTACT, 'utf8'));
      } catch {
        return {};
      }
    };
    await expect
      .poll(() => onDisk().schema?.properties?.companySize)
      .toEqual({
        type: 'string',
        title: 'Company size',
        enum: CHOICES,
        messages: { required: MESSAGE, enum: 'Please choose one of the choices for company size.' },
      });
    const saved = onDisk();
    expect(saved.schema.required).toEqual(['firstname', 'lastname', 'email', 'message', 'companySize']);
    expect(saved.uiSchema.companySize).toEqual({ 'ui:widget': 'radio' });
    expect(saved.order).toEqual(['firstname', 'lastname', 'companySize', 'email', 'message']);
    expect(saved.submit.payload).toEqual({ firstName: 'firstname', lastName: 'lastname', email: 'email', description: 'message', companySize: 'companySize' });

    // A removal the payload depends on is asked about first, in plain words; keeping it changes nothing.
    await fieldItem(page, 'Last Name').getByRole('button', { name: 'Remove “Last Name”' }).click();
    const ask = page.getByRole('dialog', { name: 'Remove “Last Name”?' });
    await expect(ask).toContainText('The form sends it as “lastName”; that value will no longer be sent.');
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Saved 1 file|All changes saved/);
    await expect.poll(() => labelsInOrder(page)).toContain('Last Name');
    // Confirmed, the field goes with what depends on it, in one step that Undo takes back.
    await fieldItem(page, 'Company size').getByRole('button', { name: 'Remove “Company size”' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove “Company size”?' });
    await expect(confirm).toContainText('The form sends it as “companySize”; that value will no longer be sent.');
    await confirm.getByRole('button', { name: 'Remove the field' }).click();
    await expect.poll(() => labelsInOrder(page)).toEqual(['First Name', 'Last Name', 'Email', 'Message']);
    await expect(page.getByRole('heading', { name: 'Form fields' })).toBeFocused();
    await expect(preview.getByRole('group', { name: 'Company size' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => labelsInOrder(page)).toEqual(['First Name', 'Last Name', 'Company size', 'Email', 'Message']);
    await expect(page.getByRole('banner').getByRole('status')).toHaveText(/Saved 1 file|All changes saved/);

    // The lead service, on the edited copy of the config: the contact page's requests reach it unchanged.
    const origin = new URL(page.url()).origin;
    service = startLeadService(dataDir, origin);
    const base = await service.base;
    const forwarded: string[] = [];
    await page.route('**/api/v1/**', async (route) => {
      const url = new URL(route.request().url());
      // The page's visit-counting beacons go through too, but they are not the form's sending.
      if (url.pathname !== '/api/v1/events') forwarded.push(url.pathname);
      const response = await route.fetch({ url: `${new URL(base).origin}${url.pathname}${url.search}` });
      await route.fulfill({ response });
    });

    // The browser: left empty, Company size shows its message and nothing is sent.
    await expect(async () => {
      await page.goto('/contact');
      await expect(page.getByRole('group', { name: 'Company size' })).toBeVisible({ timeout: 5000 });
    }).toPass();
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Obi');
    await page.getByLabel('Email').fill('ada.form-fields@example.com');
    await page.getByLabel('Message').fill('We are a growing team.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText(MESSAGE)).toBeVisible();
    await expect(page.getByRole('radio', { name: '1–10' })).toBeFocused();
    expect(forwarded).toEqual([]);

    // Chosen, it is sent, and the service stores it.
    await page.getByRole('radio', { name: '11–50' }).check();
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();
    expect(forwarded).toEqual(['/api/v1/inquiries/contact-us']);

    // The service on its own: a request without it gets the same message; one with a choice not offered is refused too.
    const body = { firstName: 'Bo', lastName: 'Direct', email: 'bo.form-fields@example.com', description: 'Sent without the form.' };
    const missing = await request.post(`${base}/inquiries/contact-us`, { data: body });
    expect(missing.status()).toBe(422);
    expect((await missing.json()).errors).toEqual([{ field: 'companySize', message: MESSAGE }]);
    const wrong = await request.post(`${base}/inquiries/contact-us`, { data: { ...body, companySize: 'Seven' } });
    expect(wrong.status()).toBe(422);

    const leads = await request.get(`${base}/admin/leads?form=contact`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(leads.status()).toBe(200);
    const stored = ((await leads.json()) as { leads: { payload: Record<string, unknown> }[] }).leads.map((l) => l.payload);
    expect(stored).toEqual([
      { firstName: 'Ada', lastName: 'Obi', email: 'ada.form-fields@example.com', description: 'We are a growing team.', companySize: '11–50' },
    ]);
  } finally {
    service?.child.kill('SIGTERM');
    if (service?.child.exitCode === null) await new Promise((ok) => service?.child.once('exit', ok));
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(CONTACT, original);
  }
});
