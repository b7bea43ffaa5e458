// @vitest-environment node
// The embedded database's files are the service's alone: 0700 directories and 0600 files, from the first open on.
import { execFile } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DataDirAccessError, secureDataDir } from './data-dir.ts';
import { startLeadService } from './node.ts';
import { configFromEnv, REPO_ROOT } from './config.ts';

vi.setConfig({ testTimeout: 120_000 });

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-datadir-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const modeOf = (p: string) => statSync(p).mode & 0o7777;

/** Every entry under `dir` (itself included) whose mode is not 0700 for a directory or 0600 for anything else. */
function looseEntries(dir: string): string[] {
  const out: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    const want = st.isDirectory() ? 0o700 : 0o600;
    if ((st.mode & 0o7777) !== want) out.push(`${(st.mode & 0o7777).toString(8)} ${p}`);
    if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
  };
  visit(dir);
  return out;
}

describe('secureDataDir', () => {
  it('makes an existing tree private, recursively, and leaves what symbolic links point to alone', () => {
    const root = tempDir();
    const dir = join(root, 'data');
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), '17');
    writeFileSync(join(dir, 'base', '5', '1259'), 'rows');
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not ours to change');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dir, 'link'));
    chmodSync(dir, 0o777);
    chmodSync(join(dir, 'base'), 0o755);
    chmodSync(join(dir, 'PG_VERSION'), 0o666);
    chmodSync(join(dir, 'base', '5', '1259'), 0o644);

    secureDataDir(dir);
    expect(looseEntries(dir)).toEqual([]);
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(outside)).toBe(0o644);
  });

  it('creates a missing directory 0700', () => {
    const dir = join(tempDir(), 'new', 'data');
    secureDataDir(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('refuses, with a sentence saying why, a directory that belongs to another user', () => {
    const dir = tempDir();
    const other = (process.getuid?.() ?? 0) + 1;
    expect(() => secureDataDir(dir, other)).toThrow(DataDirAccessError);
    expect(() => secureDataDir(dir, other)).toThrow(`The data directory ${dir} belongs to user ${process.getuid?.()}, not to this service's user ${other}`);
  });

  it('refuses a path that is a file', () => {
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    expect(() => secureDataDir(file)).toThrow(/is not a directory/);
  });
});

describe('the lead service on a data directory', () => {
  it('keeps a new directory private after opening it and storing a lead, and after closing', async () => {
    const dir = join(tempDir(), 'data');
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    try {
      const res = await service.app.request('/api/v1/inquiries/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'Private, please.' }),
      });
      expect(res.status).toBe(201);
      expect(looseEntries(dir)).toEqual([]);
    } finally {
      await service.close();
    }
    expect(looseEntries(dir)).toEqual([]);
  });

  it('tightens an existing world-readable directory at start', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'left-behind'), 'x');
    chmodSync(join(dir, 'left-behind'), 0o666);
    chmodSync(dir, 0o777);
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    try {
      expect(looseEntries(dir)).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('npm run leads, opening a new directory itself, leaves it private too', async () => {
    const dir = join(tempDir(), 'data');
    await promisify(execFile)(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/cli.ts'), 'outbox'], {
      cwd: REPO_ROOT,
      env: { ...process.env, SITEWRIGHT_DATA_DIR: dir, DATABASE_URL: '' },
    });
    expect(looseEntries(dir)).toEqual([]);
  });
});
