// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db.ts';
import { loadLeadForms } from '../../forms.ts';
import type { Author, HistoryEntry, PublishOutcome, Publisher, Publishing } from '../../publish/types.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import type { BackOfficeOptions } from '../context.ts';
import { readableTime } from '../inbox/filters.ts';
import type { Role } from '../roles.ts';
import { signedInCookie } from '../testing.ts';
import { valueText } from './views.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const FORMS = loadLeadForms();
const ORIGIN = 'http://localhost';
const sha = (n: number) => n.toString(16).padStart(40, 'a');
const LONG = 'Post your project, compare bids from verified contractors and follow every naira from anywhere in the world. Sign up in minutes.';

function entry(n: number, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    commit: sha(n),
    author: { name: 'Ada Lovelace', email: 'ada@buildpad.example' },
    date: `2026-11-${String(1 + (n % 28)).padStart(2, '0')}T10:30:00Z`,
    message: `Change ${n}`,
    files: [
      {
        file: 'pages/owner.json',
        label: 'Owner page',
        status: 'modified',
        summary: 'Owner page: hero heading changed',
        fields: [
          { pointer: '/blocks/0/heading', label: 'Hero › Heading', before: 'Old heading', after: 'New heading' },
          { pointer: '/blocks/0/intro', label: 'Hero › Intro', before: LONG, after: undefined },
          { pointer: '/blocks/2', label: 'FAQ', before: undefined, after: { type: 'faq', heading: 'Questions', set: 'owner' } },
        ],
      },
    ],
    ...over,
  };
}

/** A publisher with a given history; undo answers `outcome`. Only what the history page uses is there. */
function fakePublisher(entries: HistoryEntry[], outcome: PublishOutcome) {
  const calls = { history: [] as { limit?: number; skip?: number }[], undo: [] as [string, Author][] };
  const refuse = () => Promise.reject(new Error('not used by the history page'));
  const publisher: Publisher = {
    draft: refuse,
    seenRebase: refuse,
    discard: refuse,
    undoDiscard: refuse,
    publish: refuse,
    buildDraft: refuse,
    history: async (opts = {}) => {
      calls.history.push(opts);
      return entries.slice(opts.skip ?? 0, (opts.skip ?? 0) + (opts.limit ?? 30));
    },
    entry: async (commit) => entries.find((e) => e.commit === commit) ?? null,
    undo: async (commit, author) => {
      calls.undo.push([commit, author]);
      if (outcome.ok) entries.unshift(entry(999, { commit: outcome.commit, message: outcome.message }));
      return outcome;
    },
    live: { dir: () => null, onChange: () => () => {} },
    refresh: async () => {},
    close: async () => {},
  };
  const publishing: Publishing = {
    publisher,
    previews: { share: refuse, list: refuse, revoke: refuse, resolve: refuse },
    editorDir: '/nowhere',
    root: '/nowhere',
  };
  return { publishing, calls };
}

const UNDO_OK: PublishOutcome = { ok: true, commit: sha(4242), message: 'Undo “Change 1”', files: [], pushed: false, attempts: 1 };

