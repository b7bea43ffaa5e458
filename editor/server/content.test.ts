// @vitest-environment node
/**
 * The preview of a broken .mdx prints nothing to the terminal that runs `npm run edit`: the editor shows the problem
 * in words, and esbuild's own error block would only repeat it. esbuild's child process writes straight to this
 * process's stderr (not through process.stderr.write), so the preview runs in a child process of its own here and
 * its whole output is captured.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'sw-content-quiet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BROKEN = '# Draft\n\nSome {broken text\n';

/** Runs `code` (an ES module that may import the project's .ts files) in a fresh Node with tsx; its output, whole. */
function run(code: string): Promise<{ stdout: string; stderr: string }> {
  const file = join(dir, `run-${Math.random().toString(36).slice(2)}.mts`);
  writeFileSync(file, code);
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', file], { cwd: root, env: { ...process.env, NO_COLOR: '1' } }, (err, stdout, stderr) =>
      err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr }),
    ),
  );
}

describe('previewing a broken .mdx', () => {
  it('returns the problem in words and prints nothing', async () => {
    const { stdout, stderr } = await run(
      `import { compileForPreview } from ${JSON.stringify(join(root, 'editor/server/content.ts'))};\n` +
        `const r = await compileForPreview(${JSON.stringify(join(root, 'site.config'))}, 'content/draft.mdx', ${JSON.stringify(BROKEN)});\n` +
        `process.stdout.write('RESULT ' + JSON.stringify(r));\n`,
    );
    expect(stderr).toBe('');
    expect(stdout).toMatch(/^RESULT /);
    const result = JSON.parse(stdout.slice('RESULT '.length));
    expect(result).toMatchObject({ ok: false, status: 422, path: 'content/draft.mdx' });
    expect(result.message).toMatch(/^There is a mistake in site\.config\/content\/draft\.mdx at line 3, column 18: A \{ is never closed with \}\./);
  }, 60_000);

  it('(the capture works: mdx-bundler, not quiet, prints esbuild’s error block)', async () => {
    // mdx-bundler itself, since the build's compiler now refuses this text at its gate before esbuild sees it.
    const { stderr } = await run(
      `import { bundleMDX } from ${JSON.stringify(join(root, 'node_modules/mdx-bundler/dist/index.js'))};\n` +
        `await bundleMDX({ source: ${JSON.stringify(BROKEN)}, cwd: ${JSON.stringify(join(root, 'site.config/content'))} }).catch(() => undefined);\n`,
    );
    expect(stderr).toMatch(/Unexpected end of file in expression/);
  }, 60_000);
});
