/** Sign-in, invites, sign-out, the account page, staff management and the audit log. */
import type { Hono } from 'hono';
import type { BackOfficeEnv, BackOfficeOptions } from '../context.ts';

export function registerAuth(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  void app;
  void o;
}
