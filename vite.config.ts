/// <reference types="vitest/config" />
import { defineConfig, isFileLoadingAllowed, normalizePath, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sitewright } from './scripts/lib/vite/plugin.ts';
import { cssModuleClassName } from './scripts/lib/vite/css-names.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The folders whose files the dev server may send: what the pages' modules import (npm run edit adds editor/ and
 * schemas/). Anything else under the root answers 404, site.config/ included: its content reaches the browser only
 * through the checked virtual modules (without hidden pages), and its assets/ is the public folder, served apart.
 */
export const SERVED_FOLDERS = ['renderer', 'blocks', 'node_modules'];

/**
 * Names under the root (a final * matches the rest of a name) that Vite must never read for the browser, even when a
 * served module imports them: the lead database, the repository, secrets, the lead service, the Node-side scripts,
 * tests and builds.
 */
export const NEVER_SERVED = [
  '.data',
  '.git',
  '.env*',
  '.npmrc',
  'server',
  'scripts',
  'bench',
  'tests',
  'docs',
  'dist*',
  'coverage',
  'test-results',
  'playwright-report',
  'reports',
  'screenshots',
  'node_modules/.bin',
  'node_modules/.package-lock.json',
];

/** Vite's own server.fs.deny, which a deny list of ours replaces: secrets anywhere in the tree. */
const VITE_DENY = ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**'];

const globEscape = (s: string) => s.replace(/[\\*?[\]{}()!+@]/g, '\\$&');

/**
 * server.fs for the dev server: strict, the allow list above, and NEVER_SERVED as globs. Vite matches deny globs
 * against absolute paths (a pattern without "/" anywhere in the tree), so ours are anchored at the root.
 */
export function serverFs(rootDir: string): { strict: true; allow: string[]; deny: string[] } {
  const base = globEscape(normalizePath(rootDir).replace(/\/$/, ''));
  return {
    strict: true,
    allow: SERVED_FOLDERS.map((f) => posix.join(normalizePath(rootDir), f)),
    // '.env*' without a "/": Vite refuses it at any depth.
    deny: [...VITE_DENY, '.env*', ...NEVER_SERVED.flatMap((n) => [`${base}/${n}`, `${base}/${n}/**`])],
  };
}

const nameRe = (name: string) => new RegExp(`^${name.replace(/[.+?^$(){}|[\]\\]/g, '\\$&').replace(/\*$/, '[^/]*')}(/|$)`, 'i');
/** The dot names of NEVER_SERVED: refused by name, existing or not. The others could also be a page's route ("/docs"). */
const hiddenRe = NEVER_SERVED.filter((n) => n.startsWith('.')).map(nameRe);

/** Whether a path relative to the root lies in (or is) one of NEVER_SERVED's dot names. Case-blind, as some disks are. */
export function isHidden(rel: string): boolean {
  return hiddenRe.some((re) => re.test(rel));
}

/**
 * The files a request could name, as Vite may read it: under the root, as an absolute path, after /@fs/ and after
 * /@id/. The path is decoded until it stops changing (so %2e, %2f and double encodings cannot hide a name), and `.`,
 * `..` and `//` are resolved. null when it cannot be decoded (or holds NUL): refused.
 */
