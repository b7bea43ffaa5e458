/**
 * Every end-to-end suite in one run (npm run test:e2e:all, which npm test runs): the site, gate, consent, back-office
 * and editor suites, each a project served by its own web servers on its own build, port and data folder exactly as its
 * own config serves it, and one pool of workers takes them all. Run one after another, each suite's start and its last
 * slow tests left a core idle. The longest chains are queued first (the back office's publishing tests, which share one
 * remote and run in order, then the editor's long files), and the site's short tests fill in beside them. Each suite's
 * own config still runs it alone (npm run test:e2e, test:e2e:editor, …).
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { siteServer } from './playwright.config.ts';
import { ADMIN_PROJECTS, ADMIN_TIMEOUTS, ADMIN_USE, adminServers } from './playwright.admin.config.ts';
import { EDITOR_E2E_WORKERS, EDITOR_PROJECT, editorServers } from './playwright.editor.config.ts';

const SITE_E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
const GATE_E2E_PORT = Number(process.env.GATE_E2E_PORT ?? 4318);
const CONSENT_E2E_PORT = Number(process.env.CONSENT_E2E_PORT ?? 4441);
/** Chosen once in the runner and passed on (see playwright.config.ts), one per served build. */
const dataDir = (name: 'GATE_E2E_DATA_DIR' | 'CONSENT_E2E_DATA_DIR', port: number) =>
  (process.env[name] ??= join(tmpdir(), `sitewright-e2e-${port}-${randomBytes(6).toString('hex')}`));

/** The site suite's settings (time limits, retries, browser), served from another build on another port. */
const siteProject = (port: number) => ({
  timeout: base.timeout,
  expect: base.expect,
  retries: base.retries,
  use: { ...base.use, baseURL: `http://127.0.0.1:${port}` },
});

export default defineConfig({
  fullyParallel: true,
  // The editor suite gives each worker an editor of its own (playwright.editor.config.ts): as many workers as editors.
  workers: EDITOR_E2E_WORKERS,
  reporter: [['list']],
  projects: [
    ...ADMIN_PROJECTS.map((p) => ({
      ...p,
      testDir: 'tests/e2e-admin',
      outputDir: 'test-results/admin',
      retries: base.retries,
      ...ADMIN_TIMEOUTS,
      use: ADMIN_USE,
    })),
    { name: 'editor', ...EDITOR_PROJECT },
    { name: 'gate', testDir: 'tests/e2e', testMatch: '**/*.gate.ts', outputDir: 'test-results/gate', ...siteProject(GATE_E2E_PORT) },
    { name: 'consent', testDir: 'tests/e2e-consent', outputDir: 'test-results/consent', ...siteProject(CONSENT_E2E_PORT) },
    { name: 'site', testDir: 'tests/e2e', outputDir: 'test-results/site', ...siteProject(SITE_E2E_PORT) },
  ],
  webServer: [
    ...adminServers(),
    ...editorServers(),
    siteServer(GATE_E2E_PORT, 'dist-gate', dataDir('GATE_E2E_DATA_DIR', GATE_E2E_PORT)),
    siteServer(CONSENT_E2E_PORT, 'dist-consent', dataDir('CONSENT_E2E_DATA_DIR', CONSENT_E2E_PORT)),
    ...[base.webServer].flat().filter((s) => s !== undefined),
  ],
});
