/**
 * npm run staff: who may use the back office. Like npm run leads, with PGlite it goes through the running server's
 * Unix socket when one answers, and otherwise opens the data directory itself under the server's lock; with
 * DATABASE_URL it connects directly. Whatever it changes is audited as "command line".
 */
import type { Db } from './db.ts';
import { configFromEnv, type ServiceConfig } from './config.ts';
import { callRunning, reachService, SocketRefusal } from './reach.ts';
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

function socketStaff(path: string): Staff {
  // A refusal by rule (an unknown person, the last owner) is told as such, so the command exits 1 with it.
  const call = <T>(method: string, route: string, body?: unknown): Promise<T> =>
    callRunning<T>(path, method, route, body).catch((e: unknown) => {
      throw e instanceof SocketRefusal && e.refused ? new StaffError(e.message) : e;
    });
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

/** The way in: the running server's socket (which also says where that server listens), or the database itself. */
const openStaff = (config: ServiceConfig): Promise<Staff> =>
  reachService(config, {
    probe: '/staff',
    viaSocket: (sock, answer) => ({ ...socketStaff(sock), origin: (answer as { origin?: string }).origin }),
    direct: directStaff,
  });

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
