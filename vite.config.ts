/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { sitewright } from './scripts/lib/vite/plugin.ts';
import { cssModuleClassName } from './scripts/lib/vite/css-names.ts';

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
  // Short class names in what ships (see the function); the dev server keeps Vite's own, with line numbers.
  css: command === 'build' ? { modules: { generateScopedName: (local: string, file: string) => cssModuleClassName(root, local, file) } } : {},
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      // The island runtime, which the islands loader imports by its address when an island wakes (the shell script and
      // the loader are bundled apart: scripts/lib/page-scripts.ts).
      // App.tsx is never loaded in the browser: as an input it carries the layout's styles, which pages inline.
      input: {
        islands: 'renderer/islands/runtime.tsx',
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
              // React and react-dom in one chunk: the first island a page hydrates fetches it, no other script needs it.
              name: 'framework',
              priority: 2,
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            {
              // What every island renders inside (providers, boundary, the small UI parts most blocks use), in one
              // chunk rather than a request each, fetched beside the runtime.
              name: 'island-runtime',
              priority: 1,
              test: /[\\/]renderer[\\/](Blocks|BlockBoundary)\.tsx$|[\\/]renderer[\\/]islands[\\/]IslandRoot\.tsx$|[\\/]renderer[\\/]ui[\\/](SectionHead|ActionButtons|Button|SmartLink|Spinner|Icon)\.tsx$|[\\/]renderer[\\/]ui[\\/]ui\.module\.css|[\\/]renderer[\\/]screens[\\/](ChunkFailed|AppError)\.tsx$|[\\/]renderer[\\/]lib[\\/](site-context|route-params|route-match|dialog-targets|blocks|href)\.tsx?$|virtual:sitewright\/config|[\\/]blocks[\\/]registry\.ts$/,
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
