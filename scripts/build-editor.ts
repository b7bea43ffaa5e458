/**
 * The editor's production build (dist-editor/), which the back office serves at /admin/pages/: its page, the page
 * preview and the form preview, bundled once with the project's own vite.config.ts (its sitewright plugin gives the
 * preview the blocks and styles the site uses), so nothing is bundled per request. npm run build runs it after the
 * site; npm start runs it when dist-editor/ is missing or older than the editor's sources.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { checkoutCopiesDir, compressedCopies } from './lib/compressed-copies.ts';

/** Where the back office serves the build: every URL in it starts here. */
export const EDITOR_BASE = '/admin/pages/';

/** The build's pages, relative to the project root (dist-editor/ keeps the same paths). */
export const EDITOR_PAGES = ['editor/index.html', 'editor/preview.html', 'editor/form-preview.html'];

/**
 * The inputs replace the site's (islands, app, no-script) instead of joining them, as Vite's config merge would:
 * set on the merged config, after vite.config.ts. The site's chunk groups are for its islands and are dropped too.
 */
function editorInputs(root: string): Plugin {
  return {
    name: 'sitewright-editor-inputs',
    enforce: 'post',
    config(config) {
      const rolldown = (config.build ??= {}).rolldownOptions ?? {};
      config.build.rolldownOptions = {
        ...rolldown,
        input: Object.fromEntries(EDITOR_PAGES.map((p) => [p.replace(/^editor\/|\.html$/g, ''), join(root, p)])),
        output: {},
      };
    },
  };
}

export async function buildEditor(root: string, outDir = join(root, 'dist-editor')): Promise<void> {
  process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    base: EDITOR_BASE,
    logLevel: 'warn',
    // The preview's pictures come from the site itself (its own URLs); nothing is copied.
    publicDir: false,
    plugins: [editorInputs(root)],
    build: { outDir, emptyOutDir: true, manifest: false },
  });
  // Brotli and gzip copies beside each file, which the back office sends to browsers that accept them (as the site's
  // build does for its server), reused from the checkout's cache when a file is unchanged.
  await compressedCopies(checkoutCopiesDir(root)).precompress(outDir);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

/** Bytes of the build's scripts and styles, as sent (gzip). */
export function editorBytes(outDir: string): { js: number; css: number } {
  let js = 0;
  let css = 0;
  for (const f of files(outDir)) {
    if (f.endsWith('.js')) js += gzipSync(readFileSync(f)).length;
    else if (f.endsWith('.css')) css += gzipSync(readFileSync(f)).length;
  }
  return { js, css };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const outDir = join(root, process.env.SITEWRIGHT_EDITOR_DIST ?? 'dist-editor');
  const started = performance.now();
  await buildEditor(root, outDir);
  const { js, css } = editorBytes(outDir);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
  console.log(
    `✓ editor built into ${outDir.slice(root.length + 1)}/ in ${((performance.now() - started) / 1000).toFixed(1)} s (JS ${kb(js)}, CSS ${kb(css)} gzip)`,
  );
}
