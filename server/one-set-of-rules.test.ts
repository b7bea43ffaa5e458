// @vitest-environment node
/**
 * One set of rules, kept exactly: for any values of any form, the browser's verdict (the precompiled validator the
 * build ships, through checkValues as the form renderer calls it) and the lead service's verdict on the request those
 * values make (POST through the real app, stored in a real database) agree field by field, message by message, and
 * what is stored is exactly what was checked.
 */
import fc from 'fast-check';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormConfig, FormPayloadValue } from '../renderer/generated/config-types.ts';
import { checkValues } from '../renderer/forms/check.ts';
import { buildPayload } from '../renderer/forms/build-payload.ts';
import type { FormValues } from '../renderer/forms/payload.ts';
import { compiledFunctions, formFile } from '../tests/helpers/forms.ts';
import { createLeadApp } from './app.ts';
import type { Db } from './db.ts';
import { loadLeadForms } from './forms.ts';
import { fieldOf } from './payload.ts';
import { backends } from './test-backends.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const forms = [...loadLeadForms().values()];
let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await backends()[0]!.open());
});
afterAll(() => dispose());

/**
 * Text a person could type: any characters a browser's input keeps (not NUL, which inputs drop and the service
 * refuses on its own, nor lone surrogates, which no keyboard makes), plus the shapes the rules are about.
 */
const typed = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/\0/g, '')),
  fc.stringMatching(/^\s*\+?[\d\s().-]{0,20}$/),
  fc.stringMatching(/^\+\d{1,3} [\d ()-]{0,14}$/),
  fc.emailAddress(),
  fc.constantFrom('', ' ', 'Ab', 'New Build', 'Renovation', 'CA', 'NG', 'Canada', 'call me pls', 'abcdefghij', '+1 abc', '12345678', '123456789'),
);

/** A complete, valid entry of each form, which the generator changes a few fields of, so both verdicts are tried. */
const VALID: Record<string, FormValues> = {
  contact: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com', message: 'Please call me.' },
  'demo-lead': { businessName: 'Navy Yard', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '+1 306 555 1234' },
  enquiry: { firstname: 'Chinua', lastname: 'Achebe', email: 'chinua@example.com', message: 'A question about referrals.' },
  waitlist: {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@example.com',
    residentCountry: 'CA',
    phoneNumber: '+1 306 555 0100',
    targetCountry: 'NG',
    purpose: 'New Build',
  },
};

/**
 * Values as the form's widgets hold them (an empty box is no value): every field typed at random, or a valid entry
 * with one or two fields changed or cleared.
 */
function valuesOf(id: string, config: FormConfig): fc.Arbitrary<FormValues> {
  const fields = Object.keys(config.schema.properties);
  const present = (v: FormValues) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== ''));
  const random = fc.record(Object.fromEntries(fields.map((f) => [f, fc.option(typed, { nil: undefined })])), { requiredKeys: [] });
  const edited = fc
    .tuple(fc.subarray(fields, { minLength: 1, maxLength: 2 }), fc.array(fc.option(typed, { nil: undefined }), { minLength: 2, maxLength: 2 }))
    .map(([changed, to]) => ({ ...VALID[id], ...Object.fromEntries(changed.map((f, i) => [f, to[i]])) }));
  return fc.oneof(random, VALID[id] ? edited : random).map(present);
}

/** The service's messages by form field (it names payload keys), or {} when it stored the lead. */
async function serviceVerdict(path: string, mapping: Record<string, FormPayloadValue>, body: Record<string, unknown>) {
  const app = createLeadApp({ db, hashSecret: 'rules-test', rateLimit: 0, peerAddress: () => '203.0.113.9' });
  const res = await app.request(`/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = (await res.json()) as { id?: string; errors?: { field: string; message: string }[] };
  if (res.status === 201) return { status: 201, messages: {}, id: json.id };
  const byField: Record<string, string> = {};
  for (const e of json.errors ?? []) byField[fieldOf(mapping[e.field] ?? e.field) ?? e.field] = e.message;
  return { status: res.status, messages: byField, id: undefined };
}

describe('the browser and the lead service keep one set of rules', () => {
  it.each(forms.map((f) => [f.id, f] as const))('%s: the same verdict, message by message, and the checked value is what is stored', async (_id, form) => {
    const config = formFile(form.id);
    const validator = createPrecompiledValidator(await compiledFunctions(config.schema), config.schema as RJSFSchema);
    const seen = { stored: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(valuesOf(form.id, config), async (values) => {
        const browser = checkValues(validator, config, values);
        const body = buildPayload(config.submit.payload, values);
        const service = await serviceVerdict(form.path, config.submit.payload, body);
        expect(service.messages).toEqual(browser);
        expect(service.status).toBe(Object.keys(browser).length ? 422 : 201);
        seen[service.id ? 'stored' : 'refused']++;
        if (service.id) {
          const row = await db.query<{ payload: Record<string, unknown> }>('SELECT payload FROM leads WHERE id = $1', [service.id]);
          const { timestamp: _sent, ...stored } = row.rows[0]!.payload;
          const { timestamp: _made, ...sent } = body;
          expect(stored).toEqual(sent);
        }
      }),
      { numRuns: 150 },
    );
    // Both verdicts were put to the test, not only refusals of random text.
    expect(seen.stored).toBeGreaterThan(5);
    expect(seen.refused).toBeGreaterThan(5);
  });

  it('refuses the phones of the review in the browser and in the service, with the form file’s message', async () => {
    const demo = formFile('demo-lead');
    const demoValidator = createPrecompiledValidator(await compiledFunctions(demo.schema), demo.schema as RJSFSchema);
    const person = { businessName: 'Navy Yard', firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com' };
    for (const phone of ['call me pls', 'abcdefghij']) {
      const browser = checkValues(demoValidator, demo, { ...person, phone });
      expect(browser).toEqual({ phone: demo.schema.properties.phone!.messages!.pattern });
      expect((await serviceVerdict('/leads/request', demo.submit.payload, { ...person, phone })).messages).toEqual(browser);
    }
    const waitlist = formFile('waitlist');
    const waitlistValidator = createPrecompiledValidator(await compiledFunctions(waitlist.schema), waitlist.schema as RJSFSchema);
    const values = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      residentCountry: 'CA',
      targetCountry: 'NG',
      purpose: 'New Build',
      phoneNumber: '+1 abc',
    };
    const browser = checkValues(waitlistValidator, waitlist, values);
    expect(browser).toEqual({ phoneNumber: waitlist.schema.properties.phoneNumber!.messages!.pattern });
    const body = buildPayload(waitlist.submit.payload, values);
    // Sent as typed, not as the dial code's digits alone ("1"), which used to be stored.
    expect(body.phoneNumber).toBe('+1 abc');
    expect((await serviceVerdict('/waitlist/add', waitlist.submit.payload, body)).messages).toEqual(browser);
  });
});
