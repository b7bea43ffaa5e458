import type { RJSFValidationError } from '@rjsf/utils';
import type { FormDataSchema, FormFieldMessages } from '../generated/config-types.ts';

type Rule = keyof FormFieldMessages;

/** The field an rjsf error belongs to: "required" errors sit on the parent object and name the field in params. */
export function errorField(e: RJSFValidationError): string {
  if (e.name === 'required' && typeof e.params?.missingProperty === 'string') return e.params.missingProperty;
  return (e.property ?? '').replace(/^\./, '').split(/[.[]/)[0];
}

function fallbackMessage(rule: string, title: string): string {
  switch (rule) {
    case 'required':
      return `${title} is required`;
    case 'format':
      return `Please enter a valid ${title.toLowerCase()}`;
    case 'minLength':
    case 'maxLength':
      return `${title} has the wrong length`;
    default:
      return `Please check ${title.toLowerCase()}`;
  }
}

/**
 * rjsf's transformErrors: replaces ajv's English with the message written next to the rule in the form file
 * and attaches "required" errors to their field (ajv reports them on the parent object).
 */
export function createTransformErrors(schema: FormDataSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((e) => {
      const field = errorField(e);
      const def = schema.properties[field];
      if (!def) return e;
      const rule = (e.name ?? '') as Rule;
      const message = def.messages?.[rule] ?? fallbackMessage(rule, def.title);
      return { ...e, property: `.${field}`, message, stack: `${def.title}: ${message}` };
    });
}

/**
 * One message per field. When several rules fail at once, the rule listed first in the field's "messages"
 * wins, so the author decides (e.g. "required" before "minLength").
 */
export function messagesByField(errors: RJSFValidationError[], schema: FormDataSchema): Record<string, string> {
  const out: Record<string, string> = {};
  const rank: Record<string, number> = {};
  for (const e of errors) {
    const field = errorField(e);
    if (!field) continue;
    const order = Object.keys(schema.properties[field]?.messages ?? {});
    const r = order.indexOf(e.name ?? '');
    const score = r === -1 ? order.length : r;
    if (out[field] === undefined || score < rank[field]) {
      out[field] = e.message ?? '';
      rank[field] = score;
    }
  }
  return out;
}
