// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchRoute, normalisePath, routeMatches } from './route-match.ts';

describe('normalisePath', () => {
  it('drops trailing slashes and keeps the root', () => {
    expect(normalisePath('/owner/')).toBe('/owner');
    expect(normalisePath('/owner//')).toBe('/owner');
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('')).toBe('/');
  });
});

describe('matchRoute', () => {
  it('matches static routes with or without a trailing slash', () => {
    expect(routeMatches('/owner', '/owner')).toBe(true);
    expect(routeMatches('/owner', '/owner/')).toBe(true);
    expect(routeMatches('/owner/', '/owner')).toBe(true);
    expect(routeMatches('/owner', '/ownerx')).toBe(false);
    expect(routeMatches('/owner', '/Owner')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/owner')).toBe(false);
    expect(routeMatches('/owner', '/')).toBe(false);
  });

  it('fills placeholders with one non-empty segment', () => {
    expect(matchRoute('/referral/:refId', '/referral/abc')).toEqual({ refId: 'abc' });
    expect(matchRoute('/referral/:refId', '/referral/abc/')).toEqual({ refId: 'abc' });
    expect(matchRoute('/referral/:refId', '/referral')).toBeNull();
    expect(matchRoute('/referral/:refId', '/referral/a/b')).toBeNull();
  });

  it('takes the rest of the path for a final splat', () => {
    expect(matchRoute('/old/*', '/old/a/b')).toEqual({ splat: 'a/b' });
    expect(matchRoute('/*', '/')).toEqual({ splat: '' });
    expect(matchRoute('/assets/*', '/owner')).toBeNull();
  });
});
