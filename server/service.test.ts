// @vitest-environment node
// The service on a file-backed PGlite data directory: the lock, the CLI (through the socket and directly)
// and durability across SIGKILL. The CLI runs in this process (leadsCommand, what its bin runs) but for one call
// through the socket as the real process, as a marketer runs it beside the server.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startLeadService } from './node.ts';
import { configFromEnv, REPO_ROOT } from './config.ts';
import { DataDirLockedError, LOCK_NAME } from './lock.ts';
import { listLeads } from './store.ts';
import { leadsInProcess as leads, leadsProcess } from './test-leads.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'sw-leads-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const CONTACT = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com', description: 'Call me, "please"' };

describe('lead service on a PGlite data directory', () => {
  it('holds the directory against a second server, serves the CLI through its socket, and the CLI opens it alone once stopped', async () => {
    const dir = tempDir();
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    let closed = false;
    try {
      await expect(startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }))).rejects.toThrow(DataDirLockedError);
      const res = await service.app.request('/api/v1/inquiries/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(CONTACT),
      });
      expect(res.status).toBe(201);
      const { id } = await res.json();

      const spam = await service.app.request('/api/v1/inquiries/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sitewright-attribution': 'page=%2Fcontact&utm_source=bots' },
        body: JSON.stringify({ ...CONTACT, website: 'https://spam.example' }),
      });
      expect(spam.status).toBe(201);

      const viaSocket = await leadsProcess(dir, 'list', '--json');
      expect(viaSocket.code).toBe(0);
      const none = { page: null, landing: null, referrer: null, utmSource: null, utmMedium: null, utmCampaign: null, utmTerm: null, utmContent: null };
      expect(JSON.parse(viaSocket.stdout)).toEqual([
        { id, form: 'contact', receivedAt: expect.any(String), payload: CONTACT, status: 'new', attribution: none },
      ]);
      // Spam only with --spam, through the socket as well.
      const withSpam = JSON.parse((await leads(dir, 'list', '--json', '--spam')).stdout) as { id: string; status: string; attribution: object }[];
      expect(withSpam.map((l) => [l.id, l.status])).toEqual([
        [id, 'new'],
        [(await spam.json()).id, 'spam'],
      ]);
      expect(withSpam[1].attribution).toEqual({ ...none, page: '/contact', utmSource: 'bots' });
      expect((await leads(dir, 'list', '--spam')).stdout).toMatch(/Status[\s\S]*Spam/);

      await service.close();
      closed = true;
      expect(existsSync(join(dir, LOCK_NAME))).toBe(false);
      expect(existsSync(join(dir, 'leads.sock'))).toBe(false);

      const table = await leads(dir, 'list', '--form', 'contact');
      expect(table.stdout).toMatch(/Ada\s+Lovelace/);
      const csv = await leads(dir, 'export', '--format', 'csv', '--raw');
      expect(csv.stdout).toBe(
        `"id","form","receivedAt","firstName","lastName","email","description"\r\n"${id}","contact","${JSON.parse(viaSocket.stdout)[0].receivedAt}","Ada","Lovelace","Ada@Example.com","Call me, ""please"""\r\n`,
      );
      // Opened directly now: spam and where it came from, in words.
      const words = (await leads(dir, 'export', '--format', 'csv', '--spam')).stdout.split('\r\n');
      expect(words[0]).toBe('"ID","Form","Received (UTC)","Status","First name","Last name","Email","Message","Page","UTM source"');
      expect(words[2]).toMatch(/^"[^"]+","contact","[^"]+","Spam",.*,"\/contact","bots"$/);
      const del = await leads(dir, 'delete', '--email', 'ada@example.COM');
      // Erasing a person takes their spam too.
      expect(del.stdout.trim()).toBe('Deleted 2 leads of ada@example.COM.');
      expect(JSON.parse((await leads(dir, 'list', '--json')).stdout)).toEqual([]);
      const bad = await leads(dir, 'list', '--bogus');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/--bogus.*--help/);
    } finally {
      if (!closed) await service.close();
    }
  });

  it('keeps a lead acknowledged with 201 when the server is killed with SIGKILL right after, and takes over its stale lock', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...process.env, SITEWRIGHT_DATA_DIR: dir, DATABASE_URL: '', PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const base = await new Promise<string>((ok, fail) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /at (http:\/\/\S+)/.exec(out);
          if (m) ok(m[1]);
        });
        child.once('exit', (code) => fail(new Error(`lead service exited with ${code}`)));
      });
      const res = await fetch(`${base}/waitlist/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName: 'Kill',
          lastName: 'Nine',
          email: 'k9@example.com',
          phoneNumber: '14165550000',
          buildCountry: 'Ghana',
          purpose: 'Renovation',
        }),
      });
      expect(res.status).toBe(201);
      const { id } = await res.json();
      child.kill('SIGKILL');
      await new Promise((ok) => (child.exitCode === null && child.signalCode === null ? child.once('exit', ok) : ok(undefined)));
      expect(existsSync(join(dir, LOCK_NAME))).toBe(true);

      const again = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
      try {
        expect((await listLeads(again.db)).map((l) => l.id)).toEqual([id]);
      } finally {
        await again.close();
      }
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('refuses to start with an admin token shorter than 32 characters, saying why, before touching the data directory', async () => {
    const dir = join(tempDir(), 'data');
    await expect(startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir, SITEWRIGHT_ADMIN_TOKEN: 'letmein' }))).rejects.toThrow(
      'SITEWRIGHT_ADMIN_TOKEN must be at least 32 characters (it has 7)',
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('lets the CLI take over a lock file left by a process that no longer exists', async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((ok) => dead.once('exit', ok));
    writeFileSync(join(dir, LOCK_NAME), String(dead.pid));
    const r = await leads(dir, 'outbox');
    expect(r).toMatchObject({ code: 0, stdout: 'No webhook copies or notification emails pending.\n' });
  });
});
