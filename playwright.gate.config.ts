import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * End-to-end tests that need the under-construction build with a preview gate (npm run test:e2e:gate
 * builds it into dist-gate first). Their files end in .gate.ts so the main run never picks them up.
 */
export default defineConfig({
  ...base,
  testMatch: '**/*.gate.ts',
  outputDir: 'test-results/gate',
});
