import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ServeOptions {
  dist?: string;
  /** PEM files: serve HTTPS with HTTP/2 (see scripts/serve.ts). */
  tls?: { key: string; cert: string };
  /** Extra environment for the server, e.g. the lead service's data directory. */
  env?: Record<string, string>;
}

/** Starts `scripts/serve.ts` on a loopback port and resolves with its address once it is listening. */
export async function startServer(
  root: string,
  port: number,
  { dist = 'dist', tls, env = {} }: ServeOptions = {},
): Promise<{ url: string; stop: (signal?: NodeJS.Signals) => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITEWRIGHT_DIST: dist,
      ...(tls ? { SITEWRIGHT_TLS_KEY: tls.key, SITEWRIGHT_TLS_CERT: tls.cert } : {}),
      // Each child server gets a lead database of its own: the embedded one admits one process per directory.
      SITEWRIGHT_DATA_DIR: join(root, '.data', `serve-${port}`),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The server prints its address once it listens; waiting for that line works for http and https alike.
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    // A new embedded database is created and migrated before the address is printed.
    const timer = setTimeout(() => reject(new Error(`server on port ${port} did not start within 60 s`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /at (https?:\/\/[^/\s]+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server on port ${port} exited with ${code}`));
    });
  }).catch((e: unknown) => {
    child.kill();
    throw e;
  });
  child.stdout?.resume();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    /** Sends the signal (SIGTERM: a clean stop; SIGKILL: a crash) and resolves once the process is gone. */
    stop: (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
