// @vitest-environment node
// npm run staff end to end on a data directory of its own, alone and beside a running server. The commands on a
// directory alone run in this process (staffCommand, what the bin runs); beside the server they run as the real process.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { configFromEnv, REPO_ROOT } from './config.ts';
import { openDatabase } from './db.ts';
import { startLeadService } from './node.ts';
import { listAudit } from './admin/audit.ts';
import { createSession } from './admin/sessions.ts';
import { acceptInvite, findInvite } from './admin/auth/staff.ts';
import { staffCommand } from './staff-command.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const execFileP = promisify(execFile);
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const newDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-staff-'));
  dirs.push(d);
  return d;
};

type Result = { code: number; stdout: string; stderr: string };
const envFor = (dir: string) => ({ ...process.env, SITEWRIGHT_DATA_DIR: dir, DATABASE_URL: '', SITEWRIGHT_PUBLIC_URL: 'https://www.buildpad.example' });

/** npm run staff as its own process: node, tsx and the bin file, as `npm run staff` starts it. */
async function staffProcess(dir: string, ...args: string[]): Promise<Result> {
  try {
    const r = await execFileP(process.execPath, ['--import', 'tsx', 'server/staff-cli.ts', ...args], { cwd: REPO_ROOT, env: envFor(dir) });
    return { code: 0, ...r };
  } catch (e) {
    const x = e as Result;
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

/** The same command in this process, its lines collected as the process would print them. */
async function staff(dir: string, ...args: string[]): Promise<Result> {
  let stdout = '';
  let stderr = '';
  const code = await staffCommand(args, { env: envFor(dir), out: (line) => (stdout += `${line}\n`), err: (line) => (stderr += `${line}\n`) });
  return { code, stdout, stderr };
}

const LINK = /^https:\/\/www\.buildpad\.example\/admin\/invite\/([A-Za-z0-9_-]{43})$/m;

describe('npm run staff', () => {
  it('invites, lists, resets and removes, on the data directory itself', async () => {
    const dir = newDir();
    const invited = await staff(dir, 'invite', '--email', 'maria@buildpad.example', '--role', 'sales');
    expect(invited.code).toBe(0);
    expect(invited.stdout).toContain('Send this link to maria@buildpad.example. It works once, for 72 hours.');
    const first = LINK.exec(invited.stdout)?.[1];
    expect(first).toBeDefined();

    // Maria sets her password and signs in (straight in the database: no server runs).
    let db = await openDatabase({ dataDir: dir });
    expect(await acceptInvite(db, first!, 'Maria', '$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHQ$aGFzaA')).toEqual({ email: 'maria@buildpad.example' });
    await createSession(db, (await db.query<{ id: string }>('SELECT id FROM staff')).rows[0].id);
    await db.close();

    const listed = await staff(dir, 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/maria@buildpad\.example\s+Maria\s+sales\s+active/);

    const reset = await staff(dir, 'reset', '--email', 'MARIA@buildpad.example');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('signed out everywhere (1 session ended); the old password no longer works.');
    const second = LINK.exec(reset.stdout)?.[1];
    expect(second).toBeDefined();
    db = await openDatabase({ dataDir: dir });
    expect((await db.query('SELECT 1 FROM staff_sessions')).rows).toHaveLength(0);
    expect((await db.query('SELECT password_hash FROM staff')).rows).toEqual([{ password_hash: null }]);
    expect((await findInvite(db, second!)).state).toBe('ok');
    expect((await findInvite(db, first!)).state).not.toBe('ok');
    await db.close();
    expect((await staff(dir, 'list')).stdout).toMatch(/maria@buildpad\.example\s+Maria\s+sales\s+invited \(no password yet\)/);

    const removed = await staff(dir, 'remove', '--email', 'maria@buildpad.example');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain('Removed maria@buildpad.example from the staff');
    expect((await staff(dir, 'list')).stdout).toContain('No one is on the staff yet.');

    db = await openDatabase({ dataDir: dir });
    const log = (await listAudit(db)).rows.reverse();
    expect(log.map((r) => [r.actor, r.action])).toEqual([
      ['command line', 'invite'],
      ['maria@buildpad.example', 'invite-accepted'],
      ['command line', 'password-reset'],
      ['command line', 'staff-removed'],
    ]);
    await db.close();
  });

  it('refuses with plain words and exit codes: 2 for wrong arguments, 1 for an unknown person or a second invite', async () => {
    const dir = newDir();
    const badRole = await staff(dir, 'invite', '--email', 'sam@buildpad.example', '--role', 'boss');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('--role must be one of owner, editor, sales, not "boss"');
    const badEmail = await staff(dir, 'invite', '--email', 'sam', '--role', 'sales');
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('"sam" is not an email address');
    const unknown = await staff(dir, 'reset', '--email', 'nobody@buildpad.example');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No one on the staff has the email nobody@buildpad.example.');
    expect((await staff(dir, 'invite', '--email', 'sam@buildpad.example', '--role', 'owner')).code).toBe(0);
    const twice = await staff(dir, 'invite', '--email', 'Sam@BuildPad.example', '--role', 'sales');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('Sam@BuildPad.example is already on the staff.');
  });

  it('works while the server runs, through its socket', async () => {
    const dir = newDir();
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    try {
      const invited = await staffProcess(dir, 'invite', '--email', 'owner@buildpad.example', '--role', 'owner');
      expect(invited.code).toBe(0);
      const token = LINK.exec(invited.stdout)?.[1];
      // The server holds the data directory's lock, so the invite can only have come through its socket.
      expect((await findInvite(service.db, token)).state).toBe('ok');
      const again = await staffProcess(dir, 'invite', '--email', 'owner@buildpad.example', '--role', 'owner');
      expect(again.code).toBe(1);
      expect((await staffProcess(dir, 'list')).stdout).toMatch(/owner@buildpad\.example\s+-\s+owner\s+invited/);
    } finally {
      await service.close();
    }
  });
});
