// @vitest-environment node
// npm run leads prints what visitors typed: nothing it prints may drive the terminal, and its CSV keeps formulas as text.
// The commands run in this process (leadsCommand, what the bin runs), their output collected as it would be printed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLeadService } from './node.ts';
import { configFromEnv } from './config.ts';
import { leadsInProcess, type LeadsResult } from './test-leads.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'sw-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const leads = (...args: string[]): Promise<LeadsResult> => leadsInProcess(dir, ...args);

// C0 but the line feed (output has lines), DEL, C1 and the bidi controls.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const HOSTILE = {
  firstName: '\u001b]0;PWNED\u0007\u001b[2J',
  lastName: 'Byron\u202Eevil',
  email: 'ada@example.com',
  description: 'x;=1+1; and \u009b31m red \u2066isolated\u2069',
};

describe('npm run leads with hostile input', () => {
  beforeAll(async () => {
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    try {
      const res = await service.app.request('/api/v1/inquiries/contact-us', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(HOSTILE),
      });
      expect(res.status).toBe(201);
    } finally {
      await service.close();
    }
  });

  it('lists the lead as a table and as JSON with every control shown, not obeyed', async () => {
    const table = await leads('list');
    expect(table.code).toBe(0);
    expect(table.stdout).not.toMatch(RAW_CONTROL);
    expect(table.stdout).toContain('\\x1b]0;PWNED\\x07\\x1b[2J');
    const json = await leads('list', '--json');
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(json.stdout)[0].payload).toEqual(HOSTILE);
  });

  it('exports CSV with every field quoted and formulas kept as text', async () => {
    const csv = await leads('export', '--format', 'csv');
    expect(csv.code).toBe(0);
    const [header, row] = csv.stdout.split('\r\n');
    expect(header).toBe('"ID","Form","Received (UTC)","First name","Last name","Email","Message"');
    expect(row).toContain(`"x;'=1+1; and`);
    const raw = await leads('export', '--format', 'csv', '--raw');
    expect(raw.stdout.split('\r\n')[0]).toBe('"id","form","receivedAt","firstName","lastName","email","description"');
  });

  it('names the forms there are when --form names none, exiting 2', async () => {
    for (const command of [['list'], ['export', '--format', 'csv']]) {
      const typo = await leads(...command, '--form', 'contacts');
      expect(typo).toMatchObject({ code: 2, stdout: '' });
      expect(typo.stderr.trim()).toBe('No form "contacts". Forms: contact, demo-lead, enquiry, waitlist.');
    }
    expect(await leads('list', '--form', 'waitlist')).toMatchObject({ code: 0, stdout: 'No leads.\n' });
  });

  it('shows a bad argument in its error without obeying it', async () => {
    const bad = await leads('list', '--since', '\u001b[2J\u202E');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('\\x1b[2J\\u202e');
    expect(bad.stderr).not.toMatch(RAW_CONTROL);
  });
});
