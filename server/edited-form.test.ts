// @vitest-environment node
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addField, setChoices, setMessage } from '../editor/form-fields.ts';
import { formFile } from '../tests/helpers/forms.ts';
import { checkSubmission, FORMS_DIR, formsDirFrom, loadLeadForms } from './forms.ts';

/** A field added in the editor is checked by the service as the browser checks it, from the edited copy of the config. */
describe('a form edited in a copy of site.config/', () => {
  const configDir = mkdtempSync(join(tmpdir(), 'sitewright-edited-form-'));
  afterAll(() => rmSync(configDir, { recursive: true, force: true }));
  cpSync(FORMS_DIR, join(configDir, 'forms'), { recursive: true });
  let contact = addField(formFile('contact'), { kind: 'choice', label: 'Company size', name: 'companySize', required: true });
  contact = setChoices(contact, 'companySize', ['1–10', '11–50', '51–200', '201+']);
  contact = setMessage(contact, 'companySize', 'required', 'Please choose your company size.');
  writeFileSync(join(configDir, 'forms/contact.json'), JSON.stringify(contact, null, 2));

  it('is read from SITEWRIGHT_CONFIG_DIR, else from the repository', () => {
    expect(formsDirFrom({ SITEWRIGHT_CONFIG_DIR: configDir })).toBe(join(configDir, 'forms'));
    expect(formsDirFrom({})).toBe(FORMS_DIR);
    expect(formsDirFrom({ SITEWRIGHT_CONFIG_DIR: ' ' })).toBe(FORMS_DIR);
  });

  it('refuses a request without the new field with its message, and stores it when given', () => {
    const form = loadLeadForms(formsDirFrom({ SITEWRIGHT_CONFIG_DIR: configDir })).get('/inquiries/contact-us')!;
    const body = { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', description: 'Hello' };
    expect(checkSubmission(form, body)).toEqual({ ok: false, errors: [{ field: 'companySize', message: 'Please choose your company size.' }] });
    expect(checkSubmission(form, { ...body, companySize: '7' })).toEqual({
      ok: false,
      errors: [{ field: 'companySize', message: 'Please choose one of the choices for company size.' }],
    });
    const ok = checkSubmission(form, { ...body, companySize: '11–50' });
    expect(ok.ok && ok.stored).toEqual({ ...body, companySize: '11–50' });
    // A box that must be ticked: sent unticked, it is refused with its message, as the browser refuses it.
    const consent = setMessage(
      addField(contact, { kind: 'checkbox', label: 'I agree to be contacted', name: 'consent', required: true }),
      'consent',
      'required',
      'Please tick the box to be contacted.',
    );
    writeFileSync(join(configDir, 'forms/contact.json'), JSON.stringify(consent, null, 2));
    const withBox = loadLeadForms(formsDirFrom({ SITEWRIGHT_CONFIG_DIR: configDir })).get('/inquiries/contact-us')!;
    const full = { ...body, companySize: '11–50' };
    expect(checkSubmission(withBox, { ...full, consent: false })).toEqual({
      ok: false,
      errors: [{ field: 'consent', message: 'Please tick the box to be contacted.' }],
    });
    expect(checkSubmission(withBox, full).ok).toBe(false);
    expect(checkSubmission(withBox, { ...full, consent: true }).ok).toBe(true);
    // The repository's own form knows nothing of it.
    const original = loadLeadForms().get('/inquiries/contact-us')!;
    expect(checkSubmission(original, body).ok).toBe(true);
  });
});
