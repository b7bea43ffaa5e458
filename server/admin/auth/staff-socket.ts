/**
 * `npm run staff` through the running server's admin socket (PGlite allows one process in the database at a time).
 * The socket is the data directory owner's alone, so these routes need no sign-in; they act as "command line".
 */
import { Hono, type Context } from 'hono';
import type { Db } from '../../db.ts';
import { inviteStaff, listStaff, removeStaff, resetStaff, StaffError } from './staff.ts';

export const COMMAND_LINE = { name: 'command line' };

/** `origin` is the address the running server answers on, so the links it prints open that server. */
export function createStaffSocketRoutes(db: Db, origin: () => string | undefined = () => undefined): Hono {
  const app = new Hono();
  const fields = async (c: Context) => {
    const b = (await c.req.json().catch(() => ({}))) as { email?: unknown; role?: unknown };
    return { email: typeof b.email === 'string' ? b.email : '', role: typeof b.role === 'string' ? b.role : '' };
  };
  // A refusal (unknown person, already on the staff, last owner) is told as such, so the command exits 1 with it.
  const answer = async (c: Context, work: () => Promise<object>) => {
    try {
      return c.json({ message: 'done', ...(await work()) });
    } catch (e) {
      if (e instanceof StaffError) return c.json({ message: e.message, refused: true }, e.status);
      throw e;
    }
  };
  app.get('/staff', async (c) => c.json({ message: 'staff', staff: await listStaff(db), origin: origin() }));
  app.post('/staff/invite', async (c) => {
    const f = await fields(c);
    return answer(c, () => inviteStaff(db, f, COMMAND_LINE));
  });
  app.post('/staff/remove', async (c) => {
    const f = await fields(c);
    return answer(c, () => removeStaff(db, { email: f.email }, COMMAND_LINE));
  });
  app.post('/staff/reset', async (c) => {
    const f = await fields(c);
    return answer(c, () => resetStaff(db, f.email, COMMAND_LINE));
  });
  return app;
}
