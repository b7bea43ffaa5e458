/**
 * npm run build: validate → client bundle → server bundle → prerendered HTML for every route,
 * 404.html, _redirects, _headers, sitemap.xml and robots.txt in dist/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { loadProject } from './lib/project.ts';
import { printDiagnostics } from './lib/report.ts';
import { APP_STYLES, BLOCK_REGISTRY, NO_SCRIPT_STYLES, ISLANDS_RUNTIME, collectAssets, inlineScriptHashes, renderDocument, type Manifest } from './lib/html.ts';
import { blockScriptFolders, buildPageScripts, islandsStart } from './lib/page-scripts.ts';
import { ACCORDION_ATTR, DISCLOSURE_ATTR, ISLAND_ATTRIBUTE } from '../renderer/shell/markup.ts';
import { DIALOG_ATTRIBUTE } from '../renderer/islands/contract.ts';
import { CONSENT_BANNER_ATTR, asksConsent } from '../renderer/consent/markup.ts';
import { blockRegistry } from '../blocks/registry.ts';
import { FIRST_ROUND_TRIP_BYTES, classesIn, laterStyleCandidates, sheetsTheMarkupCannotUse, withoutUnusedRules } from './lib/page-css.ts';
import {
  SPECULATION_RULES_PATH,
  speculationRules,
  contentSecurityPolicy,
  headersFile,
  outputPath,
  routeClashes,
  redirectsFile,
  robots,
  securityHeaders,
  sitemap,
} from './lib/deploy-files.ts';
import { blockFolder } from './lib/blocks.ts';
import { visiblePages } from './lib/config/visible-pages.ts';
import { ssrBundleDir } from './lib/answer-pages.ts';
import { SERVER_ENTRIES, hydrateAtLoad, importServerBundle } from './lib/server-bundle.ts';
import { buildPictures, PictureError } from './lib/images/pipeline.ts';
import { pictureUses } from './lib/images/uses.ts';
import { optimiseSvgCopies } from './lib/images/svg.ts';
import { checkoutCopiesDir, compressedCopies } from './lib/compressed-copies.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// SITEWRIGHT_OUT_DIR lets several builds (e.g. parallel test runs) live side by side; an absolute path builds
// outside the project (publishing builds each version into a folder of its own).
const outName = process.env.SITEWRIGHT_OUT_DIR ?? 'dist';
const dist = resolve(root, outName);
// Kept after the build: npm run serve renders the lead service's answers to forms posted without JavaScript with it.
const ssrOut = ssrBundleDir(root, dist);
const started = performance.now();
// Brotli copies kept by content, like the pictures: what an earlier build on this checkout compressed is reused.
const copies = compressedCopies(checkoutCopiesDir(root));

// SITEWRIGHT_CONFIG_DIR builds another copy of the content; the Vite plugin reads the same variable, so both agree.
const { project, diagnostics, sources } = loadProject(root, process.env, { configDir: process.env.SITEWRIGHT_CONFIG_DIR });
if (!project) {
  printDiagnostics(diagnostics, 'pretty', root, 0, sources);
  process.exit(1);
}
// Checked before anything is built: a second page written over the first would ship without a word.
const clashes = routeClashes(project.pages.map((p) => p.config.route));
if (clashes.length > 0) {
  for (const c of clashes) console.error(`✗ ${c}`);
  process.exit(1);
}

// Vite bundles vite.config.ts itself (the default loader); its notice about the future "native" loader, which needs
// Node's own TypeScript support (Node >= 22.6), is about a Vite major we cannot run on Node 20, not about this build.
process.env.VITE_CONFIG_NATIVE_IGNORE_WARNING ??= 'true';

// Both bundles must agree on build-time values (see scripts/lib/build-info.ts).
process.env.SITEWRIGHT_BUILD_TIME ??= new Date().toISOString();

// Raster pictures in the sizes and formats pages show them, before the bundles: both read the manifest (through the
// Vite plugin's virtual:sitewright/images), so the prerendered markup and the islands that hydrate it agree.
const assetsDir = join(project.configDir, 'assets');
const pictures = await buildPictures(assetsDir, pictureUses(project), join(root, 'node_modules/.cache/sitewright/pictures')).catch((e: unknown) => {
  if (!(e instanceof PictureError)) throw e;
  console.error(`✗ ${e.message}`);
  process.exit(1);
});
const picturesDir = mkdtempSync(join(tmpdir(), 'sitewright-pictures-'));
process.env.SITEWRIGHT_IMAGE_MANIFEST = join(picturesDir, 'manifest.json');
writeFileSync(process.env.SITEWRIGHT_IMAGE_MANIFEST, JSON.stringify(pictures.manifest));

// The pictures and files copied as they are come from the config folder being built, not always the repository's.
await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', publicDir: assetsDir, build: { outDir: dist } });
// After the client build, which empties the output folder and copies site.config/assets/ into it.
for (const [file, bytes] of pictures.files) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), bytes);
}
await optimiseSvgCopies(assetsDir, dist, copies.brotli);
await build({
  root,
  configFile: join(root, 'vite.config.ts'),
  logLevel: 'warn',
  publicDir: false,
  build: { ssr: true, outDir: ssrOut, emptyOutDir: true, manifest: false, rolldownOptions: { input: SERVER_ENTRIES } },
});

rmSync(picturesDir, { recursive: true, force: true });

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
// SITEWRIGHT_HYDRATE_AT_LOAD=1 makes the control build of `npm run bench -- --interactions`: every island at load.
const atLoad = process.env.SITEWRIGHT_HYDRATE_AT_LOAD === '1';
const registry = atLoad ? hydrateAtLoad(blockRegistry) : blockRegistry;
const server = await importServerBundle(ssrOut, atLoad ? hydrateAtLoad : undefined);

/** The not-found screen, which the app imports lazily (renderer/lib/not-found-screen.tsx). */
const NOT_FOUND_SCREEN = 'renderer/screens/NotFound.tsx';
const blockKey = (type: string) => `blocks/${blockFolder(type)}/index.tsx`;
const BLOCK_KEY = /^blocks\/[^/]+\/index\.tsx$/;

