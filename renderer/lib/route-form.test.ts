// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressFromTyped, isRoute, ROUTE_PATTERN } from './route-form.ts';

const root = join(import.meta.dirname, '..', '..');

describe('isRoute', () => {
  it('accepts "/" and lower-case words joined by "-" and "/", with :parameters', () => {
    for (const r of ['/', '/vendors', '/vendors-page', '/pricing/enterprise', '/referral/:refId', '/a1/2024-report']) expect(isRoute(r), r).toBe(true);
  });
  it('refuses "//", a trailing "/", spaces, capitals, stray dashes and anything without a leading "/"', () => {
    for (const r of [
      '//vendors',
      '/vendors/',
      '/vendors//x',
      '/Vendors',
      '/vendors page',
      'vendors',
      '',
      '/-vendors',
      '/vendors-',
      '/a--b',
      '/ven_dors',
      '/:',
      '/:ref-id',
    ])
      expect(isRoute(r), r).toBe(false);
  });
  it('is the pattern of the "route" definition of the schemas, and every route and redirect of the site follows it', () => {
    const defs = JSON.parse(readFileSync(join(root, 'schemas/defs.schema.json'), 'utf8')) as { definitions: { route: { pattern: string } } };
    expect(defs.definitions.route.pattern).toBe(ROUTE_PATTERN);
    const pages = readdirSync(join(root, 'site.config/pages')).map((f) => JSON.parse(readFileSync(join(root, 'site.config/pages', f), 'utf8')).route as string);
    const site = JSON.parse(readFileSync(join(root, 'site.config/site.json'), 'utf8')) as { redirects?: { from: string; to: string }[] };
    const all = [...pages, ...(site.redirects ?? []).flatMap((r) => [r.from, r.to])];
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((r) => !isRoute(r))).toEqual([]);
  });
});

describe('addressFromTyped', () => {
  it.each([
    ['vendors', '/vendors'],
    ['/vendors', '/vendors'],
    ['//vendors', '/vendors'],
    ['/vendors/', '/vendors'],
    ['Vendors page', '/vendors-page'],
    ['  Vendors   Page! ', '/vendors-page'],
    ['vendors_page', '/vendors-page'],
    ['Pricing / Partners', '/pricing/partners'],
    ['Über uns', '/uber-uns'],
    ['https://buildpad.example/vendors?x=1#top', '/vendors'],
    ['/referral/:refId', '/referral/:refId'],
    ['/', '/'],
    ['2024 report', '/2024-report'],
  ])('%j → %j', (typed, address) => {
    expect(addressFromTyped(typed)).toBe(address);
    expect(isRoute(address)).toBe(true);
  });
  it('gives nothing when there is no letter or digit to make an address of', () => {
    for (const t of ['', '   ', '-', '!!', '/-/', '日本']) expect(addressFromTyped(t), t).toBeNull();
  });
});
