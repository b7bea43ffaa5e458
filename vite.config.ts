/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sitewright } from './scripts/lib/vite/plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig(({ command }) => ({
  root,
  resolve: {
    // react-router's package exports always point at its development build (dev warnings switched on); the
    // production build beside it is the same code with them off, which minifies to less.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [],
  },
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
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|[\\/]renderer[\\/]lib[\\/](site-context|dialogs|deferred-blocks|blocks|chunk-cache|with-timeout|routes|href|dialog-targets|scroll-lock|preview-gate)\.tsx?$|virtual:sitewright\/config|[\\/]blocks[\\/]registry\.ts$|preload-helper|rolldown[\\/]runtime/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
  test: {
    environment: 'jsdom',
    include: ['tests/unit/**/*.test.{ts,tsx}', 'blocks/**/*.test.{ts,tsx}', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.test.ts'],
    setupFiles: ['tests/unit/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
