/**
 * Guessing limits for password sign-in, counted in the database so that every instance of the service shares them:
 * per account (the typed email, whether or not it has one, so the answer tells nothing) and per client address.
 */
import type { Queryable } from '../../db.ts';
import { hashAddress } from '../../client.ts';

export const WINDOW_MS = 15 * 60_000;
/** Wrong passwords for one account within the window that pause its password sign-in. */
export const ACCOUNT_LIMIT = 5;
/** The pause, counted from the failure that reached the limit. */
export const LOCK_MS = 15 * 60_000;
/** Wrong passwords from one client address within the window before it may try no more. */
export const ADDRESS_LIMIT = 20;

export const LOCKED_MESSAGE = 'Too many wrong passwords for this account: password sign-in is paused for 15 minutes. Try again later, or use a passkey.';
export const ADDRESS_MESSAGE =
  'Too many wrong passwords from your network: password sign-in from it is paused for 15 minutes. Try again later, or use a passkey.';

/** The account's key: a keyed hash of the typed email, lower-cased (the table never holds the email itself). */
export const emailKey = (email: string, secret: string) => hashAddress(`email:${email.trim().toLowerCase()}`, secret);

/** When the account's password sign-in may be used again, or undefined when it is not paused. */
export async function lockedUntil(db: Queryable, key: string, now: number): Promise<number | undefined> {
  // A failure that was the fifth within its window starts a pause; failures are not recorded during one.
  const r = await db.query<{ at: Date | string | null }>(
    `SELECT max(f.at) AS at FROM sign_in_failures f
     WHERE f.email_key = $1 AND f.at > $2 AND f.at <= $3
       AND (SELECT count(*) FROM sign_in_failures g WHERE g.email_key = $1 AND g.at > f.at - $4::interval AND g.at <= f.at) >= $5`,
    [key, new Date(now - LOCK_MS), new Date(now), `${WINDOW_MS / 1000} seconds`, ACCOUNT_LIMIT],
  );
  const at = r.rows[0]?.at;
  return at ? new Date(at).getTime() + LOCK_MS : undefined;
}

/** True when the client address has reached its limit of wrong passwords in the window. */
export async function addressBlocked(db: Queryable, key: string, now: number): Promise<boolean> {
  const r = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM sign_in_failures WHERE address_key = $1 AND at > $2 AND at <= $3', [
    key,
    new Date(now - WINDOW_MS),
    new Date(now),
  ]);
  return Number(r.rows[0].n) >= ADDRESS_LIMIT;
}

/** Records one wrong password; true when it is the one that pauses the account. */
export async function recordFailure(db: Queryable, keys: { email: string; address: string }, now: number): Promise<boolean> {
  // Old rows are of no further use to any limit.
  await db.query('DELETE FROM sign_in_failures WHERE at < $1', [new Date(now - 2 * WINDOW_MS - LOCK_MS)]);
  await db.query('INSERT INTO sign_in_failures (email_key, address_key, at) VALUES ($1, $2, $3)', [keys.email, keys.address, new Date(now)]);
  return (await lockedUntil(db, keys.email, now)) !== undefined;
}
