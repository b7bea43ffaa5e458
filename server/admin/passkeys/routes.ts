/**
 * Passkeys (WebAuthn): adding one after sign-in, and signing in with one. The ceremonies run in the browser
 * (assets/passkeys.js); this side makes the options, keeps each challenge in the database for one use, and checks
 * the browser's answers with @simplewebauthn/server.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Hono } from 'hono';
import { audit } from '../audit.ts';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { refusalPage } from '../layout.tsx';
import { createSession, sessionCookie } from '../sessions.ts';
import { addPasskey, findPasskey, listPasskeys, markUsed, removePasskey, saveChallenge, shortDate, takeChallenge } from './store.ts';

export const RP_NAME = 'BuildPad back office';

export const MESSAGES = {
  ipHost: 'Passkeys work only when the back office is opened by its name (for example localhost or the site’s address), not by a number address.',
  expired: 'This passkey request has expired or was already used. Please try again.',
  notAdded: 'The passkey could not be added. Please try again.',
  alreadyAdded: 'This passkey is already on an account.',
  notAccepted: 'This passkey was not accepted. Sign in with your email and password instead.',
  notYours: 'That passkey is not on your account. It may have been removed already.',
} as const;

/** WebAuthn refuses IP addresses as relying-party ids: the page must be opened by a host name. */
const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');

/** The relying party: this service's host name, as the browser addressed it. */
const rpIdOf = (c: BackOfficeContext) => new URL(c.get('origin')).hostname;

/** Where to go after a passkey sign-in: a back-office path on this site, never another site. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/admin(?:[/?#]|$)/.test(next) && !/[\\\s]/.test(next) ? next : '/admin';
}

const userIdBytes = (staffId: string) => new TextEncoder().encode(staffId);
const asObject = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});
const readJson = async (c: BackOfficeContext) => asObject(await c.req.json().catch(() => undefined));

export function registerPasskeys(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const now = () => (o.clock ?? Date.now)();

  // Registration options: for the signed-in person, whatever their role.
  app.post('/admin/api/passkeys/options', needs(undefined, refusalPage), async (c) => {
    const { staff } = c.get('signedIn')!;
    const rpID = rpIdOf(c);
    if (isIpAddress(rpID)) return c.json({ message: MESSAGES.ipHost }, 400);
    const existing = await listPasskeys(o.db, staff.id);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userID: userIdBytes(staff.id),
      userName: staff.email,
      userDisplayName: staff.name || staff.email,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      // A discoverable credential lets sign-in start without typing the email.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const challengeId = await saveChallenge(o.db, options.challenge, 'register', staff.id, now());
    return c.json({ challengeId, options });
  });

  app.post('/admin/api/passkeys', needs(undefined, refusalPage), async (c) => {
    const { staff } = c.get('signedIn')!;
    const body = await readJson(c);
    const challenge = await takeChallenge(o.db, body.challengeId, 'register', staff.id, now());
    if (!challenge) return c.json({ message: MESSAGES.expired }, 400);
    const rpID = rpIdOf(c);
    let credential;
    try {
      const verified = await verifyRegistrationResponse({
        response: body.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: c.get('origin'),
        expectedRPID: rpID,
        requireUserVerification: false,
      });
      if (!verified.verified) return c.json({ message: MESSAGES.notAdded }, 400);
      credential = verified.registrationInfo.credential;
    } catch {
      // The library's reasons (a wrong origin, a malformed answer) are for developers, not for staff.
      return c.json({ message: MESSAGES.notAdded }, 400);
    }
    const at = now();
    const name = `Passkey added ${shortDate(new Date(at))}`;
    const added = await addPasskey(
      o.db,
      { id: credential.id, staffId: staff.id, publicKey: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [], name },
      at,
    );
    if (!added) return c.json({ message: MESSAGES.alreadyAdded }, 409);
    await audit(o.db, { actorId: staff.id, actor: staff.email, action: 'passkey-added', subject: staff.email, detail: { passkey: name } });
    return c.json({ message: 'Passkey added.', passkey: { id: credential.id, name } }, 201);
  });

  // Sign-in options need no session: the passkey itself says whose it is (a discoverable credential).
  app.post('/admin/api/passkeys/sign-in/options', async (c) => {
    const rpID = rpIdOf(c);
    if (isIpAddress(rpID)) return c.json({ message: MESSAGES.ipHost }, 400);
    const options = await generateAuthenticationOptions({ rpID, allowCredentials: [], userVerification: 'preferred' });
    const challengeId = await saveChallenge(o.db, options.challenge, 'sign-in', undefined, now());
    return c.json({ challengeId, options });
  });

  app.post('/admin/api/passkeys/sign-in', async (c) => {
    const body = await readJson(c);
    const challenge = await takeChallenge(o.db, body.challengeId, 'sign-in', undefined, now());
    if (!challenge) return c.json({ message: MESSAGES.expired }, 400);
    const response = asObject(body.response);
    const passkey = typeof response.id === 'string' ? await findPasskey(o.db, response.id) : undefined;
    // An unknown passkey and a failed check get the same answer: neither tells which accounts exist.
    if (!passkey) return c.json({ message: MESSAGES.notAccepted }, 400);
    const userHandle = asObject(response.response).userHandle;
    if (typeof userHandle === 'string' && userHandle !== Buffer.from(userIdBytes(passkey.staffId)).toString('base64url'))
      return c.json({ message: MESSAGES.notAccepted }, 400);
    let newCounter: number;
    try {
      const verified = await verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: c.get('origin'),
        expectedRPID: rpIdOf(c),
        credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      });
      if (!verified.verified) return c.json({ message: MESSAGES.notAccepted }, 400);
      newCounter = verified.authenticationInfo.newCounter;
    } catch {
      return c.json({ message: MESSAGES.notAccepted }, 400);
    }
    const at = now();
    await markUsed(o.db, passkey.id, newCounter, at);
    const staff = (await o.db.query<{ email: string }>('SELECT email FROM staff WHERE id = $1', [passkey.staffId])).rows[0];
    if (!staff) return c.json({ message: MESSAGES.notAccepted }, 400);
    const token = await createSession(o.db, passkey.staffId, at);
    await audit(o.db, { actorId: passkey.staffId, actor: staff.email, action: 'passkey-sign-in', subject: staff.email, detail: { passkey: passkey.name } });
    c.header('Set-Cookie', sessionCookie(token, c.get('secure')));
    return c.json({ next: safeNext(body.next) });
  });

  // A plain form on the account page, so removing works without JavaScript; only the person's own passkeys.
  app.post('/admin/account/passkeys/remove', needs(undefined, refusalPage), async (c) => {
    const { staff } = c.get('signedIn')!;
    const form = await c.req.parseBody();
    const id = typeof form.id === 'string' ? form.id : '';
    if (!(await removePasskey(o.db, staff.id, id))) return refusalPage(c, 404, MESSAGES.notYours);
    await audit(o.db, { actorId: staff.id, actor: staff.email, action: 'passkey-removed', subject: staff.email });
    return c.redirect('/admin/account?passkey=removed#passkeys', 303);
  });
}
