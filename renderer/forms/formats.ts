/**
 * The checks a form file may name in "format" beyond the schema's own keywords, shared by the browser's precompiled
 * validators (scripts/lib/vite/forms.ts imports this module into the validator chunk of a form that uses one) and
 * the lead service's (server/forms.ts), so both give the same verdict.
 */
import { validatePhoneNumberLength } from 'libphonenumber-js/min';
import { PHONE_AS_TYPED } from './phone-text.ts';

/**
 * A whole international number ("+1 306 555 0100", or its digits "13065550100" as the payload sends them) of a length
 * its country code allows. Signs and spaces are ignored as the payload's "digits" transform drops them, so the
 * browser's value and the service's digits always get the same answer.
 */
export function isPhoneNumber(value: string): boolean {
  if (!PHONE_AS_TYPED.test(value)) return false;
  const digits = value.replace(/\D+/g, '');
  return digits !== '' && validatePhoneNumberLength(`+${digits}`) === undefined;
}

/** ajv formats by name, in the shape ajv.addFormat takes. */
export const formats = {
  phone: { type: 'string', validate: isPhoneNumber },
} as const;
