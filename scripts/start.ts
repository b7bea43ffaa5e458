/** npm start: build the site and the editor when missing or older than their sources, then serve. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn, spawnSync } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The newest modification time of a file, or of anything in a folder (outputs, dependencies and dot files aside). */
function newest(path: string): number {
  const self = statSync(path);
  if (!self.isDirectory()) return self.mtimeMs;
  let t = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = join(path, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

/** Whether `output` is missing or older than anything under `inputs` (folders and files of the project). */
const outOfDate = (output: string, inputs: string[]) => !existsSync(output) || inputs.some((i) => newest(join(root, i)) > statSync(output).mtimeMs);
// Both builds' inputs include how they are built: the scripts (the Vite plugin among them) and the Vite config.
const SHARED_INPUTS = ['schemas', 'renderer', 'blocks', 'scripts', 'vite.config.ts'];

const built = join(root, 'dist/index.html');
const stale = outOfDate(built, ['site.config', ...SHARED_INPUTS]);
const run = (args: string[]) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (stale) run([join(root, 'scripts/build.ts')]);
else console.log('dist/ is up to date; serving it.');
// The editor the back office serves at /admin/pages/: its screens and previews, which bundle the blocks and renderer.
const editorBuilt = join(root, process.env.SITEWRIGHT_EDITOR_DIST ?? 'dist-editor', 'editor/index.html');
const editorStale = outOfDate(editorBuilt, ['editor', ...SHARED_INPUTS]);
if (editorStale) run([join(root, 'scripts/build-editor.ts')]);
// The server runs as a child that gets our SIGINT/SIGTERM, so it closes the lead database cleanly and
// never outlives us holding the data directory's lock.
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/serve.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
