import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { loadProject, type Project } from '../project.ts';
import { normalisePath, routeMatches } from '../../../renderer/lib/route-match.ts';
import { blockFolder } from '../blocks.ts';
import { formatDiagnosticLine, type Diagnostic } from '../diagnostics.ts';
import { formatPretty } from '../report.ts';
import { CATALOGUE_ROUTE, catalogueModule } from '../catalogue.ts';
import { buildInfo } from '../build-info.ts';
import { visiblePages } from '../config/visible-pages.ts';
import { throughLink } from '../config/files.ts';

const CONFIG_ID = 'virtual:sitewright/config';
const PAGE_PREFIX = 'virtual:sitewright/page/';
const FORMS_PREFIX = 'virtual:sitewright/forms/';
/** Dev-only: data of the /_catalogue page (renderer/dev/). Never imported by the production entry. */
const CATALOGUE_ID = 'virtual:sitewright/catalogue';
/**
 * The dev server's page entries: each hands the renderer's dev entry the site's block registry, since the renderer
 * imports no block of its own.
 */
const DEV_ENTRY_PREFIX = 'virtual:sitewright/entry/';
const DEV_ENTRIES: Record<string, string> = { dev: '/renderer/dev/entry-dev.tsx', catalogue: '/renderer/dev/catalogue-entry.tsx' };
/** The build's converted raster pictures (scripts/lib/images/), named by the build through SITEWRIGHT_IMAGE_MANIFEST. */
const IMAGES_ID = 'virtual:sitewright/images';

/** The editor hint "$schema" is for text editors; the browser never reads it. */
function withoutSchemaKey<T extends object>(value: T): Omit<T, '$schema'> {
  const { $schema: _hint, ...rest } = value as T & { $schema?: string };
  return rest;
}

function configModule(project: Project, env: Record<string, string | undefined>): string {
  const visible = visiblePages(project);
  const hidden = project.pages.filter((p) => !visible.includes(p)).map((p) => p.config.route);
  const entries = visible.map(
    (p) =>
      `{ slug: ${JSON.stringify(p.slug)}, route: ${JSON.stringify(p.config.route)}, title: ${JSON.stringify(p.config.title)}, layout: ${JSON.stringify(p.config.layout ?? 'full')}, load: () => import(${JSON.stringify(PAGE_PREFIX + p.slug)}) }`,
  );
  const info = buildInfo({ root: project.root, project, env, visibleRoutes: visible.length, hidden });
  return [
    `export const site = ${JSON.stringify(withoutSchemaKey(project.site))};`,
    `export const build = ${JSON.stringify(info)};`,
    `export const pages = [\n  ${entries.join(',\n  ')}\n];`,
  ].join('\n');
}

async function pageModule(project: Project, slug: string): Promise<string | undefined> {
  const p = project.pages.find((x) => x.slug === slug);
  if (!p) return undefined;
  const fragments: Record<string, Record<string, unknown>> = {};
  for (const ref of p.fragments) {
    // MDX content ("x-fragment": "content") is compiled here, at build time, and ships as a data tree;
    // imported lazily so the dev server and tests only pay for mdx-bundler/esbuild when a page uses it.
    const held = project.fragments[ref.kind]?.[ref.id];
    const value =
      ref.kind === 'content'
        ? await (await import('../mdx-content.ts')).compileContent(project.configDir, ref.id, typeof held === 'string' ? held : undefined)
        : held;
    (fragments[ref.kind] ??= {})[ref.id] = value;
    // A fragment may reference others (a form inside a page block, a FAQ set inside a fragment).
  }
  return `export default ${JSON.stringify({ page: withoutSchemaKey(p.config), fragments })};`;
}

/**
 * The build's picture manifest as a module. The dev server, the editor and a build started without scripts/build.ts
 * have none: every picture is then shown from its own file.
 */
function picturesModule(command: 'build' | 'serve', env: Record<string, string | undefined>): string {
  const file = command === 'build' ? env.SITEWRIGHT_IMAGE_MANIFEST : undefined;
  return `export default ${file ? readFileSync(file, 'utf8') : '{}'};`;
}

