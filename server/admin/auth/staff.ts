/**
 * Staff accounts and their invites, shared by the staff screen and `npm run staff`: invite, list, change a role,
 * remove, reset. Every change is audited by the caller's name ("command line" for the terminal).
 */
import type { Db, Queryable } from '../../db.ts';
import { audit } from '../audit.ts';
import { isRole, ROLES, type Role } from '../roles.ts';
import { endAllSessions } from '../sessions.ts';
import { looksLikeToken, newToken, tokenHash } from '../tokens.ts';

export const INVITE_MS = 72 * 3600_000;

/** A refusal whose message is meant for the person who asked (an unknown person, an email already on the staff). */
export class StaffError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 = 409,
  ) {
    super(message);
    this.name = 'StaffError';
  }
}

export interface Actor {
  id?: string;
  name: string;
}

export interface StaffListRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Active once a password is set; invited until then (a reset makes a person invited again). */
  status: 'invited' | 'active';
  createdAt: Date;
}

/** A plausible address: something@something.something, no spaces, at most 254 characters. */
export const isEmail = (s: string) => s.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);

export function checkEmail(raw: string): string {
  const email = raw.trim();
  if (!isEmail(email)) throw new StaffError(`"${email.slice(0, 80)}" is not an email address.`, 400);
  return email;
}

export function checkRole(raw: string): Role {
  if (!isRole(raw)) throw new StaffError(`The role must be one of ${ROLES.join(', ')}.`, 400);
  return raw;
}

export async function listStaff(db: Queryable): Promise<StaffListRow[]> {
  const r = await db.query<{ id: string; email: string; name: string; role: string; has_password: boolean; created_at: Date | string }>(
    'SELECT id, email, name, role, password_hash IS NOT NULL AS has_password, created_at FROM staff ORDER BY lower(email)',
  );
  return r.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: checkRole(row.role),
    status: row.has_password ? 'active' : 'invited',
    createdAt: new Date(row.created_at),
  }));
}

async function findByEmail(db: Queryable, email: string) {
  const r = await db.query<{ id: string; email: string; role: string }>('SELECT id, email, role FROM staff WHERE lower(email) = lower($1)', [email.trim()]);
  return r.rows[0];
}

async function newInvite(db: Queryable, staffId: string, now: number): Promise<string> {
  // One live link per person: a new one replaces any earlier unused one.
  await db.query('DELETE FROM staff_invites WHERE staff_id = $1', [staffId]);
  const token = newToken();
  await db.query('INSERT INTO staff_invites (token_hash, staff_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    tokenHash(token),
    staffId,
    new Date(now),
    new Date(now + INVITE_MS),
  ]);
  return token;
}

/** Adds a person with no password yet and returns their invite token (shown once, stored only as its hash). */
export async function inviteStaff(db: Db, input: { email: string; role: string }, actor: Actor, now = Date.now()): Promise<{ token: string; email: string }> {
  const email = checkEmail(input.email);
  const role = checkRole(input.role);
  return db.transaction(async (tx) => {
    if (await findByEmail(tx, email)) throw new StaffError(`${email} is already on the staff.`);
    const r = await tx.query<{ id: string }>('INSERT INTO staff (email, role, created_at) VALUES ($1, $2, $3) RETURNING id', [email, role, new Date(now)]);
    const token = await newInvite(tx, r.rows[0].id, now);
    await audit(tx, { actorId: actor.id, actor: actor.name, action: 'invite', subject: email, detail: { role } }, now);
    return { token, email };
  });
}

/**
 * A new invite for someone already on the staff: every session of theirs ends and their password stops working
 * until they set a new one with the link (a lost password, or one that may have leaked).
 */
export async function resetStaff(db: Db, rawEmail: string, actor: Actor, now = Date.now()): Promise<{ token: string; email: string; sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    const person = await findByEmail(tx, rawEmail);
    if (!person) throw new StaffError(`No one on the staff has the email ${rawEmail.trim()}.`, 404);
    await tx.query('UPDATE staff SET password_hash = NULL WHERE id = $1', [person.id]);
    const sessionsEnded = await endAllSessions(tx, person.id);
    const token = await newInvite(tx, person.id, now);
    await audit(tx, { actorId: actor.id, actor: actor.name, action: 'password-reset', subject: person.email, detail: { sessionsEnded } }, now);
    return { token, email: person.email, sessionsEnded };
  });
}

const LAST_OWNER = 'The back office needs at least one owner. Make someone else an owner first.';

