import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Diagnostic } from './diagnostics.ts';
import { locate, parseJsonSource, type JsonSource } from './json-source.ts';
import { explainSchemaError } from './explain.ts';
import { closest } from './suggest.ts';
import { blockRegistry } from '../../blocks/registry.ts';
import type { PageConfig, SiteConfig, FaqSet } from '../../renderer/generated/config-types.ts';
import { applyEnvOverrides } from './env.ts';

/** A folder of config files that share one schema. Everything but pages is a fragment that pages reference by file name. */
export interface Collection {
  dir: string;
  schema: string;
  /** Name used in "x-fragment" schema keywords, e.g. "faqs". */
  kind: string;
}

export const COLLECTIONS: readonly Collection[] = [
  { dir: 'pages', schema: 'page.schema.json', kind: 'pages' },
  { dir: 'faqs', schema: 'faq-set.schema.json', kind: 'faqs' },
  { dir: 'forms', schema: 'form.schema.json', kind: 'forms' },
];

/**
 * Fragment kinds that are not JSON collections. "content" is MDX (site.config/content/<id>.mdx), compiled at
 * build time by scripts/lib/mdx-content.ts when a page that references it is bundled.
 */
export const FRAGMENT_EXTENSIONS: Readonly<Record<string, string>> = { content: '.mdx' };

export interface FragmentRef { kind: string; id: string; path: string }
export interface LinkRef { href: string; path: string }

export interface PageFile {
  file: string;
  /** File name without .json, e.g. "owner"; stable id of the page. */
  slug: string;
  source: JsonSource;
  config: PageConfig;
  fragments: FragmentRef[];
}

export interface Project {
  root: string;
  site: SiteConfig;
  pages: PageFile[];
  /** Fragments by kind then id, e.g. fragments.faqs.general. */
  fragments: Record<string, Record<string, unknown>>;
}

export interface LoadResult {
  project: Project | null;
  diagnostics: Diagnostic[];
}

const CONFIG_DIR = 'site.config';

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

let collecting: { fragments: FragmentRef[]; links: LinkRef[] } | null = null;

export function createAjv(root: string): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  addFormats(ajv);
  ajv.addVocabulary(['tsType', 'x-ui']);
  // Records references while validating, so cross-file checks reuse the schema's own knowledge of where links and fragments are.
  ajv.addKeyword({
    keyword: 'x-fragment',
    schemaType: 'string',
    validate: (kind: string, data: unknown, _s?: unknown, cxt?: { instancePath: string }) => {
      if (collecting && typeof data === 'string') collecting.fragments.push({ kind, id: data, path: cxt?.instancePath ?? '' });
      return true;
    },
  });
  ajv.addKeyword({
    keyword: 'x-link',
    schemaType: 'boolean',
    validate: (_on: boolean, data: unknown, _s?: unknown, cxt?: { instancePath: string }) => {
      if (collecting && typeof data === 'string') collecting.links.push({ href: data, path: cxt?.instancePath ?? '' });
      return true;
    },
  });
  const schemaDir = join(root, 'schemas');
  const files = [...listJson(schemaDir), ...listJson(join(schemaDir, 'blocks'))];
  for (const f of files) {
    const schema = JSON.parse(readFileSync(f, 'utf8'));
    ajv.addSchema(schema);
  }
  return ajv;
}

function schemaId(name: string): string {
  return `https://sitewright.dev/schemas/${name}`;
}

