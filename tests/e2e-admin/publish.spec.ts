/**
 * Publishing from the browser, end to end: staff invited with `npm run staff` edit pages in the editor at
 * /admin/pages (each in a browser context of their own), publish, and the service commits, pushes to the site's git
 * remote (a bare repository behind `git http-backend` on loopback: tests/e2e-admin/git-remote.ts) and serves the new
 * build. After each publish the remote's log is read with git (author, committer and the plain-words message) and
 * the served page is fetched as a visitor would.
 *
 * The tests share one remote and one live site, so they run one after another, each on pages of its own; texts
 * carry a tag of the test's own.
 */
import { expect, test } from '@playwright/test';
import { axeViolations, newStaff, signIn } from './helpers.ts';
import {
  api,
  clickToPublish,
  DEVELOPER,
  developerChangesHeading,
  draftJson,
  expectPublished,
  expectRemoteTip,
  field,
  openEditor,
  openPage,
  publish,
  publishButton,
  PUBLISH_WAIT,
  rejectNextPush,
  remoteHead,
  remoteJson,
  remoteLog,
  selectSection,
  served,
  tag,
  typeHeading,
} from './publish-helpers.ts';

test.describe.configure({ mode: 'default', timeout: 600_000 });

const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
const HERO = /Section 1: Hero/;

/** The pages each test edits: one each, so a test never meets another's change. */
const OWNER = { title: 'Private Project Owners', route: '/owner', file: 'pages/owner.json' };
const PROJECT_MANAGER = { title: 'Your On-Call Project Manager', route: '/project-manager', file: 'pages/project-manager.json' };
const FINANCE = { route: '/finance', file: 'pages/finance.json' };
const CONSULTANT = { title: 'Consultant', route: '/consultant', file: 'pages/consultant.json' };
const CONTRACTOR = { title: 'Contractor', route: '/contractor', file: 'pages/contractor.json' };
const ENTERPRISE = { title: 'Enterprise Project Owners', route: '/enterprise', file: 'pages/enterprise.json' };
const PREMIUM = { title: 'Premium plan', route: '/pricing/premium', file: 'pages/pricing-premium.json' };
const REFERRAL = { title: 'Refer & Earn $300', route: '/referral', file: 'pages/referral.json' };
const WAITLIST = { title: 'Welcome to the waitlist', route: '/waitlist-welcome', file: 'pages/waitlist-welcome.json' };

