import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * What `npm run leads -- …args` prints, on the served test database by default (through the running server's
 * socket). Run as the npm script runs it, minus npm and tsx's launcher (two processes fewer per call): node with
 * tsx's loader on the same server/cli.ts (the bin of server/leads-command.ts). server/cli-npm.test.ts runs the npm
 * script itself.
 */
export function leadsCli(args: string[], env: NodeJS.ProcessEnv = { SITEWRIGHT_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' }): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
}
