/** The leads inbox: list, filters, a lead, its status and notes, CSV export, erasure and spam review. */
import { createHmac } from 'node:crypto';
import type { Hono } from 'hono';
import { columnNames, leadCells, leadTable } from '../../columns.ts';
import { csvTable } from '../../csv.ts';
import { queueNotifications } from '../../notify.ts';
import { countLead, queueDelivery } from '../../store.ts';
import { audit } from '../audit.ts';
import { needs, type BackOfficeContext, type BackOfficeEnv, type BackOfficeOptions } from '../context.ts';
import { refusalPage, renderPage } from '../layout.tsx';
import { can } from '../roles.ts';
import { erasedSentence, formTitle, lastPage, readQuery, today, valueText, type LeadStatus } from './filters.ts';
import { addNote, changeStatus, eraseByEmail, getLead, leadHistory, leadNotes, listAll, listPage, markExported, type InboxLead } from './store.ts';
import { ErasePage, LeadPage, ListPage, type LeadField } from './views.tsx';
import { contactHref } from '../../lead-text.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const NOTE_MAX = 5000;

/** The server's time zone (TZ), in which the inbox shows times and reads its From and To days. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The export in words, as `npm run leads -- export --spam` writes it: status, fields, then where each lead came from. */
export function exportCsv(leads: readonly InboxLead[], names: ReturnType<typeof columnNames>): string {
  const { header, rows } = leadTable(leads, names, { status: true });
  return csvTable([header, ...rows]);
}

/** A lead's fields as [label, text], in its form file's order, then any key the file no longer names. */
export function leadFields(lead: InboxLead, names: ReturnType<typeof columnNames>, order: readonly string[]): LeadField[] {
  const keys = [
    ...order.filter((k) => k in lead.payload),
    ...Object.keys(lead.payload)
      .filter((k) => !order.includes(k))
      .sort(),
  ];
  const ordered = Object.fromEntries(keys.map((k) => [k, lead.payload[k]]));
  // One cell per key, in the keys' order.
  return [...leadCells({ ...lead, payload: ordered }, names)].map(([label, value], i) => ({
    label,
    text: valueText(value),
    href: contactHref(keys[i], value),
  }));
}