export function requestedFiles(url: string, rootDir: string): string[] | null {
  let path = url.split(/[?#]/)[0];
  for (let i = 0; path.includes('%'); i++) {
    if (i === 4) return null;
    try {
      path = decodeURIComponent(path);
    } catch {
      return null;
    }
  }
  if (path.includes('\0')) return null;
  // A trailing slash names the same file to some of Vite's middlewares ("/package.json/").
  const clean = posix.normalize(`/${path.replace(/\\/g, '/')}`).replace(/(.)\/+$/, '$1');
  const files = [posix.join(normalizePath(rootDir), clean), clean];
  if (clean.startsWith('/@fs/')) files.push(clean.slice('/@fs'.length));
  if (clean.startsWith('/@id/')) files.push(...(requestedFiles(clean.slice('/@id'.length), rootDir) ?? []));
  return files;
}

const isFile = (file: string) => statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;

/**
 * Whether a request is refused (404): it names a file `loadable` refuses (a link is judged by its target too), or a
 * path in one of the hidden folders. A route that is no file ("/owner") goes on to the pages.
 */
export function isRefused(url: string, rootDir: string, loadable: (file: string) => boolean): boolean {
  const files = requestedFiles(url, rootDir);
  if (files === null) return true;
  const base = normalizePath(rootDir).replace(/\/$/, '');
  return files.some((file) => {
    const rel = posix.relative(base, file);
    if (!rel.startsWith('..') && isHidden(rel)) return true;
    if (!isFile(file)) return false;
    try {
      return !loadable(file) || !loadable(normalizePath(realpathSync(file)));
    } catch {
      return true;
    }
  });
}

/** A page on another site must not frame these pages (it could lead a person to click the editor's Save or Delete). */
export const FRAME_HEADERS = { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "frame-ancestors 'self'" };

/** A Content-Security-Policy with frame-ancestors 'self' added unless it has its own (Vite's 404 sets default-src 'none'). */
export function withFrameAncestors(policy: string | number | string[] | undefined): string {
  const text = (Array.isArray(policy) ? policy.join('; ') : String(policy ?? '')).trim().replace(/;\s*$/, '');
  if (/(^|;)\s*frame-ancestors\s/i.test(text)) return text;
  return text ? `${text}; frame-ancestors 'self'` : "frame-ancestors 'self'";
}

/** Puts the framing headers on this response however it is written: set first, and merged again when the head goes out. */
export function forbidFraming(res: ServerResponse): void {
  for (const [name, value] of Object.entries(FRAME_HEADERS)) res.setHeader(name, value);
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      this.setHeader('Content-Security-Policy', withFrameAncestors(this.getHeader('content-security-policy')));
      if (!this.hasHeader('x-frame-options')) this.setHeader('X-Frame-Options', FRAME_HEADERS['X-Frame-Options']);
    }
    // Headers given to writeHead itself win over the ones set before: a policy among them gets frame-ancestors too.
    for (const headers of args) {
      if (Array.isArray(headers)) {
        for (let i = 0; i + 1 < headers.length; i += 2)
          if (String(headers[i]).toLowerCase() === 'content-security-policy') headers[i + 1] = withFrameAncestors(headers[i + 1] as string);
      } else if (headers && typeof headers === 'object') {
        const record = headers as Record<string, string | number | string[] | undefined>;
        for (const key of Object.keys(record)) if (key.toLowerCase() === 'content-security-policy') record[key] = withFrameAncestors(record[key]);
      }
    }
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
}

/**
 * The dev server and the editor are local tools: every response forbids framing by other sites, and a request for a
 * file outside SERVED_FOLDERS (the lead database, the source, the repository) gets 404 before any of Vite's own
 * middlewares can send it. Vite's server.fs (serverFs) refuses the same files to its transforms and /@fs/.
 */
export function localOnly(): Plugin {
  return {
    name: 'sitewright-local-only',
    apply: 'serve',
    enforce: 'pre',
    configureServer(server) {
      const { config } = server;
      server.middlewares.use((req, res, next) => {
        forbidFraming(res);
        if (!isRefused(req.url ?? '/', config.root, (file) => isFileLoadingAllowed(config, file))) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.setHeader('Cache-Control', 'no-store');
        res.end('Not found: the dev server only serves the pages and the files they load.');
      });
    },
  };
}

/** Where the unit tests are (tests/ holds the end-to-end suites, which Playwright runs). */
const UNIT_TESTS = [
  'blocks/**/*.test.{ts,tsx}',
  'renderer/**/*.test.{ts,tsx}',
  'scripts/**/*.test.{ts,tsx}',
  'bench/**/*.test.{ts,tsx}',
  'server/**/*.test.ts',
  'editor/**/*.test.{ts,tsx}',
];

/** The .ts tests that use a DOM (document, window, storage, dialogs), found by running every test without one. */
const DOM_TESTS = [
  'editor/draft.test.ts',
  'editor/store.test.ts',
  'renderer/islands/defer.test.ts',
  'renderer/islands/early.test.ts',
  'renderer/islands/fill.test.ts',
  'renderer/islands/inlined-styles.test.ts',
  'renderer/lib/dialogs.test.ts',
  'renderer/shell/later-styles.test.ts',
  'renderer/shell/shell.test.ts',
  'renderer/shell/visit.test.ts',
];

/**
 * What makes a test file need a module graph of its own: it replaces a module (vi.mock), a global, the environment or
 * the clock, or writes process.env. Every other file shares its worker's modules with the files run before it, which
 * spares each file a fresh import of everything it uses (and the DOM tests a fresh jsdom).
 */
const OWN_MODULES =
  /\bvi\.(mock|doMock|unmock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\])\s*(=[^=]|\?\?=)|delete process\.env|(globalThis|window)\.\w+\s*=[^=]/;

