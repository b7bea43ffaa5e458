import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { E2E_TRACE, offlineLaunchOptions } from './scripts/lib/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4317);
/**
 * The served lead service keeps its embedded database in a directory of the run's own under the system's
 * temporary folder (or E2E_DATA_DIR), never in the project's .data/; the web server command empties it first and
 * removes it when the run ends. The tests run on the default (embedded PostgreSQL) even where DATABASE_URL names a
 * server for the lead service's own suite. Chosen once, in the runner, and passed on through the environment: each
 * worker loads this file again and must find the same directory (tests/e2e/leads.spec.ts reads it). Only named
 * here, not made, so a config that imports this one without starting the server (the editor's) leaves nothing behind.
 */
export const E2E_DATA_DIR = (process.env.E2E_DATA_DIR ??= join(tmpdir(), `sitewright-e2e-${PORT}-${randomBytes(6).toString('hex')}`));

export default defineConfig({
  testDir: 'tests/e2e',
  // A folder of its own: Playwright empties a run's output folder first, and the other suites keep theirs beside it.
  outputDir: 'test-results/site',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  // CI machines are shared and slow; one retry keeps a timing fault in a test from blocking a merge, and the list
  // reporter still prints such a test as "flaky" so it gets fixed. A real failure fails both tries.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: E2E_TRACE,
    launchOptions: offlineLaunchOptions,
  },
  webServer: siteServer(PORT, process.env.SITEWRIGHT_DIST ?? 'dist', E2E_DATA_DIR),
});

/** One entry of a config's webServer list. */
export type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, readonly unknown[]>;

/**
 * The built site in `dist`, served on `port` with its lead service on an embedded database in `dataDir` (emptied
 * first, removed at the end). Also the gate and consent suites' server, each on a build, port and folder of its own.
 */
export function siteServer(port: number, dist: string, dataDir: string): WebServer {
  return {
    // Tests run against the production build, served the way the CDN serves it. Stopped with SIGTERM (below), the
    // server closes its database; the shell, which traps the signal, then goes on to remove the data directory.
    command: `trap : INT TERM; rm -rf "$SITEWRIGHT_DATA_DIR"; PORT=${port} SITEWRIGHT_DIST=${dist} node --import tsx scripts/serve.ts; rm -rf "$SITEWRIGHT_DATA_DIR"`,
    env: { SITEWRIGHT_DATA_DIR: dataDir, DATABASE_URL: '' },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    // Creating and migrating a new embedded database comes before the first answer.
    timeout: 60_000,
  };
}