describe.each(backends())('the history on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const app = (o: Partial<BackOfficeOptions> = {}) => createBackOffice({ db, hashSecret: 'test-secret', forms: FORMS, notificationsOn: false, ...o });
  const as = async (role: Role) => signedInCookie(db, role);
  const get = (path: string, cookie: string, o: Partial<BackOfficeOptions>) => app(o).request(`${ORIGIN}${path}`, { headers: { cookie } });
  const post = (path: string, cookie: string, o: Partial<BackOfficeOptions>, origin = ORIGIN) =>
    app(o).request(`${ORIGIN}${path}`, { method: 'POST', headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  const undoRows = async () =>
    (await db.query<{ actor: string; subject: string; detail: unknown }>(`SELECT actor, subject, detail FROM audit_log WHERE action = 'publish-undo'`)).rows;

  describe('who may use it', () => {
    it('sends a signed-out request to sign-in, and refuses a signed-out undo', async () => {
      const { publishing, calls } = fakePublisher([entry(1)], UNDO_OK);
      const r = await app({ publishing }).request(`${ORIGIN}/admin/history?page=2`);
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/admin/sign-in?next=${encodeURIComponent('/admin/history?page=2')}`);
      const u = await app({ publishing }).request(`${ORIGIN}/admin/history/${sha(1)}/undo`, { method: 'POST', headers: { origin: ORIGIN } });
      expect(u.status).toBe(303);
      expect(u.headers.get('location')).toBe('/admin/sign-in');
      expect(calls.undo).toEqual([]);
    });

    it('refuses sales the page and the undo with 403', async () => {
      const { publishing, calls } = fakePublisher([entry(1)], UNDO_OK);
      const { cookie } = await as('sales');
      const r = await get('/admin/history', cookie, { publishing });
      expect(r.status).toBe(403);
      expect(await r.text()).toContain('Your role does not allow this.');
      expect((await post(`/admin/history/${sha(1)}/undo`, cookie, { publishing })).status).toBe(403);
      expect(calls).toEqual({ history: [], undo: [] });
      expect(await undoRows()).toEqual([]);
    });

    it('refuses an undo sent from another site with 403', async () => {
      const { publishing, calls } = fakePublisher([entry(1)], UNDO_OK);
      const { cookie } = await as('owner');
      const r = await post(`/admin/history/${sha(1)}/undo`, cookie, { publishing }, 'https://evil.example');
      expect(r.status).toBe(403);
      expect(calls.undo).toEqual([]);
    });

    it('answers 404 for an undo of something that is not a full commit id of the history, without asking git', async () => {
      const { publishing, calls } = fakePublisher([entry(1)], UNDO_OK);
      const { cookie } = await as('editor');
      for (const bad of [sha(1).slice(0, 12), sha(1).toUpperCase(), 'HEAD', `${sha(1)}0`, '..%2F..%2Fetc', sha(2)]) {
        const r = await post(`/admin/history/${bad}/undo`, cookie, { publishing });
        expect(r.status, bad).toBe(404);
        expect(await r.text()).toContain('There is no such change in the history of the live site.');
      }
      expect(calls.undo).toEqual([]);
      // Without publishing there is nothing to undo.
      expect((await post(`/admin/history/${sha(1)}/undo`, cookie, {})).status).toBe(404);
    });
  });

  describe('the list', () => {
    it('shows each change with its message, who and when, and a Field/Before/After table per file', async () => {
      const { publishing, calls } = fakePublisher([entry(2), entry(1, { files: [] })], UNDO_OK);
      const { cookie } = await as('editor');
      const r = await get('/admin/history', cookie, { publishing });
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(calls.history).toEqual([{ limit: 31, skip: 0 }]);
      expect(html).toContain('<h1>History</h1>');
      expect(html).toContain('<a href="/admin/history" aria-current="page">History</a>');
      expect(html.indexOf('Change 2')).toBeLessThan(html.indexOf('Change 1'));
      const when = readableTime(entry(2).date, Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
      expect(html).toContain(`Ada Lovelace · <time dateTime="2026-11-03T10:30:00.000Z">${when}</time>`);
      expect(html).toContain('<th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th>');
      expect(html).toContain('<th scope="row">Hero › Heading</th><td><span>Old heading</span></td><td><span>New heading</span></td>');
      // Long text is clipped, with the whole of it in a disclosure; an absent value says so.
      expect(html).toContain(`<details><summary>Show all</summary><p class="full">${LONG}</p></details>`);
      expect(html).toContain('<span class="absent">(not there)</span>');
      expect(html).toContain('FAQ section “Questions”');
      expect(html).toContain(
        `<form action="/admin/history/${sha(2)}/undo" method="post"><button type="submit" class="secondary" aria-describedby="c-${sha(2)}">Undo this change</button></form>`,
      );
      expect(html).toContain('<ul class="full"><li>Type: faq</li><li>Heading: Questions</li><li>Set: owner</li></ul>');
      // A commit that changed no config file shows none, and nothing to undo.
      expect(html).toContain('This change did not touch the site’s pages or settings.');
      expect(html).not.toContain(`/admin/history/${sha(1)}/undo`);
      expect(html).not.toContain('Older changes');
    });

    it('pages by 30 with "Older changes" and "Newer changes"', async () => {
      const entries = Array.from({ length: 45 }, (_, i) => entry(100 - i));
      const { publishing, calls } = fakePublisher(entries, UNDO_OK);
      const { cookie } = await as('owner');
      const first = await (await get('/admin/history', cookie, { publishing })).text();
      expect(first).toContain('<a href="/admin/history?page=2">Older changes</a>');
      expect(first.match(/<article /g)).toHaveLength(30);
      const second = await (await get('/admin/history?page=2', cookie, { publishing })).text();
      expect(calls.history[1]).toEqual({ limit: 31, skip: 30 });
      expect(second.match(/<article /g)).toHaveLength(15);
      expect(second).toContain('<a href="/admin/history">Newer changes</a>');
      expect(second).not.toContain('Older changes');
      const junk = await get('/admin/history?page=-3', cookie, { publishing });
      expect(junk.status).toBe(200);
      expect(calls.history[2]).toEqual({ limit: 31, skip: 0 });
    });

    it('says publishing is off when the server has none', async () => {
      const { cookie } = await as('editor');
      const r = await get('/admin/history', cookie, {});
      expect(r.status).toBe(200);
      expect(await r.text()).toContain('Publishing from the back office is off on this server');
    });

    it('says a value in plain words', () => {
      expect(valueText(true)).toBe('Yes');
      expect(valueText('')).toBe('(empty)');
      expect(valueText([{ label: 'Home', href: '/' }, 'x'])).toBe('2 items: link to /, x');
      expect(valueText({ route: '/vendors', blocks: [] })).toBe('page /vendors');
      expect(valueText({ a: 1, b: 2 })).toBe('2 settings');
    });
  });

  describe('undo', () => {
    it('undoes a change as the signed-in person, audits it and shows "Undone: <message>"', async () => {
      const { publishing, calls } = fakePublisher([entry(1)], UNDO_OK);
      const { cookie, staff } = await as('editor');
      const r = await post(`/admin/history/${sha(1)}/undo`, cookie, { publishing });
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/admin/history?undone=${sha(4242).slice(0, 12)}`);
      expect(calls.undo).toEqual([[sha(1), { name: staff.name, email: staff.email }]]);
      expect(await undoRows()).toEqual([
        { actor: staff.email, subject: sha(1), detail: { commit: sha(4242), message: 'Undo “Change 1”', undone: 'Change 1', pushed: false } },
      ]);
      const page = await (await get(r.headers.get('location')!, cookie, { publishing })).text();
      expect(page).toContain('<p class="notice" role="status">Undone: Change 1</p>');
    });

    it('says which fields were changed again when the undo conflicts, and changes nothing', async () => {
      const outcome: PublishOutcome = {
        ok: false,
        kind: 'conflict',
        message: 'Someone else changed the same thing.',
        conflicts: [
          {
            file: 'pages/owner.json',
            pointer: '/blocks/0/heading',
            label: 'Owner page › Hero › Heading',
            base: 'New heading',
            mine: 'Old heading',
            theirs: 'Newer heading',
          },
        ],
      };
      const { publishing } = fakePublisher([entry(1)], outcome);
      const { cookie } = await as('owner');
      const r = await post(`/admin/history/${sha(1)}/undo`, cookie, { publishing });
      expect(r.status).toBe(409);
      const html = await r.text();
      expect(html).toContain('<h1>The change was not undone</h1>');
      expect(html).toContain('“Change 1” was not undone. Nothing was changed on the live site.');
      expect(html).toContain('<li>Owner page › Hero › Heading: now “Newer heading”; undoing would make it “Old heading”.</li>');
      expect(await undoRows()).toEqual([]);
    });

    it('gives the checker’s words when the result would not pass, and the reason for a remote or build failure', async () => {
      const invalid: PublishOutcome = {
        ok: false,
        kind: 'invalid',
        message: 'Not published.',
        diagnostics: [
          {
            severity: 'error',
            code: 'link',
            message: 'The link “/vendors” goes to no page.',
            fix: 'Add the page or change the link.',
            file: 'site.config/site.json',
            line: 1,
            column: 1,
            pointer: '/header/items/3/href',
          },
        ],
      };
      const { cookie } = await as('editor');
      const r = await post(`/admin/history/${sha(1)}/undo`, cookie, { publishing: fakePublisher([entry(1)], invalid).publishing });
      expect(r.status).toBe(422);
      expect(await r.text()).toContain('<li>Site settings: The link “/vendors” goes to no page. Add the page or change the link.</li>');
      const remote = await post(`/admin/history/${sha(1)}/undo`, cookie, {
        publishing: fakePublisher([entry(1)], { ok: false, kind: 'remote', message: 'The site’s git host could not be reached.' }).publishing,
      });
      expect(remote.status).toBe(502);
      expect(await remote.text()).toContain('The site’s git host could not be reached.');
      expect(await undoRows()).toEqual([]);
    });
  });
});
