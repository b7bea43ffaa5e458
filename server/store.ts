/** The SQL of the lead service, the same on PGlite and PostgreSQL. */
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from './db.ts';
import { isoDateOrDateTime, SINCE_EXAMPLE } from './dates.ts';
import type { LeadForm } from './forms.ts';
import { queueNotifications } from './notify.ts';
import { purgeStatsDays } from './stats/salt.ts';
import { ATTRIBUTION_FIELDS, ATTRIBUTION_KEYS, type Attribution, type AttributionKey } from './attribution.ts';
import { isFormId } from './form-id.ts';
import { countedPath, type SiteRoutes } from './stats/ingest.ts';

/** Where a lead stands in the inbox. */
export type LeadStatus = 'new' | 'handled' | 'spam';

export interface LeadRow {
  id: string;
  form: string;
  receivedAt: string;
  payload: Record<string, unknown>;
  status: LeadStatus;
  /** Where the visitor came from; null where the lead does not say (older leads, forms posted without JavaScript). */
  attribution: Record<AttributionKey, string | null>;
}

/** What the webhook receives for a lead: the lead as the visitor sent it. */
export type WebhookBody = Pick<LeadRow, 'id' | 'form' | 'receivedAt' | 'payload'>;

export interface StoredAnswer {
  status: number;
  body: { message: string; id: string };
}

export interface NewLead {
  form: string;
  payload: Record<string, unknown>;
  clientHash: string;
  /** Idempotency-Key with the request's fingerprint, when the client sent one. */
  idempotency?: { key: string; fingerprint: string };
  /** Also queue the lead for the webhook. */
  outbox: boolean;
  /** Also queue a notification email to each of its form's `notify` recipients (SITEWRIGHT_SMTP_URL set), as `forms` list them. */
  notify?: { forms?: ReadonlyMap<string, LeadForm> };
  message: string;
  /** Where the visitor came from, as far as it is known. */
  attribution?: Attribution;
  /** Why it is spam (e.g. 'honeypot'): it is kept with status spam, and nothing is queued for it. */
  spam?: string;
  /** The site's routes, by which the funnel counts the landing page (see countLead). */
  siteRoutes?: SiteRoutes;
}

export type InsertOutcome = { kind: 'created'; answer: StoredAnswer } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'mismatch' };

/** A leads table row as the database gives it. */
export type LeadDbRow = { id: string; form_id: string; received_at: Date | string; payload: Record<string, unknown>; status: LeadStatus } & Record<
  (typeof ATTRIBUTION_FIELDS)[AttributionKey],
  string | null
>;
export const toLead = (r: LeadDbRow): LeadRow => ({
  id: r.id,
  form: r.form_id,
  receivedAt: new Date(r.received_at).toISOString(),
  payload: r.payload,
  status: r.status,
  attribution: Object.fromEntries(ATTRIBUTION_KEYS.map((k) => [k, r[ATTRIBUTION_FIELDS[k]] ?? null])) as LeadRow['attribution'],
});
/** The leads table's columns a LeadRow is made of. */
export const LEAD_COLUMNS = `id, form_id, received_at, payload, status, ${Object.values(ATTRIBUTION_FIELDS).join(', ')}`;

/** The key for client-address hashes: SITEWRIGHT_HASH_SECRET, else one made once and kept in the database. */
export async function hashSecret(db: Db, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query('INSERT INTO service_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', ['client-hash', randomBytes(32).toString('hex')]);
  const r = await db.query<{ value: string }>('SELECT value FROM service_secrets WHERE name = $1', ['client-hash']);
  return r.rows[0].value;
}

/**
 * Stores a lead and answers it, all in one transaction. With an Idempotency-Key the key row is inserted
 * first: a concurrent duplicate blocks on the primary key until this commits, then finds it and replays.
 */
