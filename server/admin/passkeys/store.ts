/**
 * Passkeys and WebAuthn challenges in the database. Challenges live there (not in memory) so that a ceremony begun
 * on one instance can finish on another; taking one deletes it, so each is used at most once.
 */
import type { Queryable } from '../../db.ts';
import { newToken } from '../tokens.ts';

/** How long a ceremony may take between its options and the browser's answer. */
export const CHALLENGE_MS = 5 * 60_000;

export type ChallengePurpose = 'register' | 'sign-in';

export interface StoredPasskey {
  id: string;
  staffId: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  staff_id: string;
  public_key: Uint8Array;
  counter: string | number | bigint;
  transports: string[] | null;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const fromRow = (r: PasskeyRow): StoredPasskey => ({
  id: r.id,
  staffId: r.staff_id,
  publicKey: new Uint8Array(r.public_key),
  counter: Number(r.counter),
  transports: r.transports ?? [],
  name: r.name,
  createdAt: new Date(r.created_at),
  lastUsedAt: r.last_used_at === null ? null : new Date(r.last_used_at),
});

/** Stores a challenge and returns its id (what the browser sends back with its answer). */
export async function saveChallenge(db: Queryable, challenge: string, purpose: ChallengePurpose, staffId: string | undefined, now: number): Promise<string> {
  // Abandoned ceremonies would otherwise pile up: each new one clears the expired.
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < $1', [new Date(now)]);
  const id = newToken();
  await db.query('INSERT INTO webauthn_challenges (id, challenge, purpose, staff_id, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    id,
    challenge,
    purpose,
    staffId ?? null,
    new Date(now + CHALLENGE_MS),
  ]);
  return id;
}

/**
 * Takes (deletes) the challenge and returns it when it is live and was made for this purpose and person; undefined
 * otherwise. Deleting in the same statement makes a second use fail, even when two instances race.
 */
export async function takeChallenge(
  db: Queryable,
  id: unknown,
  purpose: ChallengePurpose,
  staffId: string | undefined,
  now: number,
): Promise<string | undefined> {
  if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(id)) return undefined;
  const r = await db.query<{ challenge: string; purpose: string; staff_id: string | null; expires_at: Date | string }>(
    'DELETE FROM webauthn_challenges WHERE id = $1 RETURNING challenge, purpose, staff_id, expires_at',
    [id],
  );
  const row = r.rows[0];
  if (!row || row.purpose !== purpose || (row.staff_id ?? undefined) !== staffId) return undefined;
  if (now >= new Date(row.expires_at).getTime()) return undefined;
  return row.challenge;
}

export async function listPasskeys(db: Queryable, staffId: string): Promise<StoredPasskey[]> {
  const r = await db.query<PasskeyRow>('SELECT * FROM staff_passkeys WHERE staff_id = $1 ORDER BY created_at, id', [staffId]);
  return r.rows.map(fromRow);
}

export async function findPasskey(db: Queryable, id: string): Promise<StoredPasskey | undefined> {
  const r = await db.query<PasskeyRow>('SELECT * FROM staff_passkeys WHERE id = $1', [id]);
  return r.rows[0] && fromRow(r.rows[0]);
}

/** Stores a new passkey; false when one with that credential id is already stored. */
export async function addPasskey(
  db: Queryable,
  p: { id: string; staffId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string },
  now: number,
): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (id) DO NOTHING`,
    [p.id, p.staffId, Buffer.from(p.publicKey), p.counter, p.transports, p.name, new Date(now)],
  );
  return r.affected === 1;
}

export async function markUsed(db: Queryable, id: string, counter: number, now: number): Promise<void> {
  await db.query('UPDATE staff_passkeys SET counter = $2, last_used_at = $3 WHERE id = $1', [id, counter, new Date(now)]);
}

/** Removes one of this person's passkeys; false when they have none with that id (someone else's included). */
export async function removePasskey(db: Queryable, staffId: string, id: string): Promise<boolean> {
  return (await db.query('DELETE FROM staff_passkeys WHERE id = $1 AND staff_id = $2', [id, staffId])).affected === 1;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "26 Nov 2026" (UTC), the same on every server whatever its locale. */
export const shortDate = (d: Date): string => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
