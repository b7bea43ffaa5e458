// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultsOf } from './payload.ts';
import { buildPayload } from './build-payload.ts';
import { digitsOnly } from './phone-text.ts';
import {
  DEFAULT_RATE_LIMIT_TEXT,
  failureText,
  isSuccess,
  resolveEndpoint,
  sendForm,
  serverFieldErrors,
  serverReason,
  successText,
  waitSeconds,
  waitWords,
} from './submit.ts';
import { countryForNumber, countryName, findCountry, flagEmoji, searchCountries, exactCountry } from './countries.ts';
import { nationalPart } from './widgets.tsx';
import type { FormSubmit } from '../generated/config-types.ts';
import { formFile } from '../../tests/helpers/forms.ts';

describe('phone normalisation', () => {
  it('keeps digits only and drops the leading plus', () => {
    expect(digitsOnly('+1 306-555 (0100)')).toBe('13065550100');
    expect(digitsOnly('+234 803 123 4567')).toBe('2348031234567');
    expect(digitsOnly(undefined)).toBeUndefined();
    // Not written as a phone number: sent as typed, so the service refuses it as the browser did.
    expect(digitsOnly('+1 abc')).toBe('+1 abc');
    expect(digitsOnly('call me pls')).toBe('call me pls');
  });
  it('splits a stored international number back into its national part', () => {
    expect(nationalPart('+1 306 555 0100', '1')).toBe('306 555 0100');
    expect(nationalPart('+234 803 123', '1')).toBe('803 123');
    expect(nationalPart(undefined, '1')).toBe('');
  });
});

describe('payload mapping (spec section 7)', () => {
  it('waitlist: digits-only phone, country names, comment only when given', () => {
    const { payload } = formFile('waitlist').submit;
    const values = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      residentCountry: 'CA',
      phoneNumber: '+1 306 555 0100',
      targetCountry: 'NG',
      purpose: 'Renovation',
    };
    expect(buildPayload(payload, values)).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada@example.com',
      phoneNumber: '13065550100',
      residentCountry: 'Canada',
      buildCountry: 'Nigeria',
      purpose: 'Renovation',
    });
    expect(buildPayload(payload, { ...values, comment: '   ' })).not.toHaveProperty('comment');
    expect(buildPayload(payload, { ...values, comment: 'A duplex' })).toMatchObject({ comment: 'A duplex' });
  });
  it('contact: firstname/lastname/message become firstName/lastName/description', () => {
    expect(buildPayload(formFile('contact').submit.payload, { firstname: 'Ada', lastname: 'Obi', email: 'a@b.co', message: 'Hello' })).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'a@b.co',
      description: 'Hello',
    });
  });
  it('legacy enquiry: the fields as typed plus an ISO timestamp of sending', () => {
    const now = new Date('2025-05-01T09:30:00.000Z');
    expect(
      buildPayload(formFile('enquiry').submit.payload, { firstname: 'Ada', lastname: 'Obi', email: 'a@b.co', message: 'Hello there' }, () => now),
    ).toStrictEqual({
      firstname: 'Ada',
      lastname: 'Obi',
      email: 'a@b.co',
      message: 'Hello there',
      timestamp: '2025-05-01T09:30:00.000Z',
    });
  });
  it('demo lead: the five lead fields', () => {
    const values = { businessName: 'Acme', firstName: 'Ada', lastName: 'Obi', email: 'a@b.co', phone: '08031234567' };
    expect(buildPayload(formFile('demo-lead').submit.payload, values)).toStrictEqual({
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'a@b.co',
      businessName: 'Acme',
      phone: '08031234567',
    });
  });
  it('starts the waitlist with Canada as the country of residence', () => {
    expect(defaultsOf(formFile('waitlist').schema.properties)).toEqual({ residentCountry: 'CA' });
  });
});

describe('countries', () => {
  it('carries name, ISO code, dial code and an emoji flag', () => {
    expect(findCountry('CA')).toMatchObject({ code: 'CA', name: 'Canada', dialCode: '1', flag: '🇨🇦' });
    expect(findCountry('ng')?.dialCode).toBe('234');
    expect(flagEmoji('GB')).toBe('🇬🇧');
    expect(countryName('NG')).toBe('Nigeria');
    expect(countryName('??')).toBe('??');
  });
  it('searches by the start of the name first, then anywhere, aliases and dial codes', () => {
    expect(searchCountries('can')[0].name).toBe('Canada');
    expect(
      searchCountries('nig')
        .map((c) => c.name)
        .slice(0, 2),
    ).toEqual(['Niger', 'Nigeria']);
    expect(searchCountries('britain').map((c) => c.code)).toContain('GB');
    expect(searchCountries('+44', { dial: true }).map((c) => c.code)).toContain('GB');
    expect(searchCountries('44').map((c) => c.code)).not.toContain('GB');
    expect(exactCountry('canada')?.code).toBe('CA');
    expect(exactCountry('cana')).toBeUndefined();
  });
  it('finds the country of a number typed with its "+"', () => {
    expect(countryForNumber('+234 803 123 4567', 'CA')?.code).toBe('NG');
    expect(countryForNumber('+1 306 555 0100', 'CA')?.code).toBe('CA');
    expect(countryForNumber('+1 212 555 0100', 'NG')?.code).toBe('US');
    expect(countryForNumber('+44 20 7946 0000')?.code).toBe('GB');
    expect(countryForNumber('+2', 'CA')).toBeUndefined();
  });
});