export function registerInbox(app: Hono<BackOfficeEnv>, o: BackOfficeOptions): void {
  const timeZone = serverTimeZone();
  const forms = [...o.forms.values()].sort((a, b) => a.id.localeCompare(b.id));
  const formList = forms.map((f) => ({ id: f.id, title: formTitle(f.id, f.config as { title?: unknown }) }));
  const titleOf = (id: string) => formList.find((f) => f.id === id)?.title ?? formTitle(id);
  const names = columnNames(forms);
  const now = () => (o.clock ?? Date.now)();
  const who = (c: BackOfficeContext) => c.get('signedIn')!.staff;
  const display = (c: BackOfficeContext) => who(c).name || who(c).email;
  const notFound = (c: BackOfficeContext) => refusalPage(c, 404, 'There is no lead at this address. It may have been erased.');

  app.get('/admin/leads', needs('leads.read', refusalPage), async (c) => {
    const { query, filter, problems } = readQuery(
      c.req.query(),
      formList.map((f) => f.id),
      timeZone,
    );
    let leads: InboxLead[] = [];
    let total = 0;
    if (!problems.length) {
      ({ leads, total } = await listPage(o.db, filter, query.page));
      // A page past the end (a bookmark after leads were erased) shows the last one.
      if (!leads.length && total > 0) {
        query.page = lastPage(total);
        ({ leads, total } = await listPage(o.db, filter, query.page));
      }
    }
    const role = who(c).role;
    return renderPage(
      c,
      <ListPage
        signedIn={c.get('signedIn')!}
        query={query}
        problems={problems}
        leads={leads}
        total={total}
        forms={formList}
        timeZone={timeZone}
        notificationsOn={o.notificationsOn ?? false}
        canExport={can(role, 'leads.export')}
        canErase={can(role, 'leads.erase')}
      />,
      problems.length ? 400 : 200,
    );
  });

  app.get('/admin/leads/export.csv', needs('leads.export', refusalPage), async (c) => {
    const { filter, problems } = readQuery(
      c.req.query(),
      formList.map((f) => f.id),
      timeZone,
    );
    if (problems.length) return refusalPage(c, 400, problems.join(' '));
    const leads = await listAll(o.db, filter);
    const csv = exportCsv(leads, names);
    const staff = who(c);
    await o.db.transaction(async (tx) => {
      await markExported(
        tx,
        leads.map((l) => l.id),
        display(c),
      );
      await audit(tx, { actorId: staff.id, actor: staff.email, action: 'lead-export', detail: { count: leads.length, filter: c.req.query() } });
    });
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${today(now(), timeZone)}.csv"`,
    });
  });

  app.get('/admin/leads/erase', needs('leads.erase', refusalPage), (c) => {
    const counts = ['leads', 'notes', 'notifications'].map((k) => c.req.query(k));
    const erased = counts.every((n) => n !== undefined && /^\d{1,9}$/.test(n))
      ? erasedSentence({ leads: Number(counts[0]), notes: Number(counts[1]), notifications: Number(counts[2]) })
      : undefined;
    return renderPage(c, <ErasePage signedIn={c.get('signedIn')!} erased={erased} />);
  });

  app.post('/admin/leads/erase', needs('leads.erase', refusalPage), async (c) => {
    const body = await c.req.parseBody();
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    const again = typeof body.again === 'string' ? body.again.trim() : '';
    const refuse = (error: string) => renderPage(c, <ErasePage signedIn={c.get('signedIn')!} error={error} email={email} />, 400);
    if (!email) return refuse('Enter the email address whose data you want to erase.');
    if (!EMAIL.test(email) || email.length > 320) return refuse('That is not an email address. Check it and type it again.');
    if (email.toLowerCase() !== again.toLowerCase())
      return refuse('The two email addresses are not the same, so nothing was erased. Type the address again in both fields.');
    const erased = await eraseByEmail(o.db, email);
    const staff = who(c);
    // The log keeps a keyed hash of the address, not the address: it shows an erasure happened without keeping what was erased.
    const emailHash = createHmac('sha256', o.hashSecret).update(`erase:${email.toLowerCase()}`).digest('hex').slice(0, 16);
    await audit(o.db, { actorId: staff.id, actor: staff.email, action: 'lead-erase', detail: { ...erased, emailHash } });
    return c.redirect(`/admin/leads/erase?leads=${erased.leads}&notes=${erased.notes}&notifications=${erased.notifications}`, 303);
  });

  app.get('/admin/leads/:id', needs('leads.read', refusalPage), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return notFound(c);
    const lead = await getLead(o.db, id);
    if (!lead) return notFound(c);
    const staff = who(c);
    await audit(o.db, { actorId: staff.id, actor: staff.email, action: 'lead-viewed', subject: id });
    return renderLead(c, lead, { done: c.req.query('done') });
  });

  const renderLead = async (c: BackOfficeContext, lead: InboxLead, extra: { done?: string; noteError?: string; noteText?: string }, status = 200) => {
    const form = forms.find((f) => f.id === lead.form);
    const [history, notes] = [await leadHistory(o.db, lead.id), await leadNotes(o.db, lead.id)];
    return renderPage(
      c,
      <LeadPage
        signedIn={c.get('signedIn')!}
        lead={lead}
        formTitle={titleOf(lead.form)}
        fields={leadFields(lead, names, Object.keys(form?.config.submit.payload ?? {}))}
        history={history}
        notes={notes}
        timeZone={timeZone}
        canUpdate={can(who(c).role, 'leads.update')}
        {...extra}
      />,
      status,
    );
  };

  /** The status buttons: each moves the lead from one status to another, writes its history line and the audit. */
  const statusRoute = (path: string, from: LeadStatus, to: LeadStatus, kind: string, done: string) =>
    app.post(`/admin/leads/:id/${path}`, needs('leads.update', refusalPage), async (c) => {
      const id = c.req.param('id');
      if (!UUID.test(id)) return notFound(c);
      const staff = who(c);
      const outcome = await o.db.transaction(async (tx) => {
        if (!(await changeStatus(tx, id, from, to, display(c), kind))) return (await getLead(tx, id)) ? 'stale' : 'gone';
        await audit(tx, { actorId: staff.id, actor: staff.email, action: 'lead-status', subject: id, detail: { from, to } });
        if (kind !== 'not-spam') return 'done';
        // A lead taken out of spam goes where a new lead would have gone: into the funnel, on the day it came, to the
        // webhook, and to its form's recipients.
        const lead = await getLead(tx, id);
        if (lead) {
          await countLead(tx, lead, o.siteRoutes?.());
          if (o.webhook) await queueDelivery(tx, { id: lead.id, form: lead.form, receivedAt: lead.receivedAt, payload: lead.payload });
        }
        return o.notificationsOn && (await queueNotifications(tx, id)) > 0 ? 'queued' : 'done';
      });
      if (outcome === 'gone') return notFound(c);
      if (kind === 'not-spam' && outcome !== 'stale') o.webhook?.onQueued?.();
      if (outcome === 'queued') o.onQueued?.();
      return c.redirect(`/admin/leads/${id}?done=${outcome === 'stale' ? 'stale' : outcome === 'queued' ? 'notified' : done}`, 303);
    });
  statusRoute('handled', 'new', 'handled', 'marked-handled', 'handled');
  statusRoute('reopen', 'handled', 'new', 'reopened', 'reopened');
  statusRoute('not-spam', 'spam', 'new', 'not-spam', 'not-spam');

  app.post('/admin/leads/:id/notes', needs('leads.update', refusalPage), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) return notFound(c);
    const body = await c.req.parseBody();
    const text = typeof body.note === 'string' ? body.note.replace(/\r\n/g, '\n').trim() : '';
    const staff = who(c);
    if (!text || text.length > NOTE_MAX) {
      const lead = await getLead(o.db, id);
      if (!lead) return notFound(c);
      const noteError = text ? `A note can be at most ${NOTE_MAX.toLocaleString('en-US')} characters long.` : 'Write something in the note before saving it.';
      return renderLead(c, lead, { noteError, noteText: text }, 400);
    }
    if (!(await addNote(o.db, id, { id: staff.id, name: display(c) }, text))) return notFound(c);
    return c.redirect(`/admin/leads/${id}?done=note`, 303);
  });
}
