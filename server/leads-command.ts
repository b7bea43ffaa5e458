/**
 * What npm run leads does, apart from the process it runs in (server/cli.ts): the arguments, the environment, the
 * working folder and where its output goes are given, so tests can run most commands in their own process and spawn
 * the real one where the process itself is the point.
 */
import { writeFileSync } from 'node:fs';
import type { Db } from './db.ts';
import { configFromEnv, type ServiceConfig } from './config.ts';
import { callRunning, reachService } from './reach.ts';
import { deleteByEmail, listLeads, pendingOutbox, type LeadFilter, type LeadRow, type OutboxRow } from './store.ts';
import { statsReport } from './stats/queries.ts';
import type { DayRange, StatsReport } from './stats/types.ts';
import {
  HELP,
  UsageError,
  formatStats,
  formatLeads,
  formatOutbox,
  outputPath,
  parseCommand,
  unknownFormMessage,
  wroteSummary,
  type Command,
} from './cli-args.ts';
import { csvTable, toCsv } from './csv.ts';
import { terminalJson, terminalText } from './terminal-text.ts';
import { formsDirFrom, loadLeadForms } from './forms.ts';
import { columnNames, leadTable } from './columns.ts';
import type { CommandIo } from './staff-command.ts';

/** Where npm run leads's output goes: lines as for any command, and the CSV export written as it is. */
export interface LeadsIo extends CommandIo {
  /** Text as it is, without a line break added (an export's CSV). */
  write: (text: string) => void;
  /** Whether that output is a terminal, where controls in the data are shown rather than obeyed. */
  tty: boolean;
  /** The folder a relative --output path is taken from, unless npm says where it was typed. */
  cwd: string;
}

interface Inbox {
  list(filter: LeadFilter): Promise<LeadRow[]>;
  deleteByEmail(email: string): Promise<number>;
  outbox(): Promise<OutboxRow[]>;
  stats(range: DayRange): Promise<StatsReport>;
  close(): Promise<void>;
}

function socketInbox(path: string): Inbox {
  const call = <T>(method: string, route: string, body?: unknown) => callRunning<T>(path, method, route, body);
  return {
    list: async (f) => {
      const query = new URLSearchParams(Object.entries({ form: f.form, since: f.since }).filter((e): e is [string, string] => e[1] !== undefined));
      if (f.spam) query.set('spam', '1');
      return (await call<{ leads: LeadRow[] }>('GET', `/leads?${query}`)).leads;
    },
    deleteByEmail: async (email) => (await call<{ deleted: number }>('POST', '/delete', { email })).deleted,
    outbox: async () => (await call<{ pending: OutboxRow[] }>('GET', '/outbox')).pending,
    // The running server writes out what it has counted in memory first, so every visit it acknowledged is in it.
    stats: async (range) => (await call<{ report: StatsReport }>('GET', `/stats?${new URLSearchParams({ from: range.from, to: range.to })}`)).report,
    close: async () => {},
  };
}

function directInbox(db: Db, release: () => void): Inbox {
  return {
    list: (f) => listLeads(db, f),
    deleteByEmail: (email) => deleteByEmail(db, email),
    outbox: () => pendingOutbox(db),
    stats: (range) => statsReport(db, range),
    close: async () => {
      await db.close();
      release();
    },
  };
}

/** The way in: the running server's socket, or the database itself (server/reach.ts). */
const openInbox = (config: ServiceConfig): Promise<Inbox> => reachService(config, { probe: '/outbox', viaSocket: socketInbox, direct: directInbox });

/** The lead forms' files, read once: they name the columns and say which --form ids exist. */
const leadForms = (env: NodeJS.ProcessEnv) => [...loadLeadForms(formsDirFrom(env)).values()];

/** Exit code 2 when nothing matched a --form no form file has (a typo), after saying which forms there are. */
function unknownForm(form: string | undefined, leads: readonly LeadRow[], forms: readonly { id: string }[], io: LeadsIo): number | undefined {
  const message = leads.length
    ? undefined
    : unknownFormMessage(
        form,
        forms.map((f) => f.id),
      );
  if (message === undefined) return undefined;
  io.err(terminalText(message));
  return 2;
}

async function run(cmd: Exclude<Command, { command: 'help' }>, inbox: Inbox, io: LeadsIo): Promise<number> {
  switch (cmd.command) {
    case 'list': {
      const leads = await inbox.list({ form: cmd.form, since: cmd.since, spam: cmd.spam });
      const forms = leadForms(io.env);
      const refused = unknownForm(cmd.form, leads, forms, io);
      if (refused !== undefined) return refused;
      io.out(cmd.json ? terminalJson(leads) : formatLeads(leads, columnNames(forms), { status: cmd.spam }));
      return 0;
    }
    case 'export': {
      const leads = await inbox.list({ form: cmd.form, since: cmd.since, spam: cmd.spam });
      const forms = leadForms(io.env);
      const refused = unknownForm(cmd.form, leads, forms, io);
      if (refused !== undefined) return refused;
      const preferred = forms.flatMap((f) => Object.keys(f.config.submit.payload));
      const { header, rows } = leadTable(leads, columnNames(forms), { status: cmd.spam });
      const csv = cmd.raw ? toCsv(leads, preferred) : csvTable([header, ...rows]);
      if (cmd.output !== undefined) {
        // A file gets the data as stored; the summary goes to stderr, so stdout stays empty for any redirect.
        writeFileSync(outputPath(cmd.output, io.env, io.cwd), csv);
        io.err(wroteSummary(leads.length, cmd.output));
        return 0;
      }
      // A redirect gets the data as stored; a terminal gets it with its controls shown, not obeyed.
      io.write(io.tty ? terminalText(csv, { keepLineBreaks: true }) : csv);
      return 0;
    }
    case 'delete': {
      const n = await inbox.deleteByEmail(cmd.email);
      io.out(terminalText(`Deleted ${n} lead${n === 1 ? '' : 's'} of ${cmd.email}.`));
      return 0;
    }
    case 'outbox': {
      const rows = await inbox.outbox();
      io.out(cmd.json ? terminalJson(rows) : formatOutbox(rows));
      return 0;
    }
    case 'stats': {
      const report = await inbox.stats(cmd.range);
      io.out(cmd.json ? terminalJson(report) : formatStats(report));
      return 0;
    }
  }
}

/** Runs one command and resolves with its exit code: 0 done, 1 failed, 2 wrong arguments or an unknown --form. */
export async function leadsCommand(argv: string[], io: LeadsIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (e) {
    io.err(terminalText(`npm run leads: ${e instanceof Error ? e.message : String(e)}`));
    return 1;
  }
}

async function main(argv: string[], io: LeadsIo): Promise<number> {
  let cmd: Command;
  try {
    cmd = parseCommand(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(terminalText(`npm run leads: ${e.message}. See npm run leads -- --help.`));
    return 2;
  }
  if (cmd.command === 'help') {
    io.out(HELP);
    return 0;
  }
  const inbox = await openInbox(configFromEnv(io.env));
  try {
    return await run(cmd, inbox, io);
  } finally {
    await inbox.close();
  }
}
