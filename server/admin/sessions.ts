/**
 * Staff sessions: a random token in an HttpOnly, SameSite=Strict cookie, stored only as its hash, ending after
 * 12 idle hours or 7 days, whichever comes first. Kept in the database, so every instance knows every session.
 */
import type { Queryable } from '../db.ts';
import { isRole, type Role } from './roles.ts';
import { looksLikeToken, newToken, tokenHash } from './tokens.ts';

export const IDLE_MS = 12 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_MS = 60_000;

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignedIn {
  staff: StaffMember;
  /** The session's token hash, to end just this session. */
  sessionHash: string;
}

/** Starts a session and returns its token (for the cookie; never stored). */
export async function createSession(db: Queryable, staffId: string, now = Date.now()): Promise<string> {
  const token = newToken();
  await db.query('INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at, expires_at) VALUES ($1, $2, $3, $3, $4)', [
    tokenHash(token),
    staffId,
    new Date(now),
    new Date(now + ABSOLUTE_MS),
  ]);
  return token;
}

/** The session's staff member, or undefined when the token is unknown, idle too long, past its end, or its account gone. */
export async function findSession(db: Queryable, token: string | undefined, now = Date.now()): Promise<SignedIn | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const hash = tokenHash(token);
  const r = await db.query<{ id: string; email: string; name: string; role: string; last_seen_at: Date | string; expires_at: Date | string }>(
    `SELECT s.id, s.email, s.name, s.role, x.last_seen_at, x.expires_at
     FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.token_hash = $1`,
    [hash],
  );
  const row = r.rows[0];
  if (!row || !isRole(row.role)) return undefined;
  const seen = new Date(row.last_seen_at).getTime();
  if (now >= new Date(row.expires_at).getTime() || now >= seen + IDLE_MS) {
    await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [hash]);
    return undefined;
  }
  if (now - seen >= TOUCH_MS) await db.query('UPDATE staff_sessions SET last_seen_at = $2 WHERE token_hash = $1', [hash, new Date(now)]);
  return { staff: { id: row.id, email: row.email, name: row.name, role: row.role }, sessionHash: hash };
}

export async function endSession(db: Queryable, sessionHash: string): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE token_hash = $1', [sessionHash]);
}

/** Ends every session of one person ("Sign out everywhere", a password reset, a removal); returns how many ended. */
export async function endAllSessions(db: Queryable, staffId: string): Promise<number> {
  return (await db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId])).affected;
}

/** The cookie's name: `__Host-` where the site is on HTTPS (browsers accept that prefix only on secure origins). */
export const sessionCookieName = (secure: boolean) => (secure ? '__Host-sitewright_session' : 'sitewright_session');

/** The Set-Cookie value for a new session, or (token undefined) one that removes it. */
export function sessionCookie(token: string | undefined, secure: boolean): string {
  const parts = [`${sessionCookieName(secure)}=${token ?? ''}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (secure) parts.push('Secure');
  // Kept across browser restarts up to the absolute end; the server decides earlier ends (idle, sign-out).
  parts.push(`Max-Age=${token === undefined ? 0 : ABSOLUTE_MS / 1000}`);
  return parts.join('; ');
}
