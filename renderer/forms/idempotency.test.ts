// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generatedKeys, idempotencyHeaders, nextAttempt, randomKey, type Attempt } from './idempotency.ts';
import { HONEYPOT_FIELD, withHoneypot } from './honeypot.ts';
import { checkFormFile } from '../../scripts/lib/config/form-fields.ts';
import { formFile } from '../../tests/helpers/forms.ts';

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe('Idempotency-Key per submission', () => {
  it('a first submission, or one after a success (previous null), gets a fresh key', () => {
    const next = keys();
    const a = nextAttempt(null, { email: 'a@b.example' }, [], next);
    expect(a).toEqual({ key: 'key-1', body: { email: 'a@b.example' } });
    expect(nextAttempt(null, { email: 'a@b.example' }, [], next).key).toBe('key-2');
  });

  it('the same input after a failure is the same submission: same key, same body', () => {
    const previous: Attempt = { key: 'k', body: { firstName: 'Ada', email: 'a@b.example' } };
    expect(nextAttempt(previous, { firstName: 'Ada', email: 'a@b.example' }, [], keys())).toBe(previous);
  });

  it('changed input is a new submission with a fresh key', () => {
    const previous: Attempt = { key: 'k', body: { firstName: 'Ada', email: 'a@b.example' } };
    expect(nextAttempt(previous, { firstName: 'Ada', email: 'ada@b.example' }, [], keys())).toEqual({
      key: 'key-1',
      body: { firstName: 'Ada', email: 'ada@b.example' },
    });
    // A field that is now left out (an emptied optional comment) changes the body too.
    const withComment: Attempt = { key: 'k', body: { firstName: 'Ada', comment: 'hi' } };
    expect(nextAttempt(withComment, { firstName: 'Ada' }, [], keys()).key).toBe('key-1');
  });

  it('a generated timestamp does not make a retry new; the retry resends the first body, timestamp included', () => {
    const generated = generatedKeys(formFile('enquiry').submit.payload);
    expect(generated).toEqual(['timestamp']);
    const previous: Attempt = { key: 'k', body: { message: 'Hello there', timestamp: '2026-01-01T10:00:00.000Z' } };
    const retry = nextAttempt(previous, { message: 'Hello there', timestamp: '2026-01-01T10:00:09.000Z' }, generated, keys());
    expect(retry).toBe(previous);
    expect(nextAttempt(previous, { message: 'Hello there!', timestamp: '2026-01-01T10:00:09.000Z' }, generated, keys()).key).toBe('key-1');
  });

  it('forms without generated values have none', () => {
    for (const id of ['waitlist', 'contact', 'demo-lead']) expect(generatedKeys(formFile(id).submit.payload)).toEqual([]);
  });

  it("goes only to the page's own origin, never to an external service", () => {
    const page = 'https://www.buildpad.example';
    expect(idempotencyHeaders('/api/v1/leads/request', 'k', page)).toEqual({ 'Idempotency-Key': 'k' });
    expect(idempotencyHeaders('https://www.buildpad.example/api/v1/enquiries', 'k', page)).toEqual({ 'Idempotency-Key': 'k' });
    expect(idempotencyHeaders('https://iam.buildpad.example/api/v1/leads/request', 'k', page)).toEqual({});
    expect(idempotencyHeaders('http://www.buildpad.example/api/v1/enquiries', 'k', page)).toEqual({});
    expect(idempotencyHeaders('/api/v1/enquiries', 'k', undefined)).toEqual({});
  });

  it('makes random version-4 UUIDs', () => {
    const a = randomKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomKey()).not.toBe(a);
  });
});

describe('honeypot in the body', () => {
  it("is left out when empty, so a person sends exactly the spec's payload", () => {
    const body = { email: 'a@b.example' };
    expect(withHoneypot(body, '')).toBe(body);
  });
  it('is sent as "website" when something filled it in', () => {
    expect(HONEYPOT_FIELD).toBe('website');
    expect(withHoneypot({ email: 'a@b.example' }, 'https://spam.example')).toStrictEqual({ email: 'a@b.example', website: 'https://spam.example' });
  });
  it('is a key no form file may send itself', () => {
    const form = formFile('contact');
    expect(checkFormFile(form)).toEqual([]);
    form.submit.payload.website = 'message';
    expect(checkFormFile(form)).toEqual([expect.objectContaining({ path: '/submit/payload/website' })]);
  });
});
