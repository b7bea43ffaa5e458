/**
 * Helpers for the back office's end-to-end tests: staff are invited with `npm run staff` on the run's own data
 * directory (as an owner would on the server), then accept the invite and sign in through the browser.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { axeFor } from '../e2e/axe.ts';
import { expect, type Page } from '@playwright/test';

const execFileP = promisify(execFile);

export type Role = 'owner' | 'editor' | 'sales';

/** A password the rules accept (long, not on the common list). */
export const GOOD_PASSWORD = 'copper kettle on a windy hill';

/** A fresh address, so tests running side by side never meet. */
export const uniqueEmail = (role: string) => `${role}-${randomBytes(5).toString('hex')}@buildpad.example`;

/** `npm run staff` against the running e2e server's data directory; its output and exit code. */
export async function staffCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const dataDir = process.env.ADMIN_E2E_DATA_DIR;
  if (!dataDir) throw new Error('ADMIN_E2E_DATA_DIR is not set: run these tests with -c playwright.admin.config.ts');
  try {
    const r = await execFileP('npm', ['run', '--silent', 'staff', '--', ...args], {
      env: { ...process.env, SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '', PORT: process.env.ADMIN_E2E_PORT ?? '4330', SITEWRIGHT_PUBLIC_URL: '' },
    });
    return { code: 0, ...r };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

/** Invites `email` as `role` and returns the invite link (the line of the output that is the link alone). */
export async function invite(email: string, role: Role): Promise<string> {
  const r = await staffCommand('invite', '--email', email, '--role', role);
  const link = r.stdout.split('\n').find((line) => /^https?:\/\/\S+\/admin\/invite\/[A-Za-z0-9_-]{43}$/.test(line));
  if (r.code !== 0 || !link) throw new Error(`npm run staff -- invite failed (${r.code}): ${r.stderr || r.stdout}`);
  return link;
}

/** Opens the invite link, sets name and password, and waits for the sign-in page that follows. */
export async function acceptInvite(page: Page, link: string, name: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible();
}

/** Signs in with a password from the sign-in page and waits to have left it. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().includes('/admin/sign-in')) await page.goto('/admin/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Not the Sign out button: an editor lands in the editor (Pages), a screen without the back office's header.
  await expect(page).not.toHaveURL(/\/admin\/sign-in/);
}

/** A new staff member of `role`, invited, with a password set, and signed in on `page`. */
export async function newStaff(page: Page, role: Role, name = `Test ${role}`): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail(role);
  await acceptInvite(page, await invite(email, role), name, GOOD_PASSWORD);
  await signIn(page, email, GOOD_PASSWORD);
  return { email, password: GOOD_PASSWORD, name };
}

/**
 * axe's WCAG 2.2 AA rules (and best practices) on the page once loaded: the violations, one line each, for
 * expect(…).toEqual([]). `exclude`: parts checked elsewhere (the editor's preview frame shows the site's own blocks).
 */
export async function axeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // A page just opened by a click may be laid out before its style sheets apply; axe then measures unstyled links.
  await page.waitForLoadState('load');
  const builder = axeFor(page);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'target-size': { enabled: true } } })
    .analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
