/**
 * End-to-end tests of the visual editor (npm run test:e2e:editor): `npm run edit` on a temporary copy of
 * site.config/, driven in Chromium. Kept apart from tests/e2e (which runs against the production build).
 */
import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base from './playwright.config.ts';

export const EDITOR_E2E_PORT = Number(process.env.EDITOR_E2E_PORT ?? 5181);
/** The copy of site.config/ the editor edits; made afresh by the web server command below. */
export const EDITOR_E2E_CONFIG_DIR = process.env.EDITOR_E2E_CONFIG_DIR ?? join(tmpdir(), `sitewright-editor-e2e-${EDITOR_E2E_PORT}`);

export default defineConfig({
  testDir: 'editor/e2e',
  outputDir: 'test-results/editor',
  // The tests share one config folder on disk: one at a time, in order.
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${EDITOR_E2E_PORT}`,
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: base.use?.launchOptions,
  },
  webServer: {
    command: `rm -rf ${EDITOR_E2E_CONFIG_DIR} && cp -r site.config ${EDITOR_E2E_CONFIG_DIR} && npm run edit`,
    env: { SITEWRIGHT_CONFIG_DIR: EDITOR_E2E_CONFIG_DIR, PORT: String(EDITOR_E2E_PORT) },
    url: `http://127.0.0.1:${EDITOR_E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