/** Locks the owners' rows, so two owners demoting each other at the same moment cannot leave none. */
async function ownerCount(tx: Queryable): Promise<number> {
  return (await tx.query("SELECT id FROM staff WHERE role = 'owner' FOR UPDATE")).rows.length;
}

const GONE = 'That person is no longer on the staff.';
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

export async function changeRole(db: Db, staffId: string, rawRole: string, actor: Actor, now = Date.now()): Promise<{ email: string; from: Role; to: Role }> {
  const to = checkRole(rawRole);
  if (!isUuid(staffId)) throw new StaffError(GONE, 404);
  return db.transaction(async (tx) => {
    const owners = await ownerCount(tx);
    const r = await tx.query<{ email: string; role: string }>('SELECT email, role FROM staff WHERE id = $1 FOR UPDATE', [staffId]);
    const person = r.rows[0];
    if (!person) throw new StaffError(GONE, 404);
    const from = checkRole(person.role);
    if (from === to) return { email: person.email, from, to };
    if (from === 'owner' && owners <= 1) throw new StaffError(LAST_OWNER);
    await tx.query('UPDATE staff SET role = $2 WHERE id = $1', [staffId, to]);
    await audit(tx, { actorId: actor.id, actor: actor.name, action: 'role-change', subject: person.email, detail: { from, to } }, now);
    return { email: person.email, from, to };
  });
}

/** Removes a person: their sessions, invites and passkeys go with them (the audit log keeps their name). */
export async function removeStaff(db: Db, who: { id: string } | { email: string }, actor: Actor, now = Date.now()): Promise<{ email: string }> {
  if ('id' in who && !isUuid(who.id)) throw new StaffError(GONE, 404);
  return db.transaction(async (tx) => {
    const owners = await ownerCount(tx);
    const r =
      'id' in who
        ? await tx.query<{ id: string; email: string; role: string }>('SELECT id, email, role FROM staff WHERE id = $1', [who.id])
        : await tx.query<{ id: string; email: string; role: string }>('SELECT id, email, role FROM staff WHERE lower(email) = lower($1)', [who.email.trim()]);
    const person = r.rows[0];
    if (!person) throw new StaffError('id' in who ? GONE : `No one on the staff has the email ${who.email.trim()}.`, 404);
    if (person.role === 'owner' && owners <= 1) throw new StaffError(LAST_OWNER);
    await endAllSessions(tx, person.id);
    await tx.query('DELETE FROM staff WHERE id = $1', [person.id]);
    await audit(tx, { actorId: actor.id, actor: actor.name, action: 'staff-removed', subject: person.email, detail: { role: person.role } }, now);
    return { email: person.email };
  });
}

export type InviteLookup = { state: 'ok'; staffId: string; email: string; name: string } | { state: 'gone' } | { state: 'unknown' };

/** What an invite link leads to: its person while it is unused and unexpired, else gone (used, expired) or unknown. */
export async function findInvite(db: Queryable, token: string | undefined, now = Date.now()): Promise<InviteLookup> {
  if (!looksLikeToken(token)) return { state: 'unknown' };
  const r = await db.query<{ staff_id: string; email: string; name: string; expires_at: Date | string; used_at: Date | string | null }>(
    'SELECT i.staff_id, s.email, s.name, i.expires_at, i.used_at FROM staff_invites i JOIN staff s ON s.id = i.staff_id WHERE i.token_hash = $1',
    [tokenHash(token)],
  );
  const row = r.rows[0];
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null || now >= new Date(row.expires_at).getTime()) return { state: 'gone' };
  return { state: 'ok', staffId: row.staff_id, email: row.email, name: row.name };
}

/**
 * Uses the invite: sets the name and password hash, and marks the link used in the same statement that checks it is
 * still unused, so two tabs sending the form at once cannot both succeed. False when the link is no longer good.
 */
export async function acceptInvite(db: Db, token: string, name: string, passwordHash: string, now = Date.now()): Promise<{ email: string } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return db.transaction(async (tx) => {
    const used = await tx.query<{ staff_id: string }>(
      'UPDATE staff_invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING staff_id',
      [tokenHash(token), new Date(now)],
    );
    const staffId = used.rows[0]?.staff_id;
    if (!staffId) return undefined;
    const r = await tx.query<{ email: string }>('UPDATE staff SET name = $2, password_hash = $3 WHERE id = $1 RETURNING email', [staffId, name, passwordHash]);
    await audit(tx, { actorId: staffId, actor: r.rows[0].email, action: 'invite-accepted', subject: r.rows[0].email }, now);
    return { email: r.rows[0].email };
  });
}
