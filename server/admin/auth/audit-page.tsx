/** The audit log's page (owners only): read-only, newest first, 50 entries a page. */
import type { Hono } from 'hono';
import { listAudit, type AuditRow } from '../audit.ts';
import { needs, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { Page, refusalPage, renderPage } from '../layout.tsx';
import { isRole } from '../roles.ts';
import { isTableId, TABLE_TITLES } from '../stats/tables.ts';
import { ROLE_NAMES } from './staff-page.tsx';
import { formatWhen } from './ui.tsx';

const roleName = (v: unknown) => (isRole(v) ? ROLE_NAMES[v] : String(v));

/** Each action in the words the staff use. */
export function describeAction(row: Pick<AuditRow, 'action' | 'detail'>): string {
  const d = row.detail;
  switch (row.action) {
    case 'sign-in':
      return d.with === 'passkey' ? 'Signed in with a passkey' : 'Signed in';
    case 'sign-in-failed':
      return 'Tried to sign in with a wrong password';
    case 'sign-in-locked':
      return 'Password sign-in paused for 15 minutes after 5 wrong passwords';
    case 'sign-out':
      return d.everywhere ? 'Signed out everywhere' : 'Signed out';
    case 'passkey-added':
      return 'Added a passkey';
    case 'passkey-removed':
      return 'Removed a passkey';
    case 'passkey-sign-in':
      return 'Signed in with a passkey';
    case 'invite':
      return d.role === undefined ? 'Invited someone' : `Invited someone as ${roleName(d.role)}`;
    case 'invite-accepted':
      return 'Set a password with an invite link';
    case 'role-change':
      return `Changed a role from ${roleName(d.from)} to ${roleName(d.to)}`;
    case 'staff-removed':
      return 'Removed someone from the staff';
    case 'password-reset':
      return 'Reset a password (a new invite link; signed out everywhere)';
    case 'lead-viewed':
      return 'Looked at a lead';
    case 'lead-export':
      return typeof d.count === 'number' ? `Exported ${d.count} lead${d.count === 1 ? '' : 's'} as CSV` : 'Exported leads as CSV';
    case 'lead-erase':
      return typeof d.count === 'number' ? `Erased a person’s data (${d.count} lead${d.count === 1 ? '' : 's'})` : 'Erased a person’s data';
    case 'lead-status':
      return typeof d.to === 'string' ? `Marked a lead as ${d.to}` : 'Changed a lead’s status';
    case 'stats-export':
      return typeof d.table === 'string' && typeof d.from === 'string' && typeof d.to === 'string'
        ? `Downloaded the stats table “${isTableId(d.table) ? TABLE_TITLES[d.table] : d.table}” as CSV (${d.from} to ${d.to})`
        : 'Downloaded a stats table as CSV';
    case 'publish':
      return typeof d.message === 'string' ? `Published: ${d.message}` : 'Published a change to the site';
    case 'publish-undo':
      return typeof d.undone === 'string' ? `Undid the change “${d.undone}”` : 'Undid a change to the site';
    case 'draft-discarded':
      return 'Discarded their draft';
    case 'preview-shared':
      return 'Shared a preview link';
    case 'preview-revoked':
      return 'Revoked a preview link';
    default:
      return row.action;
  }
}

export function registerAuditPage(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  app.get('/admin/audit', needs('audit.read', refusalPage), async (c) => {
    const requested = Number(c.req.query('page') ?? '1');
    const { rows, page, hasMore } = await listAudit(o.db, { page: Number.isInteger(requested) ? requested : 1 });
    return renderPage(
      c,
      <Page title="Audit log" signedIn={c.get('signedIn')}>
        <p>Everything that signs in, looks at a lead, exports, erases or changes someone’s role is written here. Nobody can change or delete an entry.</p>
        {rows.length === 0 ? (
          <p>{page === 1 ? 'Nothing has happened yet.' : 'There are no entries on this page.'}</p>
        ) : (
          <div className="table-scroll" role="region" aria-label={`Audit log, page ${page}`} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">About</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <td>
                      <time dateTime={r.at.toISOString()}>{formatWhen(r.at)}</time>
                    </td>
                    <td>{r.actor}</td>
                    <td>{describeAction(r)}</td>
                    <td>{r.subject ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <nav aria-label="Audit log pages" className="pager">
          {page > 1 && <a href={page === 2 ? '/admin/audit' : `/admin/audit?page=${page - 1}`}>Newer entries</a>}
          <span>Page {page}</span>
          {hasMore && <a href={`/admin/audit?page=${page + 1}`}>Older entries</a>}
        </nav>
      </Page>,
    );
  });
}
