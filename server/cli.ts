/**
 * npm run leads: the marketer's inbox. With PGlite it goes through the running server's Unix socket
 * (.data/leads.sock) when one answers, and otherwise opens the data directory itself under the same lock
 * the server takes, so the two never open the embedded database at once. With DATABASE_URL it connects
 * directly (PostgreSQL serves many clients). The commands are in leads-command.ts; this file is the process.
 */
import { leadsCommand } from './leads-command.ts';

// Whatever this process writes (the lock file, PGlite's files where it honours the umask) is the owner's alone.
process.umask(0o077);
void leadsCommand(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  write: (text) => process.stdout.write(text),
  tty: process.stdout.isTTY === true,
  cwd: process.cwd(),
}).then((code) => (process.exitCode = code));
