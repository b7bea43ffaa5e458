import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/lib/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4317);
/**
 * The served lead service keeps its embedded database here, emptied before each run. The tests run on the
 * default (embedded PostgreSQL) even where DATABASE_URL names a server for the lead service's own suite.
 */
export const E2E_DATA_DIR = `.data/e2e-${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
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
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    // Tests run against the production build, served the way the CDN serves it.
    command: `rm -rf ${E2E_DATA_DIR} && PORT=${PORT} SITEWRIGHT_DIST=${process.env.SITEWRIGHT_DIST ?? 'dist'} npx tsx scripts/serve.ts`,
    env: { SITEWRIGHT_DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    // Creating and migrating a new embedded database comes before the first answer.
    timeout: 60_000,
  },
});
