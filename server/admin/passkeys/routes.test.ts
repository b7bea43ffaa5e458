// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Db } from '../../db.ts';
import { backends, truncateAll } from '../../test-backends.ts';
import { createBackOffice } from '../app.ts';
import { createSession, sessionCookieName } from '../sessions.ts';
import { addStaff } from '../testing.ts';
import { MESSAGES, safeNext } from './routes.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import { CHALLENGE_MS, listPasskeys } from './store.ts';
import { PasskeySignIn, PasskeysSection } from './ui.tsx';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ORIGIN = 'http://localhost';
const NOON = Date.UTC(2026, 10, 26, 12, 0, 0);

describe.each(backends())('passkeys on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let now = NOON;
  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => dispose());
  beforeEach(async () => {
    now = NOON;
    await truncateAll(db);
  });

  const app = () => createBackOffice({ db, hashSecret: 'test-secret', forms: new Map(), clock: () => now });
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app().request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const signedIn = async (role: 'owner' | 'editor' | 'sales' = 'sales') => {
    const staff = await addStaff(db, role);
    const token = await createSession(db, staff.id, now);
    return { staff, cookie: `${sessionCookieName(false)}=${token}` };
  };
  const beginRegistration = async (cookie: string) => {
    const res = await post('/admin/api/passkeys/options', {}, { cookie });
    expect(res.status).toBe(200);
    return (await res.json()) as { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON };
  };
  /** A staff member with one passkey on a software authenticator. */
  const withPasskey = async (role: 'owner' | 'sales' = 'sales') => {
    const who = await signedIn(role);
    const device = new SoftAuthenticator();
    const begun = await beginRegistration(who.cookie);
    const res = await post('/admin/api/passkeys', { challengeId: begun.challengeId, response: device.register(begun.options, ORIGIN) }, { cookie: who.cookie });
    expect(res.status).toBe(201);
    return { ...who, device };
  };
  const beginSignIn = async () => {
    const res = await post('/admin/api/passkeys/sign-in/options', {});
    expect(res.status).toBe(200);
    return (await res.json()) as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON };
  };
  const auditRows = async () =>
    (
      await db.query<{ action: string; actor: string; actor_id: string | null; detail: unknown }>(
        'SELECT action, actor, actor_id, detail FROM audit_log ORDER BY id',
      )
    ).rows;

  describe('adding a passkey', () => {
    it('refuses options and answers to a signed-out request with 401', async () => {
      const options = await post('/admin/api/passkeys/options', {});
      expect(options.status).toBe(401);
      expect(await options.json()).toEqual({ message: 'Sign in to use the back office.' });
      expect((await post('/admin/api/passkeys', { challengeId: 'x', response: {} })).status).toBe(401);
      expect((await db.query('SELECT * FROM webauthn_challenges')).rows).toHaveLength(0);
    });

    it('offers options for this site and this person, and keeps the challenge for 5 minutes', async () => {
      const { staff, cookie } = await signedIn('editor');
      const { challengeId, options } = await beginRegistration(cookie);
      expect(options.rp).toEqual({ name: 'BuildPad back office', id: 'localhost' });
      expect(options.user.id).toBe(Buffer.from(staff.id).toString('base64url'));
      expect(options.user.name).toBe(staff.email);
      expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
      expect(options.excludeCredentials).toEqual([]);
      const rows = await db.query<{ challenge: string; purpose: string; staff_id: string; expires_at: Date }>(
        'SELECT challenge, purpose, staff_id, expires_at FROM webauthn_challenges WHERE id = $1',
        [challengeId],
      );
      expect(rows.rows[0]).toMatchObject({ challenge: options.challenge, purpose: 'register', staff_id: staff.id });
      expect(new Date(rows.rows[0].expires_at).getTime()).toBe(NOON + CHALLENGE_MS);
    });

    it('stores the passkey with a dated name, writes the audit log, and excludes it next time', async () => {
      const { staff, cookie, device } = await withPasskey();
      const [stored] = await listPasskeys(db, staff.id);
      expect(stored).toMatchObject({ id: device.id, name: 'Passkey added 26 Nov 2026', transports: ['internal'], lastUsedAt: null });
      expect(stored.publicKey.length).toBeGreaterThan(60);
      expect(await auditRows()).toEqual([
        { action: 'passkey-added', actor: staff.email, actor_id: staff.id, detail: { passkey: 'Passkey added 26 Nov 2026' } },
      ]);
      const again = await beginRegistration(cookie);
      expect(again.options.excludeCredentials).toEqual([{ id: device.id, type: 'public-key', transports: ['internal'] }]);
    });

    it('uses a challenge once only', async () => {
      const { cookie } = await signedIn();
      const device = new SoftAuthenticator();
      const begun = await beginRegistration(cookie);
      const response = device.register(begun.options, ORIGIN);
      expect((await post('/admin/api/passkeys', { challengeId: begun.challengeId, response }, { cookie })).status).toBe(201);
      const replay = await post('/admin/api/passkeys', { challengeId: begun.challengeId, response }, { cookie });
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({ message: MESSAGES.expired });
    });

    it('refuses an expired challenge', async () => {
      const { staff, cookie } = await signedIn();
      const begun = await beginRegistration(cookie);
      now = NOON + CHALLENGE_MS;
      const res = await post(
        '/admin/api/passkeys',
        { challengeId: begun.challengeId, response: new SoftAuthenticator().register(begun.options, ORIGIN) },
        { cookie },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: MESSAGES.expired });
      expect(await listPasskeys(db, staff.id)).toEqual([]);
    });

    it('refuses a challenge that was made for someone else', async () => {
      const alice = await signedIn();
      const bob = await signedIn();
      const begun = await beginRegistration(alice.cookie);
      const res = await post(
        '/admin/api/passkeys',
        { challengeId: begun.challengeId, response: new SoftAuthenticator().register(begun.options, ORIGIN) },
        { cookie: bob.cookie },
      );
      expect(res.status).toBe(400);
      expect(await listPasskeys(db, bob.staff.id)).toEqual([]);
    });

    it('refuses an answer made for another site or another challenge', async () => {
      const { staff, cookie } = await signedIn();
      const first = await beginRegistration(cookie);
      const elsewhere = await post(
        '/admin/api/passkeys',
        { challengeId: first.challengeId, response: new SoftAuthenticator().register(first.options, 'https://phish.example') },
        { cookie },
      );
      expect(elsewhere.status).toBe(400);
      expect(await elsewhere.json()).toEqual({ message: MESSAGES.notAdded });
      const second = await beginRegistration(cookie);
      const wrongChallenge = await post(
        '/admin/api/passkeys',
        { challengeId: second.challengeId, response: new SoftAuthenticator().register(second.options, ORIGIN, { challenge: first.options.challenge }) },
        { cookie },
      );
      expect(wrongChallenge.status).toBe(400);
      expect(await listPasskeys(db, staff.id)).toEqual([]);
      expect(await auditRows()).toEqual([]);
    });

    it('explains that passkeys need a host name, not a number address', async () => {
      const { cookie } = await signedIn();
      const res = await app().request('http://127.0.0.1/admin/api/passkeys/options', { method: 'POST', headers: { origin: 'http://127.0.0.1', cookie } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: MESSAGES.ipHost });
    });
  });

  describe('signing in with a passkey', () => {
    it('needs no session for its options, and allows any passkey of this site', async () => {
      const { challengeId, options } = await beginSignIn();
      expect(options.rpId).toBe('localhost');
      expect(options.allowCredentials).toEqual([]);
      const row = await db.query<{ purpose: string; staff_id: string | null }>('SELECT purpose, staff_id FROM webauthn_challenges WHERE id = $1', [
        challengeId,
      ]);
      expect(row.rows).toEqual([{ purpose: 'sign-in', staff_id: null }]);
    });

    it('signs in: a working session cookie, the counter and last use kept, the audit log written, a safe next', async () => {
      const { staff, device } = await withPasskey();
      now = NOON + 60_000;
      const begun = await beginSignIn();
      const res = await post('/admin/api/passkeys/sign-in', {
        challengeId: begun.challengeId,
        response: device.signIn(begun.options, ORIGIN),
        next: '/admin/leads?status=new',
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ next: '/admin/leads?status=new' });
      const cookie = res.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/^sitewright_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict/);
      const account = await app().request(`${ORIGIN}/admin/account`, { headers: { cookie: cookie.split(';')[0] } });
      expect(account.status).toBe(200);
      expect(await account.text()).toContain(staff.name);
      const [stored] = await listPasskeys(db, staff.id);
      expect(stored.counter).toBe(1);
      expect(stored.lastUsedAt?.getTime()).toBe(NOON + 60_000);
      expect((await auditRows()).map((r) => [r.action, r.actor_id])).toEqual([
        ['passkey-added', staff.id],
        ['passkey-sign-in', staff.id],
      ]);
    });

    it('sends the browser to the back office rather than another site', async () => {
      expect(safeNext('https://evil.example/admin')).toBe('/admin');
      expect(safeNext('//evil.example/admin')).toBe('/admin');
      expect(safeNext('/administrator')).toBe('/admin');
      expect(safeNext('/admin\\@evil.example')).toBe('/admin');
      expect(safeNext(undefined)).toBe('/admin');
      expect(safeNext('/admin/leads/42')).toBe('/admin/leads/42');
      const { device } = await withPasskey();
      const begun = await beginSignIn();
      const res = await post('/admin/api/passkeys/sign-in', {
        challengeId: begun.challengeId,
        response: device.signIn(begun.options, ORIGIN),
        next: 'https://evil.example/',
      });
      expect(await res.json()).toEqual({ next: '/admin' });
    });

    it('uses a sign-in challenge once only', async () => {
      const { device } = await withPasskey();
      const begun = await beginSignIn();
      const response = device.signIn(begun.options, ORIGIN);
      expect((await post('/admin/api/passkeys/sign-in', { challengeId: begun.challengeId, response })).status).toBe(200);
      const replay = await post('/admin/api/passkeys/sign-in', { challengeId: begun.challengeId, response });
      expect(replay.status).toBe(400);
      expect(await replay.json()).toEqual({ message: MESSAGES.expired });
      expect(replay.headers.get('set-cookie')).toBeNull();
    });

    it('refuses an expired sign-in challenge', async () => {
      const { device } = await withPasskey();
      const begun = await beginSignIn();
      now = NOON + CHALLENGE_MS + 1;
      const res = await post('/admin/api/passkeys/sign-in', { challengeId: begun.challengeId, response: device.signIn(begun.options, ORIGIN) });
      expect(res.status).toBe(400);
      expect(res.headers.get('set-cookie')).toBeNull();
    });

    it('gives an unknown passkey and a failed check the same plain answer, and no session', async () => {
      const { device } = await withPasskey();
      const stranger = new SoftAuthenticator();
      const first = await beginSignIn();
      const unknown = await post('/admin/api/passkeys/sign-in', { challengeId: first.challengeId, response: stranger.signIn(first.options, ORIGIN) });
      const second = await beginSignIn();
      const forged = device.signIn(second.options, 'https://phish.example');
      const failed = await post('/admin/api/passkeys/sign-in', { challengeId: second.challengeId, response: forged });
      for (const res of [unknown, failed]) {
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: MESSAGES.notAccepted });
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      // Only the session the passkey's owner had before: neither attempt made one.
      expect((await db.query('SELECT * FROM staff_sessions')).rows).toHaveLength(1);
      expect((await auditRows()).filter((r) => r.action === 'passkey-sign-in')).toEqual([]);
    });

    it('refuses a sign-in posted from another site (403)', async () => {
      const res = await post('/admin/api/passkeys/sign-in/options', {}, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect((await db.query('SELECT * FROM webauthn_challenges')).rows).toHaveLength(0);
    });
  });

  describe('removing a passkey', () => {
    const remove = (id: string, cookie?: string) =>
      app().request(`${ORIGIN}/admin/account/passkeys/remove`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
        body: new URLSearchParams({ id }).toString(),
      });

    it('removes one of your own and goes back to the account page', async () => {
      const { staff, cookie, device } = await withPasskey();
      const res = await remove(device.id, cookie);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/account?passkey=removed#passkeys');
      expect(await listPasskeys(db, staff.id)).toEqual([]);
      expect((await db.query("SELECT actor FROM audit_log WHERE action = 'passkey-removed'")).rows).toEqual([{ actor: staff.email }]);
    });

    it('refuses to remove someone else’s passkey (404) and keeps it', async () => {
      const owner = await withPasskey('owner');
      const sales = await signedIn('sales');
      const res = await remove(owner.device.id, sales.cookie);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain(MESSAGES.notYours);
      expect(await listPasskeys(db, owner.staff.id)).toHaveLength(1);
    });

    it('sends a signed-out request to sign in', async () => {
      const { staff, device } = await withPasskey();
      const res = await remove(device.id);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/admin/sign-in');
      expect(await listPasskeys(db, staff.id)).toHaveLength(1);
    });
  });
});

