/**
 * End-to-end tests of the back office (npm run test:e2e:admin): the built site served with its lead service
 * (scripts/serve.ts) on a database of the run's own, driven in Chromium. Staff are made with `npm run staff`
 * against that same data directory, as an owner would on the server. Its git remote is a bare repository served over
 * HTTP on loopback (tests/e2e-admin/git-remote.ts), started first, so publishing fetches and pushes over a real network.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_TRACE, offlineLaunchOptions } from './scripts/lib/chromium.ts';
import type { WebServer } from './playwright.config.ts';

export const ADMIN_E2E_PORT = Number(process.env.ADMIN_E2E_PORT ?? 4330);
/** Chosen once in the runner and passed on, so every worker (and `npm run staff` from a test) finds the same one. */
export const ADMIN_E2E_DATA_DIR = (process.env.ADMIN_E2E_DATA_DIR ??= join(
  tmpdir(),
  `sitewright-admin-e2e-${ADMIN_E2E_PORT}-${randomBytes(6).toString('hex')}`,
));

/** The site's git remote: its port, and the folder with its bare repository (and remote.json, for the tests). */
export const GIT_E2E_PORT = Number((process.env.GIT_E2E_PORT ??= String(ADMIN_E2E_PORT + 1)));
export const GIT_E2E_DIR = (process.env.GIT_E2E_DIR ??= join(tmpdir(), `sitewright-git-e2e-${GIT_E2E_PORT}-${randomBytes(6).toString('hex')}`));

/**
 * The publishing tests share one remote and run one after another, so together they are the suite's longest chain:
 * their project comes first, so a worker starts them at once while the other worker takes everything else.
 */
export const ADMIN_PROJECTS = [
  { name: 'admin-publish', testMatch: 'publish.spec.ts' },
  { name: 'admin', testIgnore: 'publish.spec.ts' },
];

export const ADMIN_TIMEOUTS = { timeout: 60_000, expect: { timeout: 10_000 } };

export const ADMIN_USE = {
  baseURL: `http://127.0.0.1:${ADMIN_E2E_PORT}`,
  trace: E2E_TRACE,
  launchOptions: offlineLaunchOptions,
};

export default defineConfig({
  testDir: 'tests/e2e-admin',
  outputDir: 'test-results/admin',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  ...ADMIN_TIMEOUTS,
  use: ADMIN_USE,
  projects: ADMIN_PROJECTS,
  webServer: adminServers(),
});

/** The site's git remote, then the built site with its lead service on a database of the run's own. */
export function adminServers(): WebServer[] {
  return [
    {
      command: 'node --import tsx tests/e2e-admin/git-remote.ts',
      env: { GIT_E2E_DIR, GIT_E2E_PORT: String(GIT_E2E_PORT) },
      url: `http://127.0.0.1:${GIT_E2E_PORT}/site.git/info/refs?service=git-upload-pack`,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `trap : INT TERM; rm -rf "$SITEWRIGHT_DATA_DIR"; PORT=${ADMIN_E2E_PORT} SITEWRIGHT_DIST=${process.env.SITEWRIGHT_DIST ?? 'dist'} node --import tsx scripts/serve.ts; rm -rf "$SITEWRIGHT_DATA_DIR"`,
      env: {
        SITEWRIGHT_DATA_DIR: ADMIN_E2E_DATA_DIR,
        DATABASE_URL: '',
        SITEWRIGHT_GIT_REMOTE: `http://127.0.0.1:${GIT_E2E_PORT}/site.git`,
        SITEWRIGHT_GIT_BRANCH: 'main',
      },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
      url: `http://127.0.0.1:${ADMIN_E2E_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ];
}
