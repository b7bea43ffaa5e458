import { mkdirSync, readdirSync, readFileSync, existsSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join, relative, basename } from 'node:path';
import type { default as Ajv, KeywordCxt, ValidateFunction } from 'ajv';
import type { Diagnostic } from './diagnostics.ts';
import { locate, locateOffset, parseJsonSource, recoverValue, type JsonSource } from './json-source.ts';
import { explainSchemaError } from './explain.ts';
import { closest } from './suggest.ts';
import { listBlocks } from './blocks.ts';
import { AssetIndex, checkAsset } from './assets.ts';
import { checkMainHeading } from './page-checks.ts';
import { blockRegistry } from '../../blocks/registry.ts';
import type { FormConfig, PageConfig, SiteConfig } from '../../renderer/generated/config-types.ts';
import { applyEnvOverrides } from './env.ts';
import { checkFormFile } from './config/form-fields.ts';
import { checkHeader, checkPageHeader } from './config/header.ts';
import { normalisePath, routeMatches } from '../../renderer/lib/route-match.ts';

const require = createRequire(import.meta.url);

/** A folder of config files that share one schema. Everything but pages is a fragment that pages reference by file name. */
export interface Collection {
  dir: string;
  /** Schema file in schemas/; none for content that is not JSON (MDX). */
  schema?: string;
  /** Name used in "x-fragment" schema keywords, e.g. "faqs". */
  kind: string;
  /** File extension of the collection's files. Default ".json". */
  ext?: string;
}

/**
 * The built-in folders. Any other schema can declare its own folder with a root `"x-collection": "<folder>"`
 * (e.g. `"x-collection": "testimonials"` makes site.config/testimonials/*.json fragments of kind "testimonials"),
 * so a new kind of shared content needs no change here.
 */
export const COLLECTIONS: readonly Collection[] = [
  { dir: 'pages', schema: 'page.schema.json', kind: 'pages' },
  { dir: 'faqs', schema: 'faq-set.schema.json', kind: 'faqs' },
  { dir: 'forms', schema: 'form.schema.json', kind: 'forms' },
  { dir: 'content', kind: 'content', ext: '.mdx' },
];

/** Fragment kinds whose files are not JSON, by file extension (content: MDX compiled by scripts/lib/mdx-content.ts). */
export const FRAGMENT_EXTENSIONS: Readonly<Record<string, string>> = Object.fromEntries(COLLECTIONS.filter((c) => c.ext).map((c) => [c.kind, c.ext as string]));

/** Folders of site.config/ that hold no validated files. */
const PLAIN_FOLDERS = new Set(['assets']);

export interface FragmentRef { kind: string; id: string; path: string }
export interface LinkRef { href: string; path: string }
/** A local image met while validating (schemas mark them with "x-image"), with the size the config declares. */
export interface ImageRef { path: string; src: string; width?: unknown; height?: unknown }
/**
 * An advisory limit a value is outside of (schemas mark them with "x-warn"): a warning, not an error, e.g. a
 * description search engines would cut. The messages come from the schema, so the editor can show the same words.
 */
export interface AdviceRef { path: string; keyword: 'minLength' | 'maxLength'; length: number; min: number; max: number; message: string; fix: string }

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
  /** Folder the config was read from (normally <root>/site.config). */
  configDir: string;
  site: SiteConfig;
  pages: PageFile[];
  /** Fragments by kind then id, e.g. fragments.faqs.general. Non-JSON content (MDX) is held as its text. */
  fragments: Record<string, Record<string, unknown>>;
}

export interface LoadResult {
  project: Project | null;
  diagnostics: Diagnostic[];
  /** Text of every file read, by its reported name (e.g. "site.config/pages/home.json"), for code frames. */
  sources: Record<string, string>;
}

export interface LoadOptions {
  /** Folder holding site.json, pages/, faqs/ …; default <root>/site.config. Lets tests and previews use a copy. */
  configDir?: string;
  /**
   * Files to add or replace (text) or remove (null), by path inside the config folder, e.g. { "pages/partners.json": "…" }.
   * Checks a change without writing it: the scaffolder and the tests use it.
   */
  overlay?: Record<string, string | null>;
  /**
   * Pages (by path inside the config folder) that are not real pages but a row of blocks to check, such as the block
   * catalogue's probe: the one-main-heading rule does not apply to them.
   */
  specimenPages?: string[];
}

const CONFIG_DIR = 'site.config';
/** Same rule as "route" in schemas/defs.schema.json. */
const ROUTE_PATTERN = /^\/([a-z0-9-]+|:[a-zA-Z]+)?(\/([a-z0-9-]+|:[a-zA-Z]+))*$/;

/** What validating one file collects: the fragment references and links found where the schemas mark them. */
interface Refs {
  fragments: FragmentRef[];
  links: LinkRef[];
  images: ImageRef[];
  advice: AdviceRef[];
}

