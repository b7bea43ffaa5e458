/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sitewright } from './renderer/vite-plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // Images, favicon and other files copied as they are.
  publicDir: 'site.config/assets',
  appType: 'custom',
  plugins: [react(), sitewright({ root })],
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      input: 'renderer/entry-client.tsx',
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}', 'renderer/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/unit/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