describe('passkey page parts', () => {
  it('serves the browser library as a same-origin script', async () => {
    const res = await createBackOffice({ db: {} as Db, hashSecret: 'x', forms: new Map() }).request('http://localhost/admin/assets/webauthn.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toContain('SimpleWebAuthnBrowser');
  });

  it('hides the buttons until the script finds passkey support, and loads the scripts in order', () => {
    const signIn = renderToStaticMarkup(createElement(PasskeySignIn, { next: '/admin/leads' }));
    expect(signIn).toMatch(/<div data-passkey-sign-in="true" data-next="\/admin\/leads" hidden="">/);
    expect(signIn).toContain('<button type="button" class="secondary" id="passkey-sign-in">Use a passkey</button>');
    expect(signIn).toContain('<p role="status"');
    expect(signIn.indexOf('/admin/assets/webauthn.js')).toBeLessThan(signIn.indexOf('/admin/assets/passkeys.js'));
    const staff = { id: 'a', email: 'a@example.com', name: 'A', role: 'sales' as const };
    const section = renderToStaticMarkup(
      createElement(PasskeysSection, {
        staff,
        passkeys: [
          {
            id: 'cred1',
            staffId: 'a',
            publicKey: new Uint8Array(),
            counter: 0,
            transports: [],
            name: 'Passkey added 1 Dec 2026',
            createdAt: new Date(),
            lastUsedAt: null,
          },
        ],
      }),
    );
    expect(section).toContain('<button type="button" id="add-passkey" hidden="">Add a passkey</button>');
    expect(section).toContain('<input type="hidden" name="id" value="cred1"/>');
    expect(section).toContain('Remove<span class="visually-hidden"> Passkey added 1 Dec 2026</span>');
    expect(section).toContain('<p id="no-passkeys" hidden="">');
    expect(renderToStaticMarkup(createElement(PasskeysSection, { staff }))).toContain('<ul class="passkey-list" id="passkey-list" hidden="">');
  });
});
