/** The audit log: who did what, appended only (the table's trigger refuses every change). */
import type { Queryable } from '../db.ts';

export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'sign-out'
  | 'passkey-added'
  | 'passkey-sign-in'
  | 'invite'
  | 'role-change'
  | 'staff-removed'
  | 'password-reset'
  | 'lead-viewed'
  | 'lead-export'
  | 'lead-erase'
  | 'lead-status';

export async function audit(
  db: Queryable,
  entry: { actorId?: string; actor: string; action: AuditAction; subject?: string; detail?: Record<string, unknown> },
): Promise<void> {
  await db.query('INSERT INTO audit_log (actor_id, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    entry.actorId ?? null,
    entry.actor,
    entry.action,
    entry.subject ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}
