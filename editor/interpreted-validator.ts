/**
 * The validator rjsf is given for the editor's own forms (the side panel's settings). rjsf asks it which branch of an
 * if/then, anyOf or oneOf a value matches, so it decides what the panel shows: that a contact plan's "Amount label"
 * is required, which kind of location an office has. ajv compiles a schema into code, which the back office's
 * policy for the editor forbids (no 'unsafe-eval'): there every answer was "no match". @cfworker/json-schema reads
 * the schema as data instead, so the answers are the same under `npm run edit` and in the back office.
 */
import { Validator, type OutputUnit, type Schema } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { splitPointer } from './pointer.ts';

/** One validator per schema and root it is read against: rjsf asks about the same branches on every render. */
const validators = new WeakMap<object, WeakMap<object, Validator>>();

/**
 * A validator for `schema` whose "#/definitions/…" references resolve in `root`, where rjsf's schemas keep them
 * (a branch rjsf asks about is a part of the root schema, its references written from the root).
 */
function validatorFor(schema: RJSFSchema, root: RJSFSchema, shortCircuit: boolean): Validator {
  const whole = schema === root ? schema : { ...schema, definitions: root.definitions ?? schema.definitions, $defs: root.$defs ?? schema.$defs };
  if (!shortCircuit) return new Validator(whole as Schema, '7', false);
  let byRoot = validators.get(schema);
  if (!byRoot) validators.set(schema, (byRoot = new WeakMap()));
  let validator = byRoot.get(root);
  if (!validator) byRoot.set(root, (validator = new Validator(whole as Schema, '7', true)));
  return validator;
}

/** "#/offices/0/location" → ".offices.0.location", rjsf's way of naming the value an error is about. */
const propertyOf = (instanceLocation: string): string =>
  splitPointer(instanceLocation)
    .map((part) => `.${part}`)
    .join('');

/**
 * The errors a person can act on: a failed rule is reported with every schema around it that failed because of it
 * ("properties", "items", "allOf", a branch of "then"), and only the innermost says what is wrong.
 */
function leafErrors(units: OutputUnit[]): RJSFValidationError[] {
  const wrappers = new Set(['properties', 'items', 'additionalProperties', 'allOf', 'then', 'else', 'if', '$ref', 'prefixItems']);
  return units
    .filter((u) => !wrappers.has(u.keyword))
    .map((u) => {
      // A missing setting is named by the object it is missing from; rjsf shows the message under the setting.
      const missing = u.keyword === 'required' ? /required property "([^"]+)"/.exec(u.error)?.[1] : undefined;
      const property = propertyOf(u.instanceLocation) + (missing === undefined ? '' : `.${missing}`);
      return { name: u.keyword, property, message: u.error, stack: `${property} ${u.error}`.trim(), schemaPath: u.keywordLocation };
    });
}

export const interpretedValidator: ValidatorType = {
  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    // A schema it cannot read (a reference to nothing) matches nothing, as rjsf's contract for isValid says.
    try {
      return validatorFor(schema, rootSchema, true).validate(formData).valid;
    } catch {
      return false;
    }
  },

  rawValidation<Result = OutputUnit>(schema: RJSFSchema, formData?: unknown): { errors?: Result[]; validationError?: Error } {
    try {
      return { errors: validatorFor(schema, schema, false).validate(formData).errors as Result[] };
    } catch (error) {
      return { validationError: error instanceof Error ? error : new Error(String(error)) };
    }
  },

  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = this.rawValidation<OutputUnit>(schema, formData);
    let errors = raw.validationError ? [{ stack: raw.validationError.message, message: raw.validationError.message }] : leafErrors(raw.errors ?? []);
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const data = { errors, errorSchema: toErrorSchema(errors) };
    if (!customValidate) return data;
    const custom = customValidate(formData, createErrorHandler(formData), uiSchema);
    return validationDataMerge(data, unwrapErrorHandler(custom));
  },
};
