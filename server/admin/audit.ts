/**
 * The audit log: who signed in, who looked at or exported a lead, who changed a role. Entries are only ever added;
 * the table's trigger refuses any UPDATE or DELETE, and no route of the back office offers one.
 */
import type { Queryable } from '../db.ts';

export type AuditAction =
  | 'sign-in'
  | 'sign-in-failed'
  | 'sign-in-locked'
  | 'sign-out'
  | 'passkey-added'
  | 'passkey-removed'
  | 'passkey-sign-in'
  | 'invite'
  | 'invite-accepted'
  | 'role-change'
  | 'staff-removed'
  | 'password-reset'
  | 'lead-viewed'
  | 'lead-export'
  | 'lead-erase'
  | 'lead-status'
  | 'stats-export'
  | 'publish'
  | 'publish-undo'
  | 'draft-discarded'
  | 'preview-shared'
  | 'preview-revoked';

export interface AuditEntry {
  actorId?: string;
  /** Who did it, in words: a staff member's email, "command line", or the typed email of a failed sign-in. */
  actor: string;
  action: AuditAction;
  /** What it was about: a lead's id, a staff member's email. */
  subject?: string;
  detail?: Record<string, unknown>;
}

export async function audit(db: Queryable, entry: AuditEntry, now?: number): Promise<void> {
  await db.query('INSERT INTO audit_log (at, actor_id, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5, $6)', [
    new Date(now ?? Date.now()),
    entry.actorId ?? null,
    entry.actor,
    entry.action,
    entry.subject ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

export interface AuditRow {
  id: string;
  at: Date;
  actor: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
}

export const AUDIT_PAGE_SIZE = 50;

/** One page of the log, newest first (page 1 is the newest), and whether an older page follows. */
export async function listAudit(db: Queryable, { page = 1, pageSize = AUDIT_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const p = Number.isInteger(page) && page > 0 ? page : 1;
  const r = await db.query<{ id: string | number; at: Date | string; actor: string; action: string; subject: string | null; detail: unknown }>(
    'SELECT id, at, actor, action, subject, detail FROM audit_log ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2',
    [pageSize + 1, (p - 1) * pageSize],
  );
  const rows: AuditRow[] = r.rows.slice(0, pageSize).map((row) => ({
    id: String(row.id),
    at: new Date(row.at),
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : (row.detail ?? {})) as Record<string, unknown>,
  }));
  return { rows, page: p, hasMore: r.rows.length > pageSize };
}
