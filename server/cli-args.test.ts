// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { HELP, formatLeads, formatOutbox, outputPath, parseCommand, unknownFormMessage, UsageError, wroteSummary } from './cli-args.ts';
import { columnNames } from './columns.ts';
import { loadLeadForms } from './forms.ts';

const names = columnNames([...loadLeadForms().values()]);

describe('npm run leads arguments', () => {
  it('parses each command', () => {
    expect(parseCommand(['list', '--form', 'contact', '--since', '2026-01-01', '--json'])).toEqual({
      command: 'list',
      form: 'contact',
      since: '2026-01-01T00:00:00.000Z',
      spam: false,
      json: true,
    });
    expect(parseCommand(['list', '--spam'])).toEqual({ command: 'list', form: undefined, since: undefined, spam: true, json: false });
    expect(parseCommand(['export', '--format', 'csv'])).toEqual({ command: 'export', form: undefined, since: undefined, spam: false, raw: false });
    expect(parseCommand(['export', '--format', 'csv', '--output', 'leads.csv', '--raw', '--spam'])).toEqual({
      command: 'export',
      form: undefined,
      since: undefined,
      spam: true,
      raw: true,
      output: 'leads.csv',
    });
    expect(parseCommand(['delete', '--email', 'a@b.example'])).toEqual({ command: 'delete', email: 'a@b.example' });
    expect(parseCommand(['outbox'])).toEqual({ command: 'outbox', json: false });
    expect(parseCommand(['--help'])).toEqual({ command: 'help' });
    expect(parseCommand([])).toEqual({ command: 'help' });
  });
  it.each([
    [['lsit'], /unknown command "lsit"/],
    [['list', '--frm', 'x'], /--frm/],
    [['export'], /--format csv/],
    [['export', '--format', 'xlsx'], /only csv/],
    [['delete'], /--email/],
    [['delete', '--email', 'a@b.example', '--spam'], /delete does not take --spam/],
    [['outbox', '--spam'], /outbox does not take --spam/],
    [['list', '--since', 'last week'], /--since/],
    [['list', '--since', '0'], /--since must be an ISO 8601 date or time such as 2026-01-01 or 2026-01-01T10:00:00Z, not "0"/],
    [['export', '--format', 'csv', '--since', '2026-02-30'], /--since/],
    [['list', '--form', 'contact\u0000'], /--form must be a form's id/],
    [['delete', '--email', 'a@b.example', '--form', 'contact'], /does not take --form/],
    [['list', '--output', 'leads.csv'], /list does not take --output/],
    [['list', '--raw'], /list does not take --raw/],
    [['export', '--format', 'csv', '--output', ' '], /--output needs a file name/],
  ])('refuses %j with a helpful line', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
  it('prints a table of leads, with the column names of the export, and of pending deliveries', () => {
    const out = formatLeads(
      [
        {
          id: 'id-1',
          form: 'contact',
          receivedAt: '2026-01-01T10:00:00.000Z',
          payload: { firstName: 'Ada', lastName: 'L', email: 'a@b.example', description: 'Hello' },
        },
        { id: 'id-2', form: 'enquiry', receivedAt: '2026-01-02T10:00:00.000Z', payload: { firstname: 'Grace', lastname: 'H', message: 'Hi' } },
      ],
      names,
    );
    const [header, , first, second] = out.split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['Received (UTC)', 'Form', 'First name', 'Last name', 'Email', 'Details', 'ID']);
    expect(first).toMatch(/^2026-01-01 10:00:00 {2}contact +Ada +L +a@b\.example +Message: Hello +id-1$/);
    expect(second).toMatch(/^2026-01-02 10:00:00 {2}enquiry +Grace +H +Message: Hi +id-2$/);
    expect(out).toMatch(/2 leads$/);
    expect(formatLeads([], names)).toBe('No leads.');
    const outbox = formatOutbox([
      { id: 3, kind: 'webhook', recipient: null, leadId: 'L', attempts: 2, lastError: 'webhook answered 500', nextAttemptAt: '2026-01-01T00:00:00.000Z' },
      {
        id: 4,
        kind: 'email',
        recipient: 'sales@buildpad.example',
        leadId: 'L',
        attempts: 1,
        lastError: 'connect ECONNREFUSED',
        nextAttemptAt: '2026-01-01T00:00:05.000Z',
      },
    ]).split('\n');
    expect(outbox[0].split(/\s{2,}/)).toEqual(['id', 'kind', 'lead', 'attempts', 'next attempt (UTC)', 'last error']);
    expect(outbox[2]).toMatch(/^3 +webhook +L +2 +2026-01-01 00:00:00 +webhook answered 500$/);
    expect(outbox[3]).toMatch(/^4 +email to sales@buildpad\.example +L +1 +2026-01-01 00:00:05 +connect ECONNREFUSED$/);
    expect(formatOutbox([])).toBe('No webhook copies or notification emails pending.');
  });
  it("with spam included, shows each lead's status, and says how --spam works in the help", () => {
    const lead = (id: string, status: 'new' | 'handled' | 'spam') => ({
      id,
      form: 'contact',
      receivedAt: '2026-01-01T10:00:00.000Z',
      payload: { firstName: 'Ada' },
      status,
    });
    const out = formatLeads([lead('id-1', 'new'), lead('id-2', 'spam'), lead('id-3', 'handled')], names, { status: true });
    const [header, , ...rows] = out.split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['Received (UTC)', 'Form', 'Status', 'First name', 'Last name', 'Email', 'Details', 'ID']);
    expect(rows.slice(0, 3).map((r) => r.split(/\s{2,}/)[2])).toEqual(['New', 'Spam', 'Handled']);
    expect(HELP).toContain('list [--form ID] [--since DATE] [--spam] [--json]');
    expect(HELP).toMatch(/--spam includes it, with a Status column/);
  });
  it('shows what visitors typed as text: no escape sequence or bidi control reaches the terminal', () => {
    const out = formatLeads(
      [
        {
          id: 'id-2',
          form: 'contact',
          receivedAt: '2026-01-01T10:00:00.000Z',
          payload: { firstName: '\u001b]0;PWNED\u0007\u001b[2J', lastName: 'L\u202Eevil', email: 'a\u009b@b.example', description: 'x\u2066y\u007f' },
        },
      ],
      names,
    );
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('\\x1b]0;PWNED\\x07\\x1b[2J  L\\u202eevil');
    expect(out).toContain('a\\x9b@b.example');
    expect(
      formatOutbox([
        { id: 1, kind: 'webhook', recipient: null, leadId: 'L', attempts: 1, lastError: 'boom\u001b[2J', nextAttemptAt: '2026-01-01T00:00:00.000Z' },
      ]),
    ).toContain('boom\\x1b[2J');
  });
  it('names the forms there are when --form names none, and only then', () => {
    const forms = ['waitlist', 'contact', 'enquiry', 'demo-lead'];
    expect(unknownFormMessage('contacts', forms)).toBe('No form "contacts". Forms: contact, demo-lead, enquiry, waitlist.');
    expect(unknownFormMessage('contact', forms)).toBeUndefined();
    expect(unknownFormMessage(undefined, forms)).toBeUndefined();
  });
  it('writes --output where a redirect typed in the same folder would have', () => {
    // npm run leads runs in the project's folder; INIT_CWD is where the person typed it.
    expect(outputPath('leads.csv', { npm_lifecycle_event: 'leads', INIT_CWD: '/home/ada/exports' }, '/repo')).toBe('/home/ada/exports/leads.csv');
    expect(outputPath('/tmp/leads.csv', { npm_lifecycle_event: 'leads', INIT_CWD: '/home/ada' }, '/repo')).toBe('/tmp/leads.csv');
    // Run any other way (npx tsx server/cli.ts, or from another npm script), the process's own folder is the one.
    expect(outputPath('leads.csv', { npm_lifecycle_event: 'test', INIT_CWD: '/elsewhere' }, '/home/ada')).toBe('/home/ada/leads.csv');
    expect(outputPath('leads.csv', {}, '/home/ada')).toBe('/home/ada/leads.csv');
  });
  it('says in one line how many leads went to which file', () => {
    expect(wroteSummary(12, 'leads.csv')).toBe('Wrote 12 leads to leads.csv');
    expect(wroteSummary(1, 'one.csv')).toBe('Wrote 1 lead to one.csv');
    expect(wroteSummary(0, 'x\u001b[2J.csv')).toBe('Wrote 0 leads to x\\x1b[2J.csv');
  });
});
