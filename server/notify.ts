/**
 * Notification emails for new leads. A form file's `notify` lists who gets one; each recipient's email is an outbox
 * row of kind 'email', queued in the transaction that stores the lead, and sent by the mailer (server/mailer.ts).
 * The row holds everything the email says, in the form's own labels, so the mailer needs neither the lead nor the
 * form file, and erasing the lead erases its pending emails with it (the outbox rows cascade).
 */
import type { Queryable } from './db.ts';
import { columnNames, leadCells } from './columns.ts';
import { formTitle, leadEmail, leadName, valueText } from './lead-text.ts';
import { loadLeadForms, type LeadForm } from './forms.ts';

/** What one notification email says; its link to the lead is made when it is sent. */
export interface NotificationBody {
  leadId: string;
  form: string;
  /** "Contact form". */
  formTitle: string;
  subject: string;
  /** UTC ISO time the lead was received. */
  receivedAt: string;
  fields: { label: string; value: string }[];
}

let defaultForms: Map<string, LeadForm> | undefined;
/** The service's forms, read once, as server/node.ts reads them at start. */
const serviceForms = () => (defaultForms ??= loadLeadForms());

/** The form's name in emails: "contact" → "Contact form", "demo-lead" → "Demo lead form". */
export function mailFormTitle(formId: string): string {
  return `${formTitle(formId)} form`;
}

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/** Who sent the lead, for the subject: their name, else their email address. */
export function subjectName(payload: Record<string, unknown>): string {
  const name = leadName(payload) || leadEmail(payload) || 'no name given';
  // A subject is one header line: no line breaks or control characters from a visitor's typing, and not a page long.
  const line = name.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The email of one lead: subject "Contact form: Ada Obi", then every field with its label. */
export function notificationBody(
  lead: { id: string; form: string; receivedAt: string; payload: Record<string, unknown> },
  forms: ReadonlyMap<string, LeadForm>,
): NotificationBody {
  const names = columnNames([...forms.values()]);
  // In the order the form sends its fields: jsonb keeps a payload's keys in an order of its own.
  const order = [...(names.byForm.get(lead.form)?.keys() ?? [])];
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  const payload = Object.fromEntries(Object.entries(lead.payload).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)));
  const fields = [...leadCells({ ...lead, payload }, names)].map(([label, value]) => ({ label, value: valueText(value) }));
  const title = mailFormTitle(lead.form);
  return { leadId: lead.id, form: lead.form, formTitle: title, subject: `${title}: ${subjectName(lead.payload)}`, receivedAt: lead.receivedAt, fields };
}

/** The distinct recipients a form file lists (case ignored), in its order. */
export function recipientsOf(form: LeadForm | undefined): string[] {
  const seen = new Set<string>();
  return (form?.config.notify ?? []).map((a) => a.trim()).filter((a) => a && !seen.has(a.toLowerCase()) && seen.add(a.toLowerCase()));
}

/**
 * Queues one email per recipient of the lead's form, in the caller's transaction; returns how many were queued.
 * Only a lead with status 'new' is notified: spam never is, until someone marks it "Not spam". Queueing the same
 * lead again adds nothing (one email per lead and recipient, kept by a unique index).
 */
export async function queueNotifications(tx: Queryable, leadId: string, forms: ReadonlyMap<string, LeadForm> = serviceForms()): Promise<number> {
  const r = await tx.query<{ id: string; form_id: string; received_at: Date | string; payload: Record<string, unknown>; status: string }>(
    'SELECT id, form_id, received_at, payload, status FROM leads WHERE id = $1',
    [leadId],
  );
  const row = r.rows[0];
  if (!row || row.status !== 'new') return 0;
  const recipients = recipientsOf([...forms.values()].find((f) => f.id === row.form_id));
  if (!recipients.length) return 0;
  const body = notificationBody({ id: row.id, form: row.form_id, receivedAt: new Date(row.received_at).toISOString(), payload: row.payload }, forms);
  let queued = 0;
  for (const recipient of recipients) {
    const ins = await tx.query(
      `INSERT INTO outbox (lead_id, kind, recipient, body) VALUES ($1, 'email', $2, $3::jsonb)
       ON CONFLICT (lead_id, recipient) WHERE kind = 'email' DO NOTHING`,
      [row.id, recipient, JSON.stringify(body)],
    );
    queued += ins.affected;
  }
  return queued;
}
