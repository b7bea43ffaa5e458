import type { ErrorObject } from 'ajv';
import { closest } from './suggest.ts';
import type { Diagnostic } from './diagnostics.ts';

type Explained = Pick<Diagnostic, 'path' | 'message' | 'suggestion' | 'code'> & { key?: string };

const TYPE_WORDS: Record<string, string> = {
  string: 'text in double quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object in { }',
  array: 'a list in [ ]',
  null: 'null',
};

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function valueAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const seg of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
}

/**
 * Turns ajv's errors into plain-English diagnostics with suggestions.
 * Keeps the most specific error per location, because a oneOf/if failure repeats what the inner schema already said.
 */
export function explainSchemaError(errors: ErrorObject[], data: unknown): Explained[] {
  const out: Explained[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'if' || e.keyword === 'allOf') continue;
    const x = explainOne(e, data);
    if (!x) continue;
    const k = `${x.path}|${x.key ?? ''}|${x.code}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(x);
  }
  return out;
}

function explainOne(e: ErrorObject, data: unknown): Explained | undefined {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const parentSchema = e.parentSchema as { properties?: Record<string, unknown>; description?: string; enum?: unknown[] } | undefined;
  const fieldDescription = (e.parentSchema as { description?: string } | undefined)?.description;
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(p.additionalProperty);
      const allowed = Object.keys(parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
      const guess = closest(prop, allowed);
      return {
        path,
        key: prop,
        code: 'unknown-property',
        message: `"${prop}" is not a setting here, so it would be ignored.`,
        suggestion: guess ? `Did you mean "${guess}"?` : allowed.length ? `Allowed settings: ${allowed.map((a) => `"${a}"`).join(', ')}.` : 'Remove it.',
      };
    }
    case 'required': {
      const prop = String(p.missingProperty);
      const propSchema = parentSchema?.properties?.[prop] as { description?: string } | undefined;
      return {
        path,
        code: 'missing-property',
        message: `The required setting "${prop}" is missing.`,
        suggestion: propSchema?.description ? `Add "${prop}": ${propSchema.description}` : `Add "${prop}".`,
      };
    }
    case 'type': {
      const want = String(p.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      return { path, code: 'wrong-type', message: `This should be ${want}, but it is ${show(valueAt(data, path))}.`, suggestion: fieldDescription };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const value = valueAt(data, path);
      const isBlockType = path.endsWith('/type') && /\/blocks\/\d+\/type$/.test(path);
      const guess = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      return {
        path,
        code: isBlockType ? 'unknown-block' : 'not-allowed',
        message: isBlockType ? `Unknown block type ${show(value)}.` : `${show(value)} is not one of the allowed values.`,
        suggestion: guess ? `Did you mean "${guess}"? Allowed: ${allowed.map(show).join(', ')}.` : `Allowed: ${allowed.map(show).join(', ')}.`,
      };
    }
    case 'const':
      return { path, code: 'not-allowed', message: `This must be ${show(p.allowedValue)}.`, suggestion: `Write ${show(p.allowedValue)}.` };
    case 'pattern': {
      const value = valueAt(data, path);
      const s = typeof value === 'string' ? value : '';
      if (/^\s*(javascript|data|vbscript):/i.test(s)) {
        return { path, code: 'unsafe-link', message: `${show(s)} is a script or data link, which is never allowed.`, suggestion: 'Use a route such as "/contact", a named destination such as "@signin", or an https:// address.' };
      }
      if (/^http:\/\//i.test(s)) {
        return { path, code: 'bad-link', message: `${show(s)} uses http://, which is not secure.`, suggestion: `Use ${show(s.replace(/^http:/i, 'https:'))}.` };
      }
      return { path, code: 'bad-format', message: `${show(s)} is not in the expected form.`, suggestion: fieldDescription };
    }
    case 'minLength':
      return { path, code: 'too-short', message: Number(p.limit) === 1 ? 'This must not be empty.' : `This must be at least ${p.limit} characters long.`, suggestion: fieldDescription };
    case 'maxLength':
      return { path, code: 'too-long', message: `This is longer than ${p.limit} characters.`, suggestion: 'Shorten it: search engines cut long titles and descriptions.' };
    case 'minItems':
      return { path, code: 'too-few', message: `This list needs at least ${p.limit} item${Number(p.limit) === 1 ? '' : 's'}.`, suggestion: fieldDescription };
    case 'maxItems':
      return { path, code: 'too-many', message: `This list can have at most ${p.limit} items.`, suggestion: 'Remove the extra items.' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, code: 'out-of-range', message: `${show(valueAt(data, path))} is out of range: it ${e.message}.`, suggestion: fieldDescription };
    case 'propertyNames':
      return undefined; // reported by the nested pattern error
    case 'format':
      return { path, code: 'bad-format', message: `${show(valueAt(data, path))} is not a valid ${p.format}.`, suggestion: fieldDescription };
    default:
      return { path, code: e.keyword, message: `This value ${e.message ?? 'is not valid'}.`, suggestion: fieldDescription };
  }
}
