// @vitest-environment node
import { expect, test } from 'vitest';
import { Findings } from './findings.ts';
import { checkForms } from './forms.ts';
import { checked } from './test-helpers.ts';

test('form files are checked for fields they name but do not define, located in the form file', () => {
  const findings = new Findings();
  const form = {
    schema: { type: 'object', required: ['email'], properties: { email: { type: 'string', title: 'Email', messages: { required: 'Email is required' } } } },
    order: ['emial'],
    submit: { endpoint: '/api/v1/leads', payload: { email: 'email' }, onSuccess: {} },
  };
  const file = 'site.config/forms/contact.json';
  checkForms(
    [
      { kind: 'forms', id: 'contact', file, checked: checked(file, form) },
      { kind: 'faqs', id: 'x', file: 'site.config/faqs/x.json', checked: checked('site.config/faqs/x.json', {}) },
    ],
    findings,
  );
  expect(findings.diagnostics.map((d) => [d.file, d.path, d.code, d.suggestion, d.line])).toEqual([
    [file, '/order/0', 'form-field', 'Did you mean "email"?', 18],
  ]);
});
