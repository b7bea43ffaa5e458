/**
 * Compiled validators saved to disk as a module (ajv's standalone code), which later processes load instead of
 * compiling the schemas again: compiling is most of a cold run's time.
 */
import { mkdirSync, readdirSync, existsSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import type { default as Ajv, ValidateFunction } from 'ajv';

const require = createRequire(import.meta.url);

/**
 * The folder for saved validators, <root>/node_modules/.cache/sitewright/validators, from where their `require`s of
 * ajv's runtime helpers reach the same ajv that compiled them. A root without that ajv (a test's scratch folder) saves nothing.
 */
export function validatorCacheDir(root: string): string | undefined {
  try {
    const modules = join(root, 'node_modules');
    if (realpathSync(join(modules, 'ajv')) !== dirname(require.resolve('ajv/package.json'))) return undefined;
    return join(modules, '.cache', 'sitewright', 'validators');
  } catch {
    return undefined;
  }
}

/** Everything the saved validators depend on: the schemas (by name within schemas/), ajv's setup and versions. */
export function savedKey(root: string, files: string[], texts: string[], used: string[], setup: ((...a: never[]) => unknown)[]): string {
  const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
  const names = files.map((f) => relative(root, f));
  return createHash('sha1')
    .update(JSON.stringify([names, used, version('ajv'), version('ajv-formats'), ...setup.map((f) => f.toString())]))
    .update(texts.join('\0'))
    .digest('hex');
}

export function loadSavedValidators(dir: string, key: string): Record<string, ValidateFunction> | undefined {
  const file = join(dir, `${key}.cjs`);
  if (!existsSync(file)) return undefined;
  try {
    return require(file) as Record<string, ValidateFunction>;
  } catch {
    return undefined; // unreadable: compile instead, and save again
  }
}

/** Saves the compiled validators, by schema name, when every schema compiles. */
export function saveValidators(ajv: Ajv, dir: string, key: string, exports: [name: string, id: string][]): void {
  if (exports.length === 0) return;
  let code: string;
  try {
    const standaloneCode = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone').default;
    code = standaloneCode(ajv, Object.fromEntries(exports));
  } catch {
    return;
  }
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${key}.cjs`);
    // Written aside and renamed, so a process running at the same time never loads half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
    pruneSavedValidators(dir, file);
  } catch {
    // A read-only install: validating still works, it just compiles every time.
  }
}

/** Keeps the few most recent sets of saved validators (each schema edit makes a new one). */
function pruneSavedValidators(dir: string, keep: string): void {
  const old = readdirSync(dir)
    .filter((f) => f.endsWith('.cjs') && join(dir, f) !== keep)
    .map((f) => ({ f: join(dir, f), t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(7);
  for (const { f } of old) rmSync(f, { force: true });
}
