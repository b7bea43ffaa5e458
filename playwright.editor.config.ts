/**
 * End-to-end tests of the visual editor (npm run test:e2e:editor): `npm run edit` on a temporary copy of
 * site.config/, driven in Chromium. Kept apart from tests/e2e (which runs against the production build).
 */
import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import base from './playwright.config.ts';

export const EDITOR_E2E_PORT = Number(process.env.EDITOR_E2E_PORT ?? 5181);
/**
 * The editor edits files on disk, so the tests of one worker must not see another's edits. With
 * EDITOR_E2E_WORKERS=2 each worker gets its own `npm run edit` on its own port (EDITOR_E2E_PORT, then
 * EDITOR_E2E_PORT_2 or the next port) with its own copy of site.config/ and its own Vite cache, so two servers never
 * rewrite one optimised-dependencies folder under each other; files run in order within a worker, as they did when
 * one worker ran them all. Two by default, one per core; EDITOR_E2E_WORKERS=1 runs one editor for all.
 */
export const EDITOR_E2E_WORKERS = Math.max(1, Number(process.env.EDITOR_E2E_WORKERS ?? 2));
const ports = Array.from({ length: EDITOR_E2E_WORKERS }, (_, i) =>
  i === 0 ? EDITOR_E2E_PORT : i === 1 && process.env.EDITOR_E2E_PORT_2 ? Number(process.env.EDITOR_E2E_PORT_2) : EDITOR_E2E_PORT + i,
);
const configDirs = ports.map((port, i) => {
  const named = process.env.EDITOR_E2E_CONFIG_DIR;
  if (named) return i === 0 ? named : `${named}-${i}`;
  return join(tmpdir(), `sitewright-editor-e2e-${port}`);
});
/** Playwright numbers a run's workers from 0 in TEST_PARALLEL_INDEX (a worker started after a failure takes its slot). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % EDITOR_E2E_WORKERS;
/** The copy of site.config/ this worker's editor edits; made afresh by its web server command below. */
export const EDITOR_E2E_CONFIG_DIR = configDirs[slot];

export default defineConfig({
  testDir: 'editor/e2e',
  outputDir: 'test-results/editor',
  // A worker's tests share its config folder on disk: one at a time, in order (see EDITOR_E2E_CONFIG_DIR).
  fullyParallel: false,
  workers: EDITOR_E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${ports[slot]}`,
    viewport: { width: 1366, height: 900 },
    // As the site suite's (E2E_TRACE); with no retry here, `--trace on` records a failing test's steps.
    trace: base.use?.trace,
    launchOptions: base.use?.launchOptions,
  },
  webServer: ports.map((port, i) => ({
    command: `rm -rf ${configDirs[i]} && cp -r site.config ${configDirs[i]} && npm run edit`,
    env: {
      SITEWRIGHT_CONFIG_DIR: configDirs[i],
      PORT: String(port),
      ...(i > 0 ? { SITEWRIGHT_VITE_CACHE_DIR: join('node_modules', `.vite-editor-e2e-${i}`) } : {}),
    },
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  })),
});
