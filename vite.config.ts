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
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  // Images, favicon and other files copied as they are.
  publicDir: 'site.config/assets',
  appType: 'custom',
  // Builds print only what needs attention.
  logLevel: command === 'build' ? 'warn' : 'info',
  plugins: [react(), sitewright({ root })],
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      input: 'renderer/entry-client.tsx',
      // Rolldown's note that plugin callbacks took most of the build time measures the machine's load at that moment
      // (it comes and goes between identical builds), not something in the code to fix; profile with --cpu-prof instead.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // What every page runs before interaction: React, the router, the shell, and the small UI parts most
              // blocks use (section head, buttons); as separate chunks they would cost a request and their own overhead.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|[\\/]renderer[\\/]lib[\\/](site-context|dialogs|deferred-blocks|blocks|chunk-cache|with-timeout|routes|href|dialog-targets|scroll-lock|preview-gate)\.tsx?$|virtual:sitewright\/config|[\\/]blocks[\\/]registry\.ts$|[\\/]renderer[\\/]ui[\\/](SectionHead|ActionButtons|Button)\.tsx$|[\\/]renderer[\\/]ui[\\/]ui\.module\.css|preload-helper|rolldown[\\/]runtime/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, host: '127.0.0.1' },
  test: {
    environment: 'jsdom',
    include: ['blocks/**/*.test.{ts,tsx}', 'renderer/**/*.test.{ts,tsx}', 'scripts/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'editor/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
