/**
 * The inbox's SQL, the same on PGlite and PostgreSQL. The list's filters become one WHERE clause built from
 * parameters only; its order (received_at DESC, id DESC) is the one the leads_received and leads_status_received
 * indexes keep, so a page is read from an index rather than sorted.
 */
import type { Db, Queryable } from '../../db.ts';
import { deleteByEmail, LEAD_COLUMNS, toLead, type LeadDbRow, type LeadRow } from '../../store.ts';
import { containsPattern, PAGE_SIZE, type InboxFilter, type LeadEvent, type LeadStatus } from './filters.ts';

export interface InboxLead extends LeadRow {
  spamReason: string | null;
}

type Row = LeadDbRow & { spam_reason: string | null };

const COLUMNS = `${LEAD_COLUMNS}, spam_reason`;

const toInboxLead = (r: Row): InboxLead => ({ ...toLead(r), spamReason: r.spam_reason });

/** The WHERE clause of a filter and its parameters, numbered from `$${first}`. */
export function whereOf(f: InboxFilter, first = 1): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const add = (v: unknown) => `$${params.push(v) + first - 1}`;
  const parts = [f.status ? `status = ${add(f.status)}` : `status <> 'spam'`];
  if (f.form) parts.push(`form_id = ${add(f.form)}`);
  if (f.since) parts.push(`received_at >= ${add(f.since.toISOString())}::timestamptz`);
  if (f.before) parts.push(`received_at < ${add(f.before.toISOString())}::timestamptz`);
  // The name and every payload value, lower-cased in the lead's search_text column (migration 005).
  if (f.q) parts.push(`search_text LIKE lower(${add(containsPattern(f.q))}) ESCAPE '\\'`);
  return { sql: parts.join(' AND '), params };
}

/** One page of the list (newest first) and how many leads the filter matches in all. */
export async function listPage(db: Queryable, f: InboxFilter, page: number): Promise<{ leads: InboxLead[]; total: number }> {
  const w = whereOf(f, 3);
  const c = whereOf(f);
  const [rows, count] = await Promise.all([
    db.query<Row>(`SELECT ${COLUMNS} FROM leads WHERE ${w.sql} ORDER BY received_at DESC, id DESC LIMIT $1 OFFSET $2`, [
      PAGE_SIZE,
      (page - 1) * PAGE_SIZE,
      ...w.params,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads WHERE ${c.sql}`, c.params),
  ]);
  return { leads: rows.rows.map(toInboxLead), total: count.rows[0].n };
}

/** Every lead the filter matches, in the list's order: what "Export CSV" writes. */
export async function listAll(db: Queryable, f: InboxFilter): Promise<InboxLead[]> {
  const w = whereOf(f);
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM leads WHERE ${w.sql} ORDER BY received_at DESC, id DESC`, w.params);
  return r.rows.map(toInboxLead);
}

export async function getLead(db: Queryable, id: string): Promise<InboxLead | undefined> {
  const r = await db.query<Row>(`SELECT ${COLUMNS} FROM leads WHERE id = $1`, [id]);
  return r.rows[0] && toInboxLead(r.rows[0]);
}

export async function leadHistory(db: Queryable, id: string): Promise<LeadEvent[]> {
  const r = await db.query<LeadEvent>('SELECT kind, actor, at, detail FROM lead_events WHERE lead_id = $1 ORDER BY at, id', [id]);
  return r.rows;
}

export interface Note {
  author: string;
  body: string;
  createdAt: Date | string;
}

export async function leadNotes(db: Queryable, id: string): Promise<Note[]> {
  const r = await db.query<{ author: string; body: string; created_at: Date | string }>(
    'SELECT author, body, created_at FROM lead_notes WHERE lead_id = $1 ORDER BY created_at, id',
    [id],
  );
  return r.rows.map((n) => ({ author: n.author, body: n.body, createdAt: n.created_at }));
}

/**
 * Moves a lead from one status to another and writes the event, in the caller's transaction. False when the lead
 * is gone or no longer has status `from` (someone else changed it first): nothing is written then.
 */
export async function changeStatus(tx: Queryable, id: string, from: LeadStatus, to: LeadStatus, actor: string, kind: string): Promise<boolean> {
  const r = await tx.query('UPDATE leads SET status = $3 WHERE id = $1 AND status = $2', [id, from, to]);
  if (r.affected !== 1) return false;
  await tx.query('INSERT INTO lead_events (lead_id, actor, kind) VALUES ($1, $2, $3)', [id, actor, kind]);
  return true;
}

/** Adds a note and its history line; false when the lead is gone. */
export async function addNote(db: Db, id: string, author: { id: string; name: string }, body: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const r = await tx.query(`INSERT INTO lead_notes (lead_id, author_id, author, body) SELECT id, $2, $3, $4 FROM leads WHERE id = $1`, [
      id,
      author.id,
      author.name,
      body,
    ]);
    if (r.affected !== 1) return false;
    await tx.query(`INSERT INTO lead_events (lead_id, actor, kind) VALUES ($1, $2, 'note')`, [id, author.name]);
    return true;
  });
}

/** An "exported" line in the history of each lead exported, in one statement. */
export async function markExported(db: Queryable, ids: readonly string[], actor: string): Promise<void> {
  if (!ids.length) return;
  await db.query(`INSERT INTO lead_events (lead_id, actor, kind) SELECT id, $2, 'exported' FROM leads WHERE id = ANY($1::uuid[])`, [ids, actor]);
}

export interface Erased {
  leads: number;
  notes: number;
  notifications: number;
}

/**
 * Erases a person's data by email address (any case, every status): their leads and with them (ON DELETE CASCADE)
 * their notes, history, pending notification emails and webhook copies, and their Idempotency-Key records. The
 * rows are locked and counted first, so the counts are those of what the deletion removes.
 */
export async function eraseByEmail(db: Db, email: string): Promise<Erased> {
  return db.transaction(async (tx) => {
    const ids = (await tx.query<{ id: string }>(`SELECT id FROM leads WHERE lower(payload->>'email') = lower($1) FOR UPDATE`, [email.trim()])).rows.map(
      (r) => r.id,
    );
    if (!ids.length) return { leads: 0, notes: 0, notifications: 0 };
    const counts = await tx.query<{ notes: number; notifications: number }>(
      `SELECT (SELECT count(*)::int FROM lead_notes WHERE lead_id = ANY($1::uuid[])) AS notes,
              (SELECT count(*)::int FROM outbox WHERE lead_id = ANY($1::uuid[]) AND kind = 'email' AND delivered_at IS NULL) AS notifications`,
      [ids],
    );
    const leads = await deleteByEmail(tx, email);
    return { leads, notes: counts.rows[0].notes, notifications: counts.rows[0].notifications };
  });
}
