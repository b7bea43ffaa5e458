/** The invite link's page: the invited person sets their name and password, once, within 72 hours. */
import type { Hono } from 'hono';
import type { BackOfficeContext, BackOfficeEnv, BackOfficeOptions } from '../context.ts';
import { Page, renderPage } from '../layout.tsx';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords.ts';
import { acceptInvite, findInvite } from './staff.ts';
import { Field, formText } from './ui.tsx';

function LinkGone(c: BackOfficeContext, status: 404 | 410): Response {
  return renderPage(
    c,
    <Page title="This link no longer works" signedIn={c.get('signedIn')}>
      <p>An invite link works once, for 72 hours. This one has been used already, is too old, or was replaced by a newer one.</p>
      <p>Ask an owner of the back office for a new link.</p>
    </Page>,
    status,
  );
}

interface InviteProps {
  email: string;
  name?: string;
  errors?: { name?: string; password?: string };
}

function InvitePage({ email, name, errors = {} }: InviteProps) {
  return (
    <Page title="Set your password">
      <p>
        You are invited to the back office as <strong>{email}</strong>. Choose the name your colleagues will see and a password.
      </p>
      <form method="post" className="stack">
        <Field name="name" label="Name" autoComplete="name" defaultValue={name} maxLength={120} error={errors.name} />
        <Field
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD_LENGTH}
          maxLength={MAX_PASSWORD_LENGTH}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few ordinary words in a row are long and easy to remember.`}
          error={errors.password}
        />
        <div className="actions">
          <button type="submit">Set password</button>
        </div>
      </form>
    </Page>
  );
}

export function registerInvite(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const clock = o.clock ?? Date.now;

  app.get('/admin/invite/:token', async (c) => {
    const invite = await findInvite(o.db, c.req.param('token'), clock());
    if (invite.state !== 'ok') return LinkGone(c, invite.state === 'gone' ? 410 : 404);
    return renderPage(c, <InvitePage email={invite.email} name={invite.name} />);
  });

  app.post('/admin/invite/:token', async (c) => {
    const token = c.req.param('token');
    const invite = await findInvite(o.db, token, clock());
    if (invite.state !== 'ok') return LinkGone(c, invite.state === 'gone' ? 410 : 404);
    const body = await c.req.parseBody();
    const name = formText(body, 'name').trim().slice(0, 120);
    const password = formText(body, 'password');
    const errors = { name: name ? undefined : 'Enter your name.', password: passwordProblem(password, invite.email) };
    if (errors.name || errors.password) return renderPage(c, <InvitePage email={invite.email} name={name} errors={errors} />, 400);
    const hash = await hashPassword(password);
    // Checked again as it is used: a second tab may have used the link while the hash was being made.
    const done = await acceptInvite(o.db, token, name, hash, clock());
    if (!done) return LinkGone(c, 410);
    return c.redirect(`/admin/sign-in?${new URLSearchParams({ email: done.email, welcome: '1' })}`, 303);
  });
}
