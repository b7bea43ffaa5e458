// @vitest-environment node
/**
 * `npm run staff` and the service make the data directory private while the running service may be writing in it:
 * git's temporary object files and the database's come and go between the listing of a folder and the change of a
 * file's mode. Each step is made to find its entry gone here, as it did when a publish ran beside the command.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const removeBefore = vi.hoisted(() => ({ step: '' as '' | 'lstat' | 'chmod' | 'readdir', path: '' }));

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const removingFirst =
    <A extends unknown[], R>(step: typeof removeBefore.step, call: (path: string, ...rest: A) => R) =>
    (path: string, ...rest: A): R => {
      if (removeBefore.step === step && path === removeBefore.path) fs.rmSync(path, { recursive: true, force: true });
      return call(path, ...rest);
    };
  return {
    ...fs,
    lstatSync: removingFirst('lstat', fs.lstatSync as (path: string) => import('node:fs').Stats),
    chmodSync: removingFirst('chmod', fs.chmodSync as (path: string, mode: number) => void),
    readdirSync: removingFirst('readdir', fs.readdirSync as (path: string) => string[]),
  };
});

const { secureDataDir } = await import('./data-dir.ts');

const dirs: string[] = [];
afterEach(() => {
  removeBefore.step = '';
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A data directory with a git object folder holding a temporary object, every mode open. */
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sitewright-vanishing-'));
  dirs.push(dir);
  const objects = join(dir, 'site', 'repo', '.git', 'objects', '35');
  mkdirSync(objects, { recursive: true, mode: 0o777 });
  const temp = join(objects, 'tmp_obj_cXat6w');
  writeFileSync(temp, 'x', { mode: 0o666 });
  writeFileSync(join(dir, 'kept'), 'x', { mode: 0o666 });
  return { dir, objects, temp };
}

describe('secureDataDir with entries that vanish meanwhile', () => {
  it.each(['lstat', 'chmod'] as const)('goes on when a file is gone at its %s, and still makes the rest private', (step) => {
    const { dir, temp } = dataDir();
    Object.assign(removeBefore, { step, path: temp });
    expect(() => secureDataDir(dir)).not.toThrow();
    expect(statSync(join(dir, 'kept')).mode & 0o777).toBe(0o600);
  });

  it('goes on when a folder is gone before it is listed', () => {
    const { dir, objects } = dataDir();
    Object.assign(removeBefore, { step: 'readdir', path: objects });
    expect(() => secureDataDir(dir)).not.toThrow();
  });

  it('still refuses a data directory that is itself gone', () => {
    const { dir } = dataDir();
    Object.assign(removeBefore, { step: 'readdir', path: dir });
    expect(() => secureDataDir(dir)).toThrow();
  });
});
