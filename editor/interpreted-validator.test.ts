import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ajvValidator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { interpretedValidator } from './interpreted-validator.ts';

const plans = JSON.parse(readFileSync('schemas/blocks/pricingPlans.schema.json', 'utf8')) as RJSFSchema;
const contact = JSON.parse(readFileSync('schemas/blocks/contactInfo.schema.json', 'utf8')) as RJSFSchema;
const rules = (plans.definitions!.planRules as RJSFSchema).allOf as RJSFSchema[];
/** The rule "a plan priced by contact needs an amount label": its condition, as rjsf asks about it. */
const contactCondition = rules.find((r) => JSON.stringify(r.if).includes('contact'))!.if as RJSFSchema;
const location = ((contact.properties!.offices as RJSFSchema).items as RJSFSchema).properties!.location as RJSFSchema;

/** A page whose policy has no 'unsafe-eval': building a function from text throws, as the back office's editor does. */
function withoutEval() {
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct() {
        throw new EvalError("Evaluating a string as JavaScript violates the Content Security Policy: 'unsafe-eval' is not allowed");
      },
      apply() {
        throw new EvalError("Evaluating a string as JavaScript violates the Content Security Policy: 'unsafe-eval' is not allowed");
      },
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  ajvValidator.reset?.();
});

describe('the editor panel’s validator', () => {
  it("decides an if/then rule's condition by the value: a plan priced by contact, and one that is not", () => {
    expect(interpretedValidator.isValid(contactCondition, { price: 'contact' }, plans)).toBe(true);
    expect(interpretedValidator.isValid(contactCondition, { price: 'basic' }, plans)).toBe(false);
  });

  it('tells which kind of location an office has: one address, or a list', () => {
    const [one, list] = location.anyOf as RJSFSchema[];
    expect(interpretedValidator.isValid(one, 'Abuja', contact)).toBe(true);
    expect(interpretedValidator.isValid(list, 'Abuja', contact)).toBe(false);
    expect(interpretedValidator.isValid(list, ['227 Pinehouse Drive', '410 22nd Street East'], contact)).toBe(true);
    expect(interpretedValidator.isValid(one, ['227 Pinehouse Drive'], contact)).toBe(false);
  });

  it('follows a reference to the root schema’s definitions', () => {
    const ref: RJSFSchema = { $ref: '#/definitions/planRules' };
    const plan = { id: 'enterprise', title: 'Enterprise', price: 'contact', hasDropdown: false, userLabel: 'x', benefits: ['a'], buttonTitle: 'b' };
    expect(interpretedValidator.isValid(ref, plan, plans)).toBe(false);
    expect(interpretedValidator.isValid(ref, { ...plan, amountLabel: 'Contact us' }, plans)).toBe(true);
  });

  it('says "no match" for a schema it cannot read, as rjsf expects, rather than throwing', () => {
    expect(interpretedValidator.isValid({ $ref: '#/definitions/nowhere' }, 'x', contact)).toBe(false);
  });

  it('gives the same answers on a page that forbids code made from text, where ajv can only say "no match"', () => {
    withoutEval();
    expect(interpretedValidator.isValid(contactCondition, { price: 'contact' }, plans)).toBe(true);
    // ajv reports its failed compile on the console, as the back office's editor showed it.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(ajvValidator.isValid(contactCondition, { price: 'contact' }, plans)).toBe(false);
  });

  it('names a missing setting and a wrong value by the setting they are about', () => {
    const schema: RJSFSchema = {
      type: 'object',
      required: ['heading'],
      properties: {
        heading: { type: 'string' },
        offices: { type: 'array', items: { type: 'object', properties: { name: { type: 'string', minLength: 1 } } } },
      },
    };
    const { errors, errorSchema } = interpretedValidator.validateFormData({ offices: [{ name: '' }] }, schema);
    expect(errors.map((e) => [e.property, e.name])).toEqual([
      ['.heading', 'required'],
      ['.offices.0.name', 'minLength'],
    ]);
    expect(errorSchema).toMatchObject({ heading: { __errors: [expect.any(String)] }, offices: { 0: { name: { __errors: [expect.any(String)] } } } });
  });

  it('adds what a custom check finds and lets the errors be reworded', () => {
    const schema: RJSFSchema = { type: 'object', properties: { heading: { type: 'string', minLength: 3 } } };
    const { errors } = interpretedValidator.validateFormData(
      { heading: 'ab' },
      schema,
      (data, handler) => {
        handler.heading!.addError('Headings start with a capital letter.');
        return handler;
      },
      (list) => list.map((e) => ({ ...e, message: `Heading: ${e.message}` })),
    );
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/^Heading: /), 'Headings start with a capital letter.']);
  });
});
