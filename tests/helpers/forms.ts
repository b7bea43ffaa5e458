import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import type { FormConfig } from '../../renderer/generated/config-types.ts';
import { compileFormValidator } from '../../scripts/lib/vite/forms.ts';
import { createTransformErrors, messagesByField } from '../../renderer/forms/messages.ts';

const root = join(import.meta.dirname, '../..');

/** A form file as it is on disk: tests read the real files, so a changed message fails them. */
export function formFile(id: string): FormConfig {
  return JSON.parse(readFileSync(join(root, 'site.config/forms', `${id}.json`), 'utf8')) as FormConfig;
}

/**
 * The validator module the build would ship for this schema, compiled and imported like the browser does. Node loads
 * it natively (vitest cannot import a file written while it runs), so its import of the formats module, which is
 * TypeScript that Vite resolves in the browser, is given the same module loaded here.
 */
export async function compiledFunctions(schema: object): Promise<ValidatorFunctions> {
  const formatsImport = /^import \{ formats \} from "[^"]+";$/m;
  const code = compileFormValidator(schema).replace(formatsImport, 'const { formats } = globalThis.__sitewrightFormats;');
  (globalThis as { __sitewrightFormats?: unknown }).__sitewrightFormats = await import('../../renderer/forms/formats.ts');
  const dir = join(root, 'node_modules/.cache/sitewright-forms-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ file)) as { default: ValidatorFunctions }).default;
}

/** The messages a visitor would see for these values if every field had been touched. */
export async function messagesFor(config: FormConfig, values: Record<string, unknown>): Promise<Record<string, string>> {
  const validator = createPrecompiledValidator(await compiledFunctions(config.schema), config.schema as RJSFSchema);
  const { errors } = validator.validateFormData(values, config.schema as RJSFSchema, undefined, createTransformErrors(config.schema));
  return messagesByField(errors, config.schema);
}
