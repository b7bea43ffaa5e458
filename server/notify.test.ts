// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLeadApp } from './app.ts';
import { openDatabase, type Db } from './db.ts';
import { loadLeadForms, type LeadForm } from './forms.ts';
import { composeEmail, defaultFrom, failureKind, makeTransport, messageIdFor, sendDueMail, startMailer, type MailerOptions } from './mailer.ts';
import { mailFormTitle, notificationBody, queueNotifications, recipientsOf, subjectName } from './notify.ts';
import { valueText } from './lead-text.ts';
import { pendingOutbox } from './store.ts';
import { startTestSmtp, type TestSmtp } from './smtp-test-server.ts';
import { backends, truncateAll } from './test-backends.ts';
import { configFromEnv, smtpUrlProblem } from './config.ts';

// Opening a PGlite database takes seconds, longer when test files run in parallel on two cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const RECIPIENTS = ['sales@buildpad.example', 'owner@buildpad.example'];
const SITE = 'https://www.buildpad.example';
const FROM = 'BuildPad leads <leads@buildpad.example>';
const BODY = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'We need a quote for 40 homes.\nCall after 3 pm.' };

/** The service's forms, with the contact form notifying two people. */
function formsNotifying(recipients: string[]): Map<string, LeadForm> {
  const forms = loadLeadForms();
  const contact = [...forms.values()].find((f) => f.id === 'contact')!;
  forms.set(contact.path, { ...contact, config: { ...contact.config, notify: recipients } });
  return forms;
}

describe('what a notification says', () => {
  it('names the form and the person in the subject, on one line whatever they typed', () => {
    expect(mailFormTitle('contact')).toBe('Contact form');
    expect(mailFormTitle('demo-lead')).toBe('Demo lead form');
    expect(subjectName({ firstName: 'Ada', lastName: 'Obi' })).toBe('Ada Obi');
    expect(subjectName({ firstname: 'Grace', lastname: 'Hopper' })).toBe('Grace Hopper');
    expect(subjectName({ email: 'x@example.com' })).toBe('x@example.com');
    expect(subjectName({})).toBe('no name given');
    expect(subjectName({ firstName: 'Ada\r\nBcc: victim@example.com', lastName: 'Obi' })).toBe('Ada Bcc: victim@example.com Obi');
    expect(subjectName({ firstName: 'A'.repeat(200) })).toHaveLength(80);
  });

  it('writes every value as text and every field with its label', () => {
    expect([valueText(true), valueText(false), valueText(3), valueText(['a', 'b']), valueText(null), valueText({ a: 1 })]).toEqual([
      'Yes',
      'No',
      '3',
      'a, b',
      '',
      '{"a":1}',
    ]);
    const body = notificationBody({ id: 'L1', form: 'contact', receivedAt: '2026-03-01T10:20:30.000Z', payload: BODY }, loadLeadForms());
    expect(body.subject).toBe('Contact form: Ada Obi');
    expect(body.fields).toEqual([
      { label: 'First name', value: 'Ada' },
      { label: 'Last name', value: 'Obi' },
      { label: 'Email', value: 'ada@example.com' },
      { label: 'Message', value: BODY.description },
    ]);
    const email = composeEmail({ ...body, fields: [...body.fields, { label: 'Company', value: '<b>Acme & "Co"</b>' }] }, `${SITE}/admin/leads/L1`);
    expect(email.text).toContain('A new lead arrived through the contact form on 2026-03-01 10:20 UTC.');
    expect(email.text).toContain(`Open it in the inbox: ${SITE}/admin/leads/L1`);
    expect(email.html).toContain('&#60;b&#62;Acme &#38; &#34;Co&#34;&#60;/b&#62;');
    expect(email.html).not.toContain('<b>Acme');
  });

  it('takes each recipient once, and the sender and Message-ID from the settings', () => {
    const contact = [...formsNotifying(['a@x.example', 'A@x.example', ' b@x.example ']).values()].find((f) => f.id === 'contact');
    expect(recipientsOf(contact)).toEqual(['a@x.example', 'b@x.example']);
    expect(recipientsOf(undefined)).toEqual([]);
    expect(defaultFrom(SITE, 'smtp://u:p@mail.example:587')).toBe('BuildPad leads <leads@www.buildpad.example>');
    expect(defaultFrom(undefined, 'smtp://u:p@mail.example:587')).toBe('BuildPad leads <leads@mail.example>');
    expect(messageIdFor(7, 'L1', FROM)).toBe('<lead-L1.notify-7@buildpad.example>');
    expect(failureKind(Object.assign(new Error('x'), { code: 'EENVELOPE', responseCode: 550 }))).toBe('EENVELOPE 550');
    expect(failureKind(new Error('anything'))).toBe('error');
  });
});

