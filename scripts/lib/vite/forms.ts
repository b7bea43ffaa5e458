/**
 * Build-time half of the form engine (Node only): turns each form file's JSON Schema into a precompiled
 * validator module and the country data into a compact module. The vite plugin serves these as
 * virtual:sitewright/forms/... so the browser runs plain functions: no ajv compiler, no `new Function`,
 * nothing that a CSP without 'unsafe-eval' would block.
 */
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { EMAIL_PATTERN } from '../../../renderer/forms/email.ts';
import { formats } from '../../../renderer/forms/formats.ts';

/**
 * The module the browser's validators take function formats from (only a form that uses one imports it), by its
 * address from the project root, which Vite resolves in the dev server, the build and vitest alike.
 */
const FORMATS_MODULE = '/renderer/forms/formats.ts';
import { countriesModule } from '../../../renderer/forms/country-rows.ts';

export const FORMS_PREFIX = 'virtual:sitewright/forms/';
export const VALIDATORS_ID = `${FORMS_PREFIX}validators`;
export const VALIDATOR_PREFIX = `${FORMS_PREFIX}validator/`;
export const COUNTRIES_ID = `${FORMS_PREFIX}countries`;

// Code-point length as ajv counts it by default; inlined because the standalone output would otherwise
// `require()` ajv's runtime helper, which an ES module in the browser cannot do.
const UCS2LENGTH = `function ucs2length(str) { let length = 0; for (const _ of str) length++; return length; }`;

/**
 * ES module source whose default export maps each schema (by the hash rjsf looks it up with) to its
 * validate function, in the shape `createPrecompiledValidator` takes.
 */
export function compileFormValidator(schema: object): string {
  const map = schemaParser(schema as RJSFSchema);
  const keys = Object.keys(map);
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    // rjsf reads only keyword, params and paths; verbose output would copy the schema into every error.
    verbose: false,
    // Function formats (renderer/forms/formats.ts) are read from that module, imported below when a schema uses one.
    code: { source: true, esm: true, lines: false, formats: _`formats` },
    schemas: Object.values(map),
  });
  // The message of each rule lives beside the rule; it is read by transformErrors, not by ajv.
  ajv.addKeyword({ keyword: 'messages', schemaType: 'object' });
  ajv.addFormat('email', EMAIL_PATTERN);
  for (const [name, format] of Object.entries(formats)) ajv.addFormat(name, format);
  // Export names must be identifiers; rjsf's hash keys can start with a digit or a minus sign.
  const names = Object.fromEntries(keys.map((k, i) => [`v${i}`, k]));
  let code = standaloneCode(ajv, names);
  code = code.replaceAll('require("ajv/dist/runtime/ucs2length").default', 'ucs2length');
  if (code.includes('require('))
    throw new Error(`form schema needs an ajv runtime helper the browser bundle cannot load:\n${code.match(/require\([^)]*\)/)?.[0]}`);
  const table = keys.map((k, i) => `${JSON.stringify(k)}: v${i}`).join(', ');
  const imports = /\bformats\.\w/.test(code) ? `import { formats } from ${JSON.stringify(FORMATS_MODULE)};\n` : '';
  return `${imports}${UCS2LENGTH}\n${code}\nexport default { ${table} };\n`;
}

/** Loader table: one lazy chunk per form's validator, fetched only by a page that shows that form. */
export function validatorsModule(formIds: string[]): string {
  const rows = formIds.map((id) => `  ${JSON.stringify(id)}: () => import(${JSON.stringify(VALIDATOR_PREFIX + id)}).then((m) => m.default),`);
  return `export default {\n${rows.join('\n')}\n};\n`;
}

/** Serves the modules above for the vite plugin; undefined for ids it does not own. */
export function formsModule(id: string, forms: Record<string, unknown>): string | undefined {
  if (id === VALIDATORS_ID) return validatorsModule(Object.keys(forms).sort());
  if (id === COUNTRIES_ID) return countriesModule();
  if (id.startsWith(VALIDATOR_PREFIX)) {
    const form = forms[id.slice(VALIDATOR_PREFIX.length)] as { schema?: object } | undefined;
    if (!form?.schema) return undefined;
    return compileFormValidator(form.schema);
  }
  return undefined;
}
