/**
 * Stand-ins for the sign-in page, the account page and sign-out, so the passkey parts can be used in a browser
 * before the real pages exist. They are registered after the real ones, and the first route that answers wins,
 * so once the real pages are there these never run: delete this file and its call then.
 */
import type { Hono } from 'hono';
import { needs, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import { endSession, sessionCookie } from '../sessions.ts';
import { listPasskeys } from './store.ts';
import { passkeyNotice, PasskeySignIn, PasskeysSection } from './ui.tsx';

export function registerStandInPages(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  app.get('/admin/sign-in', (c) =>
    renderPage(
      c,
      <Page title="Sign in">
        <PasskeySignIn next={c.req.query('next')} />
      </Page>,
    ),
  );

  app.get('/admin/account', needs(undefined, refusalPage), async (c) => {
    const { staff } = c.get('signedIn')!;
    return renderPage(
      c,
      <Page title="Your account" signedIn={c.get('signedIn')}>
        <PasskeysSection staff={staff} passkeys={await listPasskeys(o.db, staff.id)} notice={passkeyNotice(c.req.query('passkey'))} />
      </Page>,
    );
  });

  app.post('/admin/sign-out', async (c) => {
    const who = c.get('signedIn');
    if (who) await endSession(o.db, who.sessionHash);
    c.header('Set-Cookie', sessionCookie(undefined, c.get('secure')));
    return c.redirect('/admin/sign-in', 303);
  });
}
