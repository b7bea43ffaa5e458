import type { ErrorObject } from 'ajv';
import { closest } from '../suggest.ts';
import { valueAt } from '../json-pointer.ts';
import { urlForm } from './assets.ts';
import { addressFromTyped } from '../../../renderer/lib/route-form.ts';
import { say, type Diagnostic, type DiagnosticCode } from './diagnostics.ts';

type Explained = Pick<Diagnostic, 'path' | 'message' | 'suggestion' | 'code' | 'args'> & { key?: string };
/** While explaining: which property a "required" error misses, and the nearest allowed name of an unknown one. */
type Draft = Explained & { missing?: string; guess?: string };

const TYPE_WORDS: Record<string, string> = {
  string: 'text in double quotes',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false (without quotes)',
  object: 'an object in { }',
  array: 'a list in [ ]',
  null: 'null',
};

interface SchemaLike {
  title?: string;
  description?: string;
  properties?: Record<string, SchemaLike>;
  enum?: unknown[];
  examples?: unknown[];
  const?: unknown;
  /** Per-keyword wording written in the schema itself (shared definitions), so the editor shows the same words. */
  'x-messages'?: Record<string, { message: string; fix: string }>;
  /** Settings renamed since they were first written (old name → new name), so an old page gets a precise fix. */
  'x-renamed'?: Record<string, string>;
}

/**
 * At one JSON location only the most specific error shows: a value of the wrong type is not also "not one of the
 * allowed values", and an empty text is not also "only spaces". Earlier in this list wins.
 */
const VALUE_KEYWORDS = [
  'type',
  'const',
  'enum',
  'minLength',
  'pattern',
  'maxLength',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'uniqueItems',
];

/** Keeps, per location, only the highest-ranked of the errors about the value itself (see VALUE_KEYWORDS). */
export function mostSpecific(errors: ErrorObject[]): ErrorObject[] {
  const best = new Map<string, number>();
  for (const e of errors) {
    const rank = VALUE_KEYWORDS.indexOf(e.keyword);
    if (rank >= 0) best.set(e.instancePath, Math.min(rank, best.get(e.instancePath) ?? Infinity));
  }
  return errors.filter((e) => {
    const rank = VALUE_KEYWORDS.indexOf(e.keyword);
    return rank < 0 || rank === best.get(e.instancePath);
  });
}

/** A schema's own message for this keyword, with {limit} and {length} filled in. */
function schemaMessage(e: ErrorObject, data: unknown): { message: string; suggestion: string } | undefined {
  const m = (e.parentSchema as SchemaLike | undefined)?.['x-messages']?.[e.keyword];
  if (!m) return undefined;
  const value = valueAt(data, e.instancePath);
  const vars: Record<string, string> = {
    limit: String((e.params as { limit?: unknown }).limit ?? ''),
    length: String(typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : ''),
  };
  const fill = (s: string) => s.replace(/\{(limit|length)\}/g, (_m, k: string) => vars[k]);
  return { message: fill(m.message), suggestion: fill(m.fix) };
}

const CODES: Record<string, DiagnosticCode> = {
  minLength: 'too-short',
  maxLength: 'too-long',
  pattern: 'blank-text',
  minItems: 'too-few',
  maxItems: 'too-many',
};

