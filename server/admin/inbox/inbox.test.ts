// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db, Queryable } from '../../db.ts';
import { loadLeadForms } from '../../forms.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import type { BackOfficeOptions } from '../context.ts';
import type { Role } from '../roles.ts';
import { signedInCookie } from '../testing.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// "Not spam" hands the lead to the notifications helper; here it says it queued two emails.
const queued = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock('../../notify.ts', () => ({
  queueNotifications: async (_tx: unknown, leadId: string) => {
    queued.calls.push(leadId);
    return 2;
  },
}));

const FORMS = loadLeadForms();
const ORIGIN = 'http://localhost';

interface Seed {
  form?: string;
  payload?: Record<string, unknown>;
  at?: string;
  status?: 'new' | 'handled' | 'spam';
  attribution?: Partial<
    Record<'page_path' | 'landing_path' | 'referrer_host' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content', string>
  >;
}

async function seed(db: Queryable, s: Seed = {}): Promise<string> {
  const a = s.attribution ?? {};
  const r = await db.query<{ id: string }>(
    `INSERT INTO leads (form_id, payload, client_hash, received_at, status, page_path, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
     VALUES ($1, $2::jsonb, 'h', $3::timestamptz, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      s.form ?? 'contact',
      JSON.stringify(s.payload ?? { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Please call me.' }),
      s.at ?? '2026-11-20T12:00:00Z',
      s.status ?? 'new',
      a.page_path ?? null,
      a.landing_path ?? null,
      a.referrer_host ?? null,
      a.utm_source ?? null,
      a.utm_medium ?? null,
      a.utm_campaign ?? null,
      a.utm_term ?? null,
      a.utm_content ?? null,
    ],
  );
  return r.rows[0].id;
}

const contact = (first: string, last: string, email: string, description = 'Hello') => ({ firstName: first, lastName: last, email, description });

/** The names in the list's table, top to bottom. */
const namesIn = (html: string) => [...html.matchAll(/<td data-label="Name"><a href="\/admin\/leads\/[^"]+">([^<]*)<\/a>/g)].map((m) => m[1]);

describe.each(backends())('the leads inbox on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => truncateAll(db));

  const app = (o: Partial<BackOfficeOptions> = {}) => createBackOffice({ db, hashSecret: 'test-secret', forms: FORMS, notificationsOn: false, ...o });
  const as = async (role: Role) => (await signedInCookie(db, role)).cookie;
  const get = async (path: string, cookie: string, o: Partial<BackOfficeOptions> = {}) => app(o).request(`${ORIGIN}${path}`, { headers: { cookie } });
  const post = async (path: string, cookie: string, form: Record<string, string> = {}, o: Partial<BackOfficeOptions> = {}) =>
    app(o).request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  describe('who may use it', () => {
    it('sends a signed-out page request to sign-in, with the way back', async () => {
      const r = await app().request(`${ORIGIN}/admin/leads?status=spam`);
      expect(r.status).toBe(303);
      expect(r.headers.get('location')).toBe(`/admin/sign-in?next=${encodeURIComponent('/admin/leads?status=spam')}`);
      const csv = await app().request(`${ORIGIN}/admin/leads/export.csv`);
      expect(csv.status).toBe(303);
    });

    it('answers a signed-out request for JSON with 401', async () => {
      const r = await app().request(`${ORIGIN}/admin/leads`, { headers: { accept: 'application/json' } });
      expect(r.status).toBe(401);
      expect(await r.json()).toEqual({ message: 'Sign in to use the back office.' });
    });

    it('refuses editors the list, a lead, the export and erasure with 403', async () => {
      const id = await seed(db);
      const cookie = await as('editor');
      for (const path of ['/admin/leads', `/admin/leads/${id}`, '/admin/leads/export.csv', '/admin/leads/erase']) {
        const r = await get(path, cookie);
        expect(r.status, path).toBe(403);
        expect(await r.text()).toContain('Your role does not allow this.');
      }
      expect((await post(`/admin/leads/${id}/handled`, cookie)).status).toBe(403);
      expect((await post('/admin/leads/erase', cookie, { email: 'ada@example.com', again: 'ada@example.com' })).status).toBe(403);
      expect((await db.query('SELECT 1 FROM leads')).rows).toHaveLength(1);
      expect((await db.query(`SELECT 1 FROM audit_log WHERE action = 'lead-export'`)).rows).toHaveLength(0);
    });

    it('lets owners and sales in', async () => {
      for (const role of ['owner', 'sales'] as const) expect((await get('/admin/leads', await as(role))).status).toBe(200);
    });

    it('refuses a status change from another site', async () => {
      const id = await seed(db);
      const r = await app().request(`${ORIGIN}/admin/leads/${id}/handled`, {
        method: 'POST',
        headers: { cookie: await as('sales'), origin: 'https://evil.example' },
      });
      expect(r.status).toBe(403);
      expect((await db.query<{ status: string }>('SELECT status FROM leads')).rows[0].status).toBe('new');
    });
  });

  describe('the list', () => {
    it('shows a table, newest first, with each lead linked and the notifications line', async () => {
      await seed(db, { payload: contact('Older', 'One', 'old@example.com'), at: '2026-11-01T12:00:00Z' });
      const newest = await seed(db, { payload: contact('Newest', 'Two', 'new@example.com'), at: '2026-11-03T12:00:00Z', status: 'handled' });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Middle', lastName: 'Three', email: 'mid@example.com' }, at: '2026-11-02T12:00:00Z' });
      const r = await get('/admin/leads', await as('sales'));
      const html = await r.text();
      expect(r.status).toBe(200);
      // Under 'no-referrer' Chromium would send `Origin: null` with the page's forms, and the Origin check would refuse them.
      expect(r.headers.get('referrer-policy')).toBe('same-origin');
      expect(html).toContain('<caption>Leads, newest first. Times are in UTC.</caption>');
      expect(namesIn(html)).toEqual(['Newest Two', 'Middle Three', 'Older One']);
      expect(html).toContain(`<a href="/admin/leads/${newest}">Newest Two</a>`);
      expect(html).toContain('<time dateTime="2026-11-03T12:00:00.000Z">3 Nov 2026, 12:00</time>');
      expect(html).toContain('<td data-label="Form">Waitlist</td>');
      expect(html).toContain('<span class="status status-handled">Handled</span>');
      expect(html).toContain('Showing 1–3 of 3');
      expect(html).toContain('Email notifications are off: the server has no mail settings (SITEWRIGHT_SMTP_URL). New leads still arrive here.');
      expect(html).toContain('<a href="/admin/leads" aria-current="page">Leads</a>');
      const on = await (await get('/admin/leads', await as('sales'), { notificationsOn: true })).text();
      expect(on).not.toContain('Email notifications are off');
    });

    it('pages by 50, keeping the filters in the paging links', async () => {
      for (let i = 0; i < 120; i++)
        await seed(db, {
          payload: contact(`P${String(i).padStart(3, '0')}`, 'Page', `p${i}@example.com`),
          at: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString(),
        });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Other', lastName: 'Form', email: 'o@example.com' } });
      const cookie = await as('sales');
      const first = await (await get('/admin/leads?form=contact', cookie)).text();
      expect(first).toContain('Showing 1–50 of 120');
      expect(namesIn(first)).toHaveLength(50);
      expect(namesIn(first)[0]).toBe('P119 Page');
      expect(first).toContain('href="/admin/leads?form=contact&amp;page=2" rel="next">Older</a>');
      const third = await (await get('/admin/leads?form=contact&page=3', cookie)).text();
      expect(third).toContain('Showing 101–120 of 120');
      expect(namesIn(third)).toHaveLength(20);
      expect(namesIn(third)[19]).toBe('P000 Page');
      expect(third).toContain('href="/admin/leads?form=contact&amp;page=2" rel="prev">Newer</a>');
      expect(third).not.toContain('rel="next"');
      // A page past the end shows the last one.
      expect(await (await get('/admin/leads?form=contact&page=9', cookie)).text()).toContain('Showing 101–120 of 120');
    });

    it('filters by form', async () => {
      await seed(db, { payload: contact('Con', 'Tact', 'c@example.com') });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Wait', lastName: 'List', email: 'w@example.com' } });
      const html = await (await get('/admin/leads?form=waitlist', await as('sales'))).text();
      expect(namesIn(html)).toEqual(['Wait List']);
      expect(html).toContain('<option value="waitlist" selected="">Waitlist</option>');
    });

    it('says an empty inbox is empty, and blames the filters only when some were chosen', async () => {
      const cookie = await as('sales');
      const empty = await (await get('/admin/leads', cookie)).text();
      expect(empty).toContain('<p role="status">No leads yet. A form sent on the site appears here at once; spam is kept under Status: Spam.</p>');
      // The filter form sent with nothing chosen is no filter either.
      expect(await (await get('/admin/leads?form=&status=&from=&to=&q=', cookie)).text()).toContain('No leads yet.');
      expect(await (await get('/admin/leads?status=handled', cookie)).text()).toContain('<p role="status">No leads match these filters.</p>');
    });

    it('leaves spam out by default, and shows each status on its own', async () => {
      await seed(db, { payload: contact('Fresh', 'Lead', 'f@example.com'), status: 'new' });
      await seed(db, { payload: contact('Done', 'Lead', 'd@example.com'), status: 'handled' });
      await seed(db, { payload: contact('Junk', 'Lead', 'j@example.com'), status: 'spam' });
      const cookie = await as('sales');
      const all = await (await get('/admin/leads', cookie)).text();
      expect(namesIn(all).sort()).toEqual(['Done Lead', 'Fresh Lead']);
      expect(all).not.toContain('Spam is kept for 30 days');
      expect(namesIn(await (await get('/admin/leads?status=new', cookie)).text())).toEqual(['Fresh Lead']);
      expect(namesIn(await (await get('/admin/leads?status=handled', cookie)).text())).toEqual(['Done Lead']);
      const spam = await (await get('/admin/leads?status=spam', cookie)).text();
      expect(namesIn(spam)).toEqual(['Junk Lead']);
      expect(spam).toContain('<h1>Spam</h1>');
      expect(spam).toContain('Spam is kept for 30 days, then deleted.');
      expect(spam).toContain('<a href="/admin/leads?status=spam" aria-current="page">Spam</a>');
    });

    it('filters by days, From and To both included', async () => {
      await seed(db, { payload: contact('Before', 'X', 'b@example.com'), at: '2026-11-09T23:00:00Z' });
      await seed(db, { payload: contact('First', 'X', 'f@example.com'), at: '2026-11-10T00:00:00Z' });
      await seed(db, { payload: contact('Last', 'X', 'l@example.com'), at: '2026-11-12T23:59:59Z' });
      await seed(db, { payload: contact('After', 'X', 'a@example.com'), at: '2026-11-13T00:00:00Z' });
      const cookie = await as('sales');
      expect(namesIn(await (await get('/admin/leads?from=2026-11-10&to=2026-11-12', cookie)).text())).toEqual(['Last X', 'First X']);
      expect(namesIn(await (await get('/admin/leads?from=2026-11-13', cookie)).text())).toEqual(['After X']);
      expect(namesIn(await (await get('/admin/leads?to=2026-11-09', cookie)).text())).toEqual(['Before X']);
    });

    it('refuses filters it cannot use, with sentences', async () => {
      const cookie = await as('sales');
      const bad = await get('/admin/leads?from=2026-02-30&status=old&form=nope', cookie);
      expect(bad.status).toBe(400);
      const html = await bad.text();
      expect(html).toContain('“From” must be a date, such as 2026-11-26.');
      expect(html).toContain('Choose a status from the Status list.');
      expect(html).toContain('There is no form called “nope”.');
      const backwards = await (await get('/admin/leads?from=2026-11-12&to=2026-11-10', cookie)).text();
      expect(backwards).toContain('“From” must be on or before “To”.');
    });

    it('searches names, email addresses and text, ignoring case', async () => {
      await seed(db, { payload: contact('Ada', 'Lovelace', 'ada@example.com', 'About the Analytical Engine') });
      await seed(db, { payload: contact('Grace', 'Hopper', 'grace@navy.example', 'Compilers') });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', comment: 'Four bedrooms' } });
      const cookie = await as('sales');
      const find = async (q: string) => namesIn(await (await get(`/admin/leads?q=${encodeURIComponent(q)}`, cookie)).text()).sort();
      expect(await find('hopper')).toEqual(['Grace Hopper']);
      expect(await find('ada lovelace')).toEqual(['Ada Lovelace']);
      expect(await find('NAVY.example')).toEqual(['Grace Hopper']);
      expect(await find('analytical')).toEqual(['Ada Lovelace']);
      expect(await find('bedrooms')).toEqual(['Alan Turing']);
      expect(await find('example.com')).toEqual(['Ada Lovelace', 'Alan Turing']);
      // Keys are not text: every payload has an "email" key.
      expect(await find('email')).toEqual([]);
      expect(await find('nobody')).toEqual([]);
    });

    it('takes %, _ and \\ in a search literally', async () => {
      await seed(db, { payload: contact('Percent', 'Sure', 'p@example.com', 'I am 100% sure') });
      await seed(db, { payload: contact('Plain', 'Hundred', 'h@example.com', 'I am 100 sure, about 1000 things') });
      await seed(db, { payload: contact('Under', 'Score', 'u@example.com', 'file_name and C:\\temp and "quoted"') });
      const cookie = await as('sales');
      const find = async (q: string) => namesIn(await (await get(`/admin/leads?q=${encodeURIComponent(q)}`, cookie)).text()).sort();
      expect(await find('100%')).toEqual(['Percent Sure']);
      expect(await find('%')).toEqual(['Percent Sure']);
      expect(await find('e_n')).toEqual(['Under Score']);
      expect(await find('C:\\temp')).toEqual(['Under Score']);
      expect(await find('"quoted"')).toEqual(['Under Score']);
    });

    it('keeps the filters in the form and in the export link', async () => {
      await seed(db);
      const html = await (await get('/admin/leads?form=contact&status=new&from=2026-11-01&to=2026-11-30&q=ada', await as('sales'))).text();
      expect(html).toContain('href="/admin/leads/export.csv?form=contact&amp;status=new&amp;from=2026-11-01&amp;to=2026-11-30&amp;q=ada"');
      expect(html).toContain('name="q" value="ada"');
      expect(html).toContain('name="from" value="2026-11-01"');
      expect(html).toContain('<option value="new" selected="">New</option>');
    });
  });

  describe('a lead', () => {
    it('shows every field in its form’s words and order, as text, with the attribution, and logs the view', async () => {
      const id = await seed(db, {
        payload: { description: '<script>alert(1)</script>\nSecond line', email: 'ada@example.com', lastName: 'Lovelace', firstName: 'Ada' },
        attribution: { page_path: '/contact', landing_path: '/pricing', referrer_host: 'www.google.com', utm_source: 'newsletter', utm_campaign: 'autumn' },
      });
      const { cookie, staff } = await signedInCookie(db, 'sales');
      const r = await get(`/admin/leads/${id}`, cookie);
      const html = await r.text();
      expect(r.status).toBe(200);
      expect(html).toContain('<h1>Ada Lovelace</h1>');
      expect(html).toContain('Sent through the Contact form on');
      const labels = [...html.matchAll(/<dt>([^<]*)<\/dt>/g)].map((m) => m[1]);
      expect(labels).toEqual([
        'First name',
        'Last name',
        'Email',
        'Message',
        'Sent from page',
        'First page of the visit',
        'Came from',
        'Source',
        'Medium',
        'Campaign',
        'Term',
        'Content',
      ]);
      expect(html).toContain('<dd>&lt;script&gt;alert(1)&lt;/script&gt;\nSecond line</dd>');
      expect(html).not.toContain('<script>alert(1)');
      // The address is a link that writes to them; the message is only text.
      expect(html).toContain('<dt>Email</dt><dd><a href="mailto:ada@example.com">ada@example.com</a></dd>');
      expect(html).toContain('<dt>Came from</dt><dd>www.google.com</dd>');
      expect(html).toContain('<dt>Medium</dt><dd><span class="none">Not recorded</span></dd>');
      expect(html).toContain('Received through the Contact form');
      expect(html).toContain('<button type="submit">Mark as handled</button>');
      const logged = await db.query<{ actor_id: string; action: string; subject: string }>('SELECT actor_id, action, subject FROM audit_log');
      expect(logged.rows).toEqual([{ actor_id: staff.id, action: 'lead-viewed', subject: id }]);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const cookie = await as('sales');
      for (const path of ['/admin/leads/00000000-0000-4000-8000-000000000000', '/admin/leads/not-an-id', "/admin/leads/1'%20OR%201=1"]) {
        const r = await get(path, cookie);
        expect(r.status, path).toBe(404);
        expect(await r.text()).toContain('There is no lead at this address.');
      }
      expect((await post('/admin/leads/00000000-0000-4000-8000-000000000000/handled', cookie)).status).toBe(404);
      expect((await post('/admin/leads/00000000-0000-4000-8000-000000000000/notes', cookie, { note: 'hi' })).status).toBe(404);
    });

    it('marks a lead handled and reopens it, with history and audit', async () => {
      const id = await seed(db);
      const { cookie, staff } = await signedInCookie(db, 'sales');
      const done = await post(`/admin/leads/${id}/handled`, cookie);
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe(`/admin/leads/${id}?done=handled`);
      expect((await db.query<{ status: string }>('SELECT status FROM leads')).rows[0].status).toBe('handled');
      const page = await (await get(`/admin/leads/${id}?done=handled`, cookie)).text();
      expect(page).toContain('Marked as handled.');
      expect(page).toContain(`Marked as handled by ${staff.name}`);
      expect(page).toContain('<button type="submit">Reopen</button>');
      expect((await post(`/admin/leads/${id}/reopen`, cookie)).status).toBe(303);
      expect((await db.query<{ status: string }>('SELECT status FROM leads')).rows[0].status).toBe('new');
      const events = await db.query<{ kind: string; actor: string }>('SELECT kind, actor FROM lead_events ORDER BY id');
      expect(events.rows).toEqual([
        { kind: 'marked-handled', actor: staff.name },
        { kind: 'reopened', actor: staff.name },
      ]);
      const audits = await db.query<{ action: string; detail: unknown }>(`SELECT action, detail FROM audit_log WHERE action = 'lead-status' ORDER BY id`);
      expect(audits.rows.map((a) => a.detail)).toEqual([
        { from: 'new', to: 'handled' },
        { from: 'handled', to: 'new' },
      ]);
    });

    it('moves spam to New with "Not spam", and changes nothing when the status moved on', async () => {
      const id = await seed(db, { status: 'spam' });
      const cookie = await as('sales');
      const page = await (await get(`/admin/leads/${id}`, cookie)).text();
      expect(page).toContain('<button type="submit">Not spam</button>');
      expect(page).toContain('Spam is kept for 30 days');
      // A second tab still showing "Mark as handled": the lead is spam, so nothing changes.
      const stale = await post(`/admin/leads/${id}/handled`, cookie);
      expect(stale.headers.get('location')).toBe(`/admin/leads/${id}?done=stale`);
      expect((await db.query<{ status: string }>('SELECT status FROM leads')).rows[0].status).toBe('spam');
      let woken = 0;
      let hooked = 0;
      queued.calls.length = 0;
      const moved = await post(
        `/admin/leads/${id}/not-spam`,
        cookie,
        {},
        { onQueued: () => woken++, notificationsOn: true, webhook: { onQueued: () => hooked++ } },
      );
      expect(moved.status).toBe(303);
      expect(moved.headers.get('location')).toBe(`/admin/leads/${id}?done=notified`);
      expect((await db.query<{ status: string }>('SELECT status FROM leads')).rows[0].status).toBe('new');
      expect((await db.query<{ kind: string }>('SELECT kind FROM lead_events')).rows).toEqual([{ kind: 'not-spam' }]);
      expect(queued.calls).toEqual([id]);
      expect(woken).toBe(1);
      // Its webhook copy, which spam never gets, goes out now.
      expect((await db.query<{ kind: string; lead_id: string }>('SELECT kind, lead_id FROM outbox')).rows).toEqual([{ kind: 'webhook', lead_id: id }]);
      expect(hooked).toBe(1);
      expect(await (await get(`/admin/leads/${id}?done=notified`, cookie)).text()).toContain('its notification emails are on their way');
    });

    it('counts a lead out of spam in the funnel, on the day it came, under its page and campaign, as a new lead is', async () => {
      const id = await seed(db, {
        status: 'spam',
        form: 'enquiry',
        at: '2026-11-20T23:30:00Z',
        attribution: { landing_path: '/referral/AB12', utm_source: 'newsletter', utm_campaign: 'autumn' },
      });
      const funnel = () => db.query('SELECT day::text AS day, form, landing, source, campaign, leads FROM stats_forms');
      expect((await funnel()).rows).toEqual([]);
      const cookie = await as('sales');
      const siteRoutes = () => ({ pages: new Set(['/', '/contact']), patterns: ['/referral/:refId'] });
      await post(`/admin/leads/${id}/not-spam`, cookie, {}, { notificationsOn: false, siteRoutes });
      expect((await funnel()).rows).toEqual([
        { day: '2026-11-20', form: 'enquiry', landing: '/referral/:refId', source: 'newsletter', campaign: 'autumn', leads: 1 },
      ]);
      // A second press (a stale tab) finds it no longer spam and counts nothing more.
      await post(`/admin/leads/${id}/not-spam`, cookie, {}, { notificationsOn: false, siteRoutes });
      expect((await funnel()).rows.map((r) => (r as { leads: number }).leads)).toEqual([1]);
    });

    it('queues no email for a lead out of spam when the server has no mail settings', async () => {
      const id = await seed(db, { status: 'spam' });
      const cookie = await as('sales');
      queued.calls.length = 0;
      const moved = await post(`/admin/leads/${id}/not-spam`, cookie, {}, { notificationsOn: false });
      expect(moved.headers.get('location')).toBe(`/admin/leads/${id}?done=not-spam`);
      expect(queued.calls).toEqual([]);
      expect((await db.query('SELECT 1 FROM outbox')).rows).toEqual([]);
    });

    it('keeps notes, refusing an empty one', async () => {
      const id = await seed(db);
      const { cookie, staff } = await signedInCookie(db, 'sales');
      const empty = await post(`/admin/leads/${id}/notes`, cookie, { note: '   ' });
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain('Write something in the note before saving it.');
      const saved = await post(`/admin/leads/${id}/notes`, cookie, { note: 'Called back <b>Tuesday</b>' });
      expect(saved.status).toBe(303);
      const page = await (await get(`/admin/leads/${id}?done=note`, cookie)).text();
      expect(page).toContain('Note saved.');
      expect(page).toContain('<p class="note-body">Called back &lt;b&gt;Tuesday&lt;/b&gt;</p>');
      expect(page).toContain(`Note added by ${staff.name}`);
      expect(page).toContain('<label for="note">Note</label>');
      expect(page).toContain('<button type="submit">Save note</button>');
    });
  });

  describe('the export', () => {
    it('writes what the filter shows, all pages, in the CLI’s columns and the attribution, formula-safe', async () => {
      for (let i = 0; i < 60; i++)
        await seed(db, { payload: contact(`N${i}`, 'Many', `n${i}@example.com`), at: new Date(Date.UTC(2026, 10, 1, 12) + i * 1000).toISOString() });
      const bad = await seed(db, {
        payload: contact('=HYPERLINK("http://evil.example")', 'Evil', 'evil@example.com', '+1 then @SUM(A1)'),
        at: '2026-11-02T12:00:00Z',
        attribution: { page_path: '/contact', utm_source: '=cmd', referrer_host: 'news.example' },
      });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Not', lastName: 'Exported', email: 'x@example.com' } });
      await seed(db, { payload: contact('Spam', 'Lead', 's@example.com'), status: 'spam' });
      const { cookie, staff } = await signedInCookie(db, 'sales');
      const r = await get('/admin/leads/export.csv?form=contact', cookie, { clock: () => Date.parse('2026-11-26T09:00:00Z') });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(r.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-11-26.csv"');
      const lines = (await r.text()).split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('"ID","Form","Received (UTC)","Status","First name","Last name","Email","Message","Page","Referrer","UTM source"');
      expect(lines).toHaveLength(62);
      const evil = lines.find((l) => l.startsWith(`"${bad}"`));
      expect(evil).toBe(
        `"${bad}","contact","2026-11-02T12:00:00.000Z","New","'=HYPERLINK(""http://evil.example"")","Evil","evil@example.com","'+1 then @SUM(A1)","/contact","news.example","'=cmd"`,
      );
      expect(lines.join('\n')).not.toContain('Exported');
      expect(lines.join('\n')).not.toContain('Spam');
      const events = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM lead_events WHERE kind = 'exported' AND actor = $1`, [staff.name]);
      expect(events.rows[0].n).toBe(61);
      const logged = await db.query<{ detail: { count: number } }>(`SELECT detail FROM audit_log WHERE action = 'lead-export'`);
      expect(logged.rows.map((l) => l.detail.count)).toEqual([61]);
    });

    it('exports the spam list when the filter asks for it, and lets owners export', async () => {
      await seed(db, { payload: contact('Spam', 'Lead', 's@example.com'), status: 'spam' });
      await seed(db, { payload: contact('Real', 'Lead', 'r@example.com') });
      const csv = await (await get('/admin/leads/export.csv?status=spam', await as('owner'))).text();
      expect(csv).toContain('"Spam"');
      expect(csv).not.toContain('"Real"');
    });
  });

  describe('erasing a person’s data', () => {
    it('erases their leads, notes, history and pending notifications and says how many went', async () => {
      const a = await seed(db, { payload: contact('Ada', 'L', 'Ada@Example.com') });
      const b = await seed(db, { payload: contact('Ada', 'L', 'ada@example.com'), status: 'spam' });
      await seed(db, { form: 'waitlist', payload: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' }, status: 'handled' });
      const other = await seed(db, { payload: contact('Bob', 'M', 'bob@example.com') });
      await db.query(`INSERT INTO lead_notes (lead_id, author, body) VALUES ($1, 'x', 'one'), ($2, 'x', 'two'), ($3, 'x', 'kept')`, [a, b, other]);
      await db.query(`INSERT INTO lead_events (lead_id, kind) VALUES ($1, 'received'), ($2, 'received')`, [a, other]);
      await db.query(
        `INSERT INTO outbox (lead_id, body, kind, recipient, delivered_at) VALUES ($1, '{}', 'email', 'sales@example.com', NULL), ($1, '{}', 'email', 'boss@example.com', now()), ($1, '{}', 'webhook', NULL, NULL), ($2, '{}', 'webhook', NULL, NULL)`,
        [a, other],
      );
      await db.query(`INSERT INTO idempotency_keys (form_id, key, fingerprint, status, response, lead_id) VALUES ('contact', 'k1', 'f', 201, '{}', $1)`, [a]);
      const { cookie, staff } = await signedInCookie(db, 'sales');
      const r = await post('/admin/leads/erase', cookie, { email: ' ADA@example.com ', again: 'ada@example.com' });
      expect(r.status).toBe(303);
      const page = await (await get(r.headers.get('location')!, cookie)).text();
      expect(page).toContain('Erased 3 leads, 2 notes and 1 pending notification for that address.');
      expect((await db.query<{ id: string }>('SELECT id FROM leads')).rows).toEqual([{ id: other }]);
      expect((await db.query('SELECT 1 FROM lead_notes')).rows).toHaveLength(1);
      expect((await db.query('SELECT 1 FROM lead_events')).rows).toHaveLength(1);
      expect((await db.query<{ lead_id: string }>('SELECT lead_id FROM outbox')).rows).toEqual([{ lead_id: other }]);
      expect((await db.query('SELECT 1 FROM idempotency_keys')).rows).toHaveLength(0);
      const logged = await db.query<{ actor_id: string; detail: Record<string, unknown> }>(
        `SELECT actor_id, detail FROM audit_log WHERE action = 'lead-erase'`,
      );
      expect(logged.rows).toHaveLength(1);
      expect(logged.rows[0].actor_id).toBe(staff.id);
      expect(logged.rows[0].detail).toMatchObject({ leads: 3, notes: 2, notifications: 1 });
      expect(JSON.stringify(logged.rows[0].detail).toLowerCase()).not.toContain('ada@example.com');
    });

    it('refuses when the two addresses differ, and erases nothing', async () => {
      await seed(db);
      const cookie = await as('owner');
      const r = await post('/admin/leads/erase', cookie, { email: 'ada@example.com', again: 'ada@example.org' });
      expect(r.status).toBe(400);
      const html = await r.text();
      expect(html).toContain('The two email addresses are not the same, so nothing was erased.');
      expect(html).toContain('aria-invalid="true"');
      expect((await post('/admin/leads/erase', cookie, { email: '', again: '' })).status).toBe(400);
      expect(await (await post('/admin/leads/erase', cookie, { email: 'not-an-address', again: 'not-an-address' })).text()).toContain(
        'That is not an email address.',
      );
      expect((await db.query('SELECT 1 FROM leads')).rows).toHaveLength(1);
      expect((await db.query(`SELECT 1 FROM audit_log WHERE action = 'lead-erase'`)).rows).toHaveLength(0);
    });

    it('shows the form with its two labelled fields', async () => {
      const html = await (await get('/admin/leads/erase', await as('sales'))).text();
      expect(html).toContain('<label for="erase-email">Email address</label>');
      expect(html).toContain('<label for="erase-again">Type the email address again</label>');
    });
  });
});
