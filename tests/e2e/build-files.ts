import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The build under test (SITEWRIGHT_DIST lets parallel runs use their own). */
export const DIST = join(process.cwd(), process.env.SITEWRIGHT_DIST ?? 'dist');
/** Issue 6: JavaScript loaded before interaction on a content route, gzip (KB of 1,024 bytes, as the audit prints). */
export const JS_BUDGET = 100 * 1024;

export type ManifestChunk = { file: string; src?: string; imports?: string[]; dynamicImports?: string[] };
/** Vite's build manifest: which output file each source module ended up in. */
export const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

export const gzipSize = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** The code of a page's inline scripts (the shell, and the islands loader on pages with islands), in page order. */
export const inlineScriptsOf = (html: string) => [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => m[1]);

/** gzip -9 size of a piece of text, as the files above are measured. */
export const gzipTextSize = (text: string) => gzipSync(text, { level: 9 }).length;

/** The prerendered HTML of a route as the build wrote it. */
export const htmlOf = (route: string) =>
  readFileSync(join(DIST, route === '/no-such-page' ? '404.html' : route === '/' ? 'index.html' : `${route.slice(1)}/index.html`), 'utf8');
