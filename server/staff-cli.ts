/**
 * npm run staff: who may use the back office. Like npm run leads, with PGlite it goes through the running server's
 * Unix socket when one answers, and otherwise opens the data directory itself under the server's lock; with
 * DATABASE_URL it connects directly. Whatever it changes is audited as "command line".
 */
import { request } from 'node:http';
import { openDatabase, type Db } from './db.ts';
import { migrate } from './migrate.ts';
import { acquireLock, DataDirLockedError } from './lock.ts';
import { secureDataDir } from './data-dir.ts';
import { configFromEnv, socketPath, type ServiceConfig } from './config.ts';
import { terminalText } from './terminal-text.ts';
import { ROLE_WORDS } from './admin/roles.ts';
import { inviteStaff, listStaff, removeStaff, resetStaff, StaffError, type StaffListRow } from './admin/auth/staff.ts';
import { COMMAND_LINE } from './admin/auth/staff-socket.ts';
import { formatStaff, inviteLines, parseStaffCommand, publicBase, STAFF_HELP, StaffUsageError, type StaffCommand } from './admin/auth/staff-cli-args.ts';

interface Staff {
  list(): Promise<StaffListRow[]>;
  invite(email: string, role: string): Promise<{ token: string; email: string }>;
  remove(email: string): Promise<{ email: string }>;
  reset(email: string): Promise<{ token: string; email: string; sessionsEnded: number }>;
  close(): Promise<void>;
  /** The running server's own address, when the command reached it through its socket. */
  origin?: string;
}

const UNREACHABLE = Symbol('unreachable');

/** One JSON call to the admin socket; UNREACHABLE when no server listens there. A refusal becomes a StaffError. */
function callSocket(path: string, method: string, route: string, body?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: path, method, path: route, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        let json: { message?: string; refused?: boolean };
        try {
          json = JSON.parse(text || '{}') as typeof json;
        } catch {
          json = { message: `the server answered ${res.statusCode}` };
        }
        const status = res.statusCode ?? 500;
        if (status >= 300) reject(json.refused ? new StaffError(json.message ?? 'refused') : new Error(json.message ?? `the server answered ${status}`));
        else resolve(json);
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => (['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(e.code ?? '') ? resolve(UNREACHABLE) : reject(e)));
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

function socketStaff(path: string): Staff {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const r = await callSocket(path, method, route, body);
    if (r === UNREACHABLE) throw new Error('the running server went away; run the command again');
    return r as T;
  };
  return {
    list: async () =>
      (await call<{ staff: (StaffListRow & { createdAt: string })[] }>('GET', '/staff')).staff.map((s) => ({ ...s, createdAt: new Date(s.createdAt) })),
    invite: (email, role) => call('POST', '/staff/invite', { email, role }),
    remove: (email) => call('POST', '/staff/remove', { email }),
    reset: (email) => call('POST', '/staff/reset', { email }),
    close: async () => {},
  };
}

function directStaff(db: Db, release: () => void): Staff {
  return {
    list: () => listStaff(db),
    invite: (email, role) => inviteStaff(db, { email, role }, COMMAND_LINE),
    remove: (email) => removeStaff(db, { email }, COMMAND_LINE),
    reset: (email) => resetStaff(db, email, COMMAND_LINE),
    close: async () => {
      await db.close();
      release();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The socket if a server answers on it, else the data directory under its lock (waiting for a server still opening it). */
async function openStaff(config: ServiceConfig, waitMs = 30_000): Promise<Staff> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl });
    await migrate(db);
    return directStaff(db, () => {});
  }
  const sock = socketPath(config);
  secureDataDir(config.dataDir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const answer = await callSocket(sock, 'GET', '/staff');
    if (answer !== UNREACHABLE) return { ...socketStaff(sock), origin: (answer as { origin?: string }).origin };
    try {
      const release = acquireLock(config.dataDir);
      try {
        const db = await openDatabase({ dataDir: config.dataDir });
        await migrate(db);
        return directStaff(db, release);
      } catch (e) {
        release();
        throw e;
      }
    } catch (e) {
      if (!(e instanceof DataDirLockedError) || Date.now() > deadline) throw e;
      await sleep(300);
    }
  }
}

async function run(cmd: Exclude<StaffCommand, { command: 'help' }>, staff: Staff, base: string): Promise<number> {
  switch (cmd.command) {
    case 'list':
      console.log(formatStaff(await staff.list()));
      return 0;
    case 'invite': {
      const { token, email } = await staff.invite(cmd.email, cmd.role);
      console.log(terminalText(`Invited ${email} as ${ROLE_WORDS[cmd.role]}.`));
      console.log(inviteLines(email, `${base}/admin/invite/${token}`).join('\n'));
      return 0;
    }
    case 'remove': {
      const { email } = await staff.remove(cmd.email);
      console.log(terminalText(`Removed ${email} from the staff; they are signed out everywhere.`));
      return 0;
    }
    case 'reset': {
      const { token, email, sessionsEnded } = await staff.reset(cmd.email);
      console.log(
        terminalText(
          `Reset ${email}: signed out everywhere (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended); the old password no longer works.`,
        ),
      );
      console.log(inviteLines(email, `${base}/admin/invite/${token}`).join('\n'));
      return 0;
    }
  }
}

async function main(argv: string[]): Promise<number> {
  let cmd: StaffCommand;
  let base: string;
  try {
    cmd = parseStaffCommand(argv);
    base = publicBase(process.env);
  } catch (e) {
    if (!(e instanceof StaffUsageError)) throw e;
    console.error(terminalText(`npm run staff: ${e.message}. See npm run staff -- --help.`));
    return 2;
  }
  if (cmd.command === 'help') {
    console.log(STAFF_HELP);
    return 0;
  }
  const staff = await openStaff(configFromEnv());
  try {
    // Without SITEWRIGHT_PUBLIC_URL, the links open the running server where it really listens.
    return await run(cmd, staff, process.env.SITEWRIGHT_PUBLIC_URL?.trim() ? base : (staff.origin ?? base));
  } catch (e) {
    if (!(e instanceof StaffError)) throw e;
    console.error(terminalText(`npm run staff: ${e.message}`));
    return 1;
  } finally {
    await staff.close();
  }
}

// Whatever this process writes (the lock file, PGlite's files where it honours the umask) is the owner's alone.
process.umask(0o077);
main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    console.error(terminalText(`npm run staff: ${e instanceof Error ? e.message : String(e)}`));
    process.exitCode = 1;
  },
);