const INLINE_CSS_LIMIT = 60_000;
for (const key of [ISLANDS_RUNTIME, BLOCK_REGISTRY, APP_STYLES, NO_SCRIPT_STYLES]) {
  if (!manifest[key]) throw new Error(`${key} is not a chunk of its own in the client build: check the inputs in vite.config.ts and the dynamic imports`);
}
const noScriptCss = manifest[NO_SCRIPT_STYLES].file;
// The loader asks for the runtime and, beside it, everything the runtime imports, so they arrive together.
const [runtimeFile, ...runtimeImports] = collectAssets(manifest, [ISLANDS_RUNTIME]).js;
const [registryFile, ...registryImports] = collectAssets(manifest, [BLOCK_REGISTRY]).js;
const runtimeFiles = new Set([runtimeFile, registryFile, ...runtimeImports, ...registryImports]);
/** A module's script files and the ones they import, beyond the runtime's: what the page fetches whole before importing it. */
const filesBeyondRuntime = (key: string) =>
  collectAssets(manifest, [key])
    .js.filter((f) => !runtimeFiles.has(f))
    .map((f) => `/${f}`);
/** Each island type's files. */
const islandFiles = (): Record<string, string[]> =>
  Object.fromEntries(registry.filter((b) => b.hydrate !== undefined && manifest[blockKey(b.type)]).map((b) => [b.type, filesBeyondRuntime(blockKey(b.type))]));
/**
 * The files of each module the site's code imports lazily, by its path (renderer/lib/chunk-cache.ts names it so): every
 * dynamic entry of the build but the blocks (above) and the pages (the dev server's).
 */
