import { describe, expect, it } from 'vitest';
import { contactHref } from './lead-text.ts';

describe('contactHref', () => {
  it('links an email field to write to it', () => {
    expect(contactHref('email', 'ada@example.com')).toBe('mailto:ada@example.com');
    expect(contactHref('Email_Address', ' ada+leads@example.co.uk ')).toBe('mailto:ada+leads@example.co.uk');
  });

  it('links a phone field to call it, as the international number the site sends', () => {
    expect(contactHref('phoneNumber', '13065550100')).toBe('tel:+13065550100');
    expect(contactHref('phone', '+234 803 123 4567')).toBe('tel:+2348031234567');
    // Written as a national number: dialled as written, not guessed into another country.
    expect(contactHref('mobile', '(306) 555-0100')).toBe('tel:3065550100');
  });

  it('leaves anything else as text', () => {
    expect(contactHref('email', 'not an address')).toBeUndefined();
    expect(contactHref('email', 'a@b')).toBeUndefined();
    expect(contactHref('phone', 'call me after 5')).toBeUndefined();
    expect(contactHref('phone', '12345')).toBeUndefined();
    expect(contactHref('budget', '25000000')).toBeUndefined();
    expect(contactHref('message', 'ada@example.com')).toBeUndefined();
    expect(contactHref('email', 42)).toBeUndefined();
  });
});
