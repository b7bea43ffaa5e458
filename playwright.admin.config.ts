/**
 * End-to-end tests of the back office (npm run test:e2e:admin): the built site served with its lead service
 * (scripts/serve.ts) on a database of the run's own, driven in Chromium. Staff are made with `npm run staff`
 * against that same data directory, as an owner would on the server.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/lib/chromium.ts';

export const ADMIN_E2E_PORT = Number(process.env.ADMIN_E2E_PORT ?? 4330);
/** Chosen once in the runner and passed on, so every worker (and `npm run staff` from a test) finds the same one. */
export const ADMIN_E2E_DATA_DIR = (process.env.ADMIN_E2E_DATA_DIR ??= join(
  tmpdir(),
  `sitewright-admin-e2e-${ADMIN_E2E_PORT}-${randomBytes(6).toString('hex')}`,
));

export default defineConfig({
  testDir: 'tests/e2e-admin',
  outputDir: 'test-results/admin',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${ADMIN_E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `trap : INT TERM; rm -rf "$SITEWRIGHT_DATA_DIR"; PORT=${ADMIN_E2E_PORT} SITEWRIGHT_DIST=${process.env.SITEWRIGHT_DIST ?? 'dist'} node --import tsx scripts/serve.ts; rm -rf "$SITEWRIGHT_DATA_DIR"`,
    env: { SITEWRIGHT_DATA_DIR: ADMIN_E2E_DATA_DIR, DATABASE_URL: '' },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    url: `http://127.0.0.1:${ADMIN_E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
