/**
 * Sends the notification emails queued in the outbox (kind 'email', one row per recipient) through the mail server
 * SITEWRIGHT_SMTP_URL names, with nodemailer. A row is leased while it is sent, so two service processes never both
 * send it; it is marked delivered as soon as the mail server has accepted it, and otherwise retried with back-off, so
 * nothing is lost while the mail server is down. Each email carries a Message-ID made from its outbox row: should the
 * process die between the server's acceptance and the mark, the copy sent after the lease ends has the same
 * Message-ID, which mail systems treat as the same message.
 */
import { createTransport } from 'nodemailer';
import type { Db } from './db.ts';
import { backoffMs } from './backoff.ts';
import { describeError } from './log.ts';
import { runEvery } from './outbox.ts';
import { claimDeliveries, markDelivered, markFailed, type ClaimedDelivery } from './store.ts';
import type { NotificationBody } from './notify.ts';

/** Email retry delay after `attempts` failures: 5 s, 10 s, 20 s … capped at 5 minutes, so mail flows soon after an outage. */
export const mailBackoffMs = (attempts: number) => backoffMs(attempts, 5_000, 300_000);

/** How long a claimed email is reserved for the process sending it; well over the transport's time-outs below. */
export const MAIL_LEASE_SECONDS = 120;

export interface MailerOptions {
  db: Db;
  /** smtp://user:pass@host:port or smtps://…; holds a password, so it is never logged. */
  smtpUrl: string;
  /** The From header, e.g. "BuildPad leads <leads@buildpad.example>". */
  from: string;
  /** The site's address as staff open it (no trailing slash): the email links to the lead in its inbox. */
  publicUrl: () => string;
  intervalMs?: number;
  /** Retry delay after n failures; tests shorten it. */
  backoff?: (attempts: number) => number;
}

/** The default sender: "BuildPad leads <leads@host>", host from the site's address, else the mail server's. */
export function defaultFrom(publicUrl: string | undefined, smtpUrl: string): string {
  const host = publicUrl ? new URL(publicUrl).hostname : new URL(smtpUrl).hostname;
  return `BuildPad leads <leads@${host}>`;
}

/** The domain of an address ("Name <a@b.example>" → "b.example"), for Message-IDs. */
const domainOf = (from: string) => /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'sitewright.invalid';

/** The same for every attempt at one outbox row, and unique to it. */
export const messageIdFor = (rowId: number, leadId: string, from: string) => `<lead-${leadId}.notify-${rowId}@${domainOf(from)}>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The email for one recipient: plain text, and the same as simple HTML with every value escaped. */
export function composeEmail(body: NotificationBody, link: string): { subject: string; text: string; html: string } {
  const received = `${body.receivedAt.replace('T', ' ').slice(0, 16)} UTC`;
  const text = [
    `A new lead arrived through the ${body.formTitle.toLowerCase()} on ${received}.`,
    '',
    ...body.fields.map((f) => `${f.label}: ${f.value}`),
    '',
    `Open it in the inbox: ${link}`,
    '',
    'You get this email because the form lists your address to be told of each new submission.',
  ].join('\n');
  const rows = body.fields.map(
    (f) => `<tr><th align="left" valign="top">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value).replace(/\n/g, '<br>')}</td></tr>`,
  );
  const html = [
    `<p>A new lead arrived through the ${escapeHtml(body.formTitle.toLowerCase())} on ${escapeHtml(received)}.</p>`,
    `<table cellpadding="4">${rows.join('')}</table>`,
    `<p><a href="${escapeHtml(link)}">Open it in the inbox</a></p>`,
    '<p>You get this email because the form lists your address to be told of each new submission.</p>',
  ].join('\n');
  return { subject: body.subject, text, html };
}

export type Transport = ReturnType<typeof makeTransport>;

export function makeTransport(smtpUrl: string) {
  // Time-outs well inside the lease, so that a hung server never lets a second process claim a message still being sent.
  return createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/** One pass: sends every due email once; returns how many the mail server accepted. */
export async function sendDueMail(options: MailerOptions, transport: Transport): Promise<number> {
  const { db, from, backoff = mailBackoffMs } = options;
  let sent = 0;
  for (const d of await claimDeliveries<NotificationBody>(db, 20, 'email', MAIL_LEASE_SECONDS)) {
    const recipient = d.recipient ?? '';
    const link = `${options.publicUrl()}/admin/leads/${encodeURIComponent(d.leadId)}`;
    try {
      const email = composeEmail(d.body, link);
      await transport.sendMail({ from, to: recipient, messageId: messageIdFor(d.id, d.leadId, from), ...email });
    } catch (e) {
      await failed(db, d, e, backoff);
      continue;
    }
    // Accepted: marked at once, with the lead's history, in one transaction.
    await db.transaction(async (tx) => {
      await markDelivered(tx, d.id);
      await tx.query("INSERT INTO lead_events (lead_id, actor, kind, detail) VALUES ($1, NULL, 'notified', $2::jsonb)", [
        d.leadId,
        JSON.stringify({ recipient }),
      ]);
    });
    sent++;
  }
  return sent;
}

/** What a failed attempt leaves: the row's next attempt after the back-off; the lead's history hears of the first failure only. */
async function failed(db: Db, d: ClaimedDelivery<NotificationBody>, e: unknown, backoff: (attempts: number) => number) {
  const reason = (e instanceof Error ? e.message : String(e)).slice(0, 300);
  await db.transaction(async (tx) => {
    await markFailed(tx, d.id, reason, backoff(d.attempts + 1));
    if (d.attempts === 0)
      await tx.query("INSERT INTO lead_events (lead_id, actor, kind, detail) VALUES ($1, NULL, 'notify-failed', $2::jsonb)", [
        d.leadId,
        JSON.stringify({ recipient: d.recipient, reason }),
      ]);
  });
  // The log says which row waits and the kind of failure, not to whom or what it says (a server's answer may quote the address).
  console.warn(`[leads] notification email (outbox ${d.id}) not sent yet, attempt ${d.attempts + 1}: ${failureKind(e)}`);
}

/** nodemailer's error code and the server's reply code ("ECONNECTION", "EENVELOPE 550"): words safe for a log. */
export function failureKind(e: unknown): string {
  const { code, responseCode } = (e ?? {}) as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' && /^[A-Z_]{1,32}$/.test(code) ? code : 'error', typeof responseCode === 'number' ? String(responseCode) : ''];
  return parts.filter(Boolean).join(' ');
}

/** Sends due emails every intervalMs until stopped; `kick` sends a new lead's emails at once. */
export function startMailer(options: MailerOptions): { stop: () => Promise<void>; kick: () => void } {
  const transport = makeTransport(options.smtpUrl);
  const loop = runEvery(
    () => sendDueMail(options, transport),
    options.intervalMs ?? 2000,
    (e) => console.error(`[leads] notification email pass failed: ${describeError(e)}`),
  );
  return {
    kick: loop.kick,
    stop: async () => {
      await loop.stop();
      transport.close();
    },
  };
}
