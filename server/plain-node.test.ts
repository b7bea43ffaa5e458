// @vitest-environment node
/**
 * The service runs in plain Node (tsx), where the build's virtual modules do not exist: vitest resolves them for every
 * other test here, so only a child process shows that nothing the service imports reaches one.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

it('loads the service and its CLI in plain Node', { timeout: 60_000 }, async () => {
  const code = "await import('./server/node.ts'); await import('./server/cli-args.ts'); await import('./server/forms.ts'); console.log('loaded');";
  const out = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: root }, (err, stdout, stderr) =>
      err ? reject(new Error(stderr)) : resolve(stdout),
    ),
  );
  expect(out.trim()).toBe('loaded');
});
