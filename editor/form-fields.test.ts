// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormConfig } from '../renderer/generated/config-types.ts';
import { checkFormFile } from '../scripts/lib/config/form-fields.ts';
import {
  addField,
  exampleMessage,
  fieldOrder,
  kindOf,
  moveField,
  nameFromLabel,
  removeField,
  renameSent,
  rulesOf,
  sentNameProblem,
  setChoices,
  setKind,
  setLimit,
  setMessage,
  setRequired,
  uniqueName,
} from './form-fields.ts';

const root = join(import.meta.dirname, '..');
const form = (id: string) => JSON.parse(readFileSync(join(root, 'site.config/forms', `${id}.json`), 'utf8')) as FormConfig;
const errors = (f: FormConfig) => checkFormFile(f).filter((p) => p.severity !== 'warning');

describe('names', () => {
  it('are made from the label in lower camel case', () => {
    expect(nameFromLabel('Company size')).toBe('companySize');
    expect(nameFromLabel('  Your e-mail (work) ')).toBe('yourEMailWork');
    expect(nameFromLabel('Café owner')).toBe('cafeOwner');
    expect(nameFromLabel('2024 budget')).toBe('field2024Budget');
    expect(nameFromLabel('!!')).toBe('field');
  });
  it('are unique among the fields and the values sent, and never the spam trap', () => {
    const contact = form('contact');
    expect(uniqueName(contact, 'email')).toBe('email2');
    expect(uniqueName(contact, 'description')).toBe('description2');
    expect(uniqueName(contact, 'website')).toBe('website2');
    expect(uniqueName(contact, 'companySize')).toBe('companySize');
    expect(sentNameProblem(contact, 'firstName')).toMatch(/already sends a value named “firstName”/);
    expect(sentNameProblem(contact, 'firstName', 'firstname')).toBeUndefined();
    expect(sentNameProblem(contact, '1st')).toMatch(/starting with a letter/);
    expect(sentNameProblem(contact, 'website')).toMatch(/spam/);
  });
});

describe('kinds', () => {
  it('are read from the four forms as the renderer shows them', () => {
    const waitlist = form('waitlist');
    expect(Object.keys(waitlist.schema.properties).map((n) => kindOf(waitlist, n))).toEqual([
      'text',
      'text',
      'email',
      undefined,
      undefined,
      undefined,
      'choice',
      'longText',
    ]);
    expect(kindOf(form('demo-lead'), 'phone')).toBe('phone');
  });

  it('each kind added to the contact form gives a file the checker accepts, sent under its name', () => {
    for (const kind of ['text', 'email', 'phone', 'longText', 'choice', 'checkbox'] as const) {
      const next = addField(form('contact'), { kind, label: 'Extra', name: 'extra', required: true });
      expect(kindOf(next, 'extra')).toBe(kind);
      expect(next.submit.payload.extra).toBe('extra');
      expect(next.schema.required).toContain('extra');
      expect(Object.keys(next.schema.properties.extra.messages ?? {})[0]).toBe('required');
      expect(errors(next)).toEqual([]);
    }
  });

  it('a choice is a list of words with radio buttons; an e-mail and a phone number use the built-in checks', () => {
    let next = addField(form('contact'), { kind: 'choice', label: 'Company size', name: 'companySize', required: true });
    next = setChoices(next, 'companySize', ['1–10', '11–50', '51–200', '201+']);
    next = setMessage(next, 'companySize', 'required', 'Please choose your company size.');
    expect(next.schema.properties.companySize).toEqual({
      type: 'string',
      title: 'Company size',
      enum: ['1–10', '11–50', '51–200', '201+'],
      messages: { required: 'Please choose your company size.', enum: 'Please choose one of the choices for company size.' },
    });
    expect(next.uiSchema?.companySize).toEqual({ 'ui:widget': 'radio' });
    const email = addField(form('contact'), { kind: 'email', label: 'Work email', name: 'workEmail' });
    expect(email.schema.properties.workEmail.format).toBe('email');
    const phone = addField(form('contact'), { kind: 'phone', label: 'Phone', name: 'phone' });
    expect(phone.schema.properties.phone.format).toBe('phone');
    expect(phone.uiSchema?.phone['ui:widget']).toBe('tel');
  });

  it('changing the kind keeps the label, the required message and where it is sent, and drops the old rules', () => {
    const contact = form('contact');
    const next = setKind(contact, 'message', 'choice');
    expect(kindOf(next, 'message')).toBe('choice');
    expect(next.schema.properties.message).toEqual({
      type: 'string',
      title: 'Message',
      enum: ['Option 1'],
      messages: { required: 'Please enter a message.', enum: 'Please choose one of the choices for message.' },
    });
    expect(next.uiSchema?.message).toEqual({ 'ui:widget': 'radio' });
    expect(next.submit.payload.description).toBe('message');
    expect(errors(next)).toEqual([]);
    expect(setKind(contact, 'email', 'email')).toBe(contact);
  });
});

