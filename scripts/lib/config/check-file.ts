/**
 * One config file against its schema: syntax, names written twice, the schema's errors explained, advisory lengths,
 * the local images it names, and its "$schema" line. Returns the references the schema marked, for the cross-file passes.
 */
import type { ValidateFunction } from 'ajv';
import type { AssetIndex } from './assets.ts';
import { checkAsset } from './assets.ts';
import { say } from './diagnostics.ts';
import { explainSchemaError } from './explain.ts';
import { expectedSchemaRef, shown, type ConfigFiles } from './files.ts';
import type { Findings } from './findings.ts';
import { parseJsonSource, recoverValue, type JsonSource } from './json-source.ts';
import type { Checked } from './model.ts';
import { noRefs, schemaProblem, validateWithRefs, type Refs, type SchemaSet } from './schemas.ts';

/** What checking a file needs from the run. */
export interface FileContext {
  root: string;
  files: ConfigFiles;
  schemas: SchemaSet;
  assets: AssetIndex;
  findings: Findings;
  /** Text of every file read, by its reported name. */
  sources: Record<string, string>;
}

/** Same rule as image "src" in schemas/defs.schema.json: only a path of this form is looked up as a file. */
const IMAGE_SRC = /^\/[^\s]+\.(svg|webp|avif|png|jpg|jpeg)$/;

export function checkFile(cx: FileContext, rel: string, schemaName: string): Checked {
  const src = parseJsonSource(shown(rel), cx.files.read(rel));
  cx.sources[src.file] = src.text;
  if (src.syntaxErrors.length > 0) return unreadable(cx, src, schemaName);
  for (const dup of src.duplicateKeys) cx.findings.atOffset(src, dup.offset, dup.length, `${dup.path}/${dup.key}`, say('duplicate-key', dup));
  let validate: ValidateFunction | undefined;
  try {
    validate = cx.schemas.validator(schemaName);
  } catch (err) {
    const problem = schemaProblem(cx.root, err);
    if (!cx.findings.diagnostics.some((d) => d.code === 'schema-error' && d.message === problem.message)) cx.findings.add(problem);
    return { src, ok: false, ...noRefs() };
  }
  if (!validate) {
    cx.findings.whole(`schemas/${schemaName}`, say('schema-error', { schema: schemaName, file: src.file }));
    return { src, ok: false, ...noRefs() };
  }
  const refs = noRefs();
  const ok = validateWithRefs(validate, src.value, refs);
  if (!ok) for (const { path, key, ...f } of explainSchemaError(validate.errors ?? [], src.value)) cx.findings.at(src, path, f, key);
  const failedAt = new Set(cx.findings.diagnostics.filter((d) => d.file === src.file).map((d) => d.path));
  adviseLengths(cx.findings, src, refs);
  checkImages(cx, src, refs, failedAt);
  checkSchemaRef(cx.findings, src, expectedSchemaRef(rel, schemaName));
  return { src, ok: ok && src.duplicateKeys.length === 0, ...refs };
}

/**
 * A file with a syntax error: one error for it, and what can still be read, which keeps other files from false
 * alarms about this one (links to its route, its fragments reported unused).
 */
function unreadable(cx: FileContext, src: JsonSource, schemaName: string): Checked {
  for (const e of src.syntaxErrors) cx.findings.atOffset(src, e.offset, e.length, '', { code: 'syntax', message: e.message, suggestion: e.suggestion });
  const recovered = recoverValue(src.text);
  const found = noRefs();
  try {
    const v = cx.schemas.validator(schemaName);
    if (v && recovered !== undefined) validateWithRefs(v, recovered, found);
  } catch {
    // a broken schema is reported on its own
  }
  return { src, ok: false, fragments: found.fragments, links: [], recovered };
}

/** Lengths outside what the schema recommends ("x-warn"), in the schema's own words. */
function adviseLengths(findings: Findings, src: JsonSource, refs: Refs): void {
  for (const a of refs.advice) {
    const fill = (s: string) => s.replace(/\{(length|min|max)\}/g, (_m, k: 'length' | 'min' | 'max') => String(a[k]));
    findings.at(src, a.path, { code: a.keyword === 'minLength' ? 'short-text' : 'long-text', message: fill(a.message), suggestion: fill(a.fix) || undefined });
  }
}

function checkImages(cx: FileContext, src: JsonSource, refs: Refs, failedAt: Set<string>): void {
  for (const img of refs.images) {
    // A src the schema already rejected has its error; a second one about the same value would be noise.
    if (!IMAGE_SRC.test(img.src) || failedAt.has(`${img.path}/src`)) continue;
    for (const p of checkAsset(cx.assets, img.src, img)) {
      const at = p.code === 'image-ratio' ? `${img.path}/${failedAt.has(`${img.path}/height`) ? 'width' : 'height'}` : `${img.path}/src`;
      cx.findings.at(src, at, p);
    }
  }
}

function checkSchemaRef(findings: Findings, src: JsonSource, want: string): void {
  const value = src.value as { $schema?: unknown } | null;
  if (!value || typeof value !== 'object' || Array.isArray(value) || value.$schema === want) return;
  const missing = value.$schema === undefined;
  findings.at(src, missing ? '' : '/$schema', say('schema-ref', { want, missing }));
}
