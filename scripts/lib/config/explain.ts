import type { ErrorObject } from 'ajv';
import { closest } from '../suggest.ts';
import { urlForm } from './assets.ts';
import type { Diagnostic, DiagnosticCode } from './diagnostics.ts';

type Explained = Pick<Diagnostic, 'path' | 'message' | 'suggestion' | 'code'> & { key?: string };
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
}

/**
 * At one JSON location only the most specific error shows: a value of the wrong type is not also "not one of the
 * allowed values", and an empty text is not also "only spaces". Earlier in this list wins.
 */
const VALUE_KEYWORDS = ['type', 'const', 'enum', 'minLength', 'pattern', 'maxLength', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems'];

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
  const vars: Record<string, string> = { limit: String((e.params as { limit?: unknown }).limit ?? ''), length: String(typeof value === 'string' ? [...value].length : Array.isArray(value) ? value.length : '') };
  const fill = (s: string) => s.replace(/\{(limit|length)\}/g, (_m, k: string) => vars[k]);
  return { message: fill(m.message), suggestion: fill(m.fix) };
}

const CODES: Record<string, DiagnosticCode> = { minLength: 'too-short', maxLength: 'too-long', pattern: 'blank-text', minItems: 'too-few', maxItems: 'too-many' };

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

function valueAt(root: unknown, pointer: string): unknown {
  let cur: unknown = root;
  for (const seg of pointer.split('/').slice(1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return cur;
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
    (e) => !(e.keyword === 'oneOf' || e.keyword === 'anyOf') || !specific.some((o) => o !== e && o.keyword !== 'oneOf' && o.keyword !== 'anyOf' && o.instancePath.startsWith(e.instancePath)),
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
  if (/^[a-z0-9-]+(\/[a-z0-9-]+)*$/i.test(s)) return `Start internal routes with "/", e.g. ${show(`/${s.toLowerCase()}`)}; named destinations with "@", e.g. "@signin".`;
  if (/\s/.test(s)) return 'Remove the spaces.';
  return undefined;
}

function explainOne(e: ErrorObject, data: unknown, typeWanted: Map<string, string[]>): Draft | undefined {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const parentSchema = e.parentSchema as SchemaLike | undefined;
  const fieldDescription = parentSchema?.description;
  const own = schemaMessage(e, data);
  if (own && e.keyword !== 'pattern') return { path, code: CODES[e.keyword] ?? 'invalid-value', ...own };
  if (own && e.keyword === 'pattern' && !/\/src$/.test(path)) return { path, code: CODES.pattern, ...own };
  switch (e.keyword) {
    case 'additionalProperties': {
      const prop = String(p.additionalProperty);
      const allowed = Object.keys(parentSchema?.properties ?? {}).filter((k) => k !== '$schema');
      const guess = closest(prop, allowed);
      return {
        path,
        key: prop,
        code: 'unknown-property',
        guess,
        message: `"${prop}" is not a setting of ${owner(parentSchema, data, path)}. Unknown settings are not allowed, because they would be silently ignored.`,
        suggestion: guess ? `Did you mean "${guess}"?` : allowed.length ? `Allowed settings: ${allowed.map((a) => `"${a}"`).join(', ')}.` : 'Remove it.',
      };
    }
    case 'required': {
      const prop = String(p.missingProperty);
      const propSchema = parentSchema?.properties?.[prop];
      const how = propSchema?.description ?? exampleOf(propSchema);
      return {
        path,
        code: 'missing-property',
        missing: prop,
        message: `The required setting "${prop}" is missing from ${owner(parentSchema, data, path)}.`,
        suggestion: how ? `Add "${prop}": ${how}` : `Add "${prop}".`,
      };
    }
    case 'type': {
      const wanted = typeWanted.get(path) ?? String(p.type).split(',');
      const want = wanted.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
      const value = valueAt(data, path);
      let suggestion = fieldDescription;
      if (typeof value === 'string' && wanted.some((t) => t === 'number' || t === 'integer') && value.trim() !== '' && !Number.isNaN(Number(value))) {
        suggestion = `Remove the quotes: write ${Number(value)}.`;
      } else if (typeof value === 'string' && wanted.includes('boolean') && /^(true|false)$/i.test(value)) {
        suggestion = `Remove the quotes: write ${value.toLowerCase()}.`;
      } else if (wanted.includes('array') && value !== undefined && !Array.isArray(value)) {
        suggestion = `Put it in a list: [ ${show(value)} ].${fieldDescription ? ` ${fieldDescription}` : ''}`;
      } else if (wanted.includes('string') && (typeof value === 'number' || typeof value === 'boolean')) {
        suggestion = `Put it in double quotes: "${value}".`;
      }
      return { path, code: 'wrong-type', message: `This should be ${want}, but it is ${describeValue(value)}.`, suggestion };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]) ?? [];
      const value = valueAt(data, path);
      const isBlockType = /\/blocks\/\d+\/type$/.test(path);
      const guess = typeof value === 'string' ? closest(value, allowed.map(String)) : undefined;
      const list = `${isBlockType ? 'Block types' : 'Allowed'}: ${allowed.map(show).join(', ')}.`;
      return {
        path,
        code: isBlockType ? 'unknown-block' : 'not-allowed',
        message: isBlockType ? `Unknown block type ${show(value)}.` : `${show(value)} is not one of the allowed values.`,
        suggestion: guess ? `Did you mean "${guess}"? ${list}` : `${list}${isBlockType ? ' See docs/blocks.md.' : ''}`,
      };
    }
    case 'const':
      return { path, code: 'not-allowed', message: `This must be ${show(p.allowedValue)}, not ${describeValue(valueAt(data, path))}.`, suggestion: `Write ${show(p.allowedValue)}.` };
    case 'pattern': {
      if (e.propertyName !== undefined) {
        return { path, key: e.propertyName, code: 'bad-name', message: `The name "${e.propertyName}" is not allowed here.`, suggestion: 'Use letters and digits only, starting with a letter, e.g. "ownerSignup".' };
      }
      const value = valueAt(data, path);
      const s = typeof value === 'string' ? value : '';
      if (/^\s*(javascript|data|vbscript):/i.test(s)) {
        return { path, code: 'unsafe-link', message: `${show(s)} is a script or data link, which is never allowed.`, suggestion: 'Use a route such as "/contact", a named destination such as "@signin", or an https:// address.' };
      }
      if (/^http:\/\//i.test(s)) {
        return { path, code: 'bad-link', message: `${show(s)} uses http://, which is not secure.`, suggestion: linkHint(s) };
      }
      const isRoute = parentSchema?.title === 'Route' || /\/route$|\/(from|to)$/.test(path);
      if (isRoute) {
        const fixed = `/${s.toLowerCase().trim().replace(/^\/+|\/+$/g, '').replace(/[\s_]+/g, '-')}`;
        return { path, code: 'bad-route', message: `${show(s)} is not a valid route.`, suggestion: `Routes start with "/" and use lower-case letters, digits and dashes, with no "/" at the end, e.g. ${show(fixed)}.` };
      }
      const isLink = parentSchema?.title === 'Href' || /\/href$/.test(path);
      if (isLink) {
        return { path, code: 'bad-link', message: `${show(s)} is not a link the site understands.`, suggestion: linkHint(s) ?? 'Use a route ("/owner"), a named destination ("@signin"), an https:// or mailto: address, or "#id" for a block on this page.' };
      }
      if (/\/src$/.test(path)) {
        // A path as it looks on the author's computer names its right form; anything else gets the general advice.
        const fixed = urlForm(s);
        const right = fixed && /[/\\]/.test(s) && /^\/[^\s]+\.(svg|webp|avif|png|jpg|jpeg)$/.test(fixed) ? `Write ${show(fixed)}: files in site.config/assets/ are served from the site root.` : undefined;
        return { path, code: 'bad-image', message: `${show(s)} is not a local image path.`, suggestion: right ?? own?.suggestion ?? 'Put the file in site.config/assets/images/ and write its path from the site root, e.g. "/images/hero.webp" (svg, webp, avif, png or jpg).' };
      }
      return { path, code: 'bad-format', message: `${show(s)} is not in the expected form.`, suggestion: fieldDescription };
    }
    case 'minLength':
      return { path, code: 'too-short', message: Number(p.limit) === 1 ? 'This must not be empty.' : `This must be at least ${p.limit} characters long.`, suggestion: fieldDescription };
    case 'maxLength':
      return { path, code: 'too-long', message: `This is longer than ${p.limit} characters (it has ${String(valueAt(data, path) ?? '').length}).`, suggestion: 'Shorten it: search engines and layouts cut long text.' };
    case 'minItems':
      return { path, code: 'too-few', message: `This list needs at least ${p.limit} item${Number(p.limit) === 1 ? '' : 's'}.`, suggestion: fieldDescription };
    case 'maxItems':
      return { path, code: 'too-many', message: `This list can have at most ${p.limit} items.`, suggestion: 'Remove the extra items.' };
    case 'uniqueItems':
      return { path, code: 'duplicate-item', message: `Items ${Number(p.j) + 1} and ${Number(p.i) + 1} of this list are the same.`, suggestion: 'Remove one of them.' };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { path, code: 'out-of-range', message: `${show(valueAt(data, path))} is out of range: it ${e.message}.`, suggestion: fieldDescription };
    case 'propertyNames':
      return undefined; // reported by the nested pattern error
    case 'format':
      return { path, code: 'bad-format', message: `${show(valueAt(data, path))} is not a valid ${p.format}.`, suggestion: fieldDescription };
    case 'oneOf':
    case 'anyOf':
      return { path, code: 'no-match', message: `This does not match any of the forms allowed here.`, suggestion: fieldDescription };
    default:
      return { path, code: 'invalid-value', message: `This value ${e.message ?? 'is not valid'}.`, suggestion: fieldDescription };
  }
}