/** Same rule as image "src" in schemas/defs.schema.json: only a path of this form is looked up as a file. */
const IMAGE_SRC = /^\/[^\s]+\.(svg|webp|avif|png|jpg|jpeg)$/;

function schemaFiles(root: string): string[] {
  const schemaDir = join(root, 'schemas');
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => join(dir, f)) : []);
  return [...list(schemaDir), ...list(join(schemaDir, 'blocks'))];
}

/** Every "x-…" annotation used in the schemas, so authors can add their own without ajv's strict mode rejecting them. */
function customKeywords(schemas: unknown[]): string[] {
  const found = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      for (const [k, c] of Object.entries(v)) {
        if (k.startsWith('x-')) found.add(k);
        walk(c);
      }
    }
  };
  schemas.forEach(walk);
  for (const own of ['x-link', 'x-fragment', 'x-image', 'x-warn']) found.delete(own);
  return [...found];
}

/**
 * The one place ajv is set up. Its source is part of the key of the compiled validators cached on disk, so a change
 * here can never be answered by validators compiled the old way.
 */
function buildAjv(schemas: unknown[]): Ajv {
  // Loaded here, not at start-up: with the compiled validators cached on disk, a run does not need ajv's compiler.
  const { default: AjvClass, _, str, Name } = require('ajv') as typeof import('ajv');
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const ajv = new AjvClass({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    // The validator is called with the Refs collector as `this`, which the two keywords below fill in.
    passContext: true,
    // Keep each validator's source (and the schemas its error objects point at) so it can be saved as a module.
    code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` },
  });
  addFormats(ajv);
  ajv.addVocabulary(['tsType', ...new Set(['x-ui', 'x-collection', ...customKeywords(schemas)])]);
  // Records references while validating, so cross-file checks reuse the schema's own knowledge of where links and fragments are.
  // Generated code rather than a callback, so the saved validators need nothing from this module.
  const refs = new Name('this');
  const instancePath = new Name('instancePath');
  const collect = (list: 'fragments' | 'links', item: (cxt: KeywordCxt, path: ReturnType<typeof str>) => ReturnType<typeof _>) => (cxt: KeywordCxt) => {
    cxt.gen.if(_`${refs} && ${refs}.sitewrightRefs && typeof ${cxt.data} == "string"`, () => cxt.gen.code(_`${refs}.sitewrightRefs.${new Name(list)}.push(${item(cxt, str`${instancePath}${cxt.it.errorPath}`)})`));
  };
  ajv.addKeyword({ keyword: 'x-fragment', schemaType: 'string', code: collect('fragments', (cxt, path) => _`{kind: ${cxt.schema as string}, id: ${cxt.data}, path: ${path}}`) });
  ajv.addKeyword({ keyword: 'x-link', schemaType: 'boolean', code: collect('links', (cxt, path) => _`{href: ${cxt.data}, path: ${path}}`) });
  ajv.addKeyword({
    keyword: 'x-image',
    schemaType: 'boolean',
    code: (cxt: KeywordCxt) => {
      const d = cxt.data;
      cxt.gen.if(_`${refs} && ${refs}.sitewrightRefs && ${d} && typeof ${d} == "object" && typeof ${d}.src == "string"`, () =>
        cxt.gen.code(_`${refs}.sitewrightRefs.images.push({path: ${str`${instancePath}${cxt.it.errorPath}`}, src: ${d}.src, width: ${d}.width, height: ${d}.height})`),
      );
    },
  });
  // Advisory lengths: a value outside them is recorded (and reported as a warning), never a validation failure.
  ajv.addKeyword({
    keyword: 'x-warn',
    schemaType: 'object',
    code: (cxt: KeywordCxt) => {
      const s = cxt.schema as { minLength?: number; maxLength?: number; messages?: Record<string, { message: string; fix: string }> };
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? Number.MAX_SAFE_INTEGER;
      const path = str`${instancePath}${cxt.it.errorPath}`;
      const push = (keyword: 'minLength' | 'maxLength', len: ReturnType<typeof _>) => {
        const m = s.messages?.[keyword] ?? { message: `This has {length} characters; ${min} to ${max} is recommended.`, fix: '' };
        return _`${refs}.sitewrightRefs.advice.push({path: ${path}, keyword: ${keyword}, length: ${len}, min: ${min}, max: ${max}, message: ${m.message}, fix: ${m.fix}})`;
      };
      cxt.gen.if(_`${refs} && ${refs}.sitewrightRefs && typeof ${cxt.data} == "string" && ${cxt.data}.trim() != ""`, () => {
        const len = _`${cxt.data}.trim().length`;
        cxt.gen.if(_`${len} < ${min}`, () => cxt.gen.code(push('minLength', len)));
        cxt.gen.if(_`${len} > ${max}`, () => cxt.gen.code(push('maxLength', len)));
      });
    },
  });
  for (const schema of schemas) ajv.addSchema(schema as object);
  return ajv;
}

export function createAjv(root: string): Ajv {
  return buildAjv(schemaFiles(root).map((f) => JSON.parse(readFileSync(f, 'utf8'))));
}

/** Runs a validator and collects the references it meets. */
function validateWithRefs(validate: ValidateFunction, data: unknown, refs: Refs): boolean {
  return validate.call({ sitewrightRefs: refs }, data) as boolean;
}

/**
 * The compiled schemas. Compiling them is most of a cold run's time, so they are reused in memory until a schema file
 * changes, and saved to disk as a module (ajv's standalone code) that later processes load instead of compiling.
 */
interface SchemaSet {
  key: string;
  /** The validator for a schema file name such as "page.schema.json"; undefined if there is no such schema; throws what ajv throws about a broken schema. */
  validator: (schemaName: string) => ValidateFunction | undefined;
  schemas: Record<string, unknown>;
  problems: Diagnostic[];
}
let ajvCache: SchemaSet | null = null;

/**
 * The folder for saved validators, <root>/node_modules/.cache/sitewright/validators, from where their `require`s of
 * ajv's runtime helpers reach the same ajv that compiled them. A root without that ajv (a test's scratch folder) saves nothing.
 */
function validatorCacheDir(root: string): string | undefined {
  try {
    const modules = join(root, 'node_modules');
    if (realpathSync(join(modules, 'ajv')) !== dirname(require.resolve('ajv/package.json'))) return undefined;
    return join(modules, '.cache', 'sitewright', 'validators');
  } catch {
    return undefined;
  }
}

function cachedAjv(root: string): SchemaSet {
  const files = schemaFiles(root);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const hash = createHash('sha1').update(root).update(files.join('\n')).update(texts.join('\0'));
  if (ajvCache?.key === hash.copy().digest('hex')) return ajvCache;
  const schemas: Record<string, unknown> = {};
  const problems: Diagnostic[] = [];
  files.forEach((f, i) => {
    const rel = relative(root, f).split('\\').join('/');
    // A half-written schema must not crash the validator: it becomes one error on that file.
    const src = parseJsonSource(rel, texts[i]);
    const e = src.syntaxErrors[0];
    if (e) problems.push({ file: rel, ...locateOffset(src, e.offset, e.length), path: '', code: 'schema-syntax', severity: 'error', message: `This schema is not valid JSON: ${e.message}`, suggestion: e.suggestion });
    else schemas[relative(join(root, 'schemas'), f).split('\\').join('/')] = src.value;
  });
  const key = hash.digest('hex');
  const used = ['site.schema.json', ...collectionsOf(schemas).map((c) => c.schema)].filter((name): name is string => name !== undefined && name in schemas);
  // Only a set of schemas that all parse is saved or loaded; a broken one is compiled and reported as it always was.
  const cacheDir = problems.length === 0 ? validatorCacheDir(root) : undefined;
  const savedAs = cacheDir && savedKey(root, files, texts, used);
  const saved = cacheDir && savedAs ? loadSavedValidators(cacheDir, savedAs) : undefined;
  let ajv: Ajv | undefined;
  const compiler = (): Ajv => {
    if (ajv) return ajv;
    try {
      ajv = buildAjv(Object.values(schemas));
    } catch (err) {
      problems.push(schemaProblem(root, err));
      ajv = buildAjv([]);
    }
    return ajv;
  };
  if (!saved) {
    compiler();
    if (problems.length === 0 && cacheDir && savedAs) saveValidators(compiler(), cacheDir, savedAs, used);
  }
  // A saved set holds every schema this run can ask for; compiling stays the answer for anything else.
  ajvCache = { key, validator: (name) => saved?.[name] ?? compiler().getSchema(schemaId(name)), schemas, problems };
  return ajvCache;
}

/** Everything the saved validators depend on: the schemas (by name within schemas/), ajv's setup and versions. */
function savedKey(root: string, files: string[], texts: string[], used: string[]): string {
  const version = (pkg: string) => (require(`${pkg}/package.json`) as { version: string }).version;
  const names = files.map((f) => relative(root, f));
  return createHash('sha1')
    .update(JSON.stringify([names, used, version('ajv'), version('ajv-formats'), buildAjv.toString(), validateWithRefs.toString()]))
    .update(texts.join('\0'))
    .digest('hex');
}

function loadSavedValidators(dir: string, key: string): Record<string, ValidateFunction> | undefined {
  const file = join(dir, `${key}.cjs`);
  if (!existsSync(file)) return undefined;
  try {
    return require(file) as Record<string, ValidateFunction>;
  } catch {
    return undefined; // unreadable: compile instead, and save again
  }
}

/** Saves the compiled validators when every schema compiles; a broken schema is left to be reported file by file. */
function saveValidators(ajv: Ajv, dir: string, key: string, used: string[]): void {
  if (used.length === 0) return;
  let code: string;
  try {
    const standaloneCode = require('ajv/dist/standalone') as typeof import('ajv/dist/standalone').default;
    code = standaloneCode(ajv, Object.fromEntries(used.map((name) => [name, schemaId(name)])));
  } catch {
    return;
  }
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${key}.cjs`);
    // Written aside and renamed, so a process running at the same time never loads half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
    pruneSavedValidators(dir, file);
  } catch {
    // A read-only install: validating still works, it just compiles every time.
  }
}

