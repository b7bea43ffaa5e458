/**
 * Steps of the publishing end-to-end tests (not a spec): the site's git remote as the tests see it (its bare
 * repository, read with git; a developer's commit; the control that makes the next push be refused once), the
 * editor at /admin/pages (open a page, pick a section, type into a field and wait until the draft on the server has
 * it), publishing, and the served site.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type Response } from '@playwright/test';
import { GIT_E2E_DIR, GIT_E2E_PORT } from '../../playwright.admin.config.ts';
import { field, outline } from '../../editor/e2e/helpers.ts';
import { developerCommit, git, LIVE_BRANCH, REMOTE_INFO_FILE, type RemoteInfo } from './git-remote.ts';

export { field, outline, preview } from '../../editor/e2e/helpers.ts';
export { DEVELOPER, LIVE_BRANCH } from './git-remote.ts';

/**
 * A publish checks the whole site and builds it (about 10 s alone, more on a busy machine): the waits for its
 * answer are long enough for that, and never a fixed pause.
 */
export const PUBLISH_WAIT = { timeout: 300_000 };

/** A short tag that makes the texts a test types its own, so tests never read each other's changes. */
export const tag = () => Math.random().toString(36).slice(2, 8);

function remoteInfo(): RemoteInfo {
  return JSON.parse(readFileSync(join(GIT_E2E_DIR, REMOTE_INFO_FILE), 'utf8')) as RemoteInfo;
}

export interface RemoteCommit {
  commit: string;
  parents: string[];
  author: string;
  committer: string;
  subject: string;
}

/** The live branch's newest commits on the remote, newest first. */
export async function remoteLog(count = 5): Promise<RemoteCommit[]> {
  const out = await git(remoteInfo().bare, ['log', `-${count}`, '--format=%H%x1f%P%x1f%an <%ae>%x1f%cn <%ce>%x1f%s', `refs/heads/${LIVE_BRANCH}`]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [commit, parents, author, committer, subject] = line.split('\x1f');
      return { commit, parents: parents.split(' ').filter(Boolean), author, committer, subject };
    });
}

/** The remote live branch's tip. */
export const remoteHead = async () => (await git(remoteInfo().bare, ['rev-parse', `refs/heads/${LIVE_BRANCH}`])).trim();

/** A config file as the remote's live branch (or `rev`) has it, parsed. */
export async function remoteJson<T = PageDoc>(file: string, rev = LIVE_BRANCH): Promise<T> {
  return JSON.parse(await git(remoteInfo().bare, ['show', `${rev}:site.config/${file}`])) as T;
}

export interface PageDoc {
  route: string;
  title: string;
  blocks: { type: string; heading?: string }[];
}

/** A developer's commit to a page's block heading, straight on the remote (not through the service). */
export async function developerChangesHeading(file: string, block: number, heading: string, message: string): Promise<string> {
  return developerCommit(
    remoteInfo().bare,
    `site.config/${file}`,
    (text) => {
      const doc = JSON.parse(text ?? '{}') as PageDoc;
      doc.blocks[block].heading = heading;
      return `${JSON.stringify(doc, null, 2)}\n`;
    },
    message,
  );
}

/** Arms the remote so the next push is refused once (a developer's commit lands just before it); its subject. */
export async function rejectNextPush(request: APIRequestContext): Promise<string> {
  const r = await request.post(`http://127.0.0.1:${GIT_E2E_PORT}/__control/reject-next-push`);
  expect(r.status()).toBe(200);
  return ((await r.json()) as { message: string }).message;
}

/** The editor in the back office, loaded. */
export async function openEditor(page: Page): Promise<void> {
  await page.goto('/admin/pages');
  await expect(page.getByRole('navigation', { name: 'Pages and shared content' })).toBeVisible();
}

/** Opens a page from the editor's list by its title and route ("Private Project Owners", "/owner"). */
export async function openPage(page: Page, title: string, route: string): Promise<void> {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const button = page
    .getByRole('navigation', { name: 'Pages and shared content' })
    .getByRole('button', { name: new RegExp(`${escape(title)} ${escape(route)}`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-current', 'page');
  await expect(outline(page).getByRole('option').first()).toBeVisible();
}

/** Selects a section in the outline ("Section 1: Hero"). */
export async function selectSection(page: Page, name: RegExp): Promise<void> {
  await outline(page).getByRole('option', { name }).click();
}

/** The editor's API on the signed-in person's draft. */
export const api = (name: string) => `/admin/pages/api/${name}`;

/** A config file as the signed-in person's draft on the server has it. */
export async function draftJson<T = PageDoc>(page: Page, file: string): Promise<T> {
  const r = await page.request.get(`${api('file')}?path=${encodeURIComponent(file)}`);
  expect(r.status(), `GET file ${file}`).toBe(200);
  return ((await r.json()) as { data: T }).data;
}

/**
 * Types a block's heading in the editor, then waits until the draft on the server has it: the editor saves as the
 * person types, and the top bar says so.
 */
export async function typeHeading(page: Page, file: string, block: number, text: string): Promise<void> {
  await field(page, 'Heading').fill(text);
  await expect.poll(async () => (await draftJson(page, file)).blocks[block].heading).toBe(text);
  await expect(page.getByText(/^Draft saved/)).toBeVisible();
}

/** Clicks `button` (Publish, or "Publish with these choices") and waits for the service's answer to the publish. */
export async function clickToPublish(page: Page, button: Locator): Promise<Response> {
  const answer = page.waitForResponse((r) => r.url().endsWith(api('publish')) && r.request().method() === 'POST', PUBLISH_WAIT);
  await button.click();
  return answer;
}

/** The top bar's Publish button. */
export const publishButton = (page: Page) => page.getByRole('button', { name: 'Publish', exact: true });

/** Checks a publish went through (200, and the editor says "Published: <message>"); the plain-words message. */
export async function expectPublished(page: Page, answer: Response): Promise<string> {
  expect(answer.status(), await answer.text()).toBe(200);
  const { message, commit } = (await answer.json()) as { message: string; commit: string };
  expect(commit).toMatch(/^[0-9a-f]{40}$/);
  await expect(page.getByText(`Published: ${message}`)).toBeVisible();
  return message;
}

/** Publishes the person's draft from the top bar and checks it went through; the message. */
export async function publish(page: Page): Promise<string> {
  return expectPublished(page, await clickToPublish(page, publishButton(page)));
}

/** The served page's HTML as a visitor gets it (`request` is the test's own: no session, no preview cookie). */
export async function served(request: APIRequestContext, path: string): Promise<string> {
  const r = await request.get(path);
  expect(r.status(), `GET ${path}`).toBe(200);
  return r.text();
}

/** Checks the remote's newest commit: by `who` (author and committer) with `message`. */
export async function expectRemoteTip(who: { name: string; email: string }, message: string): Promise<RemoteCommit> {
  const [tip] = await remoteLog(1);
  expect(tip.subject).toBe(message);
  expect(tip.author).toBe(`${who.name} <${who.email}>`);
  expect(tip.committer).toBe(`${who.name} <${who.email}>`);
  return tip;
}
