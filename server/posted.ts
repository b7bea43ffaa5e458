/**
 * A form the browser posted itself (no JavaScript, or its island's code did not arrive): its fields carry the names
 * the form renderer gives them ("f-<form>-<field>"), as the visitor typed them. Read back into the form's values as
 * its widgets would have held them, then into the very request body the page would have sent, so the service checks
 * and stores it exactly as it does a JSON submission.
 */
import type { FormConfig } from '../renderer/generated/config-types.ts';
import { payloadBuilder, widgetOf, type FormValues } from '../renderer/forms/payload.ts';
import { composePhone } from '../renderer/forms/phone-text.ts';
import { PAGE_FIELD } from '../renderer/forms/answer.ts';
import { countries } from './forms.ts';

/** The request body the page would have built from these values. */
export const buildPayload = (mapping: FormConfig['submit']['payload'], values: FormValues) => payloadBuilder(countries().countryName)(mapping, values);

/** The renderer's name for a field of a form (its id: rjsf's idPrefix "f-<form>" and separator "-"). */
export const postedName = (formId: string, field: string) => `f-${formId}-${field}`;

/** A country as typed into a picker: its name or another name of it, or its code ("NG", "NG +234" in the dial picker). */
export function countryTyped(typed: string): string | undefined {
  const { exactCountry, findCountry } = countries();
  const t = typed.trim();
  return exactCountry(t)?.code ?? findCountry(t.split(/\s+/)[0])?.code;
}

export interface Posted {
  values: FormValues;
  /** What each field held as typed (a country's name rather than its code), to show back in the form. */
  typed: Record<string, string>;
  /** The honeypot's value. */
  trap: string;
  /** The page the form was on (a route), as the form said. */
  page: string | undefined;
}

/** The form's values from a posted body, as its widgets would have held them. */
export function readPosted(formId: string, config: FormConfig, body: URLSearchParams, honeypot: string): Posted {
  const values: FormValues = {};
  const typed: Record<string, string> = {};
  const text = (name: string) => {
    const v = body.get(name);
    return v === null || v === '' ? undefined : v;
  };
  for (const field of Object.keys(config.schema.properties)) {
    const name = postedName(formId, field);
    const widget = widgetOf(config, field);
    const raw = text(name);
    if (raw !== undefined) typed[field] = raw;
    if (widget === 'checkbox') {
      if (raw !== undefined) values[field] = true;
    } else if (widget === 'country') {
      // The picker holds a country it knows, or nothing: a name it cannot place is no value, as in the browser.
      if (raw !== undefined) values[field] = countryTyped(raw);
    } else if (widget === 'phone') {
      const countryField = config.uiSchema?.[field]?.['ui:options']?.countryField;
      const pickedRaw = text(`${name}-country`);
      const picked = pickedRaw === undefined ? undefined : countryTyped(pickedRaw);
      const code =
        picked ?? (typeof countryField === 'string' ? ((values[countryField] as string | undefined) ?? text(postedName(formId, countryField))) : undefined);
      if (typeof countryField === 'string' && picked) values[countryField] = picked;
      values[field] = raw === undefined ? undefined : composePhone(countries().findCountry(code)?.dialCode, raw);
    } else if (raw !== undefined) values[field] = raw;
    if (values[field] === undefined) delete values[field];
  }
  return { values, typed, trap: body.get(honeypot) ?? '', page: text(PAGE_FIELD) };
}
