/// <reference types="vitest/config" />
import { createLogger, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sitewright } from './scripts/lib/vite/plugin.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vite's logger without one false alarm. Its url() rewriter warns that "a PostCSS plugin did not pass the `from`
 * option" when a declaration has no source file; the declarations that CSS modules copy in for
 * `composes: heading from '…/section-head.module.css'` are such declarations. The rewriter only matters for url() and
 * image-set(), which renderer/ui/section-head.module.css (the only file composed from) does not use, so nothing is
 * mis-rewritten. Every other warning is printed as before.
 */
function quietLogger(level: 'info' | 'warn') {
  const logger = createLogger(level);
  const FALSE_ALARMS = ['did not pass the `from` option to `postcss.parse`'];
  const quiet =
    (warn: typeof logger.warn): typeof logger.warn =>
    (msg, options) => {
      if (!FALSE_ALARMS.some((s) => msg.includes(s))) warn(msg, options);
    };
  logger.warn = quiet(logger.warn.bind(logger));
  logger.warnOnce = quiet(logger.warnOnce.bind(logger));
  return logger;
}

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
  // A custom logger replaces the logLevel option, so the level is chosen here: builds print only what needs attention.
  customLogger: quietLogger(command === 'build' ? 'warn' : 'info'),
  plugins: [react(), sitewright({ root })],
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    // Above Vite's 500 kB only for react-player's HLS, DASH and Mux players (580-820 kB): they load only for such
    // video sources, which this site does not use (its video is on YouTube), so no visitor downloads them. Any other
    // chunk still warns long before this.
    chunkSizeWarningLimit: 850,
    rolldownOptions: {
      input: 'renderer/entry-client.tsx',
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
