/**
 * What npm run staff does, apart from the process it runs in (server/staff-cli.ts): the arguments, the environment
 * and where lines go are given, so tests can run most commands in their own process and spawn the real one once.
 */
import type { Db } from './db.ts';
import { configFromEnv, type ServiceConfig } from './config.ts';
import { callRunning, reachService, SocketRefusal } from './reach.ts';
import { terminalText } from './terminal-text.ts';
import { ROLE_WORDS } from './admin/roles.ts';
import { inviteStaff, listStaff, removeStaff, resetStaff, StaffError, type StaffListRow } from './admin/auth/staff.ts';
import { COMMAND_LINE } from './admin/auth/staff-socket.ts';
import { formatStaff, inviteLines, parseStaffCommand, publicBase, STAFF_HELP, StaffUsageError, type StaffCommand } from './admin/auth/staff-cli-args.ts';

/** Where a command's lines go: standard output and standard error for the real command. */
export interface CommandIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}

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

async function run(cmd: Exclude<StaffCommand, { command: 'help' }>, staff: Staff, base: string, io: CommandIo): Promise<number> {
  switch (cmd.command) {
    case 'list':
      io.out(formatStaff(await staff.list()));
      return 0;
    case 'invite': {
      const { token, email } = await staff.invite(cmd.email, cmd.role);
      io.out(terminalText(`Invited ${email} as ${ROLE_WORDS[cmd.role]}.`));
      io.out(inviteLines(email, `${base}/admin/invite/${token}`).join('\n'));
      return 0;
    }
    case 'remove': {
      const { email } = await staff.remove(cmd.email);
      io.out(terminalText(`Removed ${email} from the staff; they are signed out everywhere.`));
      return 0;
    }
    case 'reset': {
      const { token, email, sessionsEnded } = await staff.reset(cmd.email);
      io.out(
        terminalText(
          `Reset ${email}: signed out everywhere (${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} ended); the old password no longer works.`,
        ),
      );
      io.out(inviteLines(email, `${base}/admin/invite/${token}`).join('\n'));
      return 0;
    }
  }
}

/** Runs one command and resolves with its exit code: 0 done, 1 refused or failed, 2 wrong arguments. */
export async function staffCommand(argv: string[], io: CommandIo): Promise<number> {
  try {
    return await main(argv, io);
  } catch (e) {
    io.err(terminalText(`npm run staff: ${e instanceof Error ? e.message : String(e)}`));
    return 1;
  }
}

async function main(argv: string[], io: CommandIo): Promise<number> {
  let cmd: StaffCommand;
  let base: string;
  try {
    cmd = parseStaffCommand(argv);
    base = publicBase(io.env);
  } catch (e) {
    if (!(e instanceof StaffUsageError)) throw e;
    io.err(terminalText(`npm run staff: ${e.message}. See npm run staff -- --help.`));
    return 2;
  }
  if (cmd.command === 'help') {
    io.out(STAFF_HELP);
    return 0;
  }
  const staff = await openStaff(configFromEnv(io.env));
  try {
    // Without SITEWRIGHT_PUBLIC_URL, the links open the running server where it really listens.
    return await run(cmd, staff, io.env.SITEWRIGHT_PUBLIC_URL?.trim() ? base : (staff.origin ?? base), io);
  } catch (e) {
    if (!(e instanceof StaffError)) throw e;
    io.err(terminalText(`npm run staff: ${e.message}`));
    return 1;
  } finally {
    await staff.close();
  }
}