const lazyFiles = (): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isDynamicEntry && !BLOCK_KEY.test(key) && !key.startsWith('node_modules/') && !key.startsWith('virtual:sitewright/page/'))
      .map(([key]) => [key, filesBeyondRuntime(key)]),
  );
// The consent script exists only in builds with an analytics or chat id: pages ask for it where the banner is.
const pageScripts = await buildPageScripts(
  root,
  dist,
  {
    url: `/${runtimeFile}`,
    registry: `/${registryFile}`,
    preload: [...new Set([...runtimeImports, ...registryImports])].filter((f) => f !== runtimeFile).map((f) => `/${f}`),
    blocks: islandFiles(),
    lazy: lazyFiles(),
  },
  { consent: asksConsent(project.site) },
);
const pages = visiblePages(project);

/** Writes the page at `url` to `file`. Pages are rendered side by side: one's brotli size is measured off the main thread while the next renders. */
async function prerender(url: string, route: string | null, file: string): Promise<{ route: string; html: string; index: boolean }> {
  const r = await server.render(url);
  // Every block's styles are on the page, static or not; the layout's and the screens' (not-found too) come with the app's.
  const styleKeys = [APP_STYLES, ...r.blockTypes.map(blockKey)];
  // Blocks are listed by the page itself; everything else a block imports lazily may be in its prerendered markup.
  // The not-found screen's styles only where it shows (the not-found page, a page behind the gate): on every
  // other page they would be bytes in the first round trip for nothing.
  const assets = collectAssets(manifest, styleKeys, (key) => !BLOCK_KEY.test(key) && (r.notFoundScreen || key !== NOT_FOUND_SCREEN));
  // A page's CSS is a few KB: inlining it saves a round trip before first paint on a slow phone. A static block's
  // own styles lose the rules its markup here cannot use (its other variants); an island's and shared ones stay whole.
  const hydrationOfType = (type: string) => registry.find((b) => b.type === type)?.hydrate;
  const isIsland = (type: string) => hydrationOfType(type) !== undefined;
  // What an island may load is kept whole, even where a static block shares it (its code may add any class).
  const islandCss = new Set(collectAssets(manifest, r.blockTypes.filter(isIsland).map(blockKey), (key) => !BLOCK_KEY.test(key)).css);
  const ownCss = (type: string) => manifest[blockKey(type)]?.css ?? [];
  const prunable = new Set(r.blockTypes.filter((t) => !isIsland(t)).flatMap(ownCss));
  const classes = classesIn(`${r.html}${r.gatedHtml ?? ''}`);
  const styles = new Map(
    assets.css.map((c) => {
      const text = readFileSync(join(dist, c), 'utf8');
      return [c, prunable.has(c) && !islandCss.has(c) ? withoutUnusedRules(text, classes, c) : text];
    }),
  );
  const cssText = [...styles.values()].join('\n');
  const inline = cssText.length <= INLINE_CSS_LIMIT;
  const islands = [r.html, r.gatedHtml ?? ''].some((h) => h.includes(`${ISLAND_ATTRIBUTE}=`));
  const dialogs = [r.html, r.gatedHtml ?? ''].some((h) => h.includes(`${DIALOG_ATTRIBUTE}=`));
  const has = (attr: string) => [r.html, r.gatedHtml ?? ''].some((h) => h.includes(`${attr}=`));
  const consentFile = r.html.includes(`${CONSENT_BANNER_ATTR}=`) ? pageScripts.consentFile : undefined;
  const document = async (later: readonly string[]) => {
    const inlined = assets.css.filter((c) => !later.includes(c));
    return renderDocument({
      lang: 'en',
      title: r.title,
      description: r.description,
      canonical: `${project!.site.url}${route && !route.includes(':') ? route : ''}`,
      siteName: project!.site.name,
      index: r.index,
      noScriptCss,
      // The shell asks for the islands loader on a page with islands once it has painted; each island's code is
      // fetched when its trigger fires.
      scripts: [
        await pageScripts.shell({
          islands,
          notFound: r.notFoundScreen,
          gate: r.gatedHtml !== null,
          laterStyles: later.length > 0,
          dialogs,
          accordions: has(ACCORDION_ATTR),
          disclosures: has(DISCLOSURE_ATTR),
          ...islandsStart(r.blockTypes.map((type) => registry.find((b) => b.type === type) ?? {})),
          blockScripts: blockScriptFolders(join(root, 'blocks'), r.blockTypes),
        }),
      ],
      moduleFiles: consentFile ? [consentFile] : [],
      css: inline ? [] : assets.css,
      inlineCss: inline ? inlined.map((c) => styles.get(c)).join('\n') : undefined,
      inlinedFiles: inline ? inlined : [],
      laterCss: [...later],
      preloadImages: r.notFoundScreen ? ['/images/not-found.svg'] : [],
      body: r.html,
      gated: r.gatedHtml === null ? undefined : { title: r.title, body: r.gatedHtml },
    });
  };
  // A page that would not arrive in the first round trip takes the styles of static blocks below the first screen
  // after its first paint, the last block's first, then those its markup cannot use yet (what an island renders
  // once its code runs), until it fits (or nothing is left to move).
  const later: string[] = [];
  let html = await document(later);
  if (inline && (await copies.brotli(html)).length > FIRST_ROUND_TRIP_BYTES) {
    const belowFirstScreen = laterStyleCandidates({ types: r.blockTypes, isIsland, ownCss, keep: islandCss });
    const unusable = sheetsTheMarkupCannotUse(styles, classes).filter((c) => !belowFirstScreen.includes(c));
    for (const c of [...belowFirstScreen, ...unusable]) {
      later.push(c);
      html = await document(later);
      if ((await copies.brotli(html)).length <= FIRST_ROUND_TRIP_BYTES) break;
    }
  }
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), html);
  return { route: route ?? '404', html, index: r.index };
}

