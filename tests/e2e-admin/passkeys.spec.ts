/**
 * Passkeys end to end, with Chromium's virtual authenticator standing in for a phone or a laptop's fingerprint
 * reader: a new owner signs in with a password, adds a passkey, signs out, and signs in again with the passkey
 * alone; the audit log shows both; a removed passkey is no longer accepted.
 *
 * The page is opened as http://localhost: WebAuthn refuses IP addresses such as 127.0.0.1 as the site's identity,
 * and localhost is a secure context, as WebAuthn requires.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { axeFor } from '../e2e/axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_E2E_DATA_DIR, ADMIN_E2E_PORT } from '../../playwright.admin.config.ts';

test.use({ baseURL: `http://localhost:${ADMIN_E2E_PORT}` });

const PASSWORD = 'quiet-harbour-lantern-41';

/** `npm run staff -- invite`, as an owner runs it on the server: its output's link line, as a path on this site. */
function invite(email: string, role: 'owner' | 'editor' | 'sales'): string {
  const out = execFileSync('npm', ['run', '--silent', 'staff', '--', 'invite', '--email', email, '--role', role], {
    encoding: 'utf8',
    env: { ...process.env, SITEWRIGHT_DATA_DIR: ADMIN_E2E_DATA_DIR, PORT: String(ADMIN_E2E_PORT), DATABASE_URL: '' },
  });
  const link = /^https?:\/\/\S+\/admin\/invite\/\S+$/m.exec(out)?.[0];
  if (!link) throw new Error('npm run staff -- invite printed no invite link');
  return new URL(link).pathname;
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto(invite(email, 'owner'));
  await page.getByLabel('Name').fill('Pat Passkey');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/leads/);
}

async function expectNoAxeViolations(page: Page) {
  const result = await axeFor(page).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a passkey added after sign-in signs in on its own, and a removed one no longer does', async ({ page }) => {
  const email = `passkey.${randomBytes(4).toString('hex')}@buildpad.example`;
  await signInWithPassword(page, email);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/admin/account');
  const section = page.locator('#passkeys');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoAxeViolations(page);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.locator('#passkey-status')).toHaveText('Passkey added.');
  const row = section.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/Passkey added \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(section.getByText('You have no passkeys yet.')).toBeHidden();
  // The passkey lives on the virtual device as a discoverable credential, so sign-in needs no email.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0].isResidentCredential).toBe(true);
  // After a reload the list comes from the server.
  await page.reload();
  await expect(section.getByRole('listitem')).toContainText('Not used yet');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
  await expect(usePasskey).toBeVisible();
  await expectNoAxeViolations(page);
  // By keyboard: the button is reached and pressed like any other.
  await usePasskey.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/leads/);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Added a passkey' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Signed in with a passkey' })).toHaveCount(1);

  await page.goto('/admin/account');
  await expect(section.getByRole('listitem')).toContainText(/Last used \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await section.getByRole('button', { name: /^Remove/ }).click();
  await expect(page).toHaveURL(/\/admin\/account\?passkey=removed/);
  await expect(section.locator('#passkey-status')).toHaveText('Passkey removed.');
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds the passkey, but the back office no longer knows it.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.locator('#passkey-status')).toHaveText('This passkey was not accepted. Sign in with your email and password instead.');
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test('a device with no passkey for the back office: the sign-in page says so in plain words', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto('/admin/sign-in');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  // Browsers report a cancelled prompt and a device without a passkey here alike, so the sentence covers both.
  await expect(page.locator('#passkey-status')).toHaveText(
    'Passkey sign-in was cancelled. If this device has no passkey for the back office, sign in with your email and password.',
  );
  await expect(page).toHaveURL(/\/admin\/sign-in/);
});

test('without passkey support the buttons stay hidden and nothing broken shows', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/admin/sign-in');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeHidden();
  await context.close();
});