test('two people edit the same page: different sections merge by themselves; the same heading asks, and the chosen value is kept', async ({
  browser,
  request,
}) => {
  const t = tag();
  const erinContext = await browser.newContext({ viewport: WIDE });
  const oluContext = await browser.newContext({ viewport: WIDE });
  const ed = await erinContext.newPage();
  const ow = await oluContext.newPage();
  const erin = await newStaff(ed, 'editor', `Erin Editor ${t}`);
  const olu = await newStaff(ow, 'owner', `Olu Owner ${t}`);
  for (const p of [ed, ow]) {
    await openEditor(p);
    await openPage(p, OWNER.title, OWNER.route);
  }

  // Different sections of the same page: Erin the hero's heading, Olu the feature grid's. Each is only in their draft.
  const heroByErin = `Build from anywhere ${t}`;
  const gridByOlu = `Everything in one place ${t}`;
  await selectSection(ed, HERO);
  await typeHeading(ed, OWNER.file, 0, heroByErin);
  await selectSection(ow, /Section 2: Feature grid/);
  await typeHeading(ow, OWNER.file, 1, gridByOlu);
  expect(await served(request, OWNER.route)).not.toContain(heroByErin);

  const first = await publish(ed);
  expect(first).toMatch(/hero heading changed/i);
  await expectRemoteTip(erin, first);
  await expect.poll(() => served(request, OWNER.route)).toContain(heroByErin);
  expect(await served(request, OWNER.route)).not.toContain(gridByOlu);

  // Olu's draft was brought onto Erin's version by itself, and the editor says so.
  await ow.reload();
  await expect(ow.getByText(`Your draft now includes the latest published changes (${erin.name}: ${first}).`)).toBeVisible();
  await ow.getByRole('button', { name: 'OK', exact: true }).click();
  expect((await draftJson(ow, OWNER.file)).blocks.map((b) => b.heading).slice(0, 2)).toEqual([heroByErin, gridByOlu]);

  const second = await publish(ow);
  const [tip, before] = await remoteLog(2);
  await expectRemoteTip(olu, second);
  expect(before.subject).toBe(first);
  expect(tip.parents).toEqual([before.commit]);
  expect((await remoteJson(OWNER.file)).blocks.map((b) => b.heading).slice(0, 2)).toEqual([heroByErin, gridByOlu]);
  await expect.poll(() => served(request, OWNER.route)).toContain(gridByOlu);
  expect(await served(request, OWNER.route)).toContain(heroByErin);

  // Now the same field: both change the hero's heading. Erin publishes first.
  const heroErin2 = `Erin says build remotely ${t}`;
  const heroOlu2 = `Olu says build on budget ${t}`;
  // Erin reloads, so her editor shows her draft as it is now: her own publish, then Olu's on top.
  await ed.reload();
  await openPage(ed, OWNER.title, OWNER.route);
  await selectSection(ed, HERO);
  await typeHeading(ed, OWNER.file, 0, heroErin2);
  await openPage(ow, OWNER.title, OWNER.route);
  await selectSection(ow, HERO);
  await typeHeading(ow, OWNER.file, 0, heroOlu2);

  const third = await publish(ed);
  await expectRemoteTip(erin, third);
  await expect.poll(() => served(request, OWNER.route)).toContain(heroErin2);

  // Olu's draft could not follow by itself: the editor says a choice is coming, and publishing asks for it.
  await ow.reload();
  await expect(
    ow.getByText('A newer version is live, and it changes some of the same fields as your draft. You will choose which to keep when you publish.'),
  ).toBeVisible();
  const refused = await clickToPublish(ow, publishButton(ow));
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { kind: string }).kind).toBe('conflict');
  const dialog = ow.getByRole('dialog', { name: 'Someone else changed the same thing' });
  await expect(dialog).toBeVisible();
  // One question: the hero's heading, named in words.
  await expect(dialog.locator('fieldset')).toHaveCount(1);
  await expect(dialog.locator('fieldset > legend')).toContainText('Heading');
  await expect(dialog.getByRole('radio', { name: `Keep the published version: ${heroErin2}` })).toBeVisible();
  expect(await axeViolations(ow, ['iframe'])).toEqual([]);
  // Nothing was published while the question is open.
  await expectRemoteTip(erin, third);

  await dialog.getByRole('radio', { name: `Keep yours: ${heroOlu2}` }).check();
  const fourth = await expectPublished(ow, await clickToPublish(ow, dialog.getByRole('button', { name: 'Publish with these choices' })));
  await expect(dialog).toBeHidden();
  await expectRemoteTip(olu, fourth);
  expect((await remoteJson(OWNER.file)).blocks.map((b) => b.heading).slice(0, 2)).toEqual([heroOlu2, gridByOlu]);
  await expect.poll(() => served(request, OWNER.route)).toContain(heroOlu2);
  expect(await served(request, OWNER.route)).not.toContain(heroErin2);
  await erinContext.close();
  await oluContext.close();
});