export async function insertLead(db: Db, lead: NewLead): Promise<InsertOutcome> {
  return db.transaction(async (tx) => {
    const idem = lead.idempotency;
    if (idem) {
      const claimed = await tx.query(
        `INSERT INTO idempotency_keys (form_id, key, fingerprint, status, response) VALUES ($1, $2, $3, 0, '{}'::jsonb)
         ON CONFLICT (form_id, key) DO NOTHING RETURNING key`,
        [lead.form, idem.key, idem.fingerprint],
      );
      if (!claimed.rows.length) {
        const prev = await tx.query<{ fingerprint: string; status: number; response: StoredAnswer['body'] }>(
          'SELECT fingerprint, status, response FROM idempotency_keys WHERE form_id = $1 AND key = $2',
          [lead.form, idem.key],
        );
        const p = prev.rows[0];
        if (!p || p.fingerprint !== idem.fingerprint) return { kind: 'mismatch' };
        return { kind: 'replay', answer: { status: p.status, body: p.response } };
      }
    }
    const a = lead.attribution ?? {};
    const ins = await tx.query<{ id: string; received_at: Date | string }>(
      `INSERT INTO leads (form_id, payload, client_hash, status, spam_reason, ${Object.values(ATTRIBUTION_FIELDS).join(', ')})
       VALUES ($1, $2::jsonb, $3, $4, $5, ${ATTRIBUTION_KEYS.map((_, i) => `$${i + 6}`).join(', ')}) RETURNING id, received_at`,
      [lead.form, JSON.stringify(lead.payload), lead.clientHash, lead.spam ? 'spam' : 'new', lead.spam ?? null, ...ATTRIBUTION_KEYS.map((k) => a[k] ?? null)],
    );
    const { id, received_at } = ins.rows[0];
    // The lead's history starts with its arrival, in the same transaction: no lead without it, no history without a lead.
    await tx.query('INSERT INTO lead_events (lead_id, at, kind, detail) VALUES ($1, $2, $3, $4::jsonb)', [
      id,
      received_at,
      'received',
      JSON.stringify(lead.spam ? { status: 'spam', reason: lead.spam } : {}),
    ]);
    const answer: StoredAnswer = { status: 201, body: { message: lead.message, id } };
    if (idem)
      await tx.query('UPDATE idempotency_keys SET status = $3, response = $4::jsonb, lead_id = $5 WHERE form_id = $1 AND key = $2', [
        lead.form,
        idem.key,
        answer.status,
        JSON.stringify(answer.body),
        id,
      ]);
    // Spam goes nowhere until someone says it is not spam.
    if (lead.outbox && !lead.spam) await queueDelivery(tx, { id, form: lead.form, receivedAt: new Date(received_at).toISOString(), payload: lead.payload });
    // In the lead's own transaction: a lead stored is a notification queued, whatever happens to the process next.
    if (lead.notify && !lead.spam) await queueNotifications(tx, id, lead.notify.forms);
    // The funnel counts it in the same transaction: a lead stored is a lead counted, once (a replay never gets here).
    if (!lead.spam) await countLead(tx, { form: lead.form, receivedAt: received_at, attribution: a }, lead.siteRoutes);
    return { kind: 'created', answer };
  });
}

/**
 * Adds a stored lead to the funnel: its received day (UTC), form, landing page (counted as its page views are, by the
 * site's route: /referral/:refId, or the not-found page), source (utm_source, else the other site's host, else '')
 * and campaign (utm_campaign, else ''). Takes the attribution as sent or as stored (absent values null).
 */
export async function countLead(
  tx: Queryable,
  lead: { form: string; receivedAt: Date | string; attribution: Partial<Record<AttributionKey, string | null>> },
  routes?: SiteRoutes,
): Promise<void> {
  const a = lead.attribution;
  const landing = a.landing ? countedPath(a.landing, false, routes) : '';
  await tx.query(
    `INSERT INTO stats_forms (day, form, landing, source, campaign, leads) VALUES (($1::timestamptz AT TIME ZONE 'UTC')::date, $2, $3, $4, $5, 1)
     ON CONFLICT (day, form, landing, source, campaign) DO UPDATE SET leads = stats_forms.leads + 1`,
    [lead.receivedAt, lead.form, landing, a.utmSource || a.referrer?.toLowerCase() || '', a.utmCampaign ?? ''],
  );
}

export async function queueDelivery(tx: Queryable, lead: WebhookBody) {
  await tx.query('INSERT INTO outbox (lead_id, body) VALUES ($1, $2::jsonb)', [lead.id, JSON.stringify(lead)]);
}

export interface LeadFilter {
  form?: string;
  /** UTC ISO time (leadFilterFrom normalises what it is sent); leads received at or after it. */
  since?: string;
  /** Include spam; without it spam is left out. */
  spam?: boolean;
}

/**
 * The admin list's filters, or the message refusing them. Each is checked here, strictly: a value PostgreSQL
 * refuses ("since=0", a NUL) would otherwise be a 500.
 */
export function leadFilterFrom(form: string | undefined, since: string | undefined): LeadFilter | string {
  if (form !== undefined && !isFormId(form)) return `"form" must be a form's id such as contact or demo-lead, not "${form}".`;
  if (since === undefined) return { form };
  const at = isoDateOrDateTime(since);
  if (at === undefined) return `"since" must be an ISO 8601 date or time such as ${SINCE_EXAMPLE}, not "${since}".`;
  return { form, since: at };
}

