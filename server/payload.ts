/**
 * The form file's "submit.payload" read backwards: a request body (payload keys) becomes the form's field
 * values, so the server checks them with the very schema and messages the browser used.
 */
import type { FormPayloadValue } from '../renderer/generated/config-types.ts';
import { digitsOnly } from '../renderer/forms/phone-text.ts';
import { isoDateTime } from './dates.ts';

export type Mapping = Record<string, FormPayloadValue>;

/** The form field a payload key carries, or undefined for generated keys such as a timestamp. */
export function fieldOf(spec: FormPayloadValue): string | undefined {
  if (typeof spec === 'string') return spec;
  return 'field' in spec ? spec.field : undefined;
}

/** Payload key of each form field (the first key naming it), to report a field's error under the key sent. */
export function keyOfField(mapping: Mapping): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, spec] of Object.entries(mapping)) {
    const field = fieldOf(spec);
    if (field !== undefined && out[field] === undefined) out[field] = key;
  }
  return out;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

export interface Unmapped {
  /** Values by form field, as the browser's validator saw them. */
  values: Record<string, unknown>;
  /** What is stored: only the form's payload keys, with the transforms the browser applies enforced. */
  stored: Record<string, unknown>;
  /** Generated keys whose value is not what the generator makes (an ISO timestamp). */
  badGenerated: string[];
}

/**
 * Body → field values and the row to store. `codeOfCountry` reverses the "countryName" transform ("Canada"
 * back to "CA"); a name it does not know stays as sent, as the browser's countryName() keeps unknown codes.
 */
export function unmapPayload(mapping: Mapping, body: Record<string, unknown>, codeOfCountry: (name: string) => string | undefined): Unmapped {
  const values: Record<string, unknown> = {};
  const stored: Record<string, unknown> = {};
  const badGenerated: string[] = [];
  for (const [key, spec] of Object.entries(mapping)) {
    const sent = body[key];
    if (typeof spec === 'string') {
      if (sent !== undefined) values[spec] = stored[key] = sent;
      continue;
    }
    if ('generate' in spec) {
      if (sent === undefined) continue;
      // The browser sends new Date().toISOString(); Date.parse would also take "-1" or "0".
      if (typeof sent === 'string' && sent.length <= 40 && isoDateTime(sent) !== undefined) stored[key] = sent;
      else badGenerated.push(key);
      continue;
    }
    if (sent === undefined || (spec.omitIfEmpty && isEmpty(sent))) continue;
    let value: unknown = sent;
    if (typeof sent === 'string') {
      if (spec.transform === 'digits') value = digitsOnly(sent);
      else if (spec.transform === 'trim') value = sent.trim();
    }
    stored[key] = value;
    values[spec.field] = spec.transform === 'countryName' && typeof sent === 'string' ? (codeOfCountry(sent) ?? sent) : sent;
  }
  return { values, stored, badGenerated };
}

/** Stable JSON (sorted keys) so that the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * What "the same request" means for Idempotency-Key: the stored payload minus generated keys. The browser
 * regenerates its timestamp on a retry, which must still count as the same submission.
 */
export function fingerprintSource(mapping: Mapping, stored: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(stored).filter(([k]) => !(typeof mapping[k] === 'object' && 'generate' in (mapping[k] as object))));
  return canonicalJson(kept);
}
