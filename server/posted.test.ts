// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formFile } from '../tests/helpers/forms.ts';
import { buildPayload, countryTyped, readPosted } from './posted.ts';

describe('a form the browser posted itself', () => {
  const waitlist = formFile('waitlist');
  const body = (fields: Record<string, string>) => new URLSearchParams(fields);

  it('reads the fields by the names the renderer gives them, as the widgets would hold them', () => {
    const posted = readPosted(
      'waitlist',
      waitlist,
      body({
        'f-waitlist-firstName': 'Ada',
        'f-waitlist-lastName': '',
        'f-waitlist-residentCountry': 'CA',
        'f-waitlist-phoneNumber-country': 'NG +234',
        'f-waitlist-phoneNumber': '803 123 4567',
        'f-waitlist-targetCountry': 'ghana',
        'f-waitlist-purpose': 'Renovation',
        'sitewright-page': '/schedule-call',
        website: '',
      }),
      'website',
    );
    expect(posted.values).toEqual({
      firstName: 'Ada',
      residentCountry: 'NG',
      phoneNumber: '+234 803 123 4567',
      targetCountry: 'GH',
      purpose: 'Renovation',
    });
    expect(posted.page).toBe('/schedule-call');
    expect(posted.trap).toBe('');
    expect(buildPayload(waitlist.submit.payload, posted.values)).toEqual({
      firstName: 'Ada',
      phoneNumber: '2348031234567',
      residentCountry: 'Nigeria',
      buildCountry: 'Ghana',
      purpose: 'Renovation',
    });
  });

  it('keeps the country field’s own value when the dial picker names no country, and leaves an unknown country out', () => {
    const posted = readPosted(
      'waitlist',
      waitlist,
      body({
        'f-waitlist-residentCountry': 'CA',
        'f-waitlist-phoneNumber-country': 'Atlantis',
        'f-waitlist-phoneNumber': '306 555 0100',
        'f-waitlist-targetCountry': 'Narnia',
      }),
      'website',
    );
    expect(posted.values).toEqual({ residentCountry: 'CA', phoneNumber: '+1 306 555 0100' });
  });

  it('reads a country by its name, another name or its code', () => {
    expect(countryTyped('Nigeria')).toBe('NG');
    expect(countryTyped(' nigeria ')).toBe('NG');
    expect(countryTyped('CA +1')).toBe('CA');
    expect(countryTyped('Atlantis')).toBeUndefined();
  });
});