/** The unit-test files (as UNIT_TESTS finds them) that need their own module graph, relative to `rootDir`. */
export function ownModuleTests(rootDir: string): string[] {
  return [...new Set(UNIT_TESTS.map((glob) => glob.split('/')[0]))]
    .flatMap((dir) => readdirSync(posix.join(rootDir, dir), { recursive: true, encoding: 'utf8' }).map((f) => posix.join(dir, f.replace(/\\/g, '/'))))
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes('node_modules/') && OWN_MODULES.test(readFileSync(posix.join(rootDir, f), 'utf8')))
    .sort();
}

const isDomTest = (file: string) => file.endsWith('.tsx') || DOM_TESTS.includes(file);

export default defineConfig(async ({ command, mode }): Promise<UserConfig> => {
  const own = mode === 'test' ? ownModuleTests(root) : [];
  // Only the tests need vitest's sequencer; a build does not load it.
  const sequencer = mode === 'test' ? (await import('./scripts/lib/unit-sequencer.ts')).SlowWorkFirstSequencer : undefined;
  return {
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
    plugins: [localOnly(), react(), sitewright({ root })],
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
          // The site's blocks, handed to the runtime by the loader: the renderer takes its registry as an argument.
          registry: 'blocks/registry.ts',
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
    // Vitest runs the tests (in scripts/, server/, tests/) through a server made from this file, in mode "test": what a
    // browser may fetch does not apply to it.
    server: { port: 5173, host: '127.0.0.1', fs: mode === 'test' ? undefined : serverFs(root) },
    test: {
      setupFiles: ['tests/setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      // Vitest's default is one worker fewer than the cores, one on a 2-core machine, where most of the slowest files
      // wait on child processes and databases rather than on the CPU: two keep both cores busy (each file still has its
      // own temporary directory, port and database, so none depends on another's).
      maxWorkers: 2,
      // A fresh clone has no timings: the files doing slow work start first (see the file).
      ...(sequencer ? { sequence: { sequencer } } : {}),
      // Most tests need no DOM, and jsdom's window costs every file that gets one: they run in plain Node. Component
      // tests (.tsx) and the DOM_TESTS below get jsdom. A file's own `// @vitest-environment` line overrides both.
      // Only the projects name files: `extends: true` adds a project's include to the root's, which ran every file twice.
      // The files that need their own module graph run isolated (each in a new one, as is vitest's default); the rest
      // share one per worker (isolate: false).
      projects: [
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            isolate: false,
            include: ['{blocks,renderer,scripts,bench,editor}/**/*.test.tsx', ...DOM_TESTS],
            exclude: ['**/node_modules/**', ...own],
          },
        },
        {
          extends: true,
          test: {
            name: 'node',
            environment: 'node',
            isolate: false,
            include: UNIT_TESTS,
            exclude: ['**/node_modules/**', '**/*.test.tsx', ...DOM_TESTS, ...own],
          },
        },
        { extends: true, test: { name: 'dom-own', environment: 'jsdom', include: own.filter(isDomTest) } },
        { extends: true, test: { name: 'node-own', environment: 'node', include: own.filter((f) => !isDomTest(f)) } },
      ],
    },
  };
});
