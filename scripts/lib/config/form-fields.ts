import type { FormConfig, FormPayloadValue } from '../../../renderer/generated/config-types.ts';
import { HONEYPOT_FIELD } from '../../../renderer/forms/honeypot.ts';
import { pointer } from '../json-pointer.ts';
// The one suggester of the checker (same distance rule for form fields as for routes, settings and ids).
import { closest } from '../suggest.ts';

export interface FormProblem {
  /** JSON pointer inside the form file, e.g. "/submit/payload/phone/field". */
  path: string;
  code: 'form-field';
  severity?: 'error' | 'warning';
  message: string;
  suggestion: string;
}

/** "Did you mean" for a near name, else the list of fields to choose from. */
function suggestField(name: string, fields: string[]): string {
  const guess = closest(name, fields);
  return guess ? `Did you mean "${guess}"?` : `Fields: ${fields.map((f) => `"${f}"`).join(', ')}.`;
}

/**
 * What the meta-schema cannot see: the names a form file uses in one place (uiSchema, order, required,
 * payload, store) must be fields it defines in another. A typo there would otherwise drop data silently.
 */
export function checkFormFile(form: FormConfig): FormProblem[] {
  const fields = Object.keys(form.schema.properties);
  const out: FormProblem[] = [];
  const unknown = (path: string, name: string, where: string) =>
    out.push({
      path,
      code: 'form-field',
      message: `${where} names "${name}", which is not a field of this form.`,
      suggestion: suggestField(name, fields),
    });

  (form.schema.required ?? []).forEach((name, i) => {
    if (!fields.includes(name)) unknown(pointer('schema', 'required', i), name, 'The list of required fields');
    else if (!form.schema.properties[name].messages?.required)
      out.push({
        path: pointer('schema', 'properties', name),
        code: 'form-field',
        severity: 'warning',
        message: `"${name}" must be filled in but has no "required" message.`,
        suggestion: `Give it a "required" message (in its messages), e.g. "${form.schema.properties[name].title} is required".`,
      });
  });
  (form.order ?? []).forEach((name, i) => {
    if (!fields.includes(name)) unknown(pointer('order', i), name, 'The order of the fields');
  });
  for (const [name, ui] of Object.entries(form.uiSchema ?? {})) {
    if (!fields.includes(name)) unknown(pointer('uiSchema', name), name, 'How the fields look');
    const countryField = ui['ui:options']?.countryField;
    if (countryField && !fields.includes(countryField))
      unknown(pointer('uiSchema', name, 'ui:options', 'countryField'), countryField, `The country field of "${name}"`);
    if (ui['ui:widget'] === 'radio' && fields.includes(name) && !form.schema.properties[name].enum)
      out.push({
        path: pointer('uiSchema', name, 'ui:widget'),
        code: 'form-field',
        message: `"${name}" is shown as radio buttons but its schema lists no choices.`,
        suggestion: `Give "${name}" its choices ("enum"), e.g. "New Build" and "Renovation".`,
      });
  }

  if (HONEYPOT_FIELD in form.submit.payload)
    out.push({
      path: pointer('submit', 'payload', HONEYPOT_FIELD),
      code: 'form-field',
      message: `"${HONEYPOT_FIELD}" is the honeypot's key: the lead service takes a request with it filled in for a bot's and stores nothing.`,
      suggestion: 'Send the value under another key, e.g. "websiteUrl".',
    });
  const sent = new Set<string>();
  for (const [key, spec] of Object.entries(form.submit.payload) as [string, FormPayloadValue][]) {
    const name = typeof spec === 'string' ? spec : 'field' in spec ? spec.field : undefined;
    if (name === undefined) continue;
    sent.add(name);
    if (!fields.includes(name)) unknown(pointer('submit', 'payload', key, ...(typeof spec === 'string' ? [] : ['field'])), name, `The value sent as "${key}"`);
  }
  for (const name of fields) {
    if (!sent.has(name))
      out.push({
        path: pointer('schema', 'properties', name),
        code: 'form-field',
        severity: 'warning',
        message: `"${name}" is asked for but never sent.`,
        suggestion: `Add it to what is sent ("payload" under "submit"), e.g. as "${name}".`,
      });
  }
  (form.submit.onSuccess.store?.fields ?? []).forEach((key, i) => {
    if (!(key in form.submit.payload))
      out.push({
        path: pointer('submit', 'onSuccess', 'store', 'fields', i),
        code: 'form-field',
        message: `"store" keeps "${key}", which is not one of the values sent ("payload" under "submit").`,
        suggestion: `Values sent: ${Object.keys(form.submit.payload)
          .map((k) => `"${k}"`)
          .join(', ')}.`,
      });
  });
  return out;
}