export function loadProject(root: string, env: Record<string, string | undefined> = process.env): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const rel = (p: string) => relative(root, p).split('\\').join('/');
  const ajv = createAjv(root);

  const report = (src: JsonSource, d: Omit<Diagnostic, 'file' | 'line' | 'column' | 'severity'> & { key?: string; severity?: Diagnostic['severity'] }) => {
    const { key, severity, ...rest } = d;
    const pos = locate(src, d.path, key);
    diagnostics.push({ file: src.file, ...pos, severity: severity ?? 'error', ...rest });
  };

  const validateFile = (abs: string, schemaName: string): { src: JsonSource; ok: boolean; fragments: FragmentRef[]; links: LinkRef[] } => {
    const src = parseJsonSource(rel(abs), readFileSync(abs, 'utf8'));
    const refs = { fragments: [] as FragmentRef[], links: [] as LinkRef[] };
    if (src.syntaxErrors.length > 0) {
      for (const e of src.syntaxErrors) {
        diagnostics.push({ file: src.file, ...lineCol(src, e.offset), path: '', message: e.message, code: 'syntax', severity: 'error' });
      }
      return { src, ok: false, ...refs };
    }
    const validate: ValidateFunction | undefined = ajv.getSchema(schemaId(schemaName));
    if (!validate) throw new Error(`schema ${schemaName} is missing from schemas/`);
    collecting = refs;
    let ok: boolean;
    try {
      ok = validate(src.value) as boolean;
    } finally {
      collecting = null;
    }
    if (!ok) {
      for (const d of explainSchemaError(validate.errors ?? [], src.value)) report(src, d);
    }
    return { src, ok, ...refs };
  };

  // site.json
  const sitePath = join(root, CONFIG_DIR, 'site.json');
  if (!existsSync(sitePath)) {
    diagnostics.push({ file: rel(sitePath), line: 1, column: 1, path: '', message: 'site.json is missing.', suggestion: 'Create site.config/site.json (see docs/authoring.md).', code: 'missing-file', severity: 'error' });
    return { project: null, diagnostics };
  }
  const siteResult = validateFile(sitePath, 'site.schema.json');
  const allLinks: { src: JsonSource; links: LinkRef[] }[] = [{ src: siteResult.src, links: siteResult.links }];

  // Collections
  const fragments: Record<string, Record<string, unknown>> = {};
  const fragmentSources: Record<string, Record<string, JsonSource>> = {};
  const pages: PageFile[] = [];
  for (const c of COLLECTIONS) {
    fragments[c.kind] = {};
    fragmentSources[c.kind] = {};
    for (const abs of listJson(join(root, CONFIG_DIR, c.dir))) {
      if (!ajv.getSchema(schemaId(c.schema))) continue;
      const r = validateFile(abs, c.schema);
      allLinks.push({ src: r.src, links: r.links });
      const slug = basename(abs, '.json');
      if (c.kind === 'pages') {
        if (r.ok) pages.push({ file: r.src.file, slug, source: r.src, config: r.src.value as PageConfig, fragments: r.fragments });
      } else {
        fragmentSources[c.kind][slug] = r.src;
        if (r.ok) fragments[c.kind][slug] = r.src.value;
      }
      // Fragment references can sit in any file (a page, or a form inside a page).
      for (const ref of r.fragments) {
        const ext = FRAGMENT_EXTENSIONS[ref.kind] ?? '.json';
        if (!fragmentSources[ref.kind]?.[ref.id] && !existsSync(join(root, CONFIG_DIR, ref.kind, `${ref.id}${ext}`))) {
          const dir = join(root, CONFIG_DIR, ref.kind);
          const known = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext)).sort().map((f) => basename(f, ext)) : [];
          const guess = closest(ref.id, known);
          report(r.src, {
            path: ref.path,
            code: 'missing-fragment',
            message: `There is no ${ref.kind} file named "${ref.id}" (looked for site.config/${ref.kind}/${ref.id}${ext}).`,
            suggestion: guess ? `Did you mean "${guess}"?` : known.length ? `Known: ${known.map((k) => `"${k}"`).join(', ')}.` : `Create site.config/${ref.kind}/${ref.id}${ext}.`,
          });
        }
      }
    }
  }

  // Registry and schemas agree
  for (const reg of blockRegistry) {
    if (!existsSync(join(root, 'schemas', 'blocks', `${reg.type}.schema.json`))) {
      diagnostics.push({ file: 'blocks/registry.ts', line: 1, column: 1, path: '', code: 'registry', severity: 'error', message: `Block type "${reg.type}" is registered but has no schema.`, suggestion: `Create schemas/blocks/${reg.type}.schema.json.` });
    }
    if (!existsSync(join(root, 'blocks', reg.folder, 'index.tsx'))) {
      diagnostics.push({ file: 'blocks/registry.ts', line: 1, column: 1, path: '', code: 'registry', severity: 'error', message: `Block type "${reg.type}" points at blocks/${reg.folder}/index.tsx, which does not exist.`, suggestion: 'Fix the folder name in blocks/registry.ts.' });
    }
  }
  for (const f of listJson(join(root, 'schemas', 'blocks'))) {
    const type = basename(f, '.schema.json');
    if (!blockRegistry.some((r) => r.type === type)) {
      diagnostics.push({ file: rel(f), line: 1, column: 1, path: '', code: 'registry', severity: 'error', message: `Block type "${type}" has a schema but no component is registered for it.`, suggestion: `Add { type: '${type}', folder: '…' } to blocks/registry.ts.` });
    }
  }

  if (!siteResult.ok) return { project: null, diagnostics };
  const site = applyEnvOverrides(siteResult.src.value as SiteConfig, env);

  // Routes: unique, and every internal link lands somewhere.
  const seen = new Map<string, PageFile>();
  for (const p of pages) {
    const prev = seen.get(p.config.route);
    if (prev) {
      report(p.source, { path: '/route', code: 'duplicate-route', message: `The route "${p.config.route}" is already used by ${prev.file}.`, suggestion: 'Give this page another route, or delete one of the two files.' });
    } else seen.set(p.config.route, p);
  }
  for (const r of site.redirects) {
    if (seen.has(r.from)) {
      report(siteResult.src, { path: `/redirects/${site.redirects.indexOf(r)}/from`, code: 'duplicate-route', message: `"${r.from}" is both a redirect and the route of ${seen.get(r.from)!.file}.`, suggestion: 'Remove the redirect or change the page route.' });
    }
  }
  const routes = [...seen.keys(), ...site.redirects.map((r) => r.from)];
  const destinations = ['auth', ...Object.keys(site.authSite.paths), ...Object.keys(site.destinations)];
  for (const { src, links } of allLinks) {
    for (const l of links) {
      if (l.href.startsWith('@')) {
        const name = l.href.slice(1);
        if (!destinations.includes(name)) {
          const guess = closest(name, destinations);
          report(src, { path: l.path, code: 'unknown-destination', message: `There is no destination named "${l.href}" in site.json.`, suggestion: guess ? `Did you mean "@${guess}"?` : `Add it under "destinations" in site.config/site.json.` });
        }
      } else if (l.href.startsWith('/')) {
        const path = l.href.replace(/[?#].*$/, '') || '/';
        if (!routes.some((r) => routeMatches(r, path))) {
          const guess = closest(path, routes.filter((r) => !r.includes(':')));
          report(src, { path: l.path, code: 'unknown-route', message: `No page has the route "${path}".`, suggestion: guess ? `Did you mean "${guess}"?` : 'Create the page with npm run new-page, or fix the link.' });
        }
      }
    }
  }

  const failed = diagnostics.some((d) => d.severity === 'error');
  return { project: failed ? null : { root, site, pages, fragments }, diagnostics };
}

function lineCol(src: JsonSource, offset: number) {
  const before = src.text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Does a route pattern such as "/referral/:refId" match a concrete path? */
export function routeMatches(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/$/, '').split('/');
  if (pattern === '/' || path === '/') return pattern === path || (pattern === '/' && (path === '' || path === '/'));
  return a.length === b.length && a.every((seg, i) => seg.startsWith(':') ? b[i].length > 0 : seg === b[i]);
}
