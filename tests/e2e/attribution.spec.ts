import { test, expect, hydrated } from './fixtures.ts';
import { leadsCli } from './leads-cli.ts';

/**
 * Attribution without cookies: the tab keeps where the visit came from in sessionStorage, and the contact form sends
 * it beside the submission to the site's own service, which stores it in the lead's own columns. Real service, no
 * stubs; the lead is read back with the marketer's own command.
 */

interface Lead {
  payload: Record<string, unknown>;
  attribution: Record<string, string | null>;
}

async function storedLead(email: string): Promise<Lead | undefined> {
  const out = await leadsCli(['list', '--json']);
  return (JSON.parse(out) as Lead[]).find((l) => l.payload.email === email);
}

test('a lead keeps the page, the landing page, the other site and the campaign of its visit, and the browser keeps nothing past the tab', async ({
  page,
  consoleProblems,
}) => {
  const email = `attribution.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const visit = () => page.evaluate(() => Object.fromEntries(new URLSearchParams(sessionStorage.getItem('sitewright:visit') ?? '')));

  await page.goto('/owner?utm_source=newsletter&utm_medium=email&utm_campaign=spring', { referer: 'https://news.example/' });
  const recorded = { landing: '/owner', ref: 'news.example', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring' };
  await expect.poll(visit).toEqual(recorded);

  // On to the contact page by a link of the site: the visit is the tab's first page's, whatever came after.
  await page.getByRole('link', { name: 'Ask a Question' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await hydrated(page);
  expect(await visit()).toEqual(recorded);

  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Where do I start?');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/inquiries/contact-us') && r.method() === 'POST');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/inquiries/contact-us'));
  await page.getByRole('button', { name: 'Send message' }).click();
  const sent = await request;
  expect((await answer).status()).toBe(201);

  // One header beside the request; the body is the form's payload exactly, nothing added.
  expect(await sent.headerValue('sitewright-attribution')).toBe(
    'page=%2Fcontact&landing=%2Fowner&ref=news.example&utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  );
  expect(sent.postDataJSON()).toEqual({ firstName: 'Ada', lastName: 'Obi', email, description: 'Where do I start?' });

  expect((await storedLead(email))?.attribution).toEqual({
    page: '/contact',
    landing: '/owner',
    referrer: 'news.example',
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'spring',
    utmTerm: null,
    utmContent: null,
  });

  // Nothing that outlives the tab: no cookie, nothing in localStorage about the visit.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  expect((await page.context().cookies()).length).toBe(0);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /visit|utm|attribution/i.test(k) || /utm_|news\.example/.test(localStorage.getItem(k) ?? '')),
    ),
  ).toEqual([]);
  expect(consoleProblems).toEqual([]);
});

test('a visit from nowhere in particular names only its pages; a new tab starts a new visit', async ({ page, context }) => {
  await page.goto('/policy');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sitewright:visit'))).toBe('landing=%2Fpolicy');
  const other = await context.newPage();
  await other.goto('/owner?utm_source=ads');
  await expect.poll(() => other.evaluate(() => sessionStorage.getItem('sitewright:visit'))).toBe('landing=%2Fowner&utm_source=ads');
  expect(await page.evaluate(() => sessionStorage.getItem('sitewright:visit'))).toBe('landing=%2Fpolicy');
});

test('with storage blocked the page works as before and the form still sends', async ({ page, consoleProblems }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'sessionStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const email = `blocked.${Date.now().toString(36)}@example.com`;
  await page.goto('/contact?utm_source=newsletter');
  await hydrated(page);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Obi');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Message').fill('Private mode');
  const request = page.waitForRequest((r) => r.url().endsWith('/api/v1/inquiries/contact-us') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Send message' }).click();
  expect(await (await request).headerValue('sitewright-attribution')).toBe('page=%2Fcontact');
  await expect.poll(async () => (await storedLead(email))?.attribution.page).toBe('/contact');
  expect(consoleProblems).toEqual([]);
});
