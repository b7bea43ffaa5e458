/**
 * Tests' way to run the lead service as a real process: server/main.ts (the service alone, as behind a CDN, with the
 * back office), which needs no build of the site, so unit tests can start it before `npm run build` has run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './config.ts';

export interface ServiceProcess {
  child: ChildProcess;
  /** The origin it listens on, e.g. http://127.0.0.1:40123. */
  url: string;
  /** Sends the signal (SIGTERM: a clean stop; SIGKILL: a crash) and resolves once the process is gone. */
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts server/main.ts on a free loopback port and resolves once it listens. */
export function startLeadProcess(env: NodeJS.ProcessEnv): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
  const stop = (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /at (http:\/\/\S+)\/api\/v1/.exec(out);
      if (m) ok({ child, url: m[1], stop });
    });
    child.once('exit', (code) => fail(new Error(`lead service exited with ${code}: ${out}`)));
  });
}
