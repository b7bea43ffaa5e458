/**
 * npm run build: validate → client bundle → server bundle → prerendered HTML for every route,
 * 404.html, _redirects, _headers, sitemap.xml and robots.txt in dist/.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { loadProject } from './lib/project.ts';
import { printDiagnostics } from './lib/report.ts';
import { CLIENT_ENTRY, NOT_FOUND_MODULE, collectAssets, inlineScriptHashes, renderDocument, type Manifest } from './lib/html.ts';
import { contentSecurityPolicy, headersFile, outputPath, precompress, redirectsFile, robots, securityHeaders, sitemap } from './lib/deploy-files.ts';
import { blockFolder } from './lib/blocks.ts';
import { visiblePages } from './lib/config/visible-pages.ts';
import type { RenderResult } from '../renderer/entry-server.tsx';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// SITEWRIGHT_OUT_DIR lets several builds (e.g. parallel test runs) live side by side.
const outName = process.env.SITEWRIGHT_OUT_DIR ?? 'dist';
const dist = join(root, outName);
const ssrOut = join(root, 'node_modules', `.sitewright-ssr-${outName.replace(/[^\w-]/g, '_')}`);
const started = performance.now();

// SITEWRIGHT_CONFIG_DIR builds another copy of the content; the Vite plugin reads the same variable, so both agree.
const { project, diagnostics, sources } = loadProject(root, process.env, { configDir: process.env.SITEWRIGHT_CONFIG_DIR });
if (!project) {
  printDiagnostics(diagnostics, 'pretty', root, 0, sources);
  process.exit(1);
}

// Vite bundles vite.config.ts itself (the default loader); its notice about the future "native" loader, which needs
// Node's own TypeScript support (Node >= 22.6), is about a Vite major we cannot run on Node 20, not about this build.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

// Both bundles must agree on build-time values (see scripts/lib/build-info.ts).
process.env.SITEWRIGHT_BUILD_TIME ??= new Date().toISOString();

await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: dist } });
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  publicDir: false,
  build: { ssr: 'renderer/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, rolldownOptions: { input: 'renderer/entry-server.tsx' } },
});

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
const server = (await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href)) as { render: (url: string) => Promise<RenderResult> };

// Indexed once: a lookup per page must not scan the manifest, or prerender cost grows with the square of the page count.
const pageChunks = new Map(
  Object.keys(manifest).flatMap((k) => {
    const m = /virtual:sitewright\/page\/(.+)$/.exec(k);
    return m ? [[m[1], k] as const] : [];
  }),
);
const pageChunkKey = (slug: string) => pageChunks.get(slug);
const blockKey = (type: string) => `blocks/${blockFolder(type)}/index.tsx`;

const INLINE_CSS_LIMIT = 60_000;
// The entry and its own imports (react-dom and the router: most of the bytes) are not preloaded; the entry's
// script tag asks for them. Preloaded, they were fetched and compiled while the first screen was still being laid
// out and painted: on a phone that pushed the largest paint back by about 0.4 s and added to the blocking time
// (measured, see docs/decisions.md). The page's and first block's chunks stay preloaded: hydration needs them.
const entryImports = new Set(collectAssets(manifest, [CLIENT_ENTRY]).js);
const entryFile = manifest[CLIENT_ENTRY].file;
if (!manifest[NOT_FOUND_MODULE])
  throw new Error(
    `${NOT_FOUND_MODULE} is not a chunk of its own: renderer/lib/not-found-screen.tsx must import it dynamically (and NOT_FOUND_MODULE in scripts/lib/html.ts name it)`,
  );
const pages = visiblePages(project);
const written: { route: string; html: string; index: boolean }[] = [];

async function prerender(url: string, route: string | null, file: string) {
  const r = await server.render(url);
  const pageKeys = [CLIENT_ENTRY, ...(r.slug ? [pageChunkKey(r.slug) ?? ''] : []), ...(r.notFoundScreen ? [NOT_FOUND_MODULE] : [])].filter(Boolean);
  // Every block's styles are on the page from the start, but only the first block's code is preloaded: the
  // browser decides which other blocks are on the first screen and fetches them (renderer/lib/deferred-blocks.ts).
  const assets = collectAssets(manifest, [...pageKeys, ...r.blockTypes.map(blockKey)].filter(Boolean));
  const preloaded = collectAssets(manifest, [...pageKeys, ...r.blockTypes.slice(0, 1).map(blockKey)].filter(Boolean));
  // A page's CSS is a few KB: inlining it saves a round trip before first paint on a slow phone.
  const cssText = assets.css.map((c) => readFileSync(join(dist, c), 'utf8')).join('\n');
  const inline = cssText.length <= INLINE_CSS_LIMIT;
  const html = renderDocument({
    lang: 'en',
    title: r.title,
    description: r.description,
    canonical: `${project!.site.url}${route && !route.includes(':') ? route : ''}`,
    siteName: project!.site.name,
    index: r.index,
    entry: entryFile,
    preload: preloaded.js.filter((f) => !entryImports.has(f)),
    css: inline ? [] : assets.css,
    inlineCss: inline ? cssText : undefined,
    inlinedFiles: inline ? assets.css : [],
    preloadImages: route === null ? ['/images/not-found.svg'] : [],
    body: r.html,
  });
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), html);
  written.push({ route: route ?? '404', html, index: r.index });
}

const prerenderStarted = performance.now();
for (const p of pages) {
  const route = p.config.route;
  // A parameter route is prerendered once with a placeholder value; the CDN rewrites every value to it.
  const url = route.replace(/:([a-zA-Z]+)/g, '_$1');
  await prerender(url, route, outputPath(route));
}
await prerender('/__sitewright_not_found__', null, '404.html');
const prerenderMs = performance.now() - prerenderStarted;

const paramRoutes = pages.map((p) => p.config.route).filter((r) => r.includes(':'));
const indexed = pages.filter((p) => p.config.sitemap !== false && !p.config.route.includes(':')).map((p) => p.config.route);
const notIndexed = pages.filter((p) => !indexed.includes(p.config.route) && !p.config.route.includes(':')).map((p) => p.config.route);
const csp = contentSecurityPolicy(project, inlineScriptHashes(written.map((w) => w.html)));
writeFileSync(join(dist, '_headers'), headersFile(securityHeaders(csp)));
writeFileSync(join(dist, '_redirects'), redirectsFile(project, paramRoutes));
writeFileSync(join(dist, 'sitemap.xml'), sitemap(project.site.url, indexed));
writeFileSync(join(dist, 'robots.txt'), robots(project.site.url, notIndexed));
rmSync(ssrOut, { recursive: true, force: true });

// Precompressed copies: `npm run serve` (like most CDNs) sends them to browsers that accept them.
precompress(dist);

if (process.env.SITEWRIGHT_BENCH) {
  // Read by scripts/bench.ts.
  console.log(`BENCH ${JSON.stringify({ pages: written.length, prerenderMs, maxRssMb: process.resourceUsage().maxRSS / 1024 })}`);
}
console.log(`✓ built ${written.length} HTML files (${pages.length} routes + 404.html) in ${((performance.now() - started) / 1000).toFixed(1)} s → ${outName}/`);
