import type { Page } from '@playwright/test';
import { htmlOf, inlineScriptsOf, manifest } from './build-files.ts';
import { test, expect, holdFile, hydrated } from './fixtures.ts';

/**
 * The hidden login and /doctor before React: each first outcome comes from the prerendered HTML and the block's own
 * script in the page's shell, with the framework chunk and the islands loader held back; once released, React takes
 * over from what is on screen and everything still works.
 */

const FRAMEWORK = Object.entries(manifest).find(([key]) => /^_framework-/.test(key))?.[1].file ?? '';
const LOADER = inlineScriptsOf(htmlOf('/'))[0]?.match(/\/(assets\/islands-loader-[0-9a-f]+\.js)/)?.[1] ?? '';
const IAM = '**/api/v1';

/** Holds React and the islands loader back; `asked()` says whether either was requested. */
async function holdReact(page: Page) {
  const framework = await holdFile(page, FRAMEWORK);
  const loader = await holdFile(page, LOADER);
  return {
    asked: () => framework.requested() || loader.requested(),
    release: () => {
      loader.release();
      framework.release();
    },
  };
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the hidden login answers typed and Enter with no framework at all, and the password goes nowhere', async ({ page, consoleProblems }) => {
      const react = await holdReact(page);
      const sent: string[] = [];
      page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
      await page.goto('/admin-login');
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
      await page.getByLabel('Email').fill('preview@buildpad.example');
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByLabel('Password').press('Enter');
      // This build configures no gate: every entry is wrong, said by the block's own script.
      await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
      await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
      await page.getByLabel('Password').fill('still-not-it');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert')).toHaveText('email or password is wrong');
      await expect(page).toHaveURL(/\/admin-login$/);
      await page.waitForLoadState('networkidle');
      expect(react.asked()).toBe(false);
      expect(sent.filter((s) => /not-the-password|still-not-it/.test(s))).toEqual([]);
      expect(consoleProblems).toEqual([]);
    });

    test('/doctor shows its identity-service check with React held back; "Check again" works once it is here', async ({ page, consoleProblems }) => {
      await page.route(IAM, (route) => route.fulfill({ status: 204, body: '', headers: { 'access-control-allow-origin': '*' } }));
      const react = await holdReact(page);
      await page.goto('/doctor');
      await hydrated(page);
      await expect(page.getByTestId('iam-status')).toHaveText('reachable (status 204)');
      await expect(page.getByRole('button', { name: 'Check again' })).not.toHaveAttribute('aria-busy', 'true');
      await page.waitForLoadState('networkidle');
      expect(react.asked()).toBe(false);

      await page.unroute(IAM);
      await page.route(IAM, (route) => route.fulfill({ status: 200, body: '{}', headers: { 'access-control-allow-origin': '*' } }));
      const again = page.getByRole('button', { name: 'Check again' });
      await again.click();
      await expect.poll(() => react.asked()).toBe(true);
      react.release();
      await expect(page.getByTestId('iam-status')).toHaveText('reachable (status 200)');
      expect(consoleProblems).toEqual([]);
    });
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1366, height: 900 } });

  test('the hidden login cannot be sent, and /doctor says "checking…"', async ({ page }) => {
    await page.goto('/admin-login');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await page.goto('/doctor');
    await expect(page.getByTestId('iam-status')).toHaveText('checking…');
  });
});