describe('mail settings', () => {
  it('accepts smtp:// and smtps:// addresses and refuses others with a sentence that never repeats the password', () => {
    expect(smtpUrlProblem('smtp://user:pass@mail.example:587')).toBeUndefined();
    expect(smtpUrlProblem('smtps://user:pass@mail.example')).toBeUndefined();
    for (const bad of ['http://user:s3cret@mail.example', 'mail.example:587', 'smtp://:s3cret@mail.example', 'smtp://user:s3cret@mail.example:99999']) {
      const problem = () => configFromEnv({ SITEWRIGHT_SMTP_URL: bad });
      expect(problem).toThrow(/^SITEWRIGHT_SMTP_URL must look like smtp:\/\/user:password@mail\.example\.com:587/);
      expect(problem).not.toThrow(/s3cret/);
    }
    const config = configFromEnv({
      SITEWRIGHT_SMTP_URL: ' smtp://u:p@mail.example ',
      SITEWRIGHT_PUBLIC_URL: 'https://www.buildpad.example/',
      SITEWRIGHT_MAIL_FROM: FROM,
    });
    expect(config).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example', publicUrl: 'https://www.buildpad.example', mailFrom: FROM });
    expect(configFromEnv({})).toMatchObject({ smtpUrl: undefined, publicUrl: undefined, mailFrom: undefined });
    expect(() => configFromEnv({ SITEWRIGHT_PUBLIC_URL: 'www.buildpad.example' })).toThrow(/SITEWRIGHT_PUBLIC_URL must be/);
    expect(() => configFromEnv({ SITEWRIGHT_MAIL_FROM: 'leads\r\nBcc: x@y.example' })).toThrow(/SITEWRIGHT_MAIL_FROM must be/);
  });
});