const submit = (over: Partial<FormSubmit> = {}): FormSubmit => ({
  label: 'Send',
  endpoint: '{iamService}/waitlist/add',
  payload: { a: 'a' },
  success: { status: 201 },
  onSuccess: {},
  onFailure: { notice: { show: 'toast', text: 'Error submitting form: {reason}' } },
  ...over,
});

describe('sending', () => {
  afterEach(() => vi.useRealTimers());

  it('resolves identity-service endpoints against the configured address', () => {
    expect(resolveEndpoint('{iamService}/leads/request', 'https://iam.example/api/')).toBe('https://iam.example/api/leads/request');
    expect(resolveEndpoint('https://sheets.example/x', 'https://iam.example')).toBe('https://sheets.example/x');
    expect(resolveEndpoint('{iamService}/enquiries', '/api/v1')).toBe('/api/v1/enquiries');
  });
  it('counts success as the form file says', () => {
    expect(isSuccess({ status: 201 }, 201)).toBe(true);
    expect(isSuccess({ status: 201 }, 200)).toBe(false);
    expect(isSuccess({ statusBelow: 300 }, 204)).toBe(true);
    expect(isSuccess({ statusBelow: 300 }, 300)).toBe(false);
  });
  it('posts JSON and reports the status and body', async () => {
    const fetchImpl = vi.fn(async () => new Response('{"message":"created"}', { status: 201 }));
    const out = await sendForm(submit(), { a: 1 }, 'https://iam.example', fetchImpl as typeof fetch);
    expect(out).toEqual({ kind: 'success', status: 201, data: { message: 'created' } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://iam.example/waitlist/add');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ a: 1 });
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });
  it('turns other statuses, thrown errors and time-outs into outcomes', async () => {
    expect(
      await sendForm(submit(), {}, 'https://iam.example', (async () => new Response('{"message":"Email taken"}', { status: 200 })) as typeof fetch),
    ).toMatchObject({ kind: 'http', status: 200 });
    expect(await sendForm(submit(), {}, 'https://iam.example', (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch)).toEqual({
      kind: 'network',
      error: 'Failed to fetch',
    });

    vi.useFakeTimers();
    const hanging = ((_u: string, init: RequestInit) =>
      new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))) as unknown as typeof fetch;
    const pending = sendForm(submit({ timeoutSeconds: 15 }), {}, 'https://iam.example', hanging);
    await vi.advanceTimersByTimeAsync(14_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ kind: 'timeout', seconds: 15 });
  });
});

describe('messages after sending (spec section 8)', () => {
  const waitlist = formFile('waitlist').submit.onFailure.notice;
  it('waitlist: "Error submitting form: " + the message of a non-201 answer, or its error field on an error status', () => {
    expect(failureText(waitlist, { kind: 'http', status: 200, body: '', data: { message: 'Email already on the list' } })).toBe(
      'Error submitting form: Email already on the list',
    );
    expect(failureText(waitlist, { kind: 'http', status: 400, body: '', data: { error: 'Bad phone', message: 'Validation failed' } })).toBe(
      'Error submitting form: Bad phone',
    );
    expect(failureText(waitlist, { kind: 'http', status: 500, body: '', data: null })).toBe('Error submitting form: the server answered with status 500');
    expect(failureText(waitlist, { kind: 'network', error: 'Failed to fetch' })).toMatch(/^Error submitting form: we could not reach the server/);
    expect(failureText(waitlist, { kind: 'timeout', seconds: 15 })).toBe(
      'Error submitting form: the server took longer than 15 seconds to answer, so we stopped waiting',
    );
  });
  it('demo and enquiry: the fixed failure text, prefixed by a time-out sentence when the server is slow', () => {
    const demo = formFile('demo-lead').submit.onFailure.notice;
    expect(failureText(demo, { kind: 'http', status: 500, body: 'x', data: null })).toBe('We did not get your booking. Please try again');
    expect(failureText(demo, { kind: 'network', error: 'x' })).toBe('We did not get your booking. Please try again');
    expect(failureText(demo, { kind: 'timeout', seconds: 15 })).toBe(
      'The server took longer than 15 seconds to answer, so we stopped waiting. We did not get your booking. Please try again',
    );
    expect(failureText(formFile('enquiry').submit.onFailure.notice, { kind: 'network', error: 'x' })).toBe('We did not get your message. Please try again');
  });
  it('contact: the status and the response text', () => {
    const contact = formFile('contact').submit.onFailure.notice;
    expect(failureText(contact, { kind: 'http', status: 503, body: 'Service Unavailable', data: null })).toBe(
      'Your message was not sent: the server answered 503 Service Unavailable. Please try again.',
    );
    expect(failureText(contact, { kind: 'network', error: 'x' })).toMatch(/could not reach our server/);
    expect(failureText(contact, { kind: 'timeout', seconds: 15 })).toMatch(/longer than 15 seconds/);
  });
  it('contact success: the server message, else "Message sent successfully!"', () => {
    const ok = formFile('contact').submit.onSuccess.notice!;
    expect(successText(ok, { kind: 'success', status: 200, data: { message: 'Thanks, we got it' } })).toBe('Thanks, we got it');
    expect(successText(ok, { kind: 'success', status: 200, data: null })).toBe('Message sent successfully!');
    expect(serverReason({ kind: 'http', status: 502, body: '<html>bad gateway</html>', data: null })).toBe('the server answered with status 502');
  });
});