test("a developer's commit pushed to the remote meanwhile is kept", async ({ page, request }) => {
  const t = tag();
  const who = await newStaff(page, 'editor', `Ede Editor ${t}`);
  await openEditor(page);
  await openPage(page, PROJECT_MANAGER.title, PROJECT_MANAGER.route);
  await selectSection(page, HERO);
  const mine = `A project manager on call ${t}`;
  await typeHeading(page, PROJECT_MANAGER.file, 0, mine);

  // Meanwhile a developer pushes a change of another page straight to the remote, not through the service.
  const theirs = `Build now and pay later ${t}`;
  const developers = await developerChangesHeading(FINANCE.file, 0, theirs, `Finance page: clearer heading (${t})`);

  const message = await publish(page);
  const tip = await expectRemoteTip(who, message);
  expect(tip.parents).toEqual([developers]);
  const [, second] = await remoteLog(2);
  expect(second.author).toBe(`${DEVELOPER.name} <${DEVELOPER.email}>`);
  expect((await remoteJson(FINANCE.file)).blocks[0].heading).toBe(theirs);
  expect((await remoteJson(PROJECT_MANAGER.file)).blocks[0].heading).toBe(mine);
  // The site built from the merge has both.
  await expect.poll(() => served(request, PROJECT_MANAGER.route)).toContain(mine);
  expect(await served(request, FINANCE.route)).toContain(theirs);
});

test('a push refused because the remote moved is fetched, merged and retried', async ({ page, request }) => {
  const t = tag();
  const who = await newStaff(page, 'owner', `Oona Owner ${t}`);
  await openEditor(page);
  await openPage(page, CONSULTANT.title, CONSULTANT.route);
  await selectSection(page, HERO);
  const mine = `Bid on steady work ${t}`;
  await typeHeading(page, CONSULTANT.file, 0, mine);
  const before = await remoteHead();

  // The remote takes a developer's commit just as the service's push starts, so that push is refused once.
  const developers = await rejectNextPush(request);
  const message = await publish(page);
  const [tip, second, third] = await remoteLog(3);
  await expectRemoteTip(who, message);
  expect(second.subject).toBe(developers);
  expect(second.author).toBe(`${DEVELOPER.name} <${DEVELOPER.email}>`);
  expect(second.parents).toEqual([before]);
  expect(third.commit).toBe(before);
  // The landed commit is on top of the developer's, never forced over it.
  expect(tip.parents).toEqual([second.commit]);
  await expect.poll(() => served(request, CONSULTANT.route)).toContain(mine);
});

test('a publish with a broken field changes nothing, and says why on the field', async ({ page, request }) => {
  const t = tag();
  await newStaff(page, 'editor', `Eli Editor ${t}`);
  const before = await remoteHead();
  const live = (await remoteJson(CONTRACTOR.file)).blocks[0].heading;
  expect(live).toBeTruthy();
  await openEditor(page);
  await openPage(page, CONTRACTOR.title, CONTRACTOR.route);
  await selectSection(page, HERO);
  // The draft keeps unfinished work: the emptied heading is saved to it all the same.
  await field(page, 'Heading').fill('');
  await expect.poll(async () => (await draftJson(page, CONTRACTOR.file)).blocks[0].heading ?? '').toBe('');

  const answer = await clickToPublish(page, publishButton(page));
  expect(answer.status()).toBe(422);
  expect(((await answer.json()) as { kind: string }).kind).toBe('invalid');
  const alert = page.getByRole('alert').filter({ hasText: 'Not published' });
  await expect(alert).toContainText(/Not published: fix 1 problem(\(s\)|s)? first\. Nothing was changed\./);
  await expect(alert).toContainText(/Heading (is required|must not be empty)/);
  await expect(page.locator('#sw-fields .error-detail')).toContainText(/Heading (is required|must not be empty)/);

  // Nothing changed: the remote, the served page, and the person's draft (still theirs to fix).
  expect(await remoteHead()).toBe(before);
  expect(await served(request, CONTRACTOR.route)).toContain(live!);
  expect((await draftJson(page, CONTRACTOR.file)).blocks[0].heading ?? '').toBe('');
});

