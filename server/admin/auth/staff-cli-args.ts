/** `npm run staff` argument rules and output, kept pure for tests. */
import { parseArgs } from 'node:util';
import { terminalText } from '../../terminal-text.ts';
import { ROLE_WORDS, ROLES } from '../roles.ts';
import { checkEmail, checkRole, StaffError, type StaffListRow } from './staff.ts';

export const STAFF_HELP = `npm run staff -- <command> [options]

Manages who may use the back office at /admin/. Works whether or not the site is running: it goes through the
running server's local socket when there is one, else opens the database itself.

Commands
  invite --email ADDRESS --role ROLE   adds someone and prints their invite link (works once, for 72 hours)
  list                                 everyone on the staff, their role and whether they have set a password
  remove --email ADDRESS               removes someone; they are signed out at once
  reset --email ADDRESS                a new invite link for someone: they are signed out everywhere and their
                                       password stops working until they set a new one with the link
  help, --help                         this text

Roles
${ROLES.map((r) => `  ${r.padEnd(8)} ${ROLE_WORDS[r]}`).join('\n')}

Environment
  SITEWRIGHT_PUBLIC_URL  the site's address, for the links (default http://127.0.0.1:$PORT, PORT default 4173)
  SITEWRIGHT_DATA_DIR    embedded database directory (default .data/ in the project)
  DATABASE_URL           postgres://… : use that PostgreSQL server instead

Exit codes: 0 done, 1 refused (an email already on the staff, an unknown person, the last owner), 2 wrong arguments.

Examples
  npm run staff -- invite --email maria@example.com --role sales
  npm run staff -- reset --email maria@example.com
`;

export type StaffCommand =
  | { command: 'help' }
  | { command: 'list' }
  | { command: 'invite'; email: string; role: (typeof ROLES)[number] }
  | { command: 'remove'; email: string }
  | { command: 'reset'; email: string };

export class StaffUsageError extends Error {}

const COMMANDS = ['invite', 'list', 'remove', 'reset', 'help'];

export function parseStaffCommand(argv: string[]): StaffCommand {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { email: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (e) {
    throw new StaffUsageError(e instanceof Error ? e.message.split('\n')[0] : String(e));
  }
  const { values: v, positionals } = parsed;
  if (v.help || positionals[0] === 'help' || positionals.length === 0) return { command: 'help' };
  const [command, ...rest] = positionals;
  if (!COMMANDS.includes(command)) throw new StaffUsageError(`unknown command "${command}"; use one of: ${COMMANDS.join(', ')}`);
  if (rest.length) throw new StaffUsageError(`unexpected argument "${rest[0]}"`);
  const only = (...allowed: string[]) => {
    for (const name of ['email', 'role'] as const)
      if (v[name] !== undefined && !allowed.includes(name)) throw new StaffUsageError(`${command} takes no --${name}`);
  };
  const email = () => {
    if (v.email === undefined) throw new StaffUsageError(`${command} needs --email ADDRESS`);
    try {
      return checkEmail(v.email);
    } catch (e) {
      throw new StaffUsageError(e instanceof StaffError ? e.message.replace(/\.$/, '') : String(e));
    }
  };
  switch (command) {
    case 'list':
      only();
      return { command };
    case 'invite': {
      only('email', 'role');
      const address = email();
      if (v.role === undefined) throw new StaffUsageError(`invite needs --role ${ROLES.join('|')}`);
      try {
        return { command, email: address, role: checkRole(v.role) };
      } catch {
        throw new StaffUsageError(`--role must be one of ${ROLES.join(', ')}, not "${v.role}"`);
      }
    }
    default:
      only('email');
      return { command: command as 'remove' | 'reset', email: email() };
  }
}

/** Where the links point: SITEWRIGHT_PUBLIC_URL, else this machine's own server. */
export function publicBase(env: NodeJS.ProcessEnv): string {
  const url = env.SITEWRIGHT_PUBLIC_URL?.trim();
  if (url) {
    if (!/^https?:\/\/[^/\s]+/.test(url)) throw new StaffUsageError(`SITEWRIGHT_PUBLIC_URL must be an http(s) address, not "${url}"`);
    return url.replace(/\/+$/, '');
  }
  return `http://127.0.0.1:${env.PORT?.trim() || 4173}`;
}

/** The lines that hand over an invite: what to do with it, then the link alone on its own line. */
export function inviteLines(email: string, link: string): string[] {
  return [terminalText(`Send this link to ${email}. It works once, for 72 hours.`), link];
}

export function formatStaff(rows: readonly StaffListRow[]): string {
  if (!rows.length) return 'No one is on the staff yet. Add the first owner with: npm run staff -- invite --email ADDRESS --role owner';
  const table = [
    ['Email', 'Name', 'Role', 'Status'],
    ...rows.map((r) => [r.email, r.name || '-', r.role, r.status === 'active' ? 'active' : 'invited (no password yet)']),
  ].map((cells) => cells.map((c) => terminalText(c)));
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  return table.map((row) => row.map((c, i) => (i === row.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}
