/**
 * The config checker: reads site.config/ (through an optional overlay), validates each file against its schema,
 * then runs the cross-file passes in order. Each pass is a module of this folder with its own tests.
 */
import { join } from 'node:path';
import { blockRegistry } from '../../../blocks/registry.ts';
import type { SiteConfig } from '../../../renderer/generated/config-types.ts';
import { applyEnvOverrides } from '../env.ts';
import { AssetIndex, checkFavicon } from './assets.ts';
import { checkFile, type FileContext } from './check-file.ts';
import { say } from './diagnostics.ts';
import { CONFIG_DIR, ConfigFiles, collectionsOf, shown } from './files.ts';
import { Findings } from './findings.ts';
import { checkTopLevel } from './folders.ts';
import { checkForms } from './forms.ts';
import { checkFragmentCycles, checkFragmentRefs, fragmentsReached, nestedRefs } from './fragments.ts';
import { checkMainHeadings } from './headings.ts';
import { checkIds } from './ids.ts';
import { checkLinks } from './links.ts';
import { loadCollections } from './load.ts';
import type { LoadOptions, LoadResult } from './model.ts';
import { checkRegistry, componentIn } from './registry.ts';
import { listBlocks } from '../blocks.ts';
import { checkHeader, checkPageHeader } from './header.ts';
import { checkConsent } from './consent.ts';
import { checkRoutes } from './routes.ts';
import { compileSchemas } from './schemas.ts';

export function loadProject(root: string, env: Record<string, string | undefined> = process.env, options: LoadOptions = {}): LoadResult {
  const files = new ConfigFiles(options.configDir ?? join(root, CONFIG_DIR), options.overlay ?? {});
  const schemas = compileSchemas(root);
  const findings = new Findings();
  schemas.problems.forEach((d) => findings.add(d));
  const cx: FileContext = { root, files, schemas, findings, sources: {}, assets: new AssetIndex(join(files.dir, 'assets'), files.overlayUnder('assets')) };
  const done = (links?: LoadResult['links']) => ({ project: null, diagnostics: findings.diagnostics, sources: cx.sources, links });

  // Links and unreadable entries are reported, and never read, before anything else looks at the folder.
  const refused = files.refused();
  for (const { rel, why } of refused) findings.whole(shown(rel), say('refused-file', { file: shown(rel), why }));
  if (!files.exists('site.json')) {
    if (!refused.some((r) => r.rel === 'site.json')) findings.whole(shown('site.json'), say('missing-file', { what: 'site.json' }));
    return done();
  }
  const siteFile = checkFile(cx, 'site.json', 'site.schema.json');
  const collections = collectionsOf(schemas.schemas);
  checkTopLevel(files, collections, findings);
  const loaded = loadCollections(cx, collections, siteFile);
  const links = loaded.checked.flatMap((c) => c.links.map((l) => ({ ...l, file: c.src.file })));
  checkForms(loaded.fragmentFiles, findings);
  checkFragmentRefs(loaded.checked, loaded.fragmentFiles, collections, findings);
  checkFragmentCycles(loaded.fragmentFiles, findings);
  checkRegistry(listBlocks(root), componentIn(root), findings);
  if (!siteFile.ok) return done(links);

  const site = applyEnvOverrides(siteFile.src.value as SiteConfig, env);
  const routes = checkRoutes(loaded.pages, loaded.routesOfBrokenPages, site, siteFile.src, findings);
  // Header variants name entries that exist, and pages name variants that exist.
  for (const { path, ...f } of checkHeader(site.header)) findings.at(siteFile.src, path, f);
  for (const p of loaded.pages) for (const { path, ...f } of checkPageHeader(site.header, p.config)) findings.at(p.source, path, f);
  // An analytics or chat id (site.json's or the build's) loads only through the consent banner, which needs its words.
  for (const { path, ...f } of checkConsent(siteFile.src.value as SiteConfig, site)) findings.at(siteFile.src, path, f);
  const pageIds = checkIds(loaded.pages, findings);
  const specimens = new Set((options.specimenPages ?? []).map(shown));
  checkMainHeadings(loaded.pages, blockRegistry, (file) => specimens.has(file), findings);
  const destinations = ['auth', ...Object.keys(site.authSite.paths), ...Object.keys(site.destinations)];
  checkLinks(loaded.checked, { destinations, routes, pageIds, unreadablePages: loaded.unreadablePages }, findings);
  checkFavicon(cx.assets, findings);

  if (findings.failed) return done(links);
  const refsOf = nestedRefs(loaded.fragmentFiles);
  const pages = loaded.pages.map((p) => ({ ...p, fragments: fragmentsReached(p.fragments, refsOf) }));
  return { project: { root, configDir: files.dir, site, pages, fragments: loaded.fragments }, diagnostics: findings.diagnostics, sources: cx.sources, links };
}