describe('429: sent too often', () => {
  const now = () => Date.parse('2026-03-01T12:00:00Z');
  const tooMany = (retryAfter: string | null, data: unknown = null) => ({ kind: 'http' as const, status: 429, body: '', data, retryAfter });

  it("reads the wait from Retry-After (seconds or a date), else the body's retryAfterSeconds", () => {
    expect(waitSeconds('30', null, now)).toBe(30);
    expect(waitSeconds('Sun, 01 Mar 2026 12:00:45 GMT', null, now)).toBe(45);
    expect(waitSeconds(null, { retryAfterSeconds: 12 }, now)).toBe(12);
    expect(waitSeconds('soon', { retryAfterSeconds: 7.2 }, now)).toBe(8);
    expect(waitSeconds(null, { retryAfterSeconds: 'x' }, now)).toBeUndefined();
    expect(waitSeconds(undefined, null, now)).toBeUndefined();
  });

  it('says so plainly with the number of seconds, or without a number when the server gave none', () => {
    expect(waitWords(1)).toBe('1 second');
    const notice = formFile('waitlist').submit.onFailure.notice;
    expect(failureText(notice, tooMany('30'), now)).toBe('You have sent this form several times in a short while. Please wait 30 seconds and try again.');
    expect(failureText(notice, tooMany(null, { message: 'Too many requests', retryAfterSeconds: 20 }), now)).toContain('Please wait 20 seconds');
    expect(failureText(notice, tooMany(null), now)).toBe('You have sent this form several times in a short while. Please wait a little while and try again.');
    expect(DEFAULT_RATE_LIMIT_TEXT).toContain('{wait}');
  });

  it("uses the form file's own text when it has one", () => {
    const notice = { show: 'toast' as const, text: 'We did not get your message.', rateLimitText: 'Slow down: try again in {wait}.' };
    expect(failureText(notice, tooMany('5'), now)).toBe('Slow down: try again in 5 seconds.');
  });
});

describe("422: the service's own field messages", () => {
  it('map each payload key back to the form field it is built from', () => {
    const { payload } = formFile('contact').submit;
    const data = {
      message: 'Some fields are not valid',
      errors: [
        { field: 'firstName', message: 'First Name is required.' },
        { field: 'description', message: 'Please enter a message.' },
      ],
    };
    expect(serverFieldErrors(data, payload)).toStrictEqual({ firstname: 'First Name is required.', message: 'Please enter a message.' });
  });

  it('through transforms too, and leave out keys no field feeds or answers without a list', () => {
    const waitlist = formFile('waitlist').submit.payload;
    expect(serverFieldErrors({ errors: [{ field: 'phoneNumber', message: 'Phone number is required' }] }, waitlist)).toStrictEqual({
      phoneNumber: 'Phone number is required',
    });
    const enquiry = formFile('enquiry').submit.payload;
    expect(
      serverFieldErrors({ errors: [{ field: 'timestamp', message: 'bad' }, { field: 'nope', message: 'x' }, { field: 'email' }, 'junk'] }, enquiry),
    ).toStrictEqual({});
    expect(serverFieldErrors({ message: 'no list' }, enquiry)).toStrictEqual({});
    expect(serverFieldErrors(null, enquiry)).toStrictEqual({});
  });
});