const prerenderStarted = performance.now();
const written = await Promise.all([
  ...pages.map((p) => {
    const route = p.config.route;
    // A parameter route is prerendered once with a placeholder value; the CDN rewrites every value to it.
    const url = route.replace(/:([a-zA-Z]+)/g, '_$1');
    return prerender(url, route, outputPath(route));
  }),
  prerender('/__sitewright_not_found__', null, '404.html'),
]);
const prerenderMs = performance.now() - prerenderStarted;

const paramRoutes = pages.map((p) => p.config.route).filter((r) => r.includes(':'));
const indexed = pages.filter((p) => p.config.sitemap !== false && !p.config.route.includes(':')).map((p) => p.config.route);
const notIndexed = pages.filter((p) => !indexed.includes(p.config.route) && !p.config.route.includes(':')).map((p) => p.config.route);
const csp = contentSecurityPolicy(project, inlineScriptHashes(written.map((w) => w.html)));
writeFileSync(join(dist, '_headers'), headersFile(securityHeaders(csp)));
writeFileSync(join(dist, SPECULATION_RULES_PATH), speculationRules());
writeFileSync(join(dist, '_redirects'), redirectsFile(project, paramRoutes));
writeFileSync(join(dist, 'sitemap.xml'), sitemap(project.site.url, indexed));
writeFileSync(join(dist, 'robots.txt'), robots(project.site.url, notIndexed));

// Precompressed copies: `npm run serve` (like most CDNs) sends them to browsers that accept them.
await copies.precompress(dist);

if (process.env.SITEWRIGHT_BENCH) {
  // Read by bench/bench.ts.
  console.log(`BENCH ${JSON.stringify({ pages: written.length, prerenderMs, maxRssMb: process.resourceUsage().maxRSS / 1024 })}`);
}
console.log(`✓ built ${written.length} HTML files (${pages.length} routes + 404.html) in ${((performance.now() - started) / 1000).toFixed(1)} s → ${outName}/`);
