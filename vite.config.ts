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
      // The two scripts pages load: the shell (every page) and the islands loader (pages with interactive blocks).
      // App.tsx is never loaded in the browser: as an input it carries the layout's styles, which pages inline.
      input: {
        shell: 'renderer/shell/index.ts',
        islands: 'renderer/islands/loader.ts',
        app: 'renderer/App.tsx',
        // Styles for a browser with scripts off, linked apart from the inlined page styles (see the file).
        'no-script': 'renderer/shell/no-script.css',
      },
      // Keeps App's export, and with it the layout and its styles, which nothing in the browser imports.
      preserveEntrySignatures: 'exports-only',
      // Rolldown's note that plugin callbacks took most of the build time measures the machine's load at that moment
      // (it comes and goes between identical builds), not something in the code to fix; profile with --cpu-prof instead.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            {
              // The shell script and the small modules it shares with the islands (the scroll lock, the preview
              // pass): one file, so a static page asks for one script instead of a chain of five.
              name: 'shell',
              priority: 4,
              test: /[\\/]renderer[\\/]shell[\\/][^/\\]+\.ts$|[\\/]renderer[\\/]lib[\\/](preview-pass|scroll-lock)\.ts$/,
            },
            {
              // The islands loader's own parts, kept out of the groups below: a group also takes in what its modules
              // import, and the loader must not import a chunk that imports React.
              name: 'islands-loader',
              priority: 3,
              test: /[\\/]renderer[\\/]lib[\\/](chunk-cache|with-timeout|dialogs)\.ts$|[\\/]renderer[\\/]islands[\\/](contract|defer)\.ts$|preload-helper/,
            },
            {
              // React and react-dom in one chunk: the first island a page hydrates fetches it, no other script needs it.
              name: 'framework',
              priority: 2,
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
