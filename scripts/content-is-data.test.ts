// @vitest-environment node
/**
 * The security review's reproductions, run as CI runs them: `npm run validate` and `npm run build` on a copy of
 * site.config/ whose text file holds code, or whose folders hold symbolic links. Each gives one located diagnostic,
 * runs nothing, quotes nothing from outside the folder, and builds nothing.
 */
import { execFile } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];
const outName = 'dist-content-is-data-test';
afterAll(() => {
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
  rmSync(join(root, outName), { recursive: true, force: true });
});

/** A copy of site.config/ to break, and a folder outside it. */
function scratch(): { configDir: string; outside: string } {
  const dir = mkdtempSync(join(tmpdir(), 'sw-content-is-data-'));
  temps.push(dir);
  const configDir = join(dir, 'site.config');
  cpSync(join(root, 'site.config'), configDir, { recursive: true });
  mkdirSync(join(dir, 'outside'));
  return { configDir, outside: join(dir, 'outside') };
}

type Run = { code: number; out: string };
const run = (script: string, args: string[], env: Record<string, string>): Promise<Run> =>
  new Promise((resolve) =>
    execFile(
      process.execPath,
      [...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), join(root, script), ...args],
      {
        cwd: root,
        env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '', ...env },
        maxBuffer: 1 << 26,
      },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
const validate = (configDir: string, ...args: string[]) => run('scripts/validate-cli.mjs', ['--config-dir', configDir, ...args], {});
const build = (configDir: string, env: Record<string, string> = {}) =>
  run('scripts/build.ts', [], { SITEWRIGHT_CONFIG_DIR: configDir, SITEWRIGHT_OUT_DIR: outName, ...env });

/** Every file under `dir` as text, or '' when it does not exist. */
const everything = (dir: string): string =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
        .join('\n')
    : '';

describe('content is data', () => {
  it('npm run validate and npm run build refuse the review’s payload at its place, and it creates no file', { timeout: 120_000 }, async () => {
    const { configDir, outside } = scratch();
    const marker = join(outside, 'pwned');
    const policy = join(configDir, 'content/policy.mdx');
    const line = readFileSync(policy, 'utf8').split('\n').length + 1;
    appendFileSync(policy, `\n{process.getBuiltinModule("child_process").execSync("id > ${marker}"), ""}\n`);

    const checked = await validate(configDir);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain(`site.config/content/policy.mdx:${line}:1`);
    expect(checked.out).toContain('Text in { } is read as code, and content may not run code.');
    expect(checked.out.match(/\[content\]/g)).toHaveLength(1);

    const built = await build(configDir);
    expect(built.code).not.toBe(0);
    expect(built.out).toContain(`site.config/content/policy.mdx:${line}:1`);
    expect(existsSync(marker)).toBe(false);
  });

  it('a secret of the environment named in content never reaches the built site', { timeout: 120_000 }, async () => {
    const { configDir } = scratch();
    appendFileSync(join(configDir, 'content/policy.mdx'), '\nBuild token: {process.env.CI_DEPLOY_TOKEN}\n');
    const secret = 'ci-deploy-token-3f9a1c7e5b';
    const built = await build(configDir, { CI_DEPLOY_TOKEN: secret });
    expect(built.code).not.toBe(0);
    expect(built.out).toContain('Text in { } is read as code');
    expect(built.out).not.toContain(secret);
    expect(everything(join(root, outName))).not.toContain(secret);
  });
});

describe('nothing outside site.config/ is read through it', () => {
  it('links in pages/ and assets/, dangling or not, are one located diagnostic each, and their targets are never quoted', { timeout: 120_000 }, async () => {
    const { configDir, outside } = scratch();
    const secretFile = join(outside, 'secret.json');
    writeFileSync(secretFile, '{ "route": "/stolen", "private": "outside-secret-8c2d" }\n');
    symlinkSync(secretFile, join(configDir, 'pages/linked.json'));
    symlinkSync(join(outside, 'missing.json'), join(configDir, 'pages/dangling.json'));
    symlinkSync(secretFile, join(configDir, 'assets/leak.txt'));
    symlinkSync(outside, join(configDir, 'assets/linked-folder'));

    const checked = await validate(configDir);
    expect(checked.code).toBe(1);
    for (const link of ['pages/linked.json', 'pages/dangling.json', 'assets/leak.txt', 'assets/linked-folder']) {
      expect(checked.out).toContain(`site.config/${link}:1:1`);
      expect(checked.out).toContain(`site.config/${link} is a symbolic link`);
    }
    expect(checked.out.match(/\[refused-file\]/g)).toHaveLength(4);
    expect(checked.out).not.toContain('outside-secret-8c2d');
    expect(checked.out).not.toMatch(/at .*\.(ts|js):\d+/); // no stack trace

    const json = await validate(configDir, '--json');
    expect(JSON.parse(json.out).errors).toBe(4);
    expect(json.out).not.toContain('outside-secret-8c2d');

    const built = await build(configDir);
    expect(built.code).not.toBe(0);
    expect(built.out).not.toContain('outside-secret-8c2d');
    expect(everything(join(root, outName))).not.toContain('outside-secret-8c2d');
  });
});
