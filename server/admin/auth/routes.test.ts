// @vitest-environment node
/** Sign-in, invites, sessions, the staff and audit screens, and every refusal they make, on each database. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Context } from 'hono';
import type { Db } from '../../db.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import type { BackOfficeOptions } from '../context.ts';
import { addStaff, signedInCookie } from '../testing.ts';
import { audit, listAudit } from '../audit.ts';
import type { Role } from '../roles.ts';
import { hash as argon2 } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from './passwords.ts';
import { inviteStaff } from './staff.ts';
import { ADDRESS_MESSAGE, LOCKED_MESSAGE } from './throttle.ts';
import { WRONG_MESSAGE, safeNext } from './sign-in.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const PASSWORD = 'orange tractor umbrella';
const HOUR = 3600_000;

describe('safeNext', () => {
  it('keeps back-office paths and turns anything else into /admin', () => {
    expect(safeNext('/admin/leads?status=new')).toBe('/admin/leads?status=new');
    expect(safeNext('/admin')).toBe('/admin');
    for (const bad of [
      '//evil.example/admin',
      'https://evil.example/admin',
      '/admin//evil.example',
      '/\\evil.example',
      '/admin-login',
      '/pricing',
      '',
      undefined,
    ])
      expect(safeNext(bad)).toBe('/admin');
  });
});

describe.each(backends())('sign-in and staff on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let hash: string;
  let now: number;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
    // Sign-in checks a password by the settings stored with its hash, so the staff made here get the cheapest
    // Argon2id: these tests are about the routes; passwords.test.ts holds the real cost to its figures.
    hash = await argon2(PASSWORD, { ...ARGON2_OPTIONS, memoryCost: 1024, timeCost: 1 });
  });
  afterAll(async () => dispose());
  beforeEach(async () => {
    await truncateAll(db);
    now = Date.now();
  });

  const app = (o: Partial<BackOfficeOptions> = {}) =>
    createBackOffice({
      db,
      hashSecret: 'test-secret',
      forms: new Map(),
      clock: () => now,
      peerAddress: (c: Context) => c.req.header('x-test-peer') ?? '203.0.113.9',
      ...o,
    });
  const withPassword = async (role: Role, email?: string) => {
    const s = await addStaff(db, role, email);
    await db.query('UPDATE staff SET password_hash = $2 WHERE id = $1', [s.id, hash]);
    return s;
  };
  const post = (a: ReturnType<typeof app>, path: string, form: Record<string, string>, headers: Record<string, string> = {}, base = 'http://localhost') =>
    a.request(`${base}${path}`, { method: 'POST', body: new URLSearchParams(form), headers: { origin: base, ...headers } });
  const signIn = (a: ReturnType<typeof app>, email: string, password: string, headers: Record<string, string> = {}) =>
    post(a, '/admin/sign-in', { email, password }, headers);
  const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0];
  const auditActions = async () => (await listAudit(db, { pageSize: 500 })).rows.map((r) => r.action);

  describe('refusals', () => {
    it('sends a signed-out page request to sign-in (coming back afterwards) and answers the API with 401 JSON', async () => {
      const a = app();
      for (const path of ['/admin/staff', '/admin/audit', '/admin/account', '/admin/pages', '/admin']) {
        const res = await a.request(`http://localhost${path}`);
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe(`/admin/sign-in?next=${encodeURIComponent(path)}`);
      }
      const api = await a.request('http://localhost/admin/api/me');
      expect(api.status).toBe(401);
      expect(await api.json()).toEqual({ message: 'Sign in to use the back office.' });
    });

    it('refuses sales the staff, audit and pages screens and inviting (403)', async () => {
      const { cookie } = await signedInCookie(db, 'sales');
      const a = app();
      for (const path of ['/admin/staff', '/admin/audit', '/admin/pages'])
        expect((await a.request(`http://localhost${path}`, { headers: { cookie } })).status).toBe(403);
      const res = await post(a, '/admin/staff/invite', { email: 'new@buildpad.example', role: 'owner' }, { cookie });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Your role does not allow this.');
      expect((await db.query("SELECT 1 FROM staff WHERE email = 'new@buildpad.example'")).rows).toHaveLength(0);
    });

    it('refuses editors the staff and audit screens, and lets them see Pages', async () => {
      const { cookie } = await signedInCookie(db, 'editor');
      const a = app();
      expect((await a.request('http://localhost/admin/staff', { headers: { cookie } })).status).toBe(403);
      expect((await a.request('http://localhost/admin/audit', { headers: { cookie } })).status).toBe(403);
      const pages = await a.request('http://localhost/admin/pages', { headers: { cookie } });
      // Without publishing (none in these tests) the screen says it is off; its own tests are in pages/routes.test.ts.
      expect(pages.status).toBe(503);
      expect(await pages.text()).toContain('Publishing from the browser is off on this server');
    });

    it('refuses a state change from another origin, or with no Origin, before anything else', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const foreign = await post(a, '/admin/sign-in', { email: owner.email, password: PASSWORD }, { origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('set-cookie')).toBeNull();
      const none = await a.request('http://localhost/admin/sign-in', { method: 'POST', body: new URLSearchParams({ email: owner.email, password: PASSWORD }) });
      expect(none.status).toBe(403);
      const { cookie } = await signedInCookie(db, 'owner');
      const invite = await post(a, '/admin/staff/invite', { email: 'x@buildpad.example', role: 'owner' }, { cookie, origin: 'https://evil.example' });
      expect(invite.status).toBe(403);
    });
  });

  describe('password sign-in', () => {
    it('signs in with the right password: a session cookie, an audit entry, and back to a safe next', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const res = await post(a, '/admin/sign-in', { email: owner.email.toUpperCase(), password: PASSWORD, next: '/admin/audit?page=2' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/audit?page=2');
      const me = await a.request('http://localhost/admin/api/me', { headers: { cookie: cookieOf(res) } });
      expect(await me.json()).toEqual({ name: owner.name, email: owner.email, role: 'owner' });
      expect(await auditActions()).toEqual(['sign-in']);
      const elsewhere = await post(a, '/admin/sign-in', { email: owner.email, password: PASSWORD, next: '//evil.example/admin' });
      expect(elsewhere.headers.get('location')).toBe('/admin');
    });

    it('sets the cookie HttpOnly, SameSite=Strict, Path=/; __Host- and Secure over HTTPS', async () => {
      const owner = await withPassword('owner');
      const plain = await signIn(app(), owner.email, PASSWORD);
      const attrs = plain.headers.get('set-cookie')!;
      expect(attrs).toMatch(/^sitewright_session=[A-Za-z0-9_-]{43}; /);
      expect(attrs).toContain('HttpOnly');
      expect(attrs).toContain('SameSite=Strict');
      expect(attrs).toContain('Path=/');
      expect(attrs).not.toContain('Secure');
      const https = await post(app(), '/admin/sign-in', { email: owner.email, password: PASSWORD }, {}, 'https://localhost');
      expect(https.headers.get('set-cookie')).toMatch(/^__Host-sitewright_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure/);
      // Behind a trusted proxy that ended TLS, the scheme comes from X-Forwarded-Proto.
      const proxied = await post(
        app({ trustedProxies: 1 }),
        '/admin/sign-in',
        { email: owner.email, password: PASSWORD },
        { 'x-forwarded-proto': 'https', origin: 'https://localhost' },
      );
      expect(proxied.headers.get('set-cookie')).toMatch(/^__Host-sitewright_session=.*; Secure/);
      // The token is stored only as its hash.
      const token = cookieOf(plain).split('=')[1];
      expect((await db.query('SELECT 1 FROM staff_sessions WHERE token_hash = $1', [token])).rows).toHaveLength(0);
    });

    it('gives one answer for an unknown email and a wrong password', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const wrong = await signIn(a, owner.email, 'not the password at all');
      const unknown = await signIn(a, 'nobody@buildpad.example', PASSWORD);
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const [w, u] = [await wrong.text(), await unknown.text()];
      expect(w).toContain(WRONG_MESSAGE);
      expect(u).toContain(WRONG_MESSAGE);
      expect(wrong.headers.get('set-cookie')).toBeNull();
      // A password typed into the email field by mistake is not written to the audit log.
      await signIn(a, 'my secret words', PASSWORD);
      expect((await listAudit(db)).rows.map((r) => r.actor)).toEqual(['(not an email address)', 'nobody@buildpad.example', owner.email]);
      // An invited person with no password yet cannot sign in with any password either.
      const invited = await addStaff(db, 'sales');
      expect((await signIn(a, invited.email, PASSWORD)).status).toBe(401);
    });

    it('pauses an account after 5 wrong passwords in 15 minutes, even for the right one, and lifts the pause 15 minutes after the fifth', async () => {
      const a = app();
      const owner = await withPassword('owner');
      for (let i = 1; i <= 4; i++) {
        now += 60_000;
        const res = await signIn(a, owner.email, `wrong password ${i}`);
        expect(res.status).toBe(401);
      }
      now += 60_000;
      const fifth = await signIn(a, owner.email, 'wrong password 5');
      expect(fifth.status).toBe(429);
      expect(await fifth.text()).toContain(LOCKED_MESSAGE);
      const fifthAt = now;
      now += 60_000;
      const sixth = await signIn(a, owner.email, PASSWORD);
      expect(sixth.status).toBe(429);
      expect(await sixth.text()).toContain(LOCKED_MESSAGE);
      expect(sixth.headers.get('set-cookie')).toBeNull();
      // The same email in other capitals is the same account.
      expect((await signIn(a, owner.email.toUpperCase(), PASSWORD)).status).toBe(429);
      now = fifthAt + 15 * 60_000 - 1;
      expect((await signIn(a, owner.email, PASSWORD)).status).toBe(429);
      now = fifthAt + 15 * 60_000;
      expect((await signIn(a, owner.email, PASSWORD)).status).toBe(303);
      const actions = await auditActions();
      expect(actions.filter((x) => x === 'sign-in-locked')).toHaveLength(1);
      expect(actions.filter((x) => x === 'sign-in-failed')).toHaveLength(5);
    });

    it('counts only wrong passwords within 15 minutes', async () => {
      const a = app();
      const owner = await withPassword('owner');
      for (let i = 0; i < 8; i++) {
        expect((await signIn(a, owner.email, 'wrong again and again')).status).toBe(401);
        now += 4 * 60_000; // four failures are never within 15 minutes of each other
      }
      expect((await signIn(a, owner.email, PASSWORD)).status).toBe(303);
    });

    it('pauses an email with no account the same way, so the pause reveals nothing', async () => {
      const a = app();
      for (let i = 0; i < 4; i++) expect((await signIn(a, 'ghost@buildpad.example', 'some password here')).status).toBe(401);
      const fifth = await signIn(a, 'ghost@buildpad.example', 'some password here');
      expect(fifth.status).toBe(429);
      expect(await fifth.text()).toContain(LOCKED_MESSAGE);
    });

    it('refuses further attempts from an address after 20 wrong passwords in 15 minutes (429), not from others', async () => {
      const a = app();
      const owner = await withPassword('owner');
      for (let i = 0; i < 20; i++) {
        // Four guesses at each of five emails: no account is paused, only the address is.
        const res = await signIn(a, `guess${i % 5}@buildpad.example`, 'a guessed password');
        expect(res.status).toBe(401);
      }
      const blocked = await signIn(a, owner.email, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(await blocked.text()).toContain(ADDRESS_MESSAGE);
      expect((await signIn(a, owner.email, PASSWORD, { 'x-test-peer': '198.51.100.4' })).status).toBe(303);
      now += 15 * 60_000;
      expect((await signIn(a, owner.email, PASSWORD)).status).toBe(303);
    });

    it('shares the counts between two instances on one database', async () => {
      const owner = await withPassword('owner');
      for (let i = 0; i < 5; i++) await signIn(i % 2 ? app() : app(), owner.email, 'wrong on either one');
      expect((await signIn(app(), owner.email, PASSWORD)).status).toBe(429);
    });

    it('sends a signed-in visitor of the sign-in page on to /admin', async () => {
      const { cookie } = await signedInCookie(db, 'sales');
      const res = await app().request('http://localhost/admin/sign-in', { headers: { cookie } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin');
    });
  });

  describe('sessions', () => {
    it('end after 12 idle hours', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const cookie = cookieOf(await signIn(a, owner.email, PASSWORD));
      now += 11 * HOUR;
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(200);
      now += 12 * HOUR - 1;
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(200);
      now += 12 * HOUR;
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(401);
    });

    it('end 7 days after sign-in however busy', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const start = now;
      const cookie = cookieOf(await signIn(a, owner.email, PASSWORD));
      for (now = start + 10 * HOUR; now < start + 7 * 24 * HOUR; now += 10 * HOUR)
        expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(200);
      now = start + 7 * 24 * HOUR;
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(401);
    });

    it('Sign out ends this session and clears the cookie', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const cookie = cookieOf(await signIn(a, owner.email, PASSWORD));
      const other = cookieOf(await signIn(a, owner.email, PASSWORD));
      const res = await post(a, '/admin/sign-out', {}, { cookie });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/sign-in?signed-out=1');
      expect(res.headers.get('set-cookie')).toMatch(/^sitewright_session=; .*Max-Age=0/);
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(401);
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie: other } })).status).toBe(200);
      const page = await (await a.request('http://localhost/admin/sign-in?signed-out=1')).text();
      expect(page).toContain('You are signed out.');
    });

    it('Sign out everywhere ends every session of that person only', async () => {
      const a = app();
      const owner = await withPassword('owner');
      const one = cookieOf(await signIn(a, owner.email, PASSWORD));
      const two = cookieOf(await signIn(a, owner.email, PASSWORD));
      const { cookie: someoneElse } = await signedInCookie(db, 'sales');
      const account = await (await a.request('http://localhost/admin/account', { headers: { cookie: one } })).text();
      expect(account).toContain(owner.email);
      expect(account).toContain('Sign out everywhere');
      const res = await post(a, '/admin/sign-out-everywhere', {}, { cookie: one });
      expect(res.status).toBe(303);
      for (const cookie of [one, two]) expect((await a.request('http://localhost/admin/api/me', { headers: { cookie } })).status).toBe(401);
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie: someoneElse } })).status).toBe(200);
    });
  });

  describe('invites', () => {
    const accept = (a: ReturnType<typeof app>, token: string, name: string, password: string) => post(a, `/admin/invite/${token}`, { name, password });

    it('shows the form, refuses weak passwords with a reason, and sends the new person to sign-in', async () => {
      const a = app();
      const { token } = await inviteStaff(db, { email: 'Maria@BuildPad.example', role: 'sales' }, { name: 'command line' }, now);
      const form = await a.request(`http://localhost/admin/invite/${token}`);
      expect(form.status).toBe(200);
      const html = await form.text();
      expect(html).toContain('Maria@BuildPad.example');
      expect(html).toMatch(/<label for="f-name">Name<\/label>/);
      expect(html).toMatch(/<label for="f-password">Password<\/label>/);
      expect(html).toContain('Set password</button>');
      const short = await accept(a, token, 'Maria', 'too short');
      expect(short.status).toBe(400);
      expect(await short.text()).toContain('Use at least 12 characters.');
      const common = await accept(a, token, 'Maria', 'qwertyuiop12');
      expect(await common.text()).toContain('This password is on a list of common passwords that attackers try first. Choose another one.');
      const noName = await accept(a, token, '  ', PASSWORD);
      expect(await noName.text()).toContain('Enter your name.');
      const done = await accept(a, token, 'Maria López', PASSWORD);
      expect(done.status).toBe(303);
      expect(done.headers.get('location')).toBe('/admin/sign-in?email=Maria%40BuildPad.example&welcome=1');
      const signInPage = await (await a.request(`http://localhost${done.headers.get('location')}`)).text();
      expect(signInPage).toContain('Your password is set. Sign in with it.');
      expect(signInPage).toContain('value="Maria@BuildPad.example"');
      expect((await signIn(a, 'maria@buildpad.example', PASSWORD)).status).toBe(303);
      const row = (await db.query<{ name: string; password_hash: string }>("SELECT name, password_hash FROM staff WHERE email = 'Maria@BuildPad.example'"))
        .rows[0];
      expect(row.name).toBe('Maria López');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(await auditActions()).toContain('invite-accepted');
    });

    it('refuses a used invite (410), an expired one (410) and an unknown one (404) with one explanation', async () => {
      const a = app();
      const { token } = await inviteStaff(db, { email: 'once@buildpad.example', role: 'editor' }, { name: 'command line' }, now);
      expect((await accept(a, token, 'Once', PASSWORD)).status).toBe(303);
      for (const res of [await a.request(`http://localhost/admin/invite/${token}`), await accept(a, token, 'Again', 'another long password')]) {
        expect(res.status).toBe(410);
        expect(await res.text()).toContain('Ask an owner of the back office for a new link.');
      }
      const { token: late } = await inviteStaff(db, { email: 'late@buildpad.example', role: 'sales' }, { name: 'command line' }, now);
      now += 72 * HOUR - 1;
      expect((await a.request(`http://localhost/admin/invite/${late}`)).status).toBe(200);
      now += 1;
      expect((await a.request(`http://localhost/admin/invite/${late}`)).status).toBe(410);
      expect((await accept(a, late, 'Late', PASSWORD)).status).toBe(410);
      expect((await db.query("SELECT password_hash FROM staff WHERE email = 'late@buildpad.example'")).rows[0]).toEqual({ password_hash: null });
      const unknown = await a.request(`http://localhost/admin/invite/${'A'.repeat(43)}`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain('Ask an owner of the back office for a new link.');
    });
  });

  describe('staff screen', () => {
    it('lets an owner invite someone and shows the link once', async () => {
      const a = app();
      const { cookie, staff: owner } = await signedInCookie(db, 'owner');
      const res = await post(a, '/admin/staff/invite', { email: 'sam@buildpad.example', role: 'sales' }, { cookie });
      expect(res.status).toBe(200);
      const html = await res.text();
      const link = /value="(http:\/\/localhost\/admin\/invite\/[A-Za-z0-9_-]{43})"/.exec(html)?.[1];
      expect(link).toBeDefined();
      expect(html).toContain('Send this link to sam@buildpad.example. It works once');
      expect((await a.request(link!)).status).toBe(200);
      const list = await (await a.request('http://localhost/admin/staff', { headers: { cookie } })).text();
      expect(list).toContain('sam@buildpad.example');
      expect(list).toContain('Invited (no password yet)');
      expect(list).not.toContain(link!);
      const entry = (await listAudit(db)).rows[0];
      expect(entry).toMatchObject({ actor: owner.email, action: 'invite', subject: 'sam@buildpad.example', detail: { role: 'sales' } });
      const again = await post(a, '/admin/staff/invite', { email: 'SAM@buildpad.example', role: 'owner' }, { cookie });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('SAM@buildpad.example is already on the staff.');
      const bad = await post(a, '/admin/staff/invite', { email: 'not an email', role: 'sales' }, { cookie });
      expect(bad.status).toBe(400);
      const badRole = await post(a, '/admin/staff/invite', { email: 'x@buildpad.example', role: 'admin' }, { cookie });
      expect(badRole.status).toBe(400);
    });

    it('changes a role (audited from/to) and never leaves the back office without an owner', async () => {
      const a = app();
      const { cookie, staff: owner } = await signedInCookie(db, 'owner');
      const sales = await addStaff(db, 'sales');
      const res = await post(a, `/admin/staff/${sales.id}/role`, { role: 'editor' }, { cookie });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/staff?done=role');
      expect((await listAudit(db)).rows[0]).toMatchObject({ action: 'role-change', subject: sales.email, detail: { from: 'sales', to: 'editor' } });
      const demoteSelf = await post(a, `/admin/staff/${owner.id}/role`, { role: 'sales' }, { cookie });
      expect(demoteSelf.status).toBe(409);
      expect(await demoteSelf.text()).toContain('The back office needs at least one owner.');
      const removeSelf = await post(a, `/admin/staff/${owner.id}/remove`, {}, { cookie });
      expect(removeSelf.status).toBe(409);
      expect((await db.query("SELECT role FROM staff WHERE role = 'owner'")).rows).toHaveLength(1);
      expect((await post(a, '/admin/staff/not-a-uuid/role', { role: 'owner' }, { cookie })).status).toBe(404);
    });

    it('removes someone: their sessions end, the audit log keeps the entry', async () => {
      const a = app();
      const { cookie } = await signedInCookie(db, 'owner');
      const { cookie: theirs, staff: sales } = await signedInCookie(db, 'sales');
      const res = await post(a, `/admin/staff/${sales.id}/remove`, {}, { cookie });
      expect(res.status).toBe(303);
      expect((await a.request('http://localhost/admin/api/me', { headers: { cookie: theirs } })).status).toBe(401);
      expect((await listAudit(db)).rows[0]).toMatchObject({ action: 'staff-removed', subject: sales.email });
    });
  });

  describe('audit log', () => {
    it('cannot be changed or deleted, by anyone', async () => {
      await audit(db, { actor: 'someone@buildpad.example', action: 'sign-in' });
      await expect(db.query("UPDATE audit_log SET actor = 'someone else'")).rejects.toThrow(/the audit log cannot be changed/);
      await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/the audit log cannot be changed/);
      expect((await listAudit(db)).rows[0].actor).toBe('someone@buildpad.example');
    });

    it('shows owners the entries newest first, in words, 50 a page; there is no way to change one', async () => {
      const a = app();
      const { cookie } = await signedInCookie(db, 'owner');
      for (let i = 0; i < 50; i++) await audit(db, { actor: `person${i}@buildpad.example`, action: 'sign-in' }, now - (60 - i) * 60_000);
      await audit(db, { actor: 'owner@buildpad.example', action: 'role-change', subject: 'sam@buildpad.example', detail: { from: 'sales', to: 'owner' } }, now);
      const first = await (await a.request('http://localhost/admin/audit', { headers: { cookie } })).text();
      for (const col of ['When', 'Who', 'What', 'About']) expect(first).toContain(`<th scope="col">${col}</th>`);
      expect(first.indexOf('Changed a role from Sales to Owner')).toBeLessThan(first.indexOf('person49@'));
      expect(first).toContain('Older entries');
      expect(first).not.toContain('person0@');
      const second = await (await a.request('http://localhost/admin/audit?page=2', { headers: { cookie } })).text();
      expect(second).toContain('person0@');
      expect(second).toContain('Newer entries');
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'])
        expect((await a.request('http://localhost/admin/audit', { method, headers: { cookie, origin: 'http://localhost' } })).status).toBe(404);
    });
  });
});