export function formatDiagnostics(ds: Diagnostic[]): string {
  return ds
    .filter((d) => d.severity === 'error')
    .map(formatDiagnosticLine)
    .join('\n');
}

/** Longer than the watcher's 50 ms throttle of change events for one file. */
const SETTLE_MS = 80;

/**
 * Turns site.config/ into virtual modules (validated first), serves HTML for every route in dev,
 * and reloads the page, or shows the errors in Vite's overlay, when a config file changes.
 */
export function sitewright(opts: { root: string; env?: Record<string, string | undefined>; configDir?: string }): Plugin {
  const env = opts.env ?? process.env;
  // SITEWRIGHT_CONFIG_DIR previews another copy of the content (the authoring e2e test edits a temp copy this way).
  const configDir = opts.configDir ?? env.SITEWRIGHT_CONFIG_DIR ?? join(opts.root, 'site.config');
  let cache: ReturnType<typeof loadProject> | null = null;
  const load = () => (cache ??= loadProject(opts.root, env, { configDir }));
  const errorsOf = () => load().diagnostics.filter((d) => d.severity === 'error');
  // Diagnostics name files as site.config/…; the overlay's "open in editor" link needs where they really are.
  const onDisk = (file: string) => (file.startsWith('site.config/') ? join(configDir, file.slice('site.config/'.length)) : join(opts.root, file));
  let command: 'build' | 'serve' = 'build';

  const overlay = (server: ViteDevServer) => {
    const errors = errorsOf();
    if (errors.length === 0) return false;
    const first = errors[0];
    server.ws.send({
      type: 'error',
      err: {
        // The same text as npm run validate prints, so a marketer sees one wording everywhere.
        message: `Config has ${errors.length} error${errors.length > 1 ? 's' : ''}. Fix them and save; the page reloads by itself.\n\n${formatPretty(errors, (f) => load().sources[f], { summary: false })}`,
        stack: '',
        plugin: 'sitewright',
        id: onDisk(first.file),
        loc: { file: onDisk(first.file), line: first.line, column: first.column },
      },
    });
    return true;
  };

  return {
    name: 'sitewright',
    enforce: 'pre',
    resolveId(id) {
      if (id === CONFIG_ID || id === IMAGES_ID || id.startsWith(PAGE_PREFIX) || id.startsWith(FORMS_PREFIX)) return `\0${id}`;
      if ((id === CATALOGUE_ID || id.startsWith(DEV_ENTRY_PREFIX)) && command === 'serve') return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith('\0virtual:sitewright/')) return undefined;
      if (id === `\0${IMAGES_ID}`) return picturesModule(command, env);
      if (id.startsWith(`\0${DEV_ENTRY_PREFIX}`)) {
        const entry = DEV_ENTRIES[id.slice(`\0${DEV_ENTRY_PREFIX}`.length)];
        if (!entry) this.error(`no dev entry ${id.slice(1)}`);
        return `import { blockRegistry } from '/blocks/registry.ts';\nimport { blockScripts } from '/blocks/scripts.ts';\nimport { start } from '${entry}';\nvoid start(blockRegistry, blockScripts);\n`;
      }
      const { project } = load();
      if (!project) this.error(`site.config/ has errors (run npm run validate):\n${formatDiagnostics(errorsOf())}`);
      if (id === `\0${CONFIG_ID}`) return configModule(project, env);
      if (id === `\0${CATALOGUE_ID}`) return catalogueModule(project, env);
      // Form validators precompiled from the form files, and the country list of the pickers (./forms.ts).
      if (id.startsWith(`\0${FORMS_PREFIX}`)) {
        const code = (await import('./forms.ts')).formsModule(id.slice(1), project.fragments.forms ?? {});
        if (code === undefined) this.error(`no form file for ${id.slice(1)}`);
        return code;
      }
      const code = await pageModule(project, id.slice(`\0${PAGE_PREFIX}`.length));
      if (code === undefined) this.error(`no page file for ${id}`);
      return code;
    },
    configResolved(config) {
      command = config.command;
    },
    buildStart() {
      // In dev and tests errors go to the overlay / the module that needs the config; only a build stops here.
      if (command !== 'build') return;
      const errors = errorsOf();
      if (errors.length) this.error(`site.config/ has ${errors.length} error(s):\n${formatDiagnostics(errors)}`);
    },
    configureServer(server) {
      const watched = [configDir, join(opts.root, 'schemas'), join(opts.root, 'blocks')];
      server.watcher.add(watched);
      const reload = () => {
        cache = null;
        for (const mod of [...server.moduleGraph.idToModuleMap.values()]) {
          if (mod.id?.startsWith('\0virtual:sitewright/')) server.moduleGraph.invalidateModule(mod);
        }
        if (!overlay(server)) server.ws.send({ type: 'full-reload' });
      };
      // An editor's save truncates the file, then writes it. The watcher reports the truncation and drops further
      // changes to the same file for 50 ms, so reading at once can find an empty file and never hear of the real
      // content. Reading once the burst of events has settled sees what was saved.
      let pending: ReturnType<typeof setTimeout> | undefined;
      const onChange = (file: string) => {
        if (!watched.some((w) => file.startsWith(w))) return;
        // Block code has HMR of its own; only block examples feed the config modules (the catalogue).
        if (file.startsWith(join(opts.root, 'blocks')) && !file.endsWith('example.json')) return;
        clearTimeout(pending);
        pending = setTimeout(reload, SETTLE_MS);
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      // Before Vite's own middlewares, which serve site.config/assets/ following links: a linked asset is refused by
      // the checker, and is not served either.
      const assets = join(configDir, 'assets');
      server.middlewares.use((req, res, next) => {
        let path: string;
        try {
          path = decodeURIComponent((req.url ?? '/').split(/[?#]/)[0]);
        } catch {
          return next();
        }
        if (!throughLink(assets, path)) return next();
        res.statusCode = 404;
        res.end('Not found');
      });
      return () => {
        // After Vite's own middlewares: any GET for a page gets the app shell.
        server.middlewares.use(async (req, res, next) => {
          if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
          const catalogue = normalisePath((req.url ?? '/').split(/[?#]/)[0]) === CATALOGUE_ROUTE;
          const name = catalogue ? 'catalogue' : 'dev';
          // The renderer's entry is preloaded beside the module that starts it, so it is not one import level later.
          const preloads = [DEV_ENTRIES[name], ...(catalogue ? [] : devPreloads(load().project, req.url ?? '/'))];
          const html = await server.transformIndexHtml(req.url ?? '/', devShell(`/@id/__x00__${DEV_ENTRY_PREFIX}${name}`, preloads, devStyles(opts.root)));
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(html);
          // Errors present at start show once the overlay client connects.
          setTimeout(() => overlay(server), 500);
        });
      };
    },
  };
}

/**
 * Dev only: the modules this URL will need, fetched in parallel from the start instead of one import level at a time,
 * so a page is back on screen quickly after a save reloads it.
 */
function devPreloads(project: Project | null, url: string): string[] {
  if (!project) return [];
  const path = url.split(/[?#]/)[0];
  const page = project.pages.find((p) => routeMatches(p.config.route, path));
  const files = ['/renderer/App.tsx', `/@id/__x00__${CONFIG_ID}`];
  if (page) {
    files.push(`/@id/__x00__${PAGE_PREFIX}${page.slug}`);
    for (const type of new Set(page.config.blocks.map((b) => b.type))) {
      files.push(`/blocks/${blockFolder(type)}/index.tsx`);
    }
  }
  return files;
}

/** Styles for the dev server only (its error overlay), read on each page load so edits show without a restart. */
const devStyles = (root: string) => readFileSync(join(root, 'renderer/styles/dev-overlay.css'), 'utf8');

function devShell(entry: string, preloads: string[] = [], styles = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Sitewright dev</title>
${preloads.map((f) => `    <link rel="modulepreload" href="${f}" />`).join('\n')}
    <style>
${styles}
    </style>
  </head>
  <body>
    <div id="app"></div>
    <script type="module" src="${entry}"></script>
  </body>
</html>`;
}
