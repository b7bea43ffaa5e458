/**
 * Staff sign-in end to end in Chromium: an invite from `npm run staff`, setting a password, signing in and out, the
 * pause after wrong passwords, a reused invite, a role without the right, and axe on every screen of this part.
 */
import { expect, test } from '@playwright/test';
import { acceptInvite, axeViolations, GOOD_PASSWORD, invite, newStaff, signIn, uniqueEmail } from './helpers.ts';

test('invite → set password → sign in → the back office → sign out', async ({ page }) => {
  // Nothing a page of the back office asks for is missing (its icon included), and nothing goes wrong in its scripts.
  // A page's own status (400 for a refused password) is the answer to a form, not something missing.
  const problems: string[] = [];
  const pages = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document') pages.add(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !pages.has(m.location().url)) problems.push(`${m.text()} ${m.location().url}`);
  });
  const email = uniqueEmail('editor');
  const link = await invite(email, 'editor');
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/admin\/invite\/[A-Za-z0-9_-]{43}$/);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // A common password is refused with the reason.
  await page.getByLabel('Name').fill('Erin Editor');
  await page.getByLabel('Password').fill('qwertyuiop12');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('This password is on a list of common passwords that attackers try first. Choose another one.')).toBeVisible();
  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?/);
  await expect(page.getByText('Your password is set. Sign in with it.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // An editor's home is Pages.
  await expect(page).toHaveURL(/\/admin\/pages$/);
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible();
  // Pages is the editor, a screen of its own: the back office's navigation is on its other pages.
  await page.goto('/admin/account');
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Your account' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.goto('/admin/pages');
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fadmin%2Fpages$/);
  // Signing in from there leads back to the page asked for.
  await signIn(page, email, GOOD_PASSWORD);
  await expect(page).toHaveURL(/\/admin\/pages$/);
  expect(problems).toEqual([]);
});

test('six wrong passwords: the account is paused, even for the right one', async ({ page }) => {
  const email = uniqueEmail('sales');
  await acceptInvite(page, await invite(email, 'sales'), 'Sam Sales', GOOD_PASSWORD);
  const lock = 'Too many wrong passwords for this account: password sign-in is paused for 15 minutes. Try again later, or use a passkey.';
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(`wrong password number ${i}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(i < 5 ? 'The email or password is not right.' : lock);
  }
  await page.getByLabel('Password').fill(GOOD_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(lock);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
});

test('an invite link works once', async ({ page }) => {
  const link = await invite(uniqueEmail('sales'), 'sales');
  await acceptInvite(page, link, 'Once Only', GOOD_PASSWORD);
  const again = await page.goto(link);
  expect(again?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText('Ask an owner of the back office for a new link.')).toBeVisible();
});

test('sales may not manage staff (403)', async ({ page }) => {
  await newStaff(page, 'sales');
  const res = await page.goto('/admin/staff');
  expect(res?.status()).toBe(403);
  await expect(page.getByText('Your role does not allow this. Ask an owner if you need it.')).toBeVisible();
});

test('an owner invites from the browser, changes a role, and reads the audit log', async ({ page }) => {
  const owner = await newStaff(page, 'owner', 'Olive Owner');
  await page.goto('/admin/staff');
  const colleague = uniqueEmail('sales');
  await page.getByLabel('Email').fill(colleague);
  await page.getByLabel('Role', { exact: true }).selectOption('sales');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText(`Send this link to ${colleague}.`)).toBeVisible();
  const link = await page.getByLabel('Invite link', { exact: true }).inputValue();
  expect(link).toMatch(/\/admin\/invite\/[A-Za-z0-9_-]{43}$/);

  await page.goto('/admin/staff');
  await page.getByLabel(`New role for ${colleague}`).selectOption('editor');
  await page.getByRole('button', { name: `Change role of ${colleague}` }).click();
  await expect(page.getByText('The role is changed.')).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Changed a role from Sales to Editor' }).filter({ hasText: colleague })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Invited someone as Sales' }).filter({ hasText: owner.email })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Signed in' }).filter({ hasText: owner.email }).first()).toBeVisible();
});

for (const width of [390, 1366]) {
  test(`axe finds nothing on sign-in, invite, account, staff and audit at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail('owner');
    const link = await invite(email, 'owner');
    await page.goto('/admin/sign-in');
    expect(await axeViolations(page), 'sign-in').toEqual([]);
    await page.goto(link);
    // With an error shown, too.
    await page.getByLabel('Name').fill('Axe Owner');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Password').evaluate((el) => el.removeAttribute('minlength'));
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Use at least 12 characters.')).toBeVisible();
    expect(await axeViolations(page), 'invite').toEqual([]);
    await page.getByLabel('Password').fill(GOOD_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await signIn(page, email, GOOD_PASSWORD);
    for (const path of ['/admin/account', '/admin/staff', '/admin/audit']) {
      await page.goto(path);
      expect(await axeViolations(page), path).toEqual([]);
      // Readable at this width: nothing wider than the window but the tables' own scrolling regions.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

test('the sign-in form works by keyboard alone, with a visible focus', async ({ page }) => {
  const email = uniqueEmail('editor');
  await acceptInvite(page, await invite(email, 'editor'), 'Kay Keys', GOOD_PASSWORD);
  await page.getByLabel('Email').fill('');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  const outline = await page.getByLabel('Password').evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.type(GOOD_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/pages$/);
});
