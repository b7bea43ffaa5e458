/**
 * Copies of the build for `npm run audit -- --control`. Each is served by a second `npm run serve` on its own port,
 * so control pages travel exactly as the site's do (same server, HTTPS + HTTP/2, precompressed), and only the
 * scripts differ:
 *  - "no scripts": every page without its scripts and script preloads, the document's own cost;
 *  - "React only": the same, plus one module script of React and react-dom rendering one component
 *    (scripts/lib/react-only.tsx), the cost of having React at all.
 * (Serving the stripped page through the browser's request interception instead, as this once did, changes how
 * the document arrives and so what it costs: it is not a fair comparison.)
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { filesUnder } from './build-info.ts';
import { compressFile } from './deploy-files.ts';

export type ControlKind = 'no scripts' | 'React only';
export const CONTROL_KINDS: ControlKind[] = ['no scripts', 'React only'];
export const REACT_ONLY_SRC = '/assets/react-only.js';
/** A kind's name in file names: "no-scripts", "react-only". */
export const controlSlug = (kind: ControlKind) => kind.replace(/\W+/g, '-').toLowerCase();

/** A prerendered page without its scripts and script preloads: the page as it paints, never hydrated. */
export function withoutScripts(html: string): string {
  return html.replace(/<script\b[\s\S]*?<\/script>/g, '').replace(/<link rel="modulepreload"[^>]*>/g, '');
}

/** The page with one module script added at the end of its head, fetched at low priority as the site's entry is. */
export function withModuleScript(html: string, src: string): string {
  const tag = `<script type="module" src="${src}" fetchpriority="low"></script>`;
  if (!html.includes('</head>')) throw new Error('page has no </head> to add the control script to');
  return html.replace('</head>', `${tag}</head>`);
}

/** React and react-dom bundled for production, minified, as one ES module. */
async function reactOnlyBundle(root: string): Promise<string> {
  const out = await build({
    entryPoints: [join(root, 'scripts/lib/react-only.tsx')],
    bundle: true,
    minify: true,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

/** Writes a control copy of `distDir` into a new temporary folder and returns its path. */
export async function controlBuild(root: string, distDir: string, kind: ControlKind): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `sitewright-control-${controlSlug(kind)}-`));
  cpSync(distDir, dir, { recursive: true });
  const changed = filesUnder(dir).filter((p) => p.endsWith('.html'));
  for (const file of changed) {
    const page = withoutScripts(readFileSync(file, 'utf8'));
    writeFileSync(file, kind === 'React only' ? withModuleScript(page, REACT_ONLY_SRC) : page);
  }
  if (kind === 'React only') {
    writeFileSync(join(dir, REACT_ONLY_SRC), await reactOnlyBundle(root));
    changed.push(join(dir, REACT_ONLY_SRC));
  }
  // The copied .gz/.br beside these files hold the old contents: compress them again, as the build does.
  changed.forEach(compressFile);
  return dir;
}
