/** The staff screen (owners only): who is on the staff, inviting someone, changing a role, removing someone. */
import type { Hono } from 'hono';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import { ROLE_WORDS, ROLES, type Role } from '../roles.ts';
import { changeRole, INVITE_MS, inviteStaff, listStaff, removeStaff, StaffError, type StaffListRow } from './staff.ts';
import { formatWhen, formText, Message } from './ui.tsx';

export const ROLE_NAMES: Readonly<Record<Role, string>> = { owner: 'Owner', editor: 'Editor', sales: 'Sales' };

const DONE: Record<string, string> = {
  role: 'The role is changed.',
  removed: 'The person is removed from the staff and signed out.',
};

interface StaffPageProps {
  staff: StaffListRow[];
  meId: string;
  notice?: string;
  error?: string;
  invite?: { email: string; link: string; expires: Date };
  form?: { email: string; role: string; error?: string };
}

function RoleOptions() {
  return (
    <>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_WORDS[r]}
        </option>
      ))}
    </>
  );
}

function StaffPage({ staff, meId, notice, error, invite, form }: StaffPageProps) {
  return (
    <>
      {notice && <Message kind="notice">{notice}</Message>}
      {error && <Message kind="error">{error}</Message>}
      {invite && (
        <section className="invite-link" aria-labelledby="invite-link">
          <h2 id="invite-link">Invite link for {invite.email}</h2>
          <p>
            Send this link to {invite.email}. It works once, until {formatWhen(invite.expires)} (72 hours). It is shown only now: copy it before you leave this
            page.
          </p>
          <label htmlFor="invite-link-value">Invite link</label>
          <input id="invite-link-value" type="text" readOnly value={invite.link} />
        </section>
      )}
      <section aria-labelledby="invite">
        <h2 id="invite">Invite someone</h2>
        <form method="post" action="/admin/staff/invite" className="stack">
          {form?.error && (
            <p className="error" id="invite-error">
              {form.error}
            </p>
          )}
          <div className="field">
            <label htmlFor="invite-email">Email</label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={form?.email}
              aria-invalid={form?.error ? true : undefined}
              aria-describedby={form?.error ? 'invite-error' : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="invite-role">Role</label>
            <select id="invite-role" name="role" defaultValue={form?.role ?? 'sales'}>
              <RoleOptions />
            </select>
          </div>
          <div className="actions">
            <button type="submit">Invite</button>
          </div>
        </form>
      </section>
      <section aria-labelledby="people">
        <h2 id="people">People</h2>
        <div className="table-scroll" role="region" aria-label="Staff table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Change role</th>
                <th scope="col">Remove</th>
              </tr>
            </thead>
            <tbody>
              {staff.map((p) => {
                const who = p.name || p.email;
                return (
                  <tr key={p.id}>
                    <td>{p.name || '(not given yet)'}</td>
                    <td>{p.email}</td>
                    <td>{ROLE_NAMES[p.role]}</td>
                    <td>{p.status === 'active' ? 'Active' : 'Invited (no password yet)'}</td>
                    <td>
                      <form method="post" action={`/admin/staff/${p.id}/role`} className="inline">
                        <label htmlFor={`role-${p.id}`} className="visually-hidden">
                          New role for {who}
                        </label>
                        <select id={`role-${p.id}`} name="role" defaultValue={p.role}>
                          {ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_NAMES[r]}
                            </option>
                          ))}
                        </select>
                        <button type="submit" className="secondary">
                          Change role<span className="visually-hidden"> of {who}</span>
                        </button>
                      </form>
                    </td>
                    <td>
                      <form method="post" action={`/admin/staff/${p.id}/remove`} className="inline">
                        <button type="submit" className="secondary danger">
                          Remove<span className="visually-hidden"> {who}</span>
                          {p.id === meId && <span className="visually-hidden"> (you)</span>}
                        </button>
                      </form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}

export function registerStaffPage(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const clock = o.clock ?? Date.now;
  const show = async (c: BackOfficeContext, props: Omit<StaffPageProps, 'staff' | 'meId'>, status = 200) => {
    const who = c.get('signedIn')!;
    const staff = await listStaff(o.db);
    return renderPage(
      c,
      <Page title="Staff" signedIn={who}>
        <StaffPage staff={staff} meId={who.staff.id} {...props} />
      </Page>,
      status,
    );
  };
  const actor = (c: BackOfficeContext) => ({ id: c.get('signedIn')!.staff.id, name: c.get('signedIn')!.staff.email });
  const refusal = (c: BackOfficeContext, e: unknown) => {
    if (e instanceof StaffError) return show(c, { error: e.message }, e.status);
    throw e;
  };

  app.use('/admin/staff', needs('staff.manage', refusalPage));
  app.use('/admin/staff/*', needs('staff.manage', refusalPage));

  app.get('/admin/staff', (c) => show(c, { notice: DONE[c.req.query('done') ?? ''] }));

  app.post('/admin/staff/invite', async (c) => {
    const body = await c.req.parseBody();
    const email = formText(body, 'email');
    const role = formText(body, 'role');
    const now = clock();
    try {
      const { token, email: invited } = await inviteStaff(o.db, { email, role }, actor(c), now);
      // The page answers with the link (never a redirect): an address bar or a log must not hold it.
      return await show(c, { invite: { email: invited, link: `${c.get('origin')}/admin/invite/${token}`, expires: new Date(now + INVITE_MS) } });
    } catch (e) {
      if (e instanceof StaffError) return show(c, { form: { email, role, error: e.message } }, e.status);
      throw e;
    }
  });

  app.post('/admin/staff/:id/role', async (c) => {
    const body = await c.req.parseBody();
    try {
      await changeRole(o.db, c.req.param('id'), formText(body, 'role'), actor(c), clock());
    } catch (e) {
      return refusal(c, e);
    }
    return c.redirect('/admin/staff?done=role', 303);
  });

  app.post('/admin/staff/:id/remove', async (c) => {
    try {
      await removeStaff(o.db, { id: c.req.param('id') }, actor(c), clock());
    } catch (e) {
      return refusal(c, e);
    }
    // Someone who removed themselves has no session left: the sign-in page is where they are.
    return c.redirect(c.req.param('id') === c.get('signedIn')!.staff.id ? '/admin/sign-in?signed-out=1' : '/admin/staff?done=removed', 303);
  });
}