describe.each(backends())('notification emails on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let smtp: TestSmtp;
  const forms = formsNotifying(RECIPIENTS);
  beforeAll(async () => ({ db, dispose } = await backend.open()));
  afterAll(async () => dispose());
  beforeEach(async () => {
    await truncateAll(db);
    smtp = await startTestSmtp();
  });
  afterEach(async () => smtp.stop());

  const options = (o: Partial<MailerOptions> = {}): MailerOptions => ({ db, smtpUrl: smtp.url, from: FROM, publicUrl: () => SITE, ...o });
  const submit = async (notifications: boolean, body: Record<string, unknown> = BODY) => {
    const app = createLeadApp({ db, hashSecret: 's', forms, peerAddress: () => '192.0.2.1', rateLimit: 0, notifications: notifications ? {} : undefined });
    const res = await app.request('/api/v1/inquiries/contact-us', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const events = async (leadId: string) =>
    (
      await db.query<{ kind: string; detail: Record<string, unknown> }>(
        "SELECT kind, detail FROM lead_events WHERE lead_id = $1 AND kind <> 'received' ORDER BY id",
        [leadId],
      )
    ).rows;

  it('sends each new lead to every recipient: the subject, every field with its label, and a link to the lead', async () => {
    const id = await submit(true);
    const pending = await pendingOutbox(db);
    expect(pending.map((p) => [p.kind, p.recipient, p.leadId, p.attempts])).toEqual(RECIPIENTS.map((r) => ['email', r, id, 0]));

    const transport = makeTransport(smtp.url);
    expect(await sendDueMail(options(), transport)).toBe(2);
    transport.close();
    const mails = await smtp.waitFor(2);
    expect(mails.map((m) => m.to)).toEqual(RECIPIENTS.map((r) => [r]));
    for (const [i, m] of mails.entries()) {
      expect(m.subject).toBe('Contact form: Ada Obi');
      expect(m.headers.get('from')).toBe(FROM);
      expect(m.messageId).toBe(messageIdFor(pending[i].id, id, FROM));
      expect(m.text).toContain('First name: Ada\nLast name: Obi\nEmail: ada@example.com\nMessage: We need a quote for 40 homes.\nCall after 3 pm.\n');
      expect(m.text).toContain(`Open it in the inbox: ${SITE}/admin/leads/${id}`);
    }
    expect(await pendingOutbox(db)).toEqual([]);
    expect(await events(id)).toEqual(RECIPIENTS.map((recipient) => ({ kind: 'notified', detail: { recipient } })));
  });

  it('queues nothing without mail settings, nothing for spam, and nothing twice for one lead', async () => {
    const quiet = await submit(false);
    expect(await pendingOutbox(db)).toEqual([]);
    await db.query("UPDATE leads SET status = 'spam', spam_reason = 'honeypot' WHERE id = $1", [quiet]);
    expect(await queueNotifications(db, quiet, forms)).toBe(0);
    // Marked "Not spam": it is a new lead now, and its emails go out; asking again queues none.
    await db.query("UPDATE leads SET status = 'new' WHERE id = $1", [quiet]);
    expect(await queueNotifications(db, quiet, forms)).toBe(2);
    expect(await queueNotifications(db, quiet, forms)).toBe(0);
    expect(await pendingOutbox(db)).toHaveLength(2);
  });

  it('only the mailer claims email rows, and only the webhook worker claims webhook copies', async () => {
    const app = createLeadApp({ db, hashSecret: 's', forms, peerAddress: () => '192.0.2.1', webhook: {}, notifications: {} });
    await app.request('/api/v1/inquiries/contact-us', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BODY) });
    const transport = makeTransport(smtp.url);
    expect(await sendDueMail(options(), transport)).toBe(2);
    transport.close();
    expect((await pendingOutbox(db)).map((p) => p.kind)).toEqual(['webhook']);
  });

  it('loses nothing while the mail server is down, retries with back-off, and sends once when it is back', async () => {
    const id = await submit(true);
    await smtp.stop();
    const transport = makeTransport(smtp.url);
    try {
      expect(await sendDueMail(options(), transport)).toBe(0);
      const first = await pendingOutbox(db);
      expect(first).toHaveLength(2);
      for (const p of first) {
        expect(p.attempts).toBe(1);
        expect(p.lastError).toMatch(/ECONNREFUSED/);
        // The first retry waits 5 seconds.
        const wait = Date.parse(p.nextAttemptAt) - Date.now();
        expect(wait).toBeGreaterThan(3_000);
        expect(wait).toBeLessThanOrEqual(5_000);
      }
      expect(await sendDueMail(options(), transport)).toBe(0); // not due yet: no attempt
      expect((await pendingOutbox(db)).map((p) => p.attempts)).toEqual([1, 1]);
      await db.query('UPDATE outbox SET next_attempt_at = now()');
      expect(await sendDueMail(options(), transport)).toBe(0);
      expect((await pendingOutbox(db)).map((p) => p.attempts)).toEqual([2, 2]);
      // The history tells of the outage once per email, not once per attempt.
      expect((await events(id)).map((e) => [e.kind, e.detail.recipient])).toEqual(RECIPIENTS.map((r) => ['notify-failed', r]));

      await smtp.start();
      await db.query('UPDATE outbox SET next_attempt_at = now()');
      expect(await sendDueMail(options(), transport)).toBe(2);
      expect(await sendDueMail(options(), transport)).toBe(0);
    } finally {
      transport.close();
    }
    expect(smtp.mails.map((m) => m.to[0])).toEqual(RECIPIENTS);
    expect(await pendingOutbox(db)).toEqual([]);
    expect((await events(id)).filter((e) => e.kind === 'notified')).toHaveLength(2);
  });

  it('keeps an email whose mail server refuses the password, with the reason, and never writes the password anywhere', async () => {
    const id = await submit(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wrong = smtp.url.replace(/:[^:@/]+@/, ':not-the-password@');
    const transport = makeTransport(wrong);
    let logged: string;
    try {
      expect(await sendDueMail(options({ smtpUrl: wrong }), transport)).toBe(0);
      logged = warn.mock.calls.flat().join('\n');
    } finally {
      transport.close();
      warn.mockRestore();
    }
    const pending = await pendingOutbox(db);
    expect(pending.map((p) => p.attempts)).toEqual([1, 1]);
    expect(pending[0].lastError).toMatch(/Invalid login/);
    expect(logged).toContain('EAUTH');
    const stored = JSON.stringify([pending, await events(id)]);
    for (const text of [logged, stored]) {
      expect(text).not.toContain('not-the-password');
      expect(text).not.toContain('a-test-password');
    }
    expect(smtp.mails).toEqual([]);
  });

  it('sends from the background worker as soon as a lead is stored', async () => {
    const mailer = startMailer({ ...options(), intervalMs: 60_000 });
    try {
      const app = createLeadApp({ db, hashSecret: 's', forms, peerAddress: () => '192.0.2.1', notifications: { onQueued: mailer.kick } });
      await app.request('/api/v1/inquiries/contact-us', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BODY) });
      // With a minute between passes, only the kick can send it while the test waits.
      await smtp.waitFor(2);
    } finally {
      await mailer.stop();
    }
    expect(await pendingOutbox(db)).toEqual([]);
  });
});

