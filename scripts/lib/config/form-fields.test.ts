// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadProject } from '../project.ts';
import { checkFormFile } from './form-fields.ts';
import { thirdPartyOrigins } from '../deploy-files.ts';
import { resolveEndpoint } from '../../../renderer/forms/submit.ts';
import type { FormConfig } from '../../../renderer/generated/config-types.ts';
import { formFile } from '../../../tests/helpers/forms.ts';

const root = join(import.meta.dirname, '../../..');

/** Diagnostics `npm run validate` gives for a form file with `edit` applied (the file is never written). */
function diagnosticsFor(edit: (f: FormConfig) => void) {
  const form = structuredClone(formFile('contact'));
  edit(form);
  const { diagnostics } = loadProject(root, {}, { overlay: { 'forms/contact.json': JSON.stringify(form, null, 2) } });
  return diagnostics.filter((d) => d.file.endsWith('forms/contact.json'));
}

describe('npm run validate on form files', () => {
  it('accepts the four form files as they are', () => {
    for (const id of ['waitlist', 'contact', 'enquiry', 'demo-lead']) expect(checkFormFile(formFile(id))).toEqual([]);
    expect(diagnosticsFor(() => undefined).filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('checks the file against the form meta-schema', () => {
    const errors = diagnosticsFor((f) => {
      (f.uiSchema!.message as Record<string, unknown>)['ui:widget'] = 'wysiwyg';
    }).filter((d) => d.severity === 'error');
    expect(errors.map((d) => d.path)).toContain('/uiSchema/message/ui:widget');
  });

  it('asks for a message next to every rule', () => {
    const errors = diagnosticsFor((f) => {
      f.schema.properties.firstname.minLength = 2;
    }).filter((d) => d.severity === 'error');
    expect(errors.some((d) => d.path.startsWith('/schema/properties/firstname'))).toBe(true);
  });

  it('catches names that point at no field, and fields that are never sent', () => {
    const problems = checkFormFile({
      ...structuredClone(formFile('contact')),
      order: ['firstname', 'surname'],
      submit: {
        ...structuredClone(formFile('contact').submit),
        payload: { firstName: 'firstname', lastName: 'lastnme', email: 'email', description: 'message' },
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: '/order/1', message: expect.stringContaining('"surname"') }),
        expect.objectContaining({ path: '/submit/payload/lastName', suggestion: 'Did you mean "lastname"?' }),
        expect.objectContaining({ path: '/schema/properties/lastname', severity: 'warning' }),
      ]),
    );
    const stored = structuredClone(formFile('waitlist'));
    stored.submit.onSuccess.store!.fields = ['firstName', 'mobile'];
    expect(checkFormFile(stored)).toEqual([expect.objectContaining({ path: '/submit/onSuccess/store/fields/1' })]);
  });
});

describe('form endpoints and the CSP', () => {
  const ids = ['waitlist', 'contact', 'demo-lead', 'enquiry'];

  it("by default every form posts to the built-in service on the site's own origin, which connect-src 'self' covers", () => {
    const { project } = loadProject(root, {});
    expect(project).not.toBeNull();
    for (const id of ids) expect(resolveEndpoint(formFile(id).submit.endpoint, project!.site.iamService)).toMatch(/^\/api\/v1\/[a-z]/);
    expect(thirdPartyOrigins(project!).connect).toEqual([]);
  });

  it('connect-src allows the identity service as overridden by SITEWRIGHT_IAM_URL, and every form posts there', () => {
    const { project } = loadProject(root, { SITEWRIGHT_IAM_URL: 'https://iam.staging.example/v2' });
    expect(project).not.toBeNull();
    const connect = thirdPartyOrigins(project!).connect;
    expect(connect).toEqual(['https://iam.staging.example']);
    for (const id of ids) {
      const url = resolveEndpoint(formFile(id).submit.endpoint, project!.site.iamService);
      expect(url.startsWith('https://iam.staging.example/v2/')).toBe(true);
    }
  });
});
