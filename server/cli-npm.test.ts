// @vitest-environment node
// The README's export commands, run through npm as a person types them: --output and the redirect give one clean file.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLeadService } from './node.ts';
import { configFromEnv, REPO_ROOT } from './config.ts';
import { HELP } from './cli-args.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'sw-cli-npm-'));
const dataDir = join(dir, 'data');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The environment of a person's shell: this data directory, and none of the npm_* settings of an npm that may be
 * running these tests (an outer `npm test --silent` would pass its silence on and hide npm's banner).
 */
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  SITEWRIGHT_DATA_DIR: dataDir,
  DATABASE_URL: '',
};

/** A command line through the shell, in the project's folder, as typed. */
const shell = (command: string) => run('sh', ['-c', command], { cwd: REPO_ROOT, env });

/** The README's export command that redirects (the one a reader copies), with `leads.csv` as written there. */
function readmeRedirect(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const commands = [...readme.matchAll(/`(npm run [^`]*export --format csv[^`]*> leads\.csv)`/g)].map((m) => m[1]);
  expect(commands.length, 'the README shows the redirect').toBeGreaterThan(0);
  expect(new Set(commands).size, 'the README shows one redirect command').toBe(1);
  return commands[0];
}

describe('npm run leads -- export, through npm', () => {
  beforeAll(async () => {
    const service = await startLeadService(configFromEnv({ SITEWRIGHT_DATA_DIR: dataDir }));
    const post = async (path: string, body: Record<string, unknown>) => {
      const res = await service.app.request(`/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, path).toBe(201);
    };
    try {
      await post('/inquiries/contact-us', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', description: 'A call, please.' });
      await post('/enquiries', {
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        message: '=1+1, "quoted"\nsecond line',
        timestamp: '2026-01-01T10:00:00.000Z',
      });
      await post('/leads/request', { firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', businessName: 'Bletchley', phone: '+44 1908 123456' });
    } finally {
      await service.close();
    }
  });

  it('writes the same clean file with --output as with the README redirect', async () => {
    const redirect = readmeRedirect();
    expect(HELP).toContain(redirect);
    const viaOutput = join(dir, 'output.csv');
    const viaRedirect = join(dir, 'redirect.csv');

    const written = await shell(`npm run leads -- export --format csv --output '${viaOutput}'`);
    expect(written.stderr).toContain(`Wrote 3 leads to ${viaOutput}`);
    await shell(redirect.replace(/> leads\.csv$/, `> '${viaRedirect}'`));

    const a = readFileSync(viaOutput);
    const b = readFileSync(viaRedirect);
    expect(b.equals(a), `--output:\n${a}\nredirect:\n${b}`).toBe(true);
    const lines = a.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"ID","Form","Received (UTC)","First name","Last name","Email","Message","Business name","Phone number","Timestamp"');
    expect(lines.slice(1, 4).map((l) => l.split('","')[3])).toEqual(['Ada', 'Grace', 'Alan']);
    expect(a.toString('utf8')).toContain(`"'=1+1, ""quoted""\nsecond line"`);
  });
});
