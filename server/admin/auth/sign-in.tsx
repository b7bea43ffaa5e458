/** Password sign-in, sign-out (here, or everywhere), the account page and who is signed in (for scripts). */
import type { Hono } from 'hono';
import { clientAddress, hashAddress, rateLimitBucket } from '../../client.ts';
import { audit } from '../audit.ts';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import { passkeyNotice, PasskeySignIn, PasskeysSection } from '../passkeys/ui.tsx';
import { listPasskeys } from '../passkeys/store.ts';
import { ROLE_WORDS } from '../roles.ts';
import { createSession, endAllSessions, endSession, sessionCookie } from '../sessions.ts';
import { MAX_PASSWORD_LENGTH, verifyNothing, verifyPassword } from './passwords.ts';
import { addressBlocked, ADDRESS_MESSAGE, emailKey, LOCKED_MESSAGE, lockedUntil, recordFailure } from './throttle.ts';
import { isEmail } from './staff.ts';
import { Field, formText, Message } from './ui.tsx';

export const WRONG_MESSAGE = 'The email or password is not right.';

/** Where to go after signing in: a back-office path only, never another site (`//host`, `/\host`) or the site's pages. */
export function safeNext(next: string | undefined): string {
  if (!next || !/^\/admin(?:[/?#]|$)/.test(next) || /[\\\s]/.test(next) || next.includes('//')) return '/admin';
  return next;
}

const NOTICES: Record<string, string> = {
  welcome: 'Your password is set. Sign in with it.',
  'signed-out': 'You are signed out.',
  everywhere: 'You are signed out on every device.',
};

interface SignInProps {
  email?: string;
  next?: string;
  notice?: string;
  error?: string;
}

function SignInPage({ email, next, notice, error }: SignInProps) {
  return (
    <Page title="Sign in">
      {notice && <Message kind="notice">{notice}</Message>}
      {error && (
        <Message kind="error" id="sign-in-error">
          {error}
        </Message>
      )}
      <form method="post" action="/admin/sign-in" className="stack">
        <Field
          name="email"
          label="Email"
          type="email"
          autoComplete="username"
          defaultValue={email}
          maxLength={254}
          describedBy={error ? 'sign-in-error' : undefined}
        />
        <Field name="password" label="Password" type="password" autoComplete="current-password" maxLength={MAX_PASSWORD_LENGTH} />
        {next && <input type="hidden" name="next" value={next} />}
        <div className="actions">
          <button type="submit">Sign in</button>
        </div>
      </form>
      <PasskeySignIn next={next} />
    </Page>
  );
}

export function registerSignIn(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const clock = o.clock ?? Date.now;

  app.get('/admin/sign-in', (c) => {
    if (c.get('signedIn')) return c.redirect('/admin', 303);
    const q = c.req.query();
    const notice = q.welcome ? NOTICES.welcome : q['signed-out'] === 'everywhere' ? NOTICES.everywhere : q['signed-out'] ? NOTICES['signed-out'] : undefined;
    const next = q.next ? safeNext(q.next) : undefined;
    return renderPage(c, <SignInPage email={q.email?.slice(0, 254)} next={next === '/admin' ? undefined : next} notice={notice} />);
  });

  app.post('/admin/sign-in', async (c) => {
    const now = clock();
    const body = await c.req.parseBody();
    const email = formText(body, 'email').trim().slice(0, 254);
    const password = formText(body, 'password');
    const rawNext = formText(body, 'next');
    const next = rawNext ? safeNext(rawNext) : undefined;
    const again = (status: number, error: string) =>
      renderPage(c, <SignInPage email={email} next={next === '/admin' ? undefined : next} error={error} />, status);

    if (!email || !password) return again(400, 'Enter your email and your password.');
    const address = hashAddress(
      rateLimitBucket(clientAddress(o.peerAddress?.(c) ?? 'unknown', c.req.header('x-forwarded-for'), o.trustedProxies ?? 0)),
      o.hashSecret,
    );
    if (await addressBlocked(o.db, address, now)) return again(429, ADDRESS_MESSAGE);
    const key = emailKey(email, o.hashSecret);
    // Paused even for the right password: the pause is what stops the guessing.
    if ((await lockedUntil(o.db, key, now)) !== undefined) return again(429, LOCKED_MESSAGE);

    const r = await o.db.query<{ id: string; email: string; password_hash: string | null }>(
      'SELECT id, email, password_hash FROM staff WHERE lower(email) = lower($1)',
      [email],
    );
    const person = r.rows[0];
    // The same work whether or not the email has an account, so neither answer nor timing tells which.
    const right =
      password.length <= MAX_PASSWORD_LENGTH && person?.password_hash ? await verifyPassword(person.password_hash, password) : await verifyNothing(password);
    if (!right || !person) {
      const locked = await recordFailure(o.db, { email: key, address }, now);
      // Something typed into the email field that is not an address may be a password typed in the wrong place.
      const typed = isEmail(email) ? email : '(not an email address)';
      await audit(o.db, { actorId: person?.id, actor: typed, action: 'sign-in-failed', subject: typed }, now);
      if (locked) {
        await audit(o.db, { actorId: person?.id, actor: typed, action: 'sign-in-locked', subject: typed, detail: { minutes: 15 } }, now);
        return again(429, LOCKED_MESSAGE);
      }
      return again(401, WRONG_MESSAGE);
    }
    const token = await createSession(o.db, person.id, now);
    await audit(o.db, { actorId: person.id, actor: person.email, action: 'sign-in', detail: { with: 'password' } }, now);
    c.header('Set-Cookie', sessionCookie(token, c.get('secure')));
    return c.redirect(next ?? '/admin', 303);
  });

  app.post('/admin/sign-out', async (c) => {
    const who = c.get('signedIn');
    if (who) {
      await endSession(o.db, who.sessionHash);
      await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'sign-out' }, clock());
    }
    c.header('Set-Cookie', sessionCookie(undefined, c.get('secure')));
    return c.redirect('/admin/sign-in?signed-out=1', 303);
  });

  app.post('/admin/sign-out-everywhere', needs(undefined, refusalPage), async (c) => {
    const who = c.get('signedIn')!;
    const ended = await endAllSessions(o.db, who.staff.id);
    await audit(o.db, { actorId: who.staff.id, actor: who.staff.email, action: 'sign-out', detail: { everywhere: true, sessions: ended } }, clock());
    c.header('Set-Cookie', sessionCookie(undefined, c.get('secure')));
    return c.redirect('/admin/sign-in?signed-out=everywhere', 303);
  });

  app.get('/admin/account', needs(undefined, refusalPage), async (c: BackOfficeContext) => {
    const who = c.get('signedIn')!;
    const passkeys = await listPasskeys(o.db, who.staff.id);
    return renderPage(
      c,
      <Page title="Your account" signedIn={who}>
        <dl className="facts">
          <dt>Name</dt>
          <dd>{who.staff.name || '(not given)'}</dd>
          <dt>Email</dt>
          <dd>{who.staff.email}</dd>
          <dt>Role</dt>
          <dd>{ROLE_WORDS[who.staff.role]}</dd>
        </dl>
        <PasskeysSection staff={who.staff} passkeys={passkeys} notice={passkeyNotice(c.req.query('passkey'))} />
        <section aria-labelledby="everywhere">
          <h2 id="everywhere">Sign out everywhere</h2>
          <p>This ends every session of yours, on every computer and phone, this one included. Use it if you signed in somewhere you no longer trust.</p>
          <form method="post" action="/admin/sign-out-everywhere">
            <button type="submit" className="secondary">
              Sign out everywhere
            </button>
          </form>
        </section>
      </Page>,
    );
  });

  app.get('/admin/api/me', needs(undefined, refusalPage), (c) => {
    const { name, email, role } = c.get('signedIn')!.staff;
    return c.json({ name, email, role });
  });
}
