/**
 * Compiling the schemas: the one place ajv is set up, the keywords that record where links, fragments, images and
 * advisory lengths sit while a file is validated, and the compiled set reused until a schema file changes.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import type { default as Ajv, KeywordCxt, ValidateFunction } from 'ajv';
import { collectionsOf } from './files.ts';
import { say, type Diagnostic } from './diagnostics.ts';
import { locateOffset, parseJsonSource } from './json-source.ts';
import { loadSavedValidators, savedKey, saveValidators, validatorCacheDir } from './saved-validators.ts';

const require = createRequire(import.meta.url);

export interface FragmentRef {
  kind: string;
  id: string;
  path: string;
}
export interface LinkRef {
  href: string;
  path: string;
}
/** A local image met while validating (schemas mark them with "x-image"), with the size the config declares. */
export interface ImageRef {
  path: string;
  src: string;
  width?: unknown;
  height?: unknown;
}
/**
 * An advisory limit a value is outside of (schemas mark them with "x-warn"): a warning, not an error, e.g. a
 * description search engines would cut. The messages come from the schema, so the editor can show the same words.
 */
export interface AdviceRef {
  path: string;
  keyword: 'minLength' | 'maxLength';
  length: number;
  min: number;
  max: number;
  message: string;
  fix: string;
}

/** What validating one file collects: the references found where the schemas mark them. */
export interface Refs {
  fragments: FragmentRef[];
  links: LinkRef[];
  images: ImageRef[];
  advice: AdviceRef[];
}

export const noRefs = (): Refs => ({ fragments: [], links: [], images: [], advice: [] });

export function schemaFiles(root: string): string[] {
  const schemaDir = join(root, 'schemas');
  const list = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(dir, f))
      : [];
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

/** The one place ajv is set up. Its source is part of the key of saved validators (saved-validators.ts). */
export function buildAjv(schemas: unknown[]): Ajv {
  // Loaded here, not at start-up: with saved validators, a run does not need ajv's compiler.
  const { default: AjvClass, _, str, Name } = require('ajv') as typeof import('ajv');
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const ajv = new AjvClass({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    verbose: true,
    // The validator is called with the Refs collector as `this`, which the keywords below fill in.
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
    cxt.gen.if(_`${refs} && ${refs}.sitewrightRefs && typeof ${cxt.data} == "string"`, () =>
      cxt.gen.code(_`${refs}.sitewrightRefs.${new Name(list)}.push(${item(cxt, str`${instancePath}${cxt.it.errorPath}`)})`),
    );
  };
  ajv.addKeyword({
    keyword: 'x-fragment',
    schemaType: 'string',
    code: collect('fragments', (cxt, path) => _`{kind: ${cxt.schema as string}, id: ${cxt.data}, path: ${path}}`),
  });
  ajv.addKeyword({ keyword: 'x-link', schemaType: 'boolean', code: collect('links', (cxt, path) => _`{href: ${cxt.data}, path: ${path}}`) });
  ajv.addKeyword({
    keyword: 'x-image',
    schemaType: 'boolean',
    code: (cxt: KeywordCxt) => {
      const d = cxt.data;
      cxt.gen.if(_`${refs} && ${refs}.sitewrightRefs && ${d} && typeof ${d} == "object" && typeof ${d}.src == "string"`, () =>
        cxt.gen.code(
          _`${refs}.sitewrightRefs.images.push({path: ${str`${instancePath}${cxt.it.errorPath}`}, src: ${d}.src, width: ${d}.width, height: ${d}.height})`,
        ),
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
export function validateWithRefs(validate: ValidateFunction, data: unknown, refs: Refs): boolean {
  return validate.call({ sitewrightRefs: refs }, data) as boolean;
}

export function schemaId(name: string): string {
  return `https://sitewright.dev/schemas/${name}`;
}

/** The compiled schemas, and what was wrong with the schema files themselves. */
export interface SchemaSet {
  key: string;
  /** The validator for a schema file name such as "page.schema.json"; undefined if there is no such schema; throws what ajv throws about a broken schema. */
  validator: (schemaName: string) => ValidateFunction | undefined;
  schemas: Record<string, unknown>;
  problems: Diagnostic[];
}
let compiled: SchemaSet | null = null;

/** The schema set for a project, reused in memory until a schema file changes (the dev server validates on every save). */
export function compileSchemas(root: string): SchemaSet {
  const files = schemaFiles(root);
  const texts = files.map((f) => readFileSync(f, 'utf8'));
  const key = JSON.stringify([root, files, texts]);
  if (compiled?.key === key) return compiled;
  const schemas: Record<string, unknown> = {};
  const problems: Diagnostic[] = [];
  files.forEach((f, i) => {
    const rel = relative(root, f).split('\\').join('/');
    // A half-written schema must not crash the validator: it becomes one error on that file.
    const src = parseJsonSource(rel, texts[i]);
    const e = src.syntaxErrors[0];
    if (e)
      problems.push({
        file: rel,
        ...locateOffset(src, e.offset, e.length),
        path: '',
        ...say('schema-syntax', { detail: e.message }),
        suggestion: e.suggestion,
      });
    else schemas[relative(join(root, 'schemas'), f).split('\\').join('/')] = src.value;
  });
  const used = ['site.schema.json', ...collectionsOf(schemas).map((c) => c.schema)].filter((name): name is string => name !== undefined && name in schemas);
  // Only a set of schemas that all parse is saved or loaded; a broken one is compiled and reported as it always was.
  const cacheDir = problems.length === 0 ? validatorCacheDir(root) : undefined;
  const savedAs = cacheDir && savedKey(root, files, texts, used, [buildAjv, validateWithRefs]);
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
    if (problems.length === 0 && cacheDir && savedAs)
      saveValidators(
        compiler(),
        cacheDir,
        savedAs,
        used.map((name) => [name, schemaId(name)]),
      );
  }
  // A saved set holds every schema this run can ask for; compiling stays the answer for anything else.
  compiled = { key, validator: (name) => saved?.[name] ?? compiler().getSchema(schemaId(name)), schemas, problems };
  return compiled;
}

/** An error ajv throws about a schema (not about config), pinned on the schema file it names. */
export function schemaProblem(root: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const id = /https:\/\/sitewright\.dev\/schemas\/([\w./-]+?\.schema\.json)/.exec(message)?.[1];
  let file = id ? `schemas/${id}` : 'schemas/';
  // Some messages (e.g. an unknown keyword) do not name the schema: find the file that uses the keyword.
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  if (!id && keyword) {
    const hit = schemaFiles(root).find((f) => readFileSync(f, 'utf8').includes(`"${keyword}"`));
    if (hit) file = relative(root, hit).split('\\').join('/');
  }
  return { file, line: 1, column: 1, path: '', ...say('schema-error', { detail: message }) };
}
