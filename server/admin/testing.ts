/** Test helpers: a staff member and a live session made directly in the database, for tests of other parts. */
import type { Queryable } from '../db.ts';
import type { Role } from './roles.ts';
import { createSession, sessionCookieName } from './sessions.ts';

export async function addStaff(db: Queryable, role: Role, email = `${role}.${Math.random().toString(36).slice(2, 8)}@buildpad.example`, name = `Test ${role}`) {
  const r = await db.query<{ id: string }>('INSERT INTO staff (email, name, role) VALUES ($1, $2, $3) RETURNING id', [email, name, role]);
  return { id: r.rows[0].id, email, name, role };
}

/** A Cookie header signed in as a new staff member of `role` (plain http: the cookie has no `__Host-` prefix). */
export async function signedInCookie(db: Queryable, role: Role): Promise<{ cookie: string; staff: Awaited<ReturnType<typeof addStaff>> }> {
  const staff = await addStaff(db, role);
  const token = await createSession(db, staff.id);
  return { cookie: `${sessionCookieName(false)}=${token}`, staff };
}
