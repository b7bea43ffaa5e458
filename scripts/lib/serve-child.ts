import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Starts `scripts/serve.ts` on a loopback port and resolves once it answers. */
export async function startServer(root: string, port: number, dist = 'dist'): Promise<{ url: string; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SITEWRIGHT_DIST: dist },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(`${url}/`);
      if (r.ok) return { url, stop: () => child.kill() };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`server on port ${port} did not start`);
}
