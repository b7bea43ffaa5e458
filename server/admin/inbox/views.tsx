/** The inbox's pages, rendered on the server to static HTML: plain forms and links, no script. */
import { Page } from '../layout.tsx';
import type { SignedIn } from '../sessions.ts';
import {
  eventWords,
  lastPage,
  leadEmail,
  leadName,
  pageLinks,
  queryString,
  readableTime,
  showing,
  STATUS_WORDS,
  type InboxQuery,
  type LeadEvent,
} from './filters.ts';
import type { AttributionKey } from '../../attribution.ts';
import type { InboxLead, Note } from './store.ts';

const STYLES = ['inbox.css'];
const CURRENT = '/admin/leads';

export const NOTIFICATIONS_OFF = 'Email notifications are off: the server has no mail settings (SITEWRIGHT_SMTP_URL). New leads still arrive here.';
export const SPAM_KEPT = 'Spam is kept for 30 days, then deleted. Open a message to read it; if it is a real lead, choose “Not spam”.';

function Time({ at, timeZone }: { at: Date | string; timeZone: string }) {
  return <time dateTime={new Date(at).toISOString()}>{readableTime(at, timeZone)}</time>;
}

const zoneWords = (timeZone: string) => (timeZone === 'UTC' || timeZone === 'Etc/UTC' ? 'UTC' : `${timeZone} time`);

export interface ListProps {
  signedIn: SignedIn;
  query: InboxQuery;
  problems: string[];
  leads: InboxLead[];
  total: number;
  forms: { id: string; title: string }[];
  timeZone: string;
  notificationsOn: boolean;
  canExport: boolean;
  canErase: boolean;
}

