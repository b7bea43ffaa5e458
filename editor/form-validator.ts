/**
 * The validator of a form as it is being edited, compiled in the editor's preview with the same ajv settings, formats
 * and "messages" keyword as the build's precompiled validators (scripts/lib/vite/forms.ts), so the preview's messages
 * are the ones the site will show once the form is saved. Dev only: it compiles code at run time.
 */
import Ajv from 'ajv';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { EMAIL_PATTERN } from '../renderer/forms/email.ts';
import { formats } from '../renderer/forms/formats.ts';

export function runtimeValidatorFunctions(schema: object): ValidatorFunctions {
  const map = schemaParser(schema as RJSFSchema);
  const ajv = new Ajv({ allErrors: true, strict: true, verbose: false, schemas: Object.values(map) });
  ajv.addKeyword({ keyword: 'messages', schemaType: 'object' });
  ajv.addFormat('email', EMAIL_PATTERN);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  const out: ValidatorFunctions = {};
  for (const key of Object.keys(map)) {
    const fn = ajv.getSchema(key);
    if (fn) out[key] = fn;
  }
  return out;
}
