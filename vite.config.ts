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
      // The two scripts pages load: the shell (every page) and the islands loader (pages with interactive blocks).
      // App.tsx is never loaded in the browser: as an input it carries the layout's styles, which pages inline.
      input: { shell: 'renderer/shell/index.ts', islands: 'renderer/islands/loader.ts', app: 'renderer/App.tsx' },
      output: {
        codeSplitting: {
          groups: [
            {
              // The islands loader's own parts, kept out of the groups below: a group also takes in what its modules
              // import, and the loader must not import a chunk that imports React.
              name: 'islands-loader',
              priority: 2,
              test: /[\\/]renderer[\\/]lib[\\/](chunk-cache|with-timeout|dialogs)\.ts$|[\\/]renderer[\\/]islands[\\/](contract|defer)\.ts$|preload-helper/,
            },
            {
              // React and react-dom in one chunk: the first island a page hydrates fetches it, no other script needs it.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              // What every island renders inside (providers, boundary, the small UI parts most blocks use), in one
              // chunk rather than a request each. None of it may be imported by the loader or the shell, or they
              // would pull React in with it.
              name: 'island-runtime',
              priority: 1,
              test: /[\\/]renderer[\\/](Blocks|BlockBoundary)\.tsx$|[\\/]renderer[\\/]islands[\\/](runtime|IslandRoot)\.tsx$|[\\/]renderer[\\/]ui[\\/](SectionHead|ActionButtons|Button|SmartLink|Spinner|Icon)\.tsx$|[\\/]renderer[\\/]ui[\\/]ui\.module\.css|[\\/]renderer[\\/]screens[\\/](ChunkFailed|AppError)\.tsx$|[\\/]renderer[\\/]lib[\\/](site-context|route-params|route-match|dialog-targets|blocks|href)\.tsx?$|virtual:sitewright\/config|[\\/]blocks[\\/]registry\.ts$/,
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
