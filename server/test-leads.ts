/**
 * Tests' two ways to run npm run leads on a data directory: in this process (leadsCommand, what the bin runs, its
 * output collected as the process would print it), and as the real process (node, tsx and the bin file) where the
 * process itself is the point: its exit code, its umask, its being another process than the server's.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './config.ts';
import { leadsCommand } from './leads-command.ts';

export interface LeadsResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment the command sees: the given data directory, PGlite (no DATABASE_URL). */
const envFor = (dataDir: string): NodeJS.ProcessEnv => ({ ...process.env, SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '' });

/** `npm run leads -- …` in this process; output goes where a redirect would take it (not a terminal). */
export function leadsInProcess(dataDir: string, ...args: string[]): Promise<LeadsResult> {
  return leadsInProcessWith(envFor(dataDir), args);
}

/** The same with the whole environment given (another data directory or database, as the command would see them). */
export async function leadsInProcessWith(env: NodeJS.ProcessEnv, args: string[]): Promise<LeadsResult> {
  let stdout = '';
  let stderr = '';
  const code = await leadsCommand(args, {
    env,
    out: (line) => (stdout += `${line}\n`),
    err: (line) => (stderr += `${line}\n`),
    write: (text) => (stdout += text),
    tty: false,
    cwd: REPO_ROOT,
  });
  return { code, stdout, stderr };
}

/** `npm run leads -- …` as its own process, without npm; asynchronous, so a server in this process can answer its socket. */
export async function leadsProcess(dataDir: string, ...args: string[]): Promise<LeadsResult> {
  try {
    const r = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/cli.ts'), ...args], {
      cwd: REPO_ROOT,
      env: envFor(dataDir),
    });
    return { code: 0, ...r };
  } catch (e) {
    const x = e as LeadsResult;
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}
