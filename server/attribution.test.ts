// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { attributionValue, parseAttribution } from './attribution.ts';

describe('the Sitewright-Attribution header', () => {
  it('reads every known key of a good header', () => {
    expect(
      parseAttribution(
        'page=%2Fcontact&landing=%2Fowner%3Fx%3D1&ref=News.Example&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&utm_term=home+builder&utm_content=%F0%9F%8F%A0',
      ),
    ).toEqual({
      page: '/contact',
      landing: '/owner?x=1',
      referrer: 'news.example',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring sale',
      utmTerm: 'home builder',
      utmContent: '🏠',
    });
  });

  it('has nothing to say without a header, or with an empty one', () => {
    expect(parseAttribution(undefined)).toEqual({});
    expect(parseAttribution('')).toEqual({});
    expect(parseAttribution('&&=&')).toEqual({});
  });

  it('drops unknown keys, keys sent twice, and values that are not what their key allows', () => {
    expect(parseAttribution('page=%2Fa&page=%2Fb&utm_source=x&utm_id=1&__proto__=%2F&constructor=y&gclid=z')).toEqual({ utmSource: 'x' });
    for (const page of ['contact', 'https://evil.example/', '//evil.example/', '/a b', '/a\u0000', ' '])
      expect(attributionValue('page', page), page).toBeUndefined();
    for (const host of ['evil.example/path', 'user@evil.example', 'evil.example:8080', '-bad.example', 'a..b', '<script>', '1.2.3.4 x'])
      expect(attributionValue('referrer', host), host).toBeUndefined();
    expect(attributionValue('referrer', 'xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
    // Control and bidi characters, which would mislead a reader of the inbox or a terminal.
    for (const text of ['a\u0007b', 'a\u202eb', 'a\u2066b', 'a\u200bb', 'a\u0085b', 'a\u007fb'])
      expect(attributionValue('utmSource', text), text).toBeUndefined();
    // Text is text: markup and formulas are stored as typed (pages escape it, the CSV export neutralises formulas).
    expect(attributionValue('utmCampaign', '<b>=1+1</b>')).toBe('<b>=1+1</b>');
  });

  it('drops a value over 200 characters, and ignores a header over 4 KB whole', () => {
    expect(parseAttribution(`utm_source=${'a'.repeat(200)}&utm_medium=${'b'.repeat(201)}`)).toEqual({ utmSource: 'a'.repeat(200) });
    expect(parseAttribution(`page=%2F&utm_term=${'c'.repeat(200)}&${'x=1&'.repeat(1000)}`)).toEqual({});
  });

  it('reads a malformed escape as text rather than failing', () => {
    expect(parseAttribution('utm_source=%ZZ&page=%E0%A4%A')).toEqual({ utmSource: '%ZZ' });
  });
});
