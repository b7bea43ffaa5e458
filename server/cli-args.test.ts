// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatLeads, formatOutbox, parseCommand, UsageError } from './cli-args.ts';

describe('npm run leads arguments', () => {
  it('parses each command', () => {
    expect(parseCommand(['list', '--form', 'contact', '--since', '2026-01-01', '--json'])).toEqual({
      command: 'list',
      form: 'contact',
      since: '2026-01-01T00:00:00.000Z',
      json: true,
    });
    expect(parseCommand(['export', '--format', 'csv'])).toEqual({ command: 'export', form: undefined, since: undefined });
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
    [['list', '--since', 'last week'], /--since/],
    [['list', '--since', '0'], /--since must be an ISO 8601 date or time such as 2026-01-01 or 2026-01-01T10:00:00Z, not "0"/],
    [['export', '--format', 'csv', '--since', '2026-02-30'], /--since/],
    [['list', '--form', 'contact\u0000'], /--form must be a form's id/],
    [['delete', '--email', 'a@b.example', '--form', 'contact'], /does not take --form/],
  ])('refuses %j with a helpful line', (argv, message) => {
    expect(() => parseCommand(argv)).toThrow(UsageError);
    expect(() => parseCommand(argv)).toThrow(message);
  });
  it('prints a table of leads and of pending deliveries', () => {
    const out = formatLeads([
      {
        id: 'id-1',
        form: 'contact',
        receivedAt: '2026-01-01T10:00:00.000Z',
        payload: { firstName: 'Ada', lastName: 'L', email: 'a@b.example', description: 'Hello' },
      },
    ]);
    expect(out).toContain('2026-01-01 10:00:00  contact  a@b.example  Ada L');
    expect(out).toContain('description: Hello');
    expect(out).toMatch(/1 lead$/);
    expect(formatLeads([])).toBe('No leads.');
    expect(formatOutbox([{ id: 3, leadId: 'L', attempts: 2, lastError: 'webhook answered 500', nextAttemptAt: '2026-01-01T00:00:00.000Z' }])).toContain(
      'webhook answered 500',
    );
  });
  it('shows what visitors typed as text: no escape sequence or bidi control reaches the terminal', () => {
    const out = formatLeads([
      {
        id: 'id-2',
        form: 'contact',
        receivedAt: '2026-01-01T10:00:00.000Z',
        payload: { firstName: '\u001b]0;PWNED\u0007\u001b[2J', lastName: 'L\u202Eevil', email: 'a\u009b@b.example', description: 'x\u2066y\u007f' },
      },
    ]);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(out).toContain('\\x1b]0;PWNED\\x07\\x1b[2J L\\u202eevil');
    expect(out).toContain('a\\x9b@b.example');
    expect(formatOutbox([{ id: 1, leadId: 'L', attempts: 1, lastError: 'boom\u001b[2J', nextAttemptAt: '2026-01-01T00:00:00.000Z' }])).toContain(
      'boom\\x1b[2J',
    );
  });
});