function show(v: unknown): string {
  const s = JSON.stringify(v);
  return s === undefined ? String(v) : s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

function describeValue(v: unknown): string {
  if (v === undefined) return 'missing';
  if (Array.isArray(v)) return `a list (${show(v)})`;
  if (v !== null && typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the text ${show(v)}`;
  return show(v);
}

/** "the hero block", "a page", "site.json": what the settings in an error belong to, in a marketer's words. */
function owner(schema: SchemaLike | undefined, data: unknown, path: string): string {
  const title = schema?.title ?? '';
  const here = valueAt(data, path) as { type?: unknown } | undefined;
  if (/Block$/.test(title) && here && typeof here.type === 'string') return `the ${here.type} block`;
  if (title === 'PageConfig') return 'a page';
  if (title === 'SiteConfig') return 'site.json';
  if (title === 'Link') return 'a link';
  if (title === 'Image') return 'an image';
  return title ? `${title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}` : 'this object';
}

function exampleOf(schema: SchemaLike | undefined): string | undefined {
  if (!schema) return undefined;
  if (schema.examples?.length) return `e.g. ${show(schema.examples[0])}`;
  if (schema.enum?.length) return `one of ${schema.enum.map(show).join(', ')}`;
  return undefined;
}

/**
 * Turns ajv's errors into plain-English diagnostics with suggestions.
 * Keeps the most specific error per location, because a oneOf/if failure repeats what the inner schema already said.
 */
export function explainSchemaError(errors: ErrorObject[], data: unknown): Explained[] {
  const specific = mostSpecific(errors.filter((e) => e.keyword !== 'if' && e.keyword !== 'allOf'));
  // A oneOf/anyOf failure is only worth saying when nothing inside it explains the problem better.
  const useful = specific.filter(
    (e) =>
      !(e.keyword === 'oneOf' || e.keyword === 'anyOf') ||
      !specific.some((o) => o !== e && o.keyword !== 'oneOf' && o.keyword !== 'anyOf' && o.instancePath.startsWith(e.instancePath)),
  );
  // Several "type" errors at one place come from alternatives ("text or a list"): say them together.
  const typeWanted = new Map<string, string[]>();
  for (const e of useful) {
    if (e.keyword !== 'type') continue;
    const list = typeWanted.get(e.instancePath) ?? [];
    for (const t of String((e.params as { type: string }).type).split(',')) if (!list.includes(t)) list.push(t);
    typeWanted.set(e.instancePath, list);
  }

  const out: Draft[] = [];
  const seen = new Set<string>();
  for (const e of useful) {
    const x = explainOne(e, data, typeWanted);
    if (!x) continue;
    const k = `${x.path}|${x.key ?? ''}|${x.code}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(x);
  }

  // A misspelt required setting shows up twice (unknown "headng", missing "heading"): say it once, on the typo.
  const kept: Draft[] = [];
  for (const x of out) {
    const typo = x.code === 'missing-property' ? out.find((o) => o.code === 'unknown-property' && o.path === x.path && o.guess === x.missing) : undefined;
    if (typo) typo.suggestion = `${typo.suggestion} ("${x.missing}" is required.)`;
    else kept.push(x);
  }
  return kept.map(({ missing: _m, guess: _g, ...x }) => x);
}

function linkHint(s: string): Explained['suggestion'] | undefined {
  if (/^\s*(javascript|data|vbscript):/i.test(s)) return undefined;
  if (/^http:\/\//i.test(s)) return `Use ${show(s.replace(/^http:/i, 'https:'))}.`;
  if (/^www\./i.test(s)) return `Add https:// in front: ${show(`https://${s}`)}.`;
  if (/^\.{1,2}\//.test(s)) return `Write the route from the site root instead, e.g. ${show(`/${s.replace(/^(\.{1,2}\/)+/, '')}`)}.`;
  if (/^[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(s))
    return `Start internal routes with "/", e.g. ${show(`/${s.toLowerCase()}`)}; named destinations with "@", e.g. "@signin".`;
  if (/\s/.test(s)) return 'Remove the spaces.';
  return undefined;
}

function explainOne(e: ErrorObject, data: unknown, typeWanted: Map<string, string[]>): Draft | undefined {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const parentSchema = e.parentSchema as SchemaLike | undefined;
  const own = schemaMessage(e, data);
  if (own && e.keyword !== 'pattern') return { path, code: CODES[e.keyword] ?? 'invalid-value', ...own };
  if (own && e.keyword === 'pattern' && !/\/src$/.test(path)) return { path, code: CODES.pattern, ...own };
  const description = parentSchema?.description;
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(p.additionalProperty);
      const allowed = Object.keys(parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
      const renamed = parentSchema?.['x-renamed']?.[prop];
      const guess = renamed ?? closest(prop, allowed);
      return { path, key: prop, guess, ...say('unknown-property', { prop, owner: owner(parentSchema, data, path), guess, renamed, allowed }) };
    }
    case 'required': {
      const prop = String(p.missingProperty);
      const propSchema = parentSchema?.properties?.[prop];
      return {
        path,
        missing: prop,
        ...say('missing-property', { prop, owner: owner(parentSchema, data, path), how: propSchema?.description ?? exampleOf(propSchema) }),
      };
    }
    case 'type': {
      const wanted = typeWanted.get(path) ?? String(p.type).split(',');
      const value = valueAt(data, path);
      return {
        path,
        ...say('wrong-type', {
          want: wanted.map((t) => TYPE_WORDS[t] ?? t).join(' or '),
          got: describeValue(value),
          hint: typeHint(value, wanted, description),
        }),
      };
    }
    case 'enum': {
      const allowed = ((p.allowedValues as unknown[]) ?? []).map(show).join(', ');
      const value = valueAt(data, path);
      const guess = typeof value === 'string' ? closest(value, ((p.allowedValues as unknown[]) ?? []).map(String)) : undefined;
      if (/\/blocks\/\d+\/type$/.test(path)) return { path, ...say('unknown-block', { value: show(value), guess, allowed }) };
      return { path, ...say('not-allowed', { value: show(value), guess, allowed }) };
    }
    case 'const':
      return { path, ...say('not-allowed', { value: describeValue(valueAt(data, path)), only: show(p.allowedValue) }) };
    case 'pattern':
      return explainPattern(e, data, parentSchema, own?.suggestion);
    case 'minLength':
      return { path, ...say('too-short', { limit: Number(p.limit), description }) };
    case 'maxLength':
      return { path, ...say('too-long', { limit: p.limit, length: String(valueAt(data, path) ?? '').length }) };
    case 'minItems':
      return { path, ...say('too-few', { limit: Number(p.limit), description }) };
    case 'maxItems':
      return { path, ...say('too-many', { limit: p.limit }) };
    case 'uniqueItems':
      return { path, ...say('duplicate-item', { first: Number(p.j) + 1, second: Number(p.i) + 1 }) };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return {
        path,
        ...say('out-of-range', { value: show(valueAt(data, path)), rule: e.message, comparison: p.comparison, limit: p.limit, description }),
      };
    case 'propertyNames':
      return undefined; // reported by the nested pattern error
    case 'format':
      return { path, ...say('bad-format', { value: show(valueAt(data, path)), format: String(p.format), description }) };
    case 'oneOf':
    case 'anyOf':
      return { path, ...say('no-match', { description }) };
    default:
      return { path, ...say('invalid-value', { rule: e.message, description }) };
  }
}

/** The likely fix for a value of the wrong kind: quotes to remove or add, a list to wrap it in; else the field's description. */
function typeHint(value: unknown, wanted: string[], description: string | undefined): string | undefined {
  if (typeof value === 'string' && wanted.some((t) => t === 'number' || t === 'integer') && value.trim() !== '' && !Number.isNaN(Number(value)))
    return `Remove the quotes: write ${Number(value)}.`;
  if (typeof value === 'string' && wanted.includes('boolean') && /^(true|false)$/i.test(value)) return `Remove the quotes: write ${value.toLowerCase()}.`;
  if (wanted.includes('array') && value !== undefined && !Array.isArray(value))
    return `Put it in a list: [ ${show(value)} ].${description ? ` ${description}` : ''}`;
  if (wanted.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) return `Put it in double quotes: "${value}".`;
  return description;
}

/** A text that does not have the form its field asks for: a name, a link, a route, an image path, or another form. */
function explainPattern(e: ErrorObject, data: unknown, parentSchema: SchemaLike | undefined, ownFix: string | undefined): Draft {
  const path = e.instancePath;
  if (e.propertyName !== undefined) return { path, key: e.propertyName, ...say('bad-name', { name: e.propertyName }) };
  const value = valueAt(data, path);
  const s = typeof value === 'string' ? value : '';
  if (/^\s*(javascript|data|vbscript):/i.test(s)) return { path, ...say('unsafe-link', { value: show(s) }) };
  if (/^http:\/\//i.test(s)) return { path, ...say('bad-link', { value: show(s), insecure: true, hint: linkHint(s) }) };
  if (parentSchema?.title === 'Route' || /\/route$|\/(from|to)$/.test(path)) {
    return { path, ...say('bad-route', { value: show(s), fixed: addressFromTyped(s) ?? undefined }) };
  }
  if (parentSchema?.title === 'Href' || /\/href$/.test(path)) return { path, ...say('bad-link', { value: show(s), insecure: false, hint: linkHint(s) }) };
  if (/\/src$/.test(path)) {
    // A path as it looks on the author's computer names its right form; anything else gets the general advice.
    const fixed = urlForm(s);
    const right =
      fixed && /[/\\]/.test(s) && /^\/[^\s]+\.(svg|webp|avif|png|jpg|jpeg)$/.test(fixed)
        ? `Write ${show(fixed)}: files in site.config/assets/ are served from the site root.`
        : undefined;
    return { path, ...say('bad-image', { value: show(s), hint: right ?? ownFix }) };
  }
  return { path, ...say('bad-format', { value: show(s), description: parentSchema?.description }) };
}