test('a preview link shows the draft to someone signed out, until it is revoked', async ({ browser, page, request }) => {
  const t = tag();
  await newStaff(page, 'editor', `Esme Editor ${t}`);
  await openEditor(page);
  await openPage(page, ENTERPRISE.title, ENTERPRISE.route);
  await selectSection(page, HERO);
  const draft = `Every project in one view ${t}`;
  await typeHeading(page, ENTERPRISE.file, 0, draft);

  await page.getByRole('button', { name: 'Share preview' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share preview' });
  const box = dialog.getByRole('textbox', { name: 'Preview link' });
  await expect(box).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/, PUBLISH_WAIT);
  await expect(box).not.toBeEditable();
  const link = await box.inputValue();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible();

  // Someone with the link and no account: the whole site with the draft, not for search engines, never cached.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  const opened = await v.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['x-robots-tag']).toBe('noindex');
  expect(opened?.headers()['cache-control']).toBe('no-store');
  const inside = await v.goto(ENTERPRISE.route);
  expect(inside?.headers()['x-robots-tag']).toBe('noindex');
  await expect(v.getByRole('heading', { level: 1 })).toHaveText(draft);
  // The live site does not have it.
  expect(await served(request, ENTERPRISE.route)).not.toContain(draft);

  // Revoked: the link answers 404, and the visitor is back on the live site.
  const revoke = dialog.getByRole('button', { name: /Revoke/ });
  await expect(revoke).toHaveCount(1);
  const revoked = page.waitForResponse((r) => r.url().endsWith(api('previews/revoke')));
  await revoke.click();
  expect((await revoked).status()).toBe(204);
  expect((await v.goto(link))?.status()).toBe(404);
  const after = await v.goto(ENTERPRISE.route);
  expect(after?.headers()['x-robots-tag']).toBeUndefined();
  await expect(v.getByRole('heading', { level: 1 })).not.toHaveText(draft);
  await visitor.close();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a publish is undone from the history', async ({ page, request }) => {
  const t = tag();
  const who = await newStaff(page, 'owner', `Ola Owner ${t}`);
  const original = (await remoteJson(PREMIUM.file)).blocks[0].heading!;
  await openEditor(page);
  await openPage(page, PREMIUM.title, PREMIUM.route);
  await selectSection(page, HERO);
  const mine = `Your own project manager ${t}`;
  await typeHeading(page, PREMIUM.file, 0, mine);
  const message = await publish(page);
  await expectRemoteTip(who, message);
  await expect.poll(() => served(request, PREMIUM.route)).toContain(mine);

  await page.goto('/admin/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  const entry = page
    .locator('li, article, section')
    .filter({ hasText: message })
    .filter({ has: page.getByRole('button', { name: 'Undo this change' }) })
    .last();
  await expect(entry).toContainText(`${who.name} · `);
  const table = entry.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  await expect(table).toContainText(original);
  await expect(table).toContainText(mine);

  const undone = page.waitForResponse((r) => /\/admin\/history\/[0-9a-f]{40}\/undo$/.test(r.url()) && r.request().method() === 'POST', PUBLISH_WAIT);
  await entry.getByRole('button', { name: 'Undo this change' }).click();
  expect((await undone).status()).toBe(303);
  await page.waitForLoadState('load');
  await expect(page).toHaveURL(/\/admin\/history(\?.*)?$/);
  await expect(page.getByText(new RegExp(`Undone.*${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)).first()).toBeVisible();

  await expectRemoteTip(who, `Undo “${message}”`);
  expect((await remoteJson(PREMIUM.file)).blocks[0].heading).toBe(original);
  await expect.poll(() => served(request, PREMIUM.route)).not.toContain(mine);
  expect(await served(request, PREMIUM.route)).toContain(original);
});

test('sales cannot publish: 403 on the editor and on publish; signed out, 401', async ({ page, request, baseURL }) => {
  await newStaff(page, 'sales', 'Sal Sales');
  const before = await remoteHead();
  expect((await page.goto('/admin/pages'))?.status()).toBe(403);
  expect((await page.goto('/admin/history'))?.status()).toBe(403);
  const origin = { Origin: baseURL! };
  expect((await page.request.post(api('publish'), { headers: origin, data: {} })).status()).toBe(403);
  expect((await page.request.get(api('draft'))).status()).toBe(403);
  expect((await page.request.post(api('previews'), { headers: origin, data: {} })).status()).toBe(403);
  expect((await page.request.post(`/admin/history/${before}/undo`, { headers: origin, form: {} })).status()).toBe(403);
  // Signed out: the API answers 401.
  expect((await request.post(api('publish'), { headers: origin, data: {} })).status()).toBe(401);
  expect(await remoteHead()).toBe(before);
});

test('the draft survives a reload and a sign-out and sign-in', async ({ browser, page }) => {
  const t = tag();
  const who = await newStaff(page, 'editor', `Emi Editor ${t}`);
  await openEditor(page);
  await openPage(page, REFERRAL.title, REFERRAL.route);
  await selectSection(page, HERO);
  const mine = `Refer a friend and earn ${t}`;
  await typeHeading(page, REFERRAL.file, 0, mine);

  await page.reload();
  await openPage(page, REFERRAL.title, REFERRAL.route);
  await selectSection(page, HERO);
  await expect(field(page, 'Heading')).toHaveValue(mine);

  await page.goto('/admin/history');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  expect((await page.request.get(api('draft'))).status()).toBe(401);

  // Signed in again in a browser that never saw the draft: it comes from the server.
  const later = await browser.newContext({ viewport: WIDE });
  const again = await later.newPage();
  await signIn(again, who.email, who.password);
  await openEditor(again);
  await openPage(again, REFERRAL.title, REFERRAL.route);
  await selectSection(again, HERO);
  await expect(field(again, 'Heading')).toHaveValue(mine);
  const draft = (await (await again.request.get(api('draft'))).json()) as { changes: { file: string }[] };
  expect(draft.changes.map((c) => c.file)).toContain(REFERRAL.file);
  await later.close();
});

test('"Discard draft" puts the live version back, and "Undo" brings the draft back', async ({ page }) => {
  const t = tag();
  await newStaff(page, 'editor', `Eve Editor ${t}`);
  const live = (await remoteJson(WAITLIST.file)).blocks[0].heading!;
  await openEditor(page);
  await openPage(page, WAITLIST.title, WAITLIST.route);
  await selectSection(page, HERO);
  const mine = `Thanks for joining ${t}`;
  await typeHeading(page, WAITLIST.file, 0, mine);

  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('Draft discarded.')).toBeVisible();
  await expect.poll(async () => (await draftJson(page, WAITLIST.file)).blocks[0].heading).toBe(live);
  await openPage(page, WAITLIST.title, WAITLIST.route);
  await selectSection(page, HERO);
  await expect(field(page, 'Heading')).toHaveValue(live);

  // While the discard's own Undo is offered it is the only button of that name (the edit history's pair steps aside).
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(async () => (await draftJson(page, WAITLIST.file)).blocks[0].heading).toBe(mine);
  await openPage(page, WAITLIST.title, WAITLIST.route);
  await selectSection(page, HERO);
  await expect(field(page, 'Heading')).toHaveValue(mine);
});

// In the chain rather than beside it: a person's first draft is made under the publish lock, so opening the editor
// while another test publishes waits for that publish, longer than the page's time limit on a loaded machine.
test('the editor and the history pass axe at 1366 and 390 px', async ({ browser }) => {
  for (const viewport of [WIDE, NARROW]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await newStaff(page, 'owner', `Axel Owner ${viewport.width}`);
    await openEditor(page);
    await openPage(page, OWNER.title, OWNER.route);
    // The preview frame shows the site's own blocks, which the site's accessibility suite checks.
    expect(await axeViolations(page, ['iframe']), `/admin/pages at ${viewport.width} px`).toEqual([]);
    await page.goto('/admin/history');
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    expect(await axeViolations(page), `/admin/history at ${viewport.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  }
});
