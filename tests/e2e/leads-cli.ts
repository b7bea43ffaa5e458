import { join } from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { leadsCommand } from '../../server/leads-command.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * What `npm run leads -- …args` prints, on the served test database by default (through the running server's
 * socket). Run in the test's process, as the bin (server/cli.ts) runs the same command: a process per call cost more
 * CPU than the test it served. Throws on a non-zero exit, as a failed process would. server/cli-npm.test.ts runs the
 * npm script itself, and server/service.test.ts the bin through the socket of another process.
 */
export async function leadsCli(args: string[], env: NodeJS.ProcessEnv = { SITEWRIGHT_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' }): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await leadsCommand(args, {
    env: { ...process.env, ...env },
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    write: (text) => (stdout += text),
    tty: false,
    cwd: ROOT,
  });
  if (code !== 0) throw new Error(`npm run leads -- ${args.join(' ')} exited with ${code}: ${stderr}`);
  return stdout;
}
