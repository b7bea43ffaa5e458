import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormConfig } from '../generated/config-types.ts';
import { createTransformErrors, messagesByField } from './messages.ts';
import { valuesAsSent, type FormValues } from './payload.ts';

/**
 * The browser's verdict on a form's values: one message per field in error, from the form file. The lead service
 * gives the same verdict on the request these values make (server/forms.ts), which a property test holds it to.
 */
export function checkValues(
  validator: ValidatorType,
  config: FormConfig,
  values: FormValues,
  transformErrors: ReturnType<typeof createTransformErrors> = createTransformErrors(config.schema),
  uiSchema?: UiSchema,
): Record<string, string> {
  const schema = config.schema as RJSFSchema;
  const { errors } = validator.validateFormData(valuesAsSent(config.submit.payload, values), schema, undefined, transformErrors, uiSchema);
  return messagesByField(errors, config.schema);
}