export async function listLeads(db: Queryable, filter: LeadFilter = {}): Promise<LeadRow[]> {
  const r = await db.query<LeadDbRow>(
    `SELECT ${LEAD_COLUMNS} FROM leads
     WHERE ($1::text IS NULL OR form_id = $1) AND ($2::timestamptz IS NULL OR received_at >= $2::timestamptz) AND ($3 OR status <> 'spam')
     ORDER BY received_at, id`,
    [filter.form ?? null, filter.since ?? null, filter.spam === true],
  );
  return r.rows.map(toLead);
}

/**
 * Erases every lead whose payload email matches (ignoring case). Their pending webhook copies go with them
 * (ON DELETE CASCADE), and so do their Idempotency-Key records, whose fingerprints derive from the payload.
 */
export async function deleteByEmail(db: Queryable, email: string): Promise<number> {
  const r = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM leads WHERE lower(payload->>'email') = lower($1) RETURNING id),
     keys AS (DELETE FROM idempotency_keys WHERE lead_id IN (SELECT id FROM gone))
     SELECT count(*)::int AS n FROM gone`,
    [email.trim()],
  );
  return r.rows[0].n;
}

/** What an outbox row carries: a copy of the lead for the webhook, or one notification email. */
export type OutboxKind = 'webhook' | 'email';

/** How long spam is kept for review before it is deleted. */
export const SPAM_KEPT_DAYS = 30;

/**
 * Deletes spam received more than 30 days before `now` (with its history, notes and Idempotency-Key records), and
 * every instance's rate-limit hits older than an hour, long past any window, and the funnel's salts and seen keys of
 * days before today (UTC). Returns how many spam leads went.
 */
export async function purgeExpired(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ n: number }>(
      `WITH gone AS (DELETE FROM leads WHERE status = 'spam' AND received_at < $1::timestamptz - make_interval(days => $2) RETURNING id),
       keys AS (DELETE FROM idempotency_keys WHERE lead_id IN (SELECT id FROM gone))
       SELECT count(*)::int AS n FROM gone`,
      [now, SPAM_KEPT_DAYS],
    );
    await tx.query("DELETE FROM rate_hits WHERE at < $1::timestamptz - interval '1 hour'", [now]);
    // The funnel's salts and seen keys of days that are over: those visitors can no longer be recognised.
    await purgeStatsDays(tx, now.toISOString().slice(0, 10));
    return r.rows[0].n;
  });
}

export interface OutboxRow {
  id: number;
  kind: OutboxKind;
  /** The email's recipient; null for a webhook copy. */
  recipient: string | null;
  leadId: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
}

export async function pendingOutbox(db: Queryable): Promise<OutboxRow[]> {
  const r = await db.query<{
    id: string | number;
    kind: OutboxKind;
    recipient: string | null;
    lead_id: string;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date | string;
  }>('SELECT id, kind, recipient, lead_id, attempts, last_error, next_attempt_at FROM outbox WHERE delivered_at IS NULL ORDER BY id');
  return r.rows.map((o) => ({
    id: Number(o.id),
    kind: o.kind,
    recipient: o.recipient,
    leadId: o.lead_id,
    attempts: o.attempts,
    lastError: o.last_error,
    nextAttemptAt: new Date(o.next_attempt_at).toISOString(),
  }));
}

export interface ClaimedDelivery<B = WebhookBody> {
  id: number;
  leadId: string;
  recipient: string | null;
  attempts: number;
  body: B;
}

/**
 * Takes up to `limit` due deliveries of one kind and leases them for `leaseSeconds` (their next attempt moves
 * ahead), so a second worker skips them and a worker that dies mid-delivery only delays them. Each worker claims
 * only its own kind: the webhook worker never posts an email's row, nor the mailer a webhook copy.
 */
export async function claimDeliveries<B = WebhookBody>(db: Db, limit: number, kind: OutboxKind, leaseSeconds = 300): Promise<ClaimedDelivery<B>[]> {
  const r = await db.query<{ id: string | number; lead_id: string; recipient: string | null; attempts: number; body: B }>(
    `UPDATE outbox SET next_attempt_at = now() + make_interval(secs => $2)
     WHERE id IN (SELECT id FROM outbox WHERE delivered_at IS NULL AND kind = $3 AND next_attempt_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, lead_id, recipient, attempts, body`,
    [limit, leaseSeconds, kind],
  );
  return r.rows.map((o) => ({ id: Number(o.id), leadId: o.lead_id, recipient: o.recipient, attempts: o.attempts, body: o.body })).sort((a, b) => a.id - b.id);
}

export async function markDelivered(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE outbox SET delivered_at = now(), attempts = attempts + 1, last_error = NULL WHERE id = $1', [id]);
}

export async function markFailed(db: Queryable, id: number, error: string, retryInMs: number): Promise<void> {
  await db.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1', [
    id,
    error.slice(0, 500),
    retryInMs / 1000,
  ]);
}