describe.each(backends().filter((b) => b.name === 'postgres'))('two mailers on one $name database', (backend) => {
  it('sends each email once when two service processes share the outbox', async () => {
    const { db, url, dispose } = await backend.open();
    const other = await openDatabase({ databaseUrl: url });
    const smtp = await startTestSmtp();
    const forms = formsNotifying(RECIPIENTS);
    try {
      const app = createLeadApp({ db, hashSecret: 's', forms, peerAddress: () => '192.0.2.1', rateLimit: 0, notifications: {} });
      const ids: string[] = [];
      for (let i = 0; i < 25; i++) {
        const res = await app.request('/api/v1/inquiries/contact-us', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...BODY, email: `lead${i}@example.com` }),
        });
        ids.push(((await res.json()) as { id: string }).id);
      }
      const mailers = [db, other].map((d) => startMailer({ db: d, smtpUrl: smtp.url, from: FROM, publicUrl: () => SITE, intervalMs: 10 }));
      try {
        await smtp.waitFor(50);
        while ((await pendingOutbox(db)).length) await new Promise((r) => setTimeout(r, 20));
      } finally {
        await Promise.all(mailers.map((m) => m.stop()));
      }
      expect(smtp.mails).toHaveLength(50);
      expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(50);
      const perLead = new Map<string, number>();
      for (const m of smtp.mails) {
        const lead = /^<lead-([0-9a-f-]+)\./.exec(m.messageId)![1];
        perLead.set(lead, (perLead.get(lead) ?? 0) + 1);
      }
      expect([...perLead.keys()].sort()).toEqual([...ids].sort());
      expect(new Set(perLead.values())).toEqual(new Set([2]));
    } finally {
      await smtp.stop();
      await other.close();
      await dispose();
    }
  });
});
