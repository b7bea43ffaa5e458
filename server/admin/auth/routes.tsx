/** Sign-in, invites, sign-out, the account page, staff management and the audit log. */
import type { Hono } from 'hono';
import { needs, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import { registerAuditPage } from './audit-page.tsx';
import { registerInvite } from './invite.tsx';
import { registerSignIn } from './sign-in.tsx';
import { registerStaffPage } from './staff-page.tsx';

export function registerAuth(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  registerSignIn(app, o);
  registerInvite(app, o);
  registerStaffPage(app, o);
  registerAuditPage(app, o);

  // The editors' screen, until pages can be edited here: it stands for their right, so sales are refused it.
  app.get('/admin/pages', needs('pages.edit', refusalPage), (c) =>
    renderPage(
      c,
      <Page title="Pages" signedIn={c.get('signedIn')}>
        <p>Editing and publishing pages from the browser is coming. Until then, pages are edited with npm run edit on a computer with the site's files.</p>
      </Page>,
    ),
  );
}
