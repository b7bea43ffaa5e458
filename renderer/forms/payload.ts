import type { FormConfig, FormPayloadValue } from '../generated/config-types.ts';
import { digitsOnly } from './phone-text.ts';

export type FormValues = Record<string, unknown>;

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/**
 * The request body from the form's values as the form file's "payload" describes it, with `countryName` for the
 * "countryName" transform: the page's picker list (./build-payload.ts) or the service's copy of the same rows.
 */
export function payloadBuilder(countryName: (code: unknown) => unknown) {
  return function buildPayload(mapping: Record<string, FormPayloadValue>, data: FormValues, now: () => Date = () => new Date()): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(mapping)) {
      if (typeof spec === 'string') {
        if (data[spec] !== undefined) body[key] = data[spec];
        continue;
      }
      if ('generate' in spec) {
        body[key] = now().toISOString();
        continue;
      }
      let value = data[spec.field];
      if (spec.omitIfEmpty && isEmpty(value)) continue;
      if (value === undefined) continue;
      if (spec.transform === 'digits') value = digitsOnly(value);
      else if (spec.transform === 'countryName') value = countryName(value);
      else if (spec.transform === 'trim' && typeof value === 'string') value = value.trim();
      body[key] = value;
    }
    return body;
  };
}

/** Initial values: each field's "default" from the schema. */
export function defaultsOf(properties: Record<string, { default?: unknown }>): FormValues {
  const out: FormValues = {};
  for (const [name, def] of Object.entries(properties)) if (def.default !== undefined) out[name] = def.default;
  return out;
}

/**
 * The values as the request will carry them, which is what the browser checks: an optional field left blank
 * ("omitIfEmpty") is not sent, so it is not checked either, and the service, which never sees it, agrees.
 */
export function valuesAsSent(mapping: Record<string, FormPayloadValue>, data: FormValues): FormValues {
  const out = { ...data };
  for (const spec of Object.values(mapping))
    if (typeof spec === 'object' && 'field' in spec && spec.omitIfEmpty && isEmpty(out[spec.field])) delete out[spec.field];
  return out;
}

/** The widget a field shows: the form file's "ui:widget", else radio buttons for a choice, a box for yes/no, a text box. */
export function widgetOf(config: FormConfig, field: string): string {
  const def = config.schema.properties[field];
  const own = config.uiSchema?.[field]?.['ui:widget'];
  return typeof own === 'string' ? own : def?.enum ? 'radio' : def?.type === 'boolean' ? 'checkbox' : 'text';
}
