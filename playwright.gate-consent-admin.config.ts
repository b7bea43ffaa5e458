/**
 * The gate, consent and back-office suites in one run (npm run test:e2e:gate-consent-admin; npm test runs this config
 * on the builds npm run test:builds made): each is a project served by its own web server on its own build, port and
 * data folder, exactly as its own config serves it, but one pool of workers takes them all. Run one after another,
 * each suite's start and its last slow test left a core idle; together, the back office's chain of publishing tests
 * starts first and the other worker takes every other test of the three suites beside it. Each suite's own config
 * still runs it alone (npm run test:e2e:gate, …).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { siteServer } from './playwright.config.ts';
import { ADMIN_PROJECTS, ADMIN_TIMEOUTS, ADMIN_USE, adminServers } from './playwright.admin.config.ts';

const GATE_E2E_PORT = Number(process.env.GATE_E2E_PORT ?? 4318);
const CONSENT_E2E_PORT = Number(process.env.CONSENT_E2E_PORT ?? 4441);
/** Chosen once in the runner and passed on (see playwright.config.ts), one per served build. */
const dataDir = (name: 'GATE_E2E_DATA_DIR' | 'CONSENT_E2E_DATA_DIR', port: number) =>
  (process.env[name] ??= join(tmpdir(), `sitewright-e2e-${port}-${randomBytes(6).toString('hex')}`));

/** The site suite's settings (time limits, browser), served from another build on another port. */
const siteUse = (port: number) => ({ ...base.use, baseURL: `http://127.0.0.1:${port}` });
const siteTimeouts = { timeout: base.timeout, expect: base.expect };

export default defineConfig({
  fullyParallel: true,
  workers: 2,
  retries: base.retries,
  reporter: [['list']],
  projects: [
    // First in the queue: the longest chain (see ADMIN_PROJECTS).
    ...ADMIN_PROJECTS.map((p) => ({ ...p, testDir: 'tests/e2e-admin', outputDir: 'test-results/admin', ...ADMIN_TIMEOUTS, use: ADMIN_USE })),
    { name: 'gate', testDir: 'tests/e2e', testMatch: '**/*.gate.ts', outputDir: 'test-results/gate', ...siteTimeouts, use: siteUse(GATE_E2E_PORT) },
    { name: 'consent', testDir: 'tests/e2e-consent', outputDir: 'test-results/consent', ...siteTimeouts, use: siteUse(CONSENT_E2E_PORT) },
  ],
  webServer: [
    ...adminServers(),
    siteServer(GATE_E2E_PORT, 'dist-gate', dataDir('GATE_E2E_DATA_DIR', GATE_E2E_PORT)),
    siteServer(CONSENT_E2E_PORT, 'dist-consent', dataDir('CONSENT_E2E_DATA_DIR', CONSENT_E2E_PORT)),
  ],
});
