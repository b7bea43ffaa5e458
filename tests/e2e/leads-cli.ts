import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { leadsInProcessWith } from '../../server/test-leads.ts';

/**
 * What `npm run leads -- …args` prints, on the served test database by default (through the running server's
 * socket). Run in the test's process, as the bin (server/cli.ts) runs the same command: a process per call cost more
 * CPU than the test it served. Throws on a non-zero exit, as a failed process would. server/cli-npm.test.ts runs the
 * npm script itself, and server/service.test.ts the bin through the socket of another process.
 */
export async function leadsCli(args: string[], env: NodeJS.ProcessEnv = { SITEWRIGHT_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' }): Promise<string> {
  const { code, stdout, stderr } = await leadsInProcessWith({ ...process.env, ...env }, args);
  if (code !== 0) throw new Error(`npm run leads -- ${args.join(' ')} exited with ${code}: ${stderr}`);
  return stdout;
}
