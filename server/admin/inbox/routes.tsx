/** The leads inbox: list, filters, a lead, its status and notes, CSV export, erasure and spam review. */
import type { Hono } from 'hono';
import type { BackOfficeEnv, BackOfficeOptions } from '../context.ts';

export function registerInbox(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  void app;
  void o;
}