export function ListPage(p: ListProps) {
  const { query } = p;
  const spam = query.status === 'spam';
  const title = spam ? 'Spam' : 'Leads';
  const formTitle = new Map(p.forms.map((f) => [f.id, f.title]));
  const filters = queryString({ ...query, page: undefined });
  const href = (page: number) => {
    const qs = queryString({ ...query, page });
    return qs ? `/admin/leads?${qs}` : '/admin/leads';
  };
  const last = lastPage(p.total);
  return (
    <Page title={title} signedIn={p.signedIn} styles={STYLES} current={CURRENT}>
      {!p.notificationsOn && <p className="off">{NOTIFICATIONS_OFF}</p>}
      <nav aria-label="Lists" className="lists">
        <ul>
          <li>
            <a href="/admin/leads" aria-current={!spam ? 'page' : undefined}>
              Inbox
            </a>
          </li>
          <li>
            <a href="/admin/leads?status=spam" aria-current={spam ? 'page' : undefined}>
              Spam
            </a>
          </li>
        </ul>
      </nav>
      {spam && <p>{SPAM_KEPT}</p>}
      <form method="get" action="/admin/leads" className="filters" role="search" aria-label="Filter leads">
        <div>
          <label htmlFor="f-form">Form</label>
          <select id="f-form" name="form" defaultValue={query.form}>
            <option value="">All forms</option>
            {p.forms.map((f) => (
              <option key={f.id} value={f.id}>
                {f.title}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="f-status">Status</label>
          <select id="f-status" name="status" defaultValue={query.status}>
            <option value="">All but spam</option>
            <option value="new">New</option>
            <option value="handled">Handled</option>
            <option value="spam">Spam</option>
          </select>
        </div>
        <div>
          <label htmlFor="f-from">From</label>
          <input id="f-from" name="from" type="date" defaultValue={query.from} />
        </div>
        <div>
          <label htmlFor="f-to">To</label>
          <input id="f-to" name="to" type="date" defaultValue={query.to} />
        </div>
        <div className="search">
          <label htmlFor="f-q">Search</label>
          <input id="f-q" name="q" type="search" defaultValue={query.q} aria-describedby="f-q-help" />
          <p id="f-q-help" className="help">
            Names, email addresses and message text.
          </p>
        </div>
        <div className="go">
          <button type="submit">Filter</button>
        </div>
      </form>
      {p.problems.length > 0 ? (
        <div role="alert" className="problems">
          <p>These filters cannot be used:</p>
          <ul>
            {p.problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <div className="summary">
            <p role="status">{showing(query.page, p.total, filters !== '')}</p>
            {p.canExport && p.total > 0 && (
              <a className="button secondary" href={`/admin/leads/export.csv${filters ? `?${filters}` : ''}`} download>
                Export CSV
              </a>
            )}
            {p.canErase && (
              <a className="erase-link" href="/admin/leads/erase">
                Erase a person’s data
              </a>
            )}
          </div>
          {p.leads.length > 0 && (
            <table className="leads">
              <caption>
                {title}, newest first. Times are in {zoneWords(p.timeZone)}.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Form</th>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {p.leads.map((l) => {
                  const name = leadName(l.payload);
                  return (
                    <tr key={l.id}>
                      <td data-label="Received">
                        <Time at={l.receivedAt} timeZone={p.timeZone} />
                      </td>
                      <td data-label="Form">{formTitle.get(l.form) ?? l.form}</td>
                      <td data-label="Name">
                        <a href={`/admin/leads/${l.id}`}>{name || 'No name given'}</a>
                      </td>
                      <td data-label="Email">{leadEmail(l.payload)}</td>
                      <td data-label="Status">
                        <span className={`status status-${l.status}`}>{STATUS_WORDS[l.status]}</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
          {last > 1 && (
            <nav aria-label="Pages" className="pager">
              <ul>
                {query.page > 1 && (
                  <li>
                    <a href={href(query.page - 1)} rel="prev">
                      Newer
                    </a>
                  </li>
                )}
                {pageLinks(query.page, last).map((n, i) =>
                  n === null ? (
                    <li key={`gap-${i}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={n}>
                      <a href={href(n)} aria-current={n === query.page ? 'page' : undefined} aria-label={`Page ${n}`}>
                        {n}
                      </a>
                    </li>
                  ),
                )}
                {query.page < last && (
                  <li>
                    <a href={href(query.page + 1)} rel="next">
                      Older
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}

const ATTRIBUTION: [AttributionKey, string][] = [
  ['page', 'Sent from page'],
  ['landing', 'First page of the visit'],
  ['referrer', 'Came from'],
  ['utmSource', 'Source'],
  ['utmMedium', 'Medium'],
  ['utmCampaign', 'Campaign'],
  ['utmTerm', 'Term'],
  ['utmContent', 'Content'],
];

/** The attribution's labels, in the order the lead's page and the export use. */
export const ATTRIBUTION_LABELS: readonly (readonly [AttributionKey, string])[] = ATTRIBUTION;

export const DONE_WORDS: Readonly<Record<string, string>> = {
  handled: 'Marked as handled.',
  reopened: 'Reopened: the lead is New again.',
  'not-spam': 'Moved out of spam: the lead is New.',
  notified: 'Moved out of spam: the lead is New, and its notification emails are on their way.',
  note: 'Note saved.',
  stale: 'Someone else changed this lead’s status first. Here it is as it is now.',
};

/** A field of a lead as shown: its label, its value as text, and a mailto: or tel: link where it is one. */
export interface LeadField {
  label: string;
  text: string;
  href?: string;
}

export interface LeadProps {
  signedIn: SignedIn;
  lead: InboxLead;
  formTitle: string;
  fields: LeadField[];
  history: LeadEvent[];
  notes: Note[];
  timeZone: string;
  canUpdate: boolean;
  done?: string;
  noteError?: string;
  noteText?: string;
}

function StatusAction({ lead }: { lead: InboxLead }) {
  const [path, label] = lead.status === 'new' ? ['handled', 'Mark as handled'] : lead.status === 'handled' ? ['reopen', 'Reopen'] : ['not-spam', 'Not spam'];
  return (
    <form method="post" action={`/admin/leads/${lead.id}/${path}`} className="inline">
      <button type="submit">{label}</button>
    </form>
  );
}

export function LeadPage(p: LeadProps) {
  const { lead } = p;
  const name = leadName(lead.payload) || leadEmail(lead.payload) || 'A lead without a name';
  const events: LeadEvent[] = p.history.some((e) => e.kind === 'received')
    ? p.history
    : [{ kind: 'received', actor: null, at: lead.receivedAt, detail: {} }, ...p.history];
  const back = lead.status === 'spam' ? '/admin/leads?status=spam' : '/admin/leads';
  return (
    <Page title={name} signedIn={p.signedIn} styles={STYLES} current={CURRENT}>
      <p>
        <a href={back}>{lead.status === 'spam' ? 'Back to spam' : 'Back to the leads'}</a>
      </p>
      {p.done && DONE_WORDS[p.done] && (
        <p role="status" className="notice">
          {DONE_WORDS[p.done]}
        </p>
      )}
      <p className="meta">
        Sent through the {p.formTitle} form on <Time at={lead.receivedAt} timeZone={p.timeZone} />.
      </p>
      <div className="state">
        <p>
          Status: <span className={`status status-${lead.status}`}>{STATUS_WORDS[lead.status]}</span>
          {lead.status === 'spam' && lead.spamReason ? ` (${lead.spamReason})` : ''}
        </p>
        {p.canUpdate && <StatusAction lead={lead} />}
      </div>
      {lead.status === 'spam' && <p>{SPAM_KEPT}</p>}

      <h2>What they sent</h2>
      <dl className="fields">
        {p.fields.map(({ label, text, href }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{href ? <a href={href}>{text}</a> : text || <span className="none">Left empty</span>}</dd>
          </div>
        ))}
      </dl>

      <h2>Where they came from</h2>
      <dl className="fields">
        {ATTRIBUTION.map(([key, label]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd>{lead.attribution[key] || <span className="none">Not recorded</span>}</dd>
          </div>
        ))}
      </dl>

      <h2>History</h2>
      <ol className="history">
        {events.map((e, i) => (
          <li key={i}>
            <Time at={e.at} timeZone={p.timeZone} />: {eventWords(e, p.formTitle)}
          </li>
        ))}
      </ol>

      <h2>Notes</h2>
      {p.notes.length ? (
        <ul className="notes">
          {p.notes.map((n, i) => (
            <li key={i}>
              <p className="note-by">
                {n.author}, <Time at={n.createdAt} timeZone={p.timeZone} />
              </p>
              <p className="note-body">{n.body}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p>No notes yet.</p>
      )}
      {p.canUpdate && (
        <form method="post" action={`/admin/leads/${lead.id}/notes`} className="note-form">
          <h3>Add a note</h3>
          <label htmlFor="note">Note</label>
          {p.noteError && (
            <p id="note-error" role="alert">
              {p.noteError}
            </p>
          )}
          <textarea
            id="note"
            name="note"
            rows={4}
            maxLength={5000}
            required
            defaultValue={p.noteText}
            aria-invalid={p.noteError ? true : undefined}
            aria-describedby={p.noteError ? 'note-error' : undefined}
          />
          <div>
            <button type="submit">Save note</button>
          </div>
        </form>
      )}
    </Page>
  );
}

export interface EraseProps {
  signedIn: SignedIn;
  error?: string;
  email?: string;
  erased?: string;
}

export function ErasePage(p: EraseProps) {
  return (
    <Page title="Erase a person’s data" signedIn={p.signedIn} styles={STYLES} current={CURRENT}>
      <p>
        <a href="/admin/leads">Back to the leads</a>
      </p>
      {p.erased && (
        <p role="status" className="notice">
          {p.erased}
        </p>
      )}
      <p>
        When someone asks for their data to be deleted, enter their email address here. This erases every lead sent with that address (spam included), with its
        notes, its history, any notification emails not yet sent and any copies waiting to be sent to other systems. It cannot be undone.
      </p>
      <form method="post" action="/admin/leads/erase" className="erase" noValidate>
        {p.error && (
          <p id="erase-error" role="alert">
            {p.error}
          </p>
        )}
        <label htmlFor="erase-email">Email address</label>
        <input
          id="erase-email"
          name="email"
          type="email"
          autoComplete="off"
          required
          defaultValue={p.email}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? 'erase-error' : undefined}
        />
        <label htmlFor="erase-again">Type the email address again</label>
        <input
          id="erase-again"
          name="again"
          type="email"
          autoComplete="off"
          required
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? 'erase-error' : undefined}
        />
        <div>
          <button type="submit" className="danger">
            Erase their data
          </button>
        </div>
      </form>
    </Page>
  );
}