/** Keeps the few most recent sets of saved validators (each schema edit makes a new one). */
function pruneSavedValidators(dir: string, keep: string): void {
  const old = readdirSync(dir)
    .filter((f) => f.endsWith('.cjs') && join(dir, f) !== keep)
    .map((f) => ({ f: join(dir, f), t: statSync(join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(7);
  for (const { f } of old) rmSync(f, { force: true });
}

/** An error ajv throws about a schema (not about config), pinned on the schema file it names. */
function schemaProblem(root: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const id = /https:\/\/sitewright\.dev\/schemas\/([\w./-]+?\.schema\.json)/.exec(message)?.[1];
  let file = id ? `schemas/${id}` : 'schemas/';
  // Some messages (e.g. an unknown keyword) do not name the schema: find the file that uses the keyword.
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  if (!id && keyword) {
    const hit = schemaFiles(root).find((f) => readFileSync(f, 'utf8').includes(`"${keyword}"`));
    if (hit) file = relative(root, hit).split('\\').join('/');
  }
  return { file, line: 1, column: 1, path: '', code: 'schema-error', severity: 'error', message: `This schema cannot be used: ${message}`, suggestion: 'Fix the schema (ajv runs in strict mode: give "type" next to keywords such as "required" or "properties", and declare every keyword).' };
}

function schemaId(name: string): string {
  return `https://sitewright.dev/schemas/${name}`;
}

/** Collections: the built-in ones plus any schema that names its own folder with "x-collection". */
export function collectionsOf(schemas: Record<string, unknown>): Collection[] {
  const out = [...COLLECTIONS];
  for (const [file, schema] of Object.entries(schemas)) {
    const dir = (schema as { 'x-collection'?: unknown })['x-collection'];
    if (typeof dir === 'string' && !out.some((c) => c.dir === dir)) out.push({ dir, schema: file, kind: dir });
  }
  return out;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // missing, or a file on the way
  }
}

/** The config folder as seen through the overlay: what the validator reads. */
class ConfigFiles {
  /** Whether each listed entry is a folder, as the listing said (saves a stat per file); unknown for links. */
  private kinds = new Map<string, boolean>();

  constructor(
    readonly dir: string,
    private overlay: Record<string, string | null>,
  ) {}

  private real(rel: string): string {
    return join(this.dir, rel);
  }

  exists(rel: string): boolean {
    if (rel in this.overlay) return this.overlay[rel] !== null;
    return existsSync(this.real(rel));
  }

  read(rel: string): string {
    const o = this.overlay[rel];
    if (typeof o === 'string') return o;
    return readFileSync(this.real(rel), 'utf8');
  }

  /** Entries of a sub-folder ("" for the top), sorted; overlay additions included, removals left out. */
  list(sub: string): string[] {
    const names = new Set<string>();
    const abs = sub ? this.real(sub) : this.dir;
    const prefix = sub ? `${sub}/` : '';
    if (isDirectory(abs)) {
      for (const entry of readdirSync(abs, { withFileTypes: true })) {
        names.add(entry.name);
        if (entry.isDirectory() || entry.isFile()) this.kinds.set(`${prefix}${entry.name}`, entry.isDirectory());
      }
    }
    for (const [rel, text] of Object.entries(this.overlay)) {
      if (!rel.startsWith(prefix)) continue;
      const rest = rel.slice(prefix.length);
      const first = rest.split('/')[0];
      if (text === null && !rest.includes('/')) names.delete(first);
      else if (text !== null) names.add(first);
    }
    return [...names].sort();
  }

  isDir(rel: string): boolean {
    if (Object.keys(this.overlay).some((k) => k.startsWith(`${rel}/`) && this.overlay[k] !== null)) return true;
    return this.kinds.get(rel) ?? isDirectory(this.real(rel));
  }
}

/** The "$schema" value a file at this place should carry, so editors find its schema without any setup. */
export function expectedSchemaRef(relInConfig: string, schema: string): string {
  const depth = relInConfig.split('/').length - 1;
  return `${'../'.repeat(depth + 1)}schemas/${schema}`;
}

export function loadProject(root: string, env: Record<string, string | undefined> = process.env, options: LoadOptions = {}): LoadResult {
  const diagnostics: Diagnostic[] = [];
  const sources: Record<string, string> = {};
  const files = new ConfigFiles(options.configDir ?? join(root, CONFIG_DIR), options.overlay ?? {});
  // Files are always reported as site.config/…, wherever the folder really is, so messages read the same in tests and previews.
  const shown = (rel: string) => `${CONFIG_DIR}/${rel}`;
  const { validator, schemas, problems } = cachedAjv(root);
  diagnostics.push(...problems);
  const collections = collectionsOf(schemas);

  const report = (src: JsonSource, d: Omit<Diagnostic, 'file' | 'line' | 'column' | 'severity'> & { key?: string; severity?: Diagnostic['severity'] }) => {
    const { key, severity, ...rest } = d;
    const pos = locate(src, d.path, key);
    diagnostics.push({ file: src.file, ...pos, severity: severity ?? 'error', ...rest });
  };
  const whole = (file: string, d: Omit<Diagnostic, 'file' | 'line' | 'column' | 'severity' | 'path'> & { severity?: Diagnostic['severity'] }) =>
    diagnostics.push({ file, line: 1, column: 1, path: '', severity: 'error', ...d });

  interface Checked {
    src: JsonSource;
    ok: boolean;
    fragments: FragmentRef[];
    links: LinkRef[];
    /** For a file with a syntax error: what the tolerant parse could still read (see recoverValue). */
    recovered?: unknown;
  }
  // Listed once for the whole run: every image reference is a lookup in memory (scripts/lib/assets.ts).
  const assets = new AssetIndex(
    join(files.dir, 'assets'),
    Object.fromEntries(Object.entries(options.overlay ?? {}).filter(([rel]) => rel.startsWith('assets/')).map(([rel, text]) => [rel.slice('assets'.length), text])),
  );

  const validateFile = (rel: string, schemaName: string): Checked => {
    const src = parseJsonSource(shown(rel), files.read(rel));
    sources[src.file] = src.text;
    const refs: Refs = { fragments: [], links: [], images: [], advice: [] };
    if (src.syntaxErrors.length > 0) {
      for (const e of src.syntaxErrors) {
        diagnostics.push({ file: src.file, ...locateOffset(src, e.offset, e.length), path: '', message: e.message, suggestion: e.suggestion, code: 'syntax', severity: 'error' });
      }
      // One mistake, one error: what can still be read keeps other files from false alarms about this one.
      const recovered = recoverValue(src.text);
      const found: Refs = { fragments: [], links: [], images: [], advice: [] };
      try {
        const v = validator(schemaName);
        if (v && recovered !== undefined) validateWithRefs(v, recovered, found);
      } catch {
        // a broken schema is reported on its own
      }
      return { src, ok: false, fragments: found.fragments, links: [], recovered };
    }
    for (const dup of src.duplicateKeys) {
      diagnostics.push({
        file: src.file,
        ...locateOffset(src, dup.offset, dup.length),
        path: `${dup.path}/${dup.key}`,
        code: 'duplicate-key',
        severity: 'error',
        message: `"${dup.key}" is written twice in the same object (first on line ${dup.firstLine}); only this last one would count.`,
        suggestion: 'Keep one of the two and delete the other.',
      });
    }
    let validate: ValidateFunction | undefined;
    try {
      validate = validator(schemaName);
    } catch (err) {
      const problem = schemaProblem(root, err);
      if (!diagnostics.some((d) => d.code === 'schema-error' && d.message === problem.message)) diagnostics.push(problem);
      return { src, ok: false, ...refs };
    }
    if (!validate) {
      whole(`schemas/${schemaName}`, { code: 'schema-error', message: `The schema ${schemaName} is missing or could not be read, so ${src.file} cannot be checked.`, suggestion: 'Restore the schema file.' });
      return { src, ok: false, ...refs };
    }
    const ok = validateWithRefs(validate, src.value, refs);
    if (!ok) {
      for (const d of explainSchemaError(validate.errors ?? [], src.value)) report(src, d);
    }
    const failedAt = new Set(diagnostics.filter((d) => d.file === src.file).map((d) => d.path));
    for (const a of refs.advice) {
      const fill = (s: string) => s.replace(/\{(length|min|max)\}/g, (_m, k: 'length' | 'min' | 'max') => String(a[k]));
      report(src, { path: a.path, code: a.keyword === 'minLength' ? 'short-text' : 'long-text', severity: 'warning', message: fill(a.message), suggestion: fill(a.fix) || undefined });
    }
    for (const img of refs.images) {
      // A src the schema already rejected has its error; a second one about the same value would be noise.
      if (!IMAGE_SRC.test(img.src) || failedAt.has(`${img.path}/src`)) continue;
      for (const p of checkAsset(assets, img.src, img)) {
        report(src, { path: p.code === 'image-ratio' ? `${img.path}/${failedAt.has(`${img.path}/height`) ? 'width' : 'height'}` : `${img.path}/src`, code: p.code, severity: p.severity, message: p.message, suggestion: p.suggestion });
      }
    }
    const value = src.value as { $schema?: unknown } | null;
    const want = expectedSchemaRef(rel, schemaName);
    if (value && typeof value === 'object' && !Array.isArray(value) && value.$schema !== want) {
      report(src, {
        path: value.$schema === undefined ? '' : '/$schema',
        code: 'schema-ref',
        severity: 'warning',
        message: value.$schema === undefined ? 'This file does not say which schema it follows, so editors cannot complete or explain its settings.' : `"$schema" should be "${want}".`,
        suggestion: `Add "$schema": "${want}" as the first line inside the { }.`,
      });
    }
    return { src, ok: ok && src.duplicateKeys.length === 0, ...refs };
  };

  // site.json
  if (!files.exists('site.json')) {
    whole(shown('site.json'), { message: 'site.json is missing.', suggestion: 'Create site.config/site.json (see docs/authoring.md).', code: 'missing-file' });
    return { project: null, diagnostics, sources };
  }
  const siteResult = validateFile('site.json', 'site.schema.json');
  const checkedFiles: Checked[] = [{ ...siteResult }];

  // Folders nobody reads are usually a misspelt collection ("faq" for "faqs"): say so rather than ignore the files.
  for (const name of files.list('')) {
    if (!files.isDir(name)) {
      if (name !== 'site.json' && !name.startsWith('.')) {
        whole(shown(name), { severity: 'warning', code: 'unknown-file', message: `${shown(name)} is not read by the site.`, suggestion: 'Config files belong in a folder such as pages/ or faqs/; remove it or move it there.' });
      }
      continue;
    }
    if (PLAIN_FOLDERS.has(name) || collections.some((c) => c.dir === name)) continue;
    const guess = closest(name, collections.map((c) => c.dir));
    whole(shown(`${name}/`), {
      severity: 'warning',
      code: 'unknown-folder',
      message: `The folder ${shown(name)}/ is not read by the site, so nothing in it is checked or shown.`,
      suggestion: guess ? `Did you mean ${shown(guess)}/?` : `Known folders: ${collections.map((c) => `${c.dir}/`).join(', ')}.`,
    });
  }

  // Collections
  const fragments: Record<string, Record<string, unknown>> = {};
  const fragmentFiles: Record<string, Record<string, string>> = {};
  const pages: PageFile[] = [];
  const routesOfBrokenPages: string[] = [];
  /** Pages whose route could not be read even tolerantly: links to unknown routes are held back, not blamed. */
  const unreadablePages: string[] = [];
  for (const c of collections) {
    fragments[c.kind] = {};
    fragmentFiles[c.kind] = {};
    const ext = c.ext ?? '.json';
    // A collection whose schema does not exist yet (e.g. forms before form.schema.json lands) is skipped.
    if (c.schema && !(c.schema in schemas)) continue;
    for (const name of files.list(c.dir)) {
      const rel = `${c.dir}/${name}`;
      if (files.isDir(rel)) continue;
      if (!name.endsWith(ext)) {
        if (!name.startsWith('.')) {
          const advice = strayFileAdvice(name, ext, (n) => files.exists(`${c.dir}/${n}`));
          whole(shown(rel), { severity: 'warning', code: 'unknown-file', message: `${shown(rel)} is not read: only ${ext} files in ${shown(c.dir)}/ are.`, suggestion: advice });
        }
        continue;
      }
      const slug = basename(name, ext);
      if (!c.schema) {
        // Content files (MDX) have no schema here; their own compiler checks them.
        const text = files.read(rel);
        sources[shown(rel)] = text;
        fragments[c.kind][slug] = text;
        fragmentFiles[c.kind][slug] = shown(rel);
        continue;
      }
      const r = validateFile(rel, c.schema);
      checkedFiles.push(r);
      if (c.kind === 'pages') {
        if (r.ok) pages.push({ file: r.src.file, slug, source: r.src, config: r.src.value as PageConfig, fragments: r.fragments });
        else {
          // A page with a mistake elsewhere still owns its route: links to it are not a second, misleading error.
          const route = ((r.src.value ?? r.recovered) as { route?: unknown } | undefined)?.route;
          if (typeof route === 'string' && ROUTE_PATTERN.test(route)) routesOfBrokenPages.push(route);
          else if (r.src.syntaxErrors.length > 0) unreadablePages.push(r.src.file);
        }
      } else {
        fragmentFiles[c.kind][slug] = r.src.file;
        if (r.ok) fragments[c.kind][slug] = r.src.value;
        // Names a form file uses in one place must be fields it defines in another (config/form-fields.ts).
        if (r.ok && c.kind === 'forms') for (const d of checkFormFile(r.src.value as FormConfig)) report(r.src, d);
      }
    }
  }

  // Fragment references can sit in any file (a page, site.json, or a fragment inside another).
  const used = new Set<string>();
  for (const r of checkedFiles) {
    for (const ref of r.fragments) {
      used.add(`${ref.kind}/${ref.id}`);
      if (fragmentFiles[ref.kind]?.[ref.id]) continue;
      const c = collections.find((x) => x.kind === ref.kind);
      const where = `${shown(c?.dir ?? ref.kind)}/${ref.id}${c?.ext ?? '.json'}`;
      const known = Object.keys(fragmentFiles[ref.kind] ?? {});
      const guess = closest(ref.id, known);
      report(r.src, {
        path: ref.path,
        code: 'missing-fragment',
        message: `There is no ${ref.kind} file named "${ref.id}" (looked for ${where}).`,
        suggestion: guess ? `Did you mean "${guess}"?` : known.length ? `Known: ${known.map((k) => `"${k}"`).join(', ')}. Or create ${where}.` : `Create ${where}.`,
      });
    }
  }
  for (const [kind, byId] of Object.entries(fragmentFiles)) {
    if (kind === 'pages') continue;
    for (const [id, file] of Object.entries(byId)) {
      if (used.has(`${kind}/${id}`)) continue;
      whole(file, {
        severity: 'warning',
        code: 'unused-fragment',
        message: `No page uses ${file}.`,
        suggestion: `Reference it by its name "${id}" from a block, or delete the file if it is no longer needed.`,
      });
    }
  }

  // Every block schema has its component (blocks/registry.ts is checked against the schemas by the compiler).
  for (const { type, folder } of listBlocks(root)) {
    if (!existsSync(join(root, 'blocks', folder, 'index.tsx'))) {
      whole(`schemas/blocks/${type}.schema.json`, { code: 'registry', message: `Block type "${type}" has a schema but no component: blocks/${folder}/index.tsx does not exist.`, suggestion: `Create blocks/${folder}/index.tsx and add ${type}: { load: () => import('./${folder}/index.tsx') } to blocks/registry.ts.` });
    }
  }

  if (!siteResult.ok) return { project: null, diagnostics, sources };
  const site = applyEnvOverrides(siteResult.src.value as SiteConfig, env);

  // Routes: unique, and every internal link lands somewhere.
  const seen = new Map<string, PageFile>();
  for (const p of pages) {
    const prev = seen.get(p.config.route);
    if (prev) {
      report(p.source, { path: '/route', code: 'duplicate-route', message: `The route "${p.config.route}" is already used by ${prev.file}.`, suggestion: 'Give this page another route, or delete one of the two files.' });
    } else seen.set(p.config.route, p);
  }
  const pageRoutes = [...seen.keys(), ...routesOfBrokenPages];
  site.redirects.forEach((r, i) => {
    if (seen.has(r.from)) {
      report(siteResult.src, { path: `/redirects/${i}/from`, code: 'duplicate-route', message: `"${r.from}" is both a redirect and the route of ${seen.get(r.from)!.file}.`, suggestion: 'Remove the redirect or change the page route.' });
    }
    if (!pageRoutes.some((route) => routeMatches(route, r.to))) {
      const guess = closest(r.to, pageRoutes.filter((x) => !x.includes(':')));
      report(siteResult.src, { path: `/redirects/${i}/to`, code: 'unknown-route', message: `The redirect from "${r.from}" goes to "${r.to}", but no page has that route.`, suggestion: guess ? `Did you mean "${guess}"?` : 'Point it at an existing page route.' });
    }
    if (site.redirects.findIndex((o) => o.from === r.from) !== i) {
      report(siteResult.src, { path: `/redirects/${i}/from`, code: 'duplicate-route', message: `There are two redirects from "${r.from}".`, suggestion: 'Delete one of them.' });
    }
  });
  const routes = [...pageRoutes, ...site.redirects.map((r) => r.from)];
  // A set for static routes keeps link checking linear in the number of links, however many pages there are.
  const staticRoutes = new Set(routes.filter((r) => !r.includes(':')).map(normalisePath));
  const paramRoutes = routes.filter((r) => r.includes(':'));
  const routeExists = (path: string) => staticRoutes.has(normalisePath(path)) || paramRoutes.some((r) => routeMatches(r, path));
  const destinations = ['auth', ...Object.keys(site.authSite.paths), ...Object.keys(site.destinations)];

  // Header variants name entries that exist, and pages name variants that exist (config/header.ts).
  for (const d of checkHeader(site.header)) report(siteResult.src, d);
  for (const p of pages) for (const d of checkPageHeader(site.header, p.config)) report(p.source, d);

  // Ids a "#id" link can reach on a page: its blocks' ids (a dialog block's id opens the dialog).
  const pageIds = new Map<string, string[]>();
  for (const p of pages) {
    const ids: string[] = [];
    p.config.blocks.forEach((b, i) => {
      const id = (b as { id?: unknown }).id;
      if (typeof id !== 'string') return;
      if (ids.includes(id)) {
        report(p.source, { path: `/blocks/${i}/id`, code: 'duplicate-id', message: `Two blocks on this page have the id "${id}".`, suggestion: 'Ids must be unique on a page (links and dialogs find blocks by id): rename one of them.' });
      }
      ids.push(id);
    });
    pageIds.set(p.file, ids);
    if (!options.specimenPages?.includes(p.file.slice(CONFIG_DIR.length + 1))) {
      for (const problem of checkMainHeading(p.config.blocks as { type?: unknown }[], blockRegistry)) report(p.source, problem);
    }
  }

  const heldBack = new Set<string>();
  for (const { src, links } of checkedFiles) {
    for (const l of links) {
      if (l.href.startsWith('@')) {
        const name = l.href.slice(1);
        if (!destinations.includes(name)) {
          const guess = closest(name, destinations);
          report(src, { path: l.path, code: 'unknown-destination', message: `There is no destination named "${l.href}" in site.json.`, suggestion: guess ? `Did you mean "@${guess}"?` : `Add it under "destinations" in site.config/site.json. Known: ${destinations.map((d) => `"@${d}"`).join(', ')}.` });
        }
      } else if (l.href.startsWith('/')) {
        const path = l.href.replace(/[?#].*$/, '') || '/';
        if (!routeExists(path) && unreadablePages.length > 0) {
          heldBack.add(path);
        } else if (!routeExists(path)) {
          const guess = closest(path, [...staticRoutes]);
          report(src, { path: l.path, code: 'unknown-route', message: `No page has the route "${path}".`, suggestion: guess ? `Did you mean "${guess}"?` : 'Create the page with npm run new-page, or fix the link.' });
        }
      } else if (l.href.startsWith('#')) {
        const ids = pageIds.get(src.file);
        // Only pages have a fixed set of blocks; links in shared files may land on any page.
        if (!ids) continue;
        const id = l.href.slice(1);
        if (!ids.includes(id)) {
          const guess = closest(id, ids);
          report(src, {
            path: l.path,
            code: 'unknown-anchor',
            severity: 'warning',
            message: `No block on this page has the id "${id}", so the link "${l.href}" goes nowhere.`,
            suggestion: guess ? `Did you mean "#${guess}"?` : ids.length ? `Ids on this page: ${ids.map((x) => `"#${x}"`).join(', ')}.` : `Give the target block "id": "${id}".`,
          });
        }
      }
    }
  }

  if (heldBack.size > 0) {
    // Said once, on the unreadable file: the links may well be right, and its syntax error is the one mistake.
    whole(unreadablePages[0], { severity: 'warning', code: 'links-not-checked', message: `Links to ${[...heldBack].map((r) => `"${r}"`).join(', ')} were not checked: ${unreadablePages.join(', ')} has a syntax error, so its route could not be read.`, suggestion: 'Fix the syntax error above and run npm run validate again.' });
  }
  if (!assets.has('/favicon.svg')) {
    // scripts/lib/html.ts links every page to /favicon.svg.
    whole(shown('assets/favicon.svg'), { code: 'missing-file', message: 'site.config/assets/favicon.svg is missing, so browser tabs and bookmarks show no icon.', suggestion: 'Add the site icon as an SVG file at site.config/assets/favicon.svg.' });
  }

  const failed = diagnostics.some((d) => d.severity === 'error');
  return { project: failed ? null : { root, configDir: files.dir, site, pages, fragments }, diagnostics, sources };
}

/** Editor swap files, backups and notes: kept beside config files on purpose, so they get no rename advice. */
const STRAY = /(\.(bak|backup|old|orig|rej|tmp|txt|md|swp|swo|swn)|~)$|^#.*#$/i;

/**
 * What to say about a file that is not read because of its extension. A stray copy ("owner.json.bak", "owner.json~",
 * ".owner.json.swp") only gets told it is ignored; a name that only lacks the extension ("owner", "owner.JSON",
 * "owner.jsn") gets the name it should have, unless that would double the extension or clash with an existing file.
 */
export function strayFileAdvice(name: string, ext: string, exists: (name: string) => boolean): string {
  const ignored = `It is ignored; delete it if you no longer need it.`;
  if (STRAY.test(name) || name.toLowerCase().includes(`${ext}.`)) return ignored;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const target = `${stem}${ext}`;
  if (stem.toLowerCase().endsWith(ext) || exists(target)) return ignored;
  return `Rename it to ${target} if it is meant to be used.`;
}
