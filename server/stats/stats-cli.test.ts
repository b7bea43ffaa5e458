// @vitest-environment node
// npm run leads -- stats: its arguments, its summary, and the command itself (in this process, as its bin runs it)
// on the database and through a running server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HELP, formatStats, parseCommand, UsageError } from '../cli-args.ts';
import { configFromEnv } from '../config.ts';
import { startLeadService } from '../node.ts';
import { utcDay } from './salt.ts';
import type { StatsReport } from './types.ts';
import { NOT_FOUND_PATH } from '../../renderer/shell/events.ts';
import { leadsInProcess } from '../test-leads.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const NOW = Date.parse('2026-11-26T15:00:00Z');

describe('npm run leads -- stats arguments', () => {
  it('reads today by default, --from alone up to today, --to alone as one day', () => {
    expect(parseCommand(['stats'], NOW)).toEqual({ command: 'stats', range: { from: '2026-11-26', to: '2026-11-26' }, json: false });
    expect(parseCommand(['stats', '--from', '2026-11-01', '--json'], NOW)).toEqual({
      command: 'stats',
      range: { from: '2026-11-01', to: '2026-11-26' },
      json: true,
    });
    expect(parseCommand(['stats', '--to', '2026-10-03'], NOW)).toEqual({ command: 'stats', range: { from: '2026-10-03', to: '2026-10-03' }, json: false });
    expect(parseCommand(['stats', '--from', '2026-01-01', '--to', '2026-01-31'], NOW)).toMatchObject({ range: { from: '2026-01-01', to: '2026-01-31' } });
  });

  it.each([
    [['stats', '--from', '2026-02-30'], '--from must be a date written YYYY-MM-DD, such as 2026-11-01'],
    [['stats', '--from', 'yesterday'], '--from must be a date written YYYY-MM-DD, such as 2026-11-01'],
    [['stats', '--from', '2026-11-20', '--to', '2026-11-02'], 'The range must start on or before its end (--from 2026-11-20 is after --to 2026-11-02)'],
    [['stats', '--from', '2024-01-01', '--to', '2026-01-01'], 'A range may span at most 366 days; this one spans 732'],
    [['stats', '--form', 'contact'], 'stats does not take --form'],
    [['list', '--from', '2026-01-01'], 'list does not take --from'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommand(argv, NOW)).toThrow(new UsageError(message));
  });

  it('is in the help', () => {
    expect(HELP).toContain('stats [--from DAY] [--to DAY] [--json]');
  });

  it('summarises totals, top pages and each campaign in plain words', () => {
    const report: StatsReport = {
      range: { from: '2026-11-20', to: '2026-11-26' },
      totals: { visitors: 40, views: 90, starts: 6, leads: 2 },
      days: [],
      pages: [
        { path: '/owner', visitors: 30, views: 60 },
        { path: NOT_FOUND_PATH, visitors: 3, views: 4 },
      ],
      sources: [{ key: '', visitors: 10, starts: 1, leads: 0 }],
      campaigns: [
        { key: 'spring', visitors: 20, starts: 4, leads: 2 },
        { key: '', visitors: 10, starts: 2, leads: 0 },
      ],
      landings: [],
      forms: [],
    };
    const text = formatStats(report);
    expect(text).toContain('Visits 2026-11-20 to 2026-11-26 (UTC days)');
    expect(text).toContain('Visitors 40 · Page views 90 · Form starts 6 · Leads 2 · Visitors to leads 5.0%');
    expect(text).toMatch(/Page {2,}Visitors {2}Page views\n-+ +-+ +-+\n\/owner +30 +60\nPage not found +3 +4/);
    expect(text).toMatch(/Campaign +Visitors +Form starts +Leads +Visitors to leads\n[- ]+\nspring +20 +4 +2 +10\.0%\nNo campaign +10 +2 +0 +0\.0%/);
    expect(text).toMatch(/Source .*\n.*\nDirect +10 +1 +0 +0\.0%/);
    expect(formatStats({ ...report, totals: { visitors: 0, views: 0, starts: 0, leads: 0 }, pages: [], campaigns: [], sources: [] })).toContain(
      'No visits counted in this range.',
    );
  });
});

describe('npm run leads -- stats', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sw-stats-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const leads = (...args: string[]) => leadsInProcess(dir, ...args);
  const beacon = (service: Awaited<ReturnType<typeof startLeadService>>, body: string) =>
    service.app.request('/api/v1/events', {
      method: 'POST',
      headers: { origin: 'http://localhost', 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 Chrome/140.0' },
      body,
    });

  it('reads the running server through its socket, then the database itself once it stopped', async () => {
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dir }));
    try {
      expect(await beacon(service, 'k=view&p=%2Fowner&utm_campaign=spring&entry=1')).toHaveProperty('status', 204);
      expect(await beacon(service, 'k=start&f=contact&p=%2Fcontact&landing=%2Fowner&utm_campaign=spring')).toHaveProperty('status', 204);
      // The server holds the data directory's lock: this can only have come through its socket.
      const viaSocket = await leads('stats', '--json');
      expect(viaSocket.code).toBe(0);
      const json = JSON.parse(viaSocket.stdout) as StatsReport;
      expect(json.range).toEqual({ from: utcDay(Date.now()), to: utcDay(Date.now()) });
      expect(json.totals).toEqual({ visitors: 1, views: 1, starts: 1, leads: 0 });
      expect(json.campaigns).toEqual([{ key: 'spring', visitors: 1, starts: 1, leads: 0 }]);
    } finally {
      await service.close();
    }
    const { code, stdout } = await leads('stats');
    expect(code).toBe(0);
    expect(stdout).toContain('Visitors 1 · Page views 1 · Form starts 1 · Leads 0');
    expect(stdout).toMatch(/\/owner +1 +1/);
  });

  it('refuses a bad range, exiting 2', async () => {
    const bad = await leads('stats', '--from', '2026-13-01');
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr.trim()).toBe('npm run leads: --from must be a date written YYYY-MM-DD, such as 2026-11-01. See npm run leads -- --help.');
  });
});
