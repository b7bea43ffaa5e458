// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { compileFormValidator } from '../../scripts/lib/vite/forms.ts';
import { createTransformErrors, errorField } from './messages.ts';
import { formFile, messagesFor } from '../../tests/helpers/forms.ts';

const waitlistOk = {
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  residentCountry: 'CA',
  phoneNumber: '+1 3065550100',
  targetCountry: 'NG',
  purpose: 'New Build',
};

describe('waitlist messages (spec section 5)', () => {
  const form = formFile('waitlist');
  it('names every required field with the spec text', async () => {
    expect(await messagesFor(form, { residentCountry: 'CA' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phoneNumber: 'Phone number is required',
      targetCountry: 'Target country is required',
      purpose: 'Project type is required',
    });
  });
  it('says "Invalid email" for a malformed address and nothing for a complete entry', async () => {
    expect(await messagesFor(form, { ...waitlistOk, email: 'ada@example' })).toEqual({ email: 'Invalid email' });
    expect(await messagesFor(form, { ...waitlistOk, email: 'not an email' })).toEqual({ email: 'Invalid email' });
    expect(await messagesFor(form, waitlistOk)).toEqual({});
    expect(await messagesFor(form, { ...waitlistOk, comment: 'Two storeys' })).toEqual({});
  });
  it('treats a name of only spaces as missing', async () => {
    expect(await messagesFor(form, { ...waitlistOk, firstName: '   ' })).toEqual({ firstName: 'First name is required' });
  });
});

describe('contact messages (spec section 5)', () => {
  const form = formFile('contact');
  it('uses the exact texts, with a trailing full stop', async () => {
    expect(await messagesFor(form, {})).toEqual({
      firstname: 'First Name is required.',
      lastname: 'Last Name is required.',
      email: 'Please enter a valid email address.',
      message: 'Please enter a message.',
    });
    expect(await messagesFor(form, { firstname: ' ', lastname: '\t', email: 'x@', message: '  ' })).toEqual({
      firstname: 'First Name is required.',
      lastname: 'Last Name is required.',
      email: 'Please enter a valid email address.',
      message: 'Please enter a message.',
    });
    expect(await messagesFor(form, { firstname: 'A', lastname: 'B', email: 'a@b.co', message: 'Hi' })).toEqual({});
  });
});

describe('legacy enquiry messages (spec section 5)', () => {
  const form = formFile('enquiry');
  it('gives the required texts first, then the minimum lengths', async () => {
    expect(await messagesFor(form, {})).toEqual({
      firstname: 'please input firstname',
      lastname: 'please input lastname',
      email: 'please input email',
      message: 'please leave a message for us',
    });
    expect(await messagesFor(form, { firstname: 'A', lastname: 'B', email: 'a@b', message: 'short' })).toEqual({
      firstname: 'firstname cannot be less than two characters',
      lastname: 'lastname cannot be less than two characters',
      email: 'please enter a valid email',
      message: 'message cannot be less than seven characters',
    });
  });
  it('accepts the minimum lengths exactly (2 and 7 characters)', async () => {
    expect(await messagesFor(form, { firstname: 'Al', lastname: 'Bo', email: 'al@bo.ng', message: '1234567' })).toEqual({});
    expect(await messagesFor(form, { firstname: 'Al', lastname: 'Bo', email: 'al@bo.ng', message: '123456' })).toEqual({
      message: 'message cannot be less than seven characters',
    });
  });
});

describe('demo lead messages (lead form schema)', () => {
  const form = formFile('demo-lead');
  it('covers the five fields', async () => {
    expect(await messagesFor(form, {})).toEqual({
      businessName: 'please input business name',
      firstName: 'please input firstname',
      lastName: 'please input lastname',
      email: 'please input email',
      phone: 'please input phone number',
    });
    expect(await messagesFor(form, { businessName: 'B', firstName: 'C', lastName: 'D', email: 'e@f', phone: '12345678' })).toEqual({
      businessName: 'business name cannot be less than two characters',
      firstName: 'firstname cannot be less than two characters',
      lastName: 'lastname cannot be less than two characters',
      email: 'please enter a valid email',
      phone: 'phone cannot be less than nine characters',
    });
    expect(await messagesFor(form, { businessName: 'Bo', firstName: 'Cy', lastName: 'Di', email: 'e@f.io', phone: '123456789' })).toEqual({});
  });
  it('refuses a phone that is not nine digits, however long the text', async () => {
    const ok = { businessName: 'Bo', firstName: 'Cy', lastName: 'Di', email: 'e@f.io' };
    const pattern = 'phone must be at least nine digits, with only spaces, dashes and brackets between them';
    expect(await messagesFor(form, { ...ok, phone: 'call me pls' })).toEqual({ phone: pattern });
    expect(await messagesFor(form, { ...ok, phone: 'abcdefghij' })).toEqual({ phone: pattern });
    expect(await messagesFor(form, { ...ok, phone: '12 34 56 7' })).toEqual({ phone: pattern });
    expect(await messagesFor(form, { ...ok, phone: '+234 (803) 123-4567' })).toEqual({});
  });
});

describe('waitlist phone number', () => {
  const form = formFile('waitlist');
  it('is digits with spaces, dashes and brackets, of a length its country code allows', async () => {
    expect(await messagesFor(form, { ...waitlistOk, phoneNumber: '+1 abc' })).toEqual({
      phoneNumber: 'Phone number can only hold digits, spaces, dashes and brackets',
    });
    expect(await messagesFor(form, { ...waitlistOk, phoneNumber: '+1 306 555' })).toEqual({
      phoneNumber: 'Phone number is not a valid number for the chosen country code',
    });
    expect(await messagesFor(form, { ...waitlistOk, phoneNumber: '+1 (306) 555-0100' })).toEqual({});
    expect(await messagesFor(form, { ...waitlistOk, phoneNumber: '+234 803 123 4567' })).toEqual({});
  });
});

describe('transformErrors', () => {
  const schema = formFile('enquiry').schema;
  it('moves a "required" error from the parent object to its field and takes the message from the file', () => {
    const [e] = createTransformErrors(schema)([
      { name: 'required', property: 'firstname', params: { missingProperty: 'firstname' }, message: "must have required property 'firstname'", stack: '' },
    ]);
    expect(e.property).toBe('.firstname');
    expect(e.message).toBe('please input firstname');
  });
  it('replaces ajv English for other rules and falls back to a readable text when a rule has no message', () => {
    const t = createTransformErrors({
      type: 'object',
      properties: { city: { type: 'string', title: 'City', minLength: 2, messages: { minLength: 'Too short' } } },
    });
    expect(t([{ name: 'minLength', property: '.city', params: { limit: 2 }, message: 'must NOT have fewer than 2 characters', stack: '' }])[0].message).toBe(
      'Too short',
    );
    expect(t([{ name: 'required', property: 'city', params: { missingProperty: 'city' }, message: 'x', stack: '' }])[0].message).toBe('City is required');
  });
  it('knows which field an error is about', () => {
    expect(errorField({ name: 'pattern', property: '.email', stack: '' })).toBe('email');
    expect(errorField({ name: 'required', property: 'phone', params: { missingProperty: 'phone' }, stack: '' })).toBe('phone');
  });
});

describe('precompiled validators', () => {
  it('are plain ES modules: no require(), no eval, no new Function', () => {
    for (const id of ['waitlist', 'contact', 'enquiry', 'demo-lead']) {
      const code = compileFormValidator(formFile(id).schema);
      expect(code).toMatch(/export default \{/);
      expect(code).not.toMatch(/require\(|new Function|\beval\(/);
    }
  });
});
