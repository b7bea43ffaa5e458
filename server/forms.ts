/**
 * The lead forms as the server sees them: site.config/forms/*.json whose endpoint starts with
 * {iamService}, each with an ajv validator built like the browser's (scripts/lib/vite/forms.ts) and its
 * messages picked like the browser's (renderer/forms/messages.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { RJSFValidationError } from '@rjsf/utils';
import type { FormConfig } from '../renderer/generated/config-types.ts';
import { countriesModule } from '../renderer/forms/country-rows.ts';
import { countryList, type CountryRow } from '../renderer/forms/country-list.ts';
import { EMAIL_PATTERN } from '../renderer/forms/email.ts';
import { formats } from '../renderer/forms/formats.ts';
import { createTransformErrors, messagesByField } from '../renderer/forms/messages.ts';
import { keyOfField, unmapPayload, fingerprintSource, type Mapping } from './payload.ts';

export const FORMS_DIR = fileURLToPath(new URL('../site.config/forms/', import.meta.url));

/**
 * The form files the service checks against: those of SITEWRIGHT_CONFIG_DIR when it is set (another copy of
 * site.config/, as the build, the dev server and the editor read), else the repository's own.
 */
export function formsDirFrom(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.SITEWRIGHT_CONFIG_DIR?.trim();
  return dir ? join(resolve(dir), 'forms') : FORMS_DIR;
}
const SERVICE_PREFIX = '{iamService}';

export interface LeadForm {
  id: string;
  /** Path under the service base, e.g. "/waitlist/add". */
  path: string;
  config: FormConfig;
  validate: ValidateFunction;
}

export interface FieldError {
  field: string;
  message: string;
}

export type CheckResult = { ok: true; stored: Record<string, unknown>; fingerprint: string } | { ok: false; errors: FieldError[] };

/** "{iamService}/waitlist/add" → "/waitlist/add"; other endpoints (an external URL) are not ours. */
export function servicePath(endpoint: string): string | undefined {
  if (!endpoint.startsWith(SERVICE_PREFIX)) return undefined;
  const rest = endpoint.slice(SERVICE_PREFIX.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

let list: ReturnType<typeof countryList> | undefined;
/** The pickers' countries, from the rows the browser's module is made of, so both read a country alike. */
export function countries(): ReturnType<typeof countryList> {
  list ??= countryList(
    JSON.parse(
      countriesModule()
        .replace(/^export default /, '')
        .replace(/;\s*$/, ''),
    ) as CountryRow[],
  );
  return list;
}

let countryCodes: Map<string, string> | undefined;
/** "Canada" (any case) → "CA": the "countryName" transform read backwards; an unknown name gives undefined. */
export function codeOfCountry(name: string): string | undefined {
  countryCodes ??= new Map(countries().COUNTRIES.map((c) => [c.name.toLowerCase(), c.code]));
  return countryCodes.get(name.toLowerCase());
}

function makeAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, verbose: false });
  ajv.addKeyword({ keyword: 'messages', schemaType: 'object' });
  ajv.addFormat('email', EMAIL_PATTERN);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  return ajv;
}

/**
 * The forms the built-in service answers, by path. `extraPaths` lets a form whose file still names an
 * external endpoint be served too (the enquiry form's `/enquiries`, until its file moves to {iamService}).
 */
export function loadLeadForms(dir = formsDirFrom(), extraPaths: Record<string, string> = { enquiry: '/enquiries' }): Map<string, LeadForm> {
  const ajv = makeAjv();
  const out = new Map<string, LeadForm>();
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const id = name.replace(/\.json$/, '');
    const config = JSON.parse(readFileSync(join(dir, name), 'utf8')) as FormConfig;
    const path = servicePath(config.submit.endpoint) ?? extraPaths[id];
    if (!path) continue;
    if (out.has(path)) throw new Error(`forms ${out.get(path)?.id} and ${id} both post to ${path}`);
    out.set(path, { id, path, config, validate: ajv.compile(config.schema) });
  }
  return out;
}

/** ajv's errors in the shape rjsf gives transformErrors (property ".field", name = keyword). */
export function toRjsfErrors(errors: ErrorObject[]): RJSFValidationError[] {
  return errors.map((e) => {
    const property = e.instancePath.replace(/\//g, '.');
    return { name: e.keyword, property, params: e.params, message: e.message, schemaPath: e.schemaPath, stack: `${property} ${e.message ?? ''}`.trim() };
  });
}

/** Checks a parsed body against the form: the payload mapped back to fields, then the form's own schema. */
export function checkSubmission(form: LeadForm, body: Record<string, unknown>): CheckResult {
  const mapping = form.config.submit.payload as Mapping;
  const { values, stored, badGenerated } = unmapPayload(mapping, body, codeOfCountry);
  // A box that must be ticked, sent unticked, is no answer: the browser never sends one unticked (renderer/forms/widgets.tsx).
  for (const name of form.config.schema.required ?? [])
    if (form.config.schema.properties[name]?.type === 'boolean' && values[name] === false) delete values[name];
  const errors: FieldError[] = badGenerated.map((field) => ({ field, message: `${field} must be an ISO 8601 time.` }));
  if (!form.validate(values)) {
    const schema = form.config.schema;
    const byField = messagesByField(createTransformErrors(schema)(toRjsfErrors(form.validate.errors ?? [])), schema);
    const keys = keyOfField(mapping);
    for (const [field, message] of Object.entries(byField)) errors.push({ field: keys[field] ?? field, message });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, stored, fingerprint: fingerprintSource(mapping, stored) };
}
