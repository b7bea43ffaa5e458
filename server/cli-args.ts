/** `npm run leads` argument rules and output formats, kept pure for tests. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { leadFilterFrom, type OutboxRow } from './store.ts';
import { terminalText } from './terminal-text.ts';
import { dayRangeProblem, rangeFrom } from './stats/range.ts';
import type { DayRange, FunnelFigures, StatsReport } from './stats/types.ts';
import { NOT_FOUND_PATH } from '../renderer/shell/events.ts';
import { FIXED_COLUMNS, leadCells, STATUS_COLUMN, STATUS_WORDS, type ColumnNames, type TableLead } from './columns.ts';

export const HELP = `npm run leads -- <command> [options]

Reads and manages the leads the built-in lead service stored. Works whether or not the site is running:
it goes through the running server's local socket when there is one, else opens the database itself.

Commands
  list [--form ID] [--since DATE] [--spam] [--json]
                                            leads as a table, oldest first (--json: a JSON array)
  export --format csv [--form ID] [--since DATE] [--spam] [--output FILE] [--raw]
                                            RFC 4180 CSV, one column per field in words ("First name"),
                                            the same field of every form in one column, then where the
                                            visitor came from (Page, Landing page, Referrer, UTM …);
                                            --output FILE writes FILE and says how many leads it holds,
                                            else stdout; --raw: the stored field names (firstName,
                                            firstname) instead
  delete --email ADDRESS                    erase every lead with that email (any case); prints how many
  outbox [--json]                           webhook copies and notification emails still pending
  stats [--from DAY] [--to DAY] [--json]    the site's visits (counted without cookies) and its funnel:
                                            visitors, page views, top pages, and per campaign the
                                            visitors, form starts and leads; DAY is 2026-01-01 (UTC);
                                            default today, --from alone runs to today, at most 366 days;
                                            --json: the whole report as JSON
  help, --help                              this text

Forms: contact, demo-lead, waitlist, enquiry. DATE: 2026-01-01 (from midnight UTC) or 2026-01-01T10:00:00Z.
Spam (a bot filled the form's hidden trap field) is kept 30 days and left out of list and export;
--spam includes it, with a Status column (New, Handled, Spam).

Environment
  SITEWRIGHT_DATA_DIR   embedded database directory (default .data/ in the project)
  DATABASE_URL          postgres://… : use that PostgreSQL server instead

Examples
  npm run leads -- list --form contact --since 2026-01-01
  npm run leads -- export --format csv --output leads.csv
  npm run --silent leads -- export --format csv > leads.csv
                  (--silent: else npm prints its own "> sitewright… leads" lines into the file)
  npm run leads -- delete --email ada@example.com
  npm run leads -- stats --from 2026-01-01 --to 2026-01-31
`;

export type Command =
  | { command: 'help' }
  | { command: 'list'; form?: string; since?: string; spam: boolean; json: boolean }
  | { command: 'export'; form?: string; since?: string; spam: boolean; raw: boolean; output?: string }
  | { command: 'delete'; email: string }
  | { command: 'outbox'; json: boolean }
  | { command: 'stats'; range: DayRange; json: boolean };

export class UsageError extends Error {}

const COMMANDS = ['list', 'export', 'delete', 'outbox', 'stats', 'help'];

/** argv (after the script name) → a command, or a UsageError naming what is wrong. */
export function parseCommand(argv: string[], now: number = Date.now()): Command {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        form: { type: 'string' },
        since: { type: 'string' },
        json: { type: 'boolean', default: false },
        format: { type: 'string' },
        output: { type: 'string' },
        raw: { type: 'boolean', default: false },
        spam: { type: 'boolean', default: false },
        email: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
  const { values: v, positionals } = parsed;
  if (v.help || positionals[0] === 'help' || positionals.length === 0) return { command: 'help' };
  const [command, ...rest] = positionals;
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command "${command}"; use one of: ${COMMANDS.join(', ')}`);
  if (rest.length) throw new UsageError(`unexpected argument "${rest[0]}"`);
  // The service's own check, so the CLI and GET /api/v1/admin/leads take the same dates and forms.
  const filter = leadFilterFrom(v.form, v.since);
  if (typeof filter === 'string') throw new UsageError(filter.replace(/^"(\w+)"/, '--$1').replace(/\.$/, ''));
  const allow = (...names: string[]) => {
    for (const name of ['form', 'since', 'json', 'format', 'output', 'raw', 'spam', 'email', 'from', 'to'])
      if (!names.includes(name) && v[name as keyof typeof v] !== undefined && v[name as keyof typeof v] !== false)
        throw new UsageError(`${command} does not take --${name}`);
  };
  switch (command) {
    case 'list':
      allow('form', 'since', 'spam', 'json');
      return { command, ...filter, spam: v.spam ?? false, json: v.json ?? false };
    case 'export':
      allow('form', 'since', 'format', 'output', 'raw', 'spam');
      if (v.format !== 'csv')
        throw new UsageError(v.format === undefined ? 'export needs --format csv' : `unknown format "${v.format}"; only csv is supported`);
      if (v.output !== undefined && !v.output.trim()) throw new UsageError('--output needs a file name, e.g. --output leads.csv');
      return { command, ...filter, spam: v.spam ?? false, raw: v.raw ?? false, ...(v.output === undefined ? {} : { output: v.output }) };
    case 'delete':
      allow('email');
      if (!v.email || !v.email.includes('@')) throw new UsageError('delete needs --email ADDRESS, e.g. --email ada@example.com');
      return { command, email: v.email };
    case 'outbox':
      allow('json');
      return { command, json: v.json ?? false };
    case 'stats': {
      allow('from', 'to', 'json');
      const range = rangeFrom(v.from, v.to, now);
      const problem = dayRangeProblem(range);
      if (problem) throw new UsageError(problem.replace(/"(from|to)"/g, '--$1').replace(/\.$/, ''));
      return { command, range, json: v.json ?? false };
    }
    default:
      return { command: 'help' };
  }
}

/** Columns padded to their widest cell; every cell goes through terminalText, since most hold what visitors typed. */
function table(header: string[], body: string[][]): string {
  const rows = body.map((r) => r.map((c) => terminalText(c)));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const shorten = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const text = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/** The columns the table shows on their own (who sent it); every other one goes into Details as "Column: value". */
const WHO = ['First name', 'Last name', 'Email'];

/**
 * The leads as a readable table: when, form, who, and the rest of the payload in short, with the export's column
 * names; with `status` (spam included) each lead's status after its form.
 */
export function formatLeads(leads: readonly TableLead[], names: ColumnNames, options: { status?: boolean } = {}): string {
  if (!leads.length) return 'No leads.';
  const rows = leads.map((l) => {
    const cells = leadCells(l, names);
    const details = [...cells]
      .filter(([c]) => !WHO.includes(c))
      .map(([c, v]) => `${c}: ${text(v).replace(/\s+/g, ' ')}`)
      .join('; ');
    const status = options.status ? [l.status ? STATUS_WORDS[l.status] : ''] : [];
    return [l.receivedAt.replace('T', ' ').slice(0, 19), l.form, ...status, ...WHO.map((c) => shorten(text(cells.get(c)), 30)), shorten(details, 60), l.id];
  });
  const header = [FIXED_COLUMNS.receivedAt, FIXED_COLUMNS.form, ...(options.status ? [STATUS_COLUMN] : []), ...WHO, 'Details', FIXED_COLUMNS.id];
  return `${table(header, rows)}\n${leads.length} lead${leads.length === 1 ? '' : 's'}`;
}

/**
 * An unknown --form is most likely a typo ("contacts"): rather than "No leads.", name the forms there are. Only
 * asked when nothing matched, so the leads of a form whose file has since gone are still found.
 */
export function unknownFormMessage(form: string | undefined, forms: readonly string[]): string | undefined {
  if (form === undefined || forms.includes(form)) return undefined;
  return `No form "${form}". Forms: ${[...forms].sort().join(', ')}.`;
}

/**
 * Where --output FILE goes: npm runs `npm run leads` in the project's folder, so a relative name is taken from
 * the folder it was typed in (INIT_CWD), where `> FILE` would have put it.
 */
export function outputPath(file: string, env: NodeJS.ProcessEnv, cwd: string): string {
  return resolve(env.npm_lifecycle_event === 'leads' && env.INIT_CWD ? env.INIT_CWD : cwd, file);
}

/** The one line an export to a file prints: how many leads, and where (as typed). */
export function wroteSummary(count: number, file: string): string {
  return terminalText(`Wrote ${count} lead${count === 1 ? '' : 's'} to ${file}`);
}

export function formatOutbox(rows: readonly OutboxRow[]): string {
  if (!rows.length) return 'No webhook copies or notification emails pending.';
  return `${table(
    ['id', 'kind', 'lead', 'attempts', 'next attempt (UTC)', 'last error'],
    rows.map((r) => [
      String(r.id),
      r.kind === 'email' ? `email to ${r.recipient ?? ''}` : r.kind,
      r.leadId,
      String(r.attempts),
      r.nextAttemptAt.replace('T', ' ').slice(0, 19),
      shorten(r.lastError ?? '', 60),
    ]),
  )}\n${rows.length} pending`;
}

/** A share as a percentage with one decimal, or a dash when there is nothing to divide by. */
const rate = (part: number, whole: number) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '–');

/** The funnel's short summary for a terminal: totals, the top pages, and each campaign's visitors, form starts and leads. */
export function formatStats(r: StatsReport, top = 10): string {
  const t = r.totals;
  const range = r.range.from === r.range.to ? r.range.from : `${r.range.from} to ${r.range.to}`;
  const lines = [
    `Visits ${range} (UTC days)`,
    `Visitors ${t.visitors} · Page views ${t.views} · Form starts ${t.starts} · Leads ${t.leads} · Visitors to leads ${rate(t.leads, t.visitors)}`,
  ];
  if (!t.views && !t.starts && !t.leads) return [...lines, '', 'No visits counted in this range.'].join('\n');
  const page = (p: string) => (p === NOT_FOUND_PATH ? 'Page not found' : p);
  lines.push(
    '',
    `Top pages`,
    table(
      ['Page', 'Visitors', 'Page views'],
      r.pages.slice(0, top).map((p) => [page(p.path), String(p.visitors), String(p.views)]),
    ),
  );
  const funnel = (title: string, empty: string, rows: readonly FunnelFigures[]) =>
    rows.length
      ? [
          '',
          title,
          table(
            [title.replace(/s$/, ''), 'Visitors', 'Form starts', 'Leads', 'Visitors to leads'],
            rows.slice(0, top).map((f) => [f.key || empty, String(f.visitors), String(f.starts), String(f.leads), rate(f.leads, f.visitors)]),
          ),
        ]
      : [];
  lines.push(...funnel('Campaigns', 'No campaign', r.campaigns), ...funnel('Sources', 'Direct', r.sources));
  return lines.join('\n');
}
