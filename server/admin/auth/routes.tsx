/** Sign-in, invites, sign-out, the account page, staff management and the audit log. */
import type { Hono } from 'hono';
import type { BackOfficeEnv, BackOfficeOptions } from '../context.ts';
import { registerAuditPage } from './audit-page.tsx';
import { registerInvite } from './invite.tsx';
import { registerSignIn } from './sign-in.tsx';
import { registerStaffPage } from './staff-page.tsx';

export function registerAuth(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  registerSignIn(app, o);
  registerInvite(app, o);
  registerStaffPage(app, o);
  registerAuditPage(app, o);
}
