/**
 * The validator of a form as it is being edited, compiled in the editor's preview with the formats of the build's
 * precompiled validators (scripts/lib/vite/forms.ts), so the preview's messages are the ones the site will show once
 * the form is saved. Dev only: it compiles code at run time. It comes from the validator package the forms already
 * load, so the preview needs no module of its own.
 */
import type { ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { EMAIL_PATTERN } from '../renderer/forms/email.ts';
import { isPhoneNumber } from '../renderer/forms/formats.ts';

export function runtimeValidator(): ValidatorType {
  return customizeValidator({ customFormats: { email: EMAIL_PATTERN, phone: isPhoneNumber }, ajvFormatOptions: false });
}
