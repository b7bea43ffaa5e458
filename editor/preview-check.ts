/**
 * Whether a section (or the site's header and footer) can be shown with its current values: the values are checked
 * against the block's schema, so a section whose required field is empty is treated as broken even when it would
 * render nothing rather than throw. The problem is said in the words of the field labels, never as a setting name.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { humanise } from './pointer.ts';
import { blockSchema, schemaFor } from './schemas.ts';

type Schema = Record<string, unknown>;

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction | null>();

function compiled(key: string, schema: () => Schema | undefined): ValidateFunction | null {
  if (validators.has(key)) return validators.get(key) ?? null;
  let fn: ValidateFunction | null = null;
  const s = schema();
  if (s) {
    // The schemas carry annotations of their own (x-…) and messages for the command line: not errors here.
    ajv ??= addFormats(new Ajv({ strict: false, allErrors: true, validateFormats: true }));
    try {
      const { $id: _id, $schema: _s, ...rest } = s;
      fn = ajv.compile(rest);
    } catch {
      fn = null;
    }
  }
  validators.set(key, fn);
  return fn;
}

/** The plain name of a field inside a value: ["actions", "0", "href"] → "Actions › item 1 › Goes to". */
export function fieldName(path: readonly string[]): string {
  return path.map((k) => (/^\d+$/.test(k) ? `item ${Number(k) + 1}` : humanise(k))).join(' › ');
}

function pathOf(error: ErrorObject): string[] {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty?: unknown }).missingProperty ?? ''));
  return parts.filter(Boolean);
}

/**
 * One sentence per field in trouble, at most three, from ajv's findings. `skip` drops the leading parts of each path
 * (the "header" of a site's settings) when the heading of the marker already names them.
 */
export function describeErrors(all: readonly ErrorObject[], skip = 0): string | null {
  const errors = closestChoice(all);
  const lines: string[] = [];
  const seen = new Set<string>();
  // A value that matched none of a choice's forms reports every form's complaint: the first concrete one says enough.
  for (const e of errors) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if' || e.keyword === 'not') continue;
    const path = pathOf(e).slice(skip);
    const name = fieldName(path);
    if (seen.has(name)) continue;
    seen.add(name);
    const empty = e.keyword === 'required' || (e.keyword === 'minLength' && (e.params as { limit?: number }).limit === 1) || e.keyword === 'minItems';
    if (!name) lines.push(empty ? 'Something it needs is not filled in yet.' : 'One of its settings is not valid yet.');
    else lines.push(empty ? `Fill in “${name}”.` : `“${name}” is not valid yet.`);
    if (lines.length === 3) break;
  }
  return lines.length ? lines.join(' ') : null;
}

/**
 * A value that may take one of several forms (a menu entry is a link or a group of links) gets a complaint from each
 * form; only the form it is closest to (the fewest complaints) is kept, so the marker never asks for both.
 */
function closestChoice(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'oneOf');
  for (const choice of errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) {
    const prefix = `${choice.schemaPath}/`;
    const under = (e: ErrorObject) =>
      e.schemaPath.startsWith(prefix) && (e.instancePath === choice.instancePath || e.instancePath.startsWith(`${choice.instancePath}/`));
    const byForm = new Map<string, number>();
    for (const e of kept.filter(under)) {
      const form = e.schemaPath.slice(prefix.length).split('/')[0];
      byForm.set(form, (byForm.get(form) ?? 0) + 1);
    }
    const best = [...byForm].sort((a, b) => a[1] - b[1])[0]?.[0];
    kept = kept.filter((e) => !under(e) || e.schemaPath.slice(prefix.length).split('/')[0] === best);
  }
  return kept;
}

/** Why this section cannot be shown with its current values, in plain words; null when it can. */
export function blockProblem(block: { type: string }): string | null {
  const validate = compiled(`block:${block.type}`, () => blockSchema(block.type));
  if (!validate || validate(block)) return null;
  return describeErrors(validate.errors ?? []) ?? 'One of its settings is not valid yet.';
}

/** Why the site's header or footer cannot be shown with the current site settings; null when it can. */
export function chromeProblem(site: unknown, part: 'header' | 'footer'): string | null {
  if (!site || typeof site !== 'object') return null;
  const validate = compiled('site', () => schemaFor('site.schema.json'));
  if (!validate || validate(site)) return null;
  const mine = (validate.errors ?? []).filter((e) => e.instancePath === `/${part}` || e.instancePath.startsWith(`/${part}/`));
  return mine.length ? describeErrors(mine, 1) : null;
}
