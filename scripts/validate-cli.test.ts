// @vitest-environment node
/**
 * What makes `npm run validate` fast must never change what it says:
 *  - scripts/validate-cli.mjs bundles scripts/validate.ts on the first run, reuses the bundle, and bundles again after
 *    any validator source changes; its output is exactly what the TypeScript source prints;
 *  - validators compiled from the schemas are saved to disk and loaded by later runs, with the same diagnostics as
 *    compiling, and a schema edit is never answered by validators saved for the old schema.
 * Everything runs in a scratch copy of the project with its own node_modules/.cache, so the real caches are untouched.
 */
import { readCorpus } from './lib/corpus.ts';
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { applyEdits, modify } from 'jsonc-parser';
import { afterAll, describe, expect, test, vi } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of what the validator reads, with node_modules linked package by package (optionally leaving one out). */
function scratch(without: string[] = []): string {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-validate-cli-'));
  temps.push(dir);
  for (const part of ['scripts', 'blocks', 'schemas', 'site.config', 'renderer', 'package.json'])
    cpSync(join(root, part), join(dir, part), { recursive: true });
  mkdirSync(join(dir, 'node_modules'));
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name !== '.cache' && !without.includes(name)) symlinkSync(join(root, 'node_modules', name), join(dir, 'node_modules', name));
  }
  return dir;
}

type Output = { code: number; stdout: string; stderr: string };
const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' };
const settle = (p: Promise<{ stdout: string; stderr: string }>): Promise<Output> =>
  p.then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
const launcher = (dir: string, args: string[]) =>
  settle(run(process.execPath, [join(dir, 'scripts/validate-cli.mjs'), ...args], { cwd: dir, env, maxBuffer: 1 << 26 }));
const source = (dir: string, args: string[]) =>
  settle(run(process.execPath, ['--import', 'tsx', join(dir, 'scripts/validate.ts'), ...args], { cwd: dir, env, maxBuffer: 1 << 26 }));

const heroo = `${JSON.stringify({ $schema: '../../schemas/page.schema.json', route: '/partners', title: 'Partners', description: 'Partner with us.', blocks: [{ type: 'heroo', heading: 'Hi' }] }, null, 2)}\n`;
const FORMATS = [[], ['--json'], ['--format', 'github']];

describe('npm run validate launcher', () => {
  test('a fresh clone bundles on its first run; later runs reuse the bundle; both print what the source prints', async () => {
    const dir = scratch();
    const bundle = join(dir, 'node_modules/.cache/sitewright/validate.mjs');
    writeFileSync(join(dir, 'site.config/pages/partners.json'), heroo);
    expect(existsSync(bundle)).toBe(false);

    for (const format of FORMATS) {
      const args = ['--config-dir', join(dir, 'site.config'), ...format];
      const fast = await launcher(dir, args);
      expect(existsSync(bundle)).toBe(true);
      const built = statSync(bundle).mtimeMs;
      const again = await launcher(dir, args);
      expect(statSync(bundle).mtimeMs, 'the second run reuses the bundle').toBe(built);
      const reference = await source(dir, args);
      expect(reference.code).toBe(1);
      expect(fast).toEqual(reference);
      expect(again).toEqual(reference);
    }
    expect((await launcher(dir, [])).stdout).toContain('Unknown block type "heroo"');
    expect((await launcher(dir, ['--format', 'xml'])).code).toBe(2);
  }, 180_000);

  test('editing a validator source rebuilds the bundle before validating', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'site.config/pages/partners.json'), heroo);
    const before = await launcher(dir, []);
    expect(before.stdout).toContain('Unknown block type "heroo"');

    const catalogue = join(dir, 'scripts/lib/config/diagnostics.ts');
    writeFileSync(catalogue, readFileSync(catalogue, 'utf8').replace('`Unknown block type', '`No such block type'));
    const after = await launcher(dir, []);
    expect(after.stdout).toContain('No such block type "heroo"');
    expect(after.stdout).not.toContain('Unknown block type');
  }, 180_000);

  test('a schema edit needs no new bundle, and is never answered by validators saved for the old schema', async () => {
    const dir = scratch();
    const bundle = join(dir, 'node_modules/.cache/sitewright/validate.mjs');
    const clean = await launcher(dir, []);
    expect(clean.code).toBe(0);
    const built = statSync(bundle).mtimeMs;

    const schemaFile = join(dir, 'schemas/defs.schema.json');
    const original = readFileSync(schemaFile, 'utf8');
    writeFileSync(schemaFile, applyEdits(original, modify(original, ['definitions', 'pageTitle', 'maxLength'], 3, {})));
    const strict = await launcher(dir, ['--json']);
    expect(strict.code).toBe(1);
    expect(JSON.parse(strict.stdout).diagnostics.some((d: { code: string; path: string }) => d.code === 'too-long' && d.path === '/title')).toBe(true);

    writeFileSync(schemaFile, original);
    expect(await launcher(dir, [])).toEqual(clean);
    expect(statSync(bundle).mtimeMs).toBe(built);
    expect(readdirSync(join(dir, 'node_modules/.cache/sitewright/validators')).filter((f) => f.endsWith('.cjs'))).toHaveLength(2);
  }, 180_000);

  test('without esbuild it runs the TypeScript source instead, with the same output', async () => {
    const dir = scratch(['esbuild']);
    writeFileSync(join(dir, 'site.config/pages/partners.json'), heroo);
    const args = ['--format', 'github'];
    const fallback = await launcher(dir, args);
    expect(existsSync(join(dir, 'node_modules/.cache/sitewright/validate.mjs'))).toBe(false);
    expect(fallback).toEqual(await source(dir, args));
    expect(fallback.code).toBe(1);
  }, 180_000);
});

describe('saved validators', () => {
  /** The corpus of broken configs (tests/fixtures/broken), as overlays on the real site.config/. */
  function corpusOverlays(): [string, Record<string, string>][] {
    // The same overlays the corpus test uses (scripts/lib/corpus.ts), generated files included.
    return readCorpus(root).map((c) => [c.name, c.overlay]);
  }

  test('loaded from disk, they say exactly what freshly compiled ones say, for every broken config in the corpus', async () => {
    const dir = scratch();
    const cases: [string, Record<string, string>][] = [['the real config', {}], ...corpusOverlays()];
    expect(cases.length).toBeGreaterThan(40);
    const configDir = join(root, 'site.config');

    vi.resetModules();
    const compiled = await import('./lib/project.ts');
    const first = cases.map(([, overlay]) => compiled.loadProject(dir, {}, { configDir, overlay }).diagnostics);
    const saved = readdirSync(join(dir, 'node_modules/.cache/sitewright/validators')).filter((f) => f.endsWith('.cjs'));
    expect(saved).toHaveLength(1);
    const file = join(dir, 'node_modules/.cache/sitewright/validators', saved[0]);
    const requireCache = createRequire(import.meta.url).cache;
    expect(requireCache[file], 'the first instance compiled rather than loaded').toBeUndefined();

    vi.resetModules();
    const loaded = await import('./lib/project.ts');
    expect(loaded).not.toBe(compiled);
    const second = cases.map(([, overlay]) => loaded.loadProject(dir, {}, { configDir, overlay }).diagnostics);
    expect(requireCache[file], 'the second instance loaded the saved validators').toBeDefined();

    cases.forEach(([name], i) => expect(second[i], name).toEqual(first[i]));
    // Every case reports its mistake (an error, or a warning for an advisory limit).
    expect(first.slice(1).every((ds) => ds.length > 0)).toBe(true);
  }, 180_000);
});
