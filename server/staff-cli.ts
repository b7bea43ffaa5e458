/**
 * npm run staff: who may use the back office. Like npm run leads, with PGlite it goes through the running server's
 * Unix socket when one answers, and otherwise opens the data directory itself under the server's lock; with
 * DATABASE_URL it connects directly. Whatever it changes is audited as "command line". The commands are in
 * staff-command.ts; this file is the process.
 */
import { staffCommand } from './staff-command.ts';

// Whatever this process writes (the lock file, PGlite's files where it honours the umask) is the owner's alone.
process.umask(0o077);
void staffCommand(process.argv.slice(2), { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) }).then(
  (code) => (process.exitCode = code),
);
