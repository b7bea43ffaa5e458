/** Passkeys (WebAuthn): adding one after sign-in, and signing in with one. */
import type { Hono } from 'hono';
import type { BackOfficeEnv, BackOfficeOptions } from '../context.ts';

export function registerPasskeys(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  void app;
  void o;
}
