import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * End-to-end tests of the consent banner and the third-party tags behind it, on the build with an analytics and a
 * chat id (npm run test:e2e:consent builds it into dist-consent first and serves it on a port of its own).
 */
export default defineConfig({
  ...base,
  testDir: 'tests/e2e-consent',
  outputDir: 'test-results/consent',
});