describe('rules and messages', () => {
  it('required adds the field to the list with the example message first, and off removes both', () => {
    const next = setRequired(addField(form('contact'), { kind: 'text', label: 'Company', name: 'company' }), 'company', true);
    expect(next.schema.properties.company.messages).toEqual({ required: 'Company is required.' });
    const off = setRequired(next, 'company', false);
    expect(off.schema.required).not.toContain('company');
    expect(off.schema.properties.company.messages).toBeUndefined();
  });
  it('a limit comes with its example message, and goes with it', () => {
    let next = setLimit(form('contact'), 'firstname', 'minLength', 2);
    expect(next.schema.properties.firstname.minLength).toBe(2);
    expect(next.schema.properties.firstname.messages?.minLength).toBe('First Name cannot be less than 2 characters.');
    expect(rulesOf(next, 'firstname')).toEqual(['required', 'minLength', 'pattern']);
    next = setLimit(next, 'firstname', 'minLength', undefined);
    expect(next.schema.properties.firstname).toEqual(form('contact').schema.properties.firstname);
  });
  it('the examples are the spec’s messages', () => {
    expect(exampleMessage('required', 'First Name')).toBe('First Name is required.');
    expect(exampleMessage('format', 'Email', 'email')).toBe('Please enter a valid email address.');
  });
});

describe('order', () => {
  it('moves a field and writes the whole order; the ends do not move', () => {
    const contact = form('contact');
    const next = moveField(contact, 'email', -1);
    expect(next.order).toEqual(['firstname', 'email', 'lastname', 'message']);
    expect(fieldOrder(moveField(next, 'message', -3))).toEqual(['message', 'firstname', 'email', 'lastname']);
    expect(moveField(contact, 'firstname', -1)).toBe(contact);
    expect(moveField(contact, 'message', 1)).toBe(contact);
  });
  it('a new field goes at the end of a written order', () => {
    const next = addField(moveField(form('contact'), 'email', -1), { kind: 'text', label: 'Company', name: 'company' });
    expect(next.order).toEqual(['firstname', 'email', 'lastname', 'message', 'company']);
  });
});

describe('sent under another name', () => {
  it('renames the value sent, and the details kept for the next step follow', () => {
    const next = renameSent(form('waitlist'), 'email', 'emailAddress');
    expect(next.submit.payload.emailAddress).toBe('email');
    expect(next.submit.payload.email).toBeUndefined();
    expect(next.submit.onSuccess.store?.fields).toEqual(['firstName', 'lastName', 'emailAddress', 'phoneNumber']);
  });
});

describe('removing a field', () => {
  const schedulePage = { title: 'Schedule a call', route: '/schedule-call-calendly', data: { blocks: [{ type: 'scheduler', store: 'schedule' }] } };

  it('names what is sent, and removes the field everywhere in the same change', () => {
    const contact = form('contact');
    const r = removeField(moveField(contact, 'email', -1), 'lastname');
    expect(r.dependents).toEqual(['The form sends it as “lastName”; that value will no longer be sent.']);
    expect(r.next?.schema.properties.lastname).toBeUndefined();
    expect(r.next?.schema.required).toEqual(['firstname', 'email', 'message']);
    expect(r.next?.uiSchema?.lastname).toBeUndefined();
    expect(r.next?.order).toEqual(['firstname', 'email', 'message']);
    expect(r.next?.submit.payload).toEqual({ firstName: 'firstname', email: 'email', description: 'message' });
    expect(errors(r.next!)).toEqual([]);
  });

  it('names the next step and the page that fills in details from it', () => {
    const r = removeField(form('waitlist'), 'email', [schedulePage, { title: 'Home', route: '/', data: { blocks: [{ type: 'hero' }] } }]);
    expect(r.dependents).toEqual([
      'The form sends it as “email”; that value will no longer be sent.',
      'After sending, the form keeps it for the next step; it will no longer be kept.',
      "The page “Schedule a call” (/schedule-call-calendly) fills in the visitor's details from it when they book a call; it will no longer be filled in.",
    ]);
    expect(r.next?.submit.onSuccess.store?.fields).toEqual(['firstName', 'lastName', 'phoneNumber']);
    expect(errors(r.next!)).toEqual([]);
  });

  it('names the phone field that keeps its country in it, and takes that out too', () => {
    const r = removeField(form('waitlist'), 'residentCountry', [schedulePage]);
    expect(r.dependents).toContain('The field “Phone number” keeps its country in it; its country picker will start empty.');
    expect(r.next?.uiSchema?.phoneNumber['ui:options']).toBeUndefined();
    expect(r.dependents.some((d) => d.includes('Schedule a call'))).toBe(false);
    expect(errors(r.next!)).toEqual([]);
  });

  it('refuses to remove the only value sent or the only value kept for the next step', () => {
    let one = form('contact');
    for (const n of ['lastname', 'email', 'message']) one = removeField(one, n).next!;
    expect(removeField(one, 'firstname').refused).toMatch(/only field/);
    const two = addField(one, { kind: 'text', label: 'Note', name: 'note' });
    const unsent = { ...two, submit: { ...two.submit, payload: { firstName: 'firstname' } } };
    expect(removeField(unsent, 'firstname').refused).toMatch(/only value this form sends/);
    const waitlist = form('waitlist');
    const keptOne = {
      ...waitlist,
      submit: { ...waitlist.submit, onSuccess: { ...waitlist.submit.onSuccess, store: { key: 'schedule', fields: ['email'] as [string] } } },
    };
    expect(removeField(keptOne, 'email').refused).toMatch(/keeps only “Email” for the next step/);
  });
});
