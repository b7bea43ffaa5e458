// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyRedirect, headersFor, isBuildFile, isStaticMethod, parseHeaders, parseRedirects } from './cdn-rules.ts';

describe('_redirects', () => {
  const rules = parseRedirects('# comment\n/canpad /owner 301\n/referral/:refId /referral/_refId/index.html 200\n/old/* /new/:splat 302\n');

  it('parses from, to and status', () => {
    expect(rules).toEqual([
      { from: '/canpad', to: '/owner', status: 301 },
      { from: '/referral/:refId', to: '/referral/_refId/index.html', status: 200 },
      { from: '/old/*', to: '/new/:splat', status: 302 },
    ]);
  });

  it('matches exact paths with or without a trailing slash', () => {
    expect(applyRedirect(rules[0], '/canpad')).toBe('/owner');
    expect(applyRedirect(rules[0], '/canpad/')).toBe('/owner');
    expect(applyRedirect(rules[0], '/canpadx')).toBeNull();
  });

  it('fills placeholders and splats', () => {
    expect(applyRedirect(rules[1], '/referral/abc123')).toBe('/referral/_refId/index.html');
    expect(applyRedirect(rules[1], '/referral')).toBeNull();
    expect(applyRedirect(rules[1], '/referral/a/b')).toBeNull();
    expect(applyRedirect(rules[2], '/old/a/b')).toBe('/new/a/b');
  });
});

describe('_headers', () => {
  const rules = parseHeaders("/*\n  X-A: 1\n  Content-Security-Policy: default-src 'self'; img-src https://x\n\n/assets/*\n  Cache-Control: immutable\n");

  it('keeps values containing colons whole', () => {
    expect(rules[0].headers[1]).toEqual(['Content-Security-Policy', "default-src 'self'; img-src https://x"]);
  });

  it('applies every matching block in order', () => {
    expect(headersFor(rules, '/assets/app.js').map(([k]) => k)).toEqual(['X-A', 'Content-Security-Policy', 'Cache-Control']);
    expect(headersFor(rules, '/owner').map(([k]) => k)).toEqual(['X-A', 'Content-Security-Policy']);
  });
});

describe('what the static server answers', () => {
  it('allows GET and HEAD only', () => {
    expect(['GET', 'HEAD'].map(isStaticMethod)).toEqual([true, true]);
    expect(['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE', 'PROPFIND', 'get'].map(isStaticMethod)).toEqual(Array(8).fill(false));
  });

  it('keeps the build files to itself', () => {
    for (const p of [
      '/_headers',
      '/_redirects',
      '/%5Fheaders',
      '/_headers/',
      '/_routes.json',
      '/.vite/manifest.json',
      '/.env',
      '/assets/app.js.map',
      '/index.html.br',
      '/owner/index.html.gz',
      '/assets/app.js.br',
    ])
      expect(isBuildFile(p), p).toBe(true);
  });

  it('publishes pages, assets and the site files', () => {
    for (const p of [
      '/',
      '/owner',
      '/owner/',
      '/assets/app-abc.js',
      '/sitemap.xml',
      '/robots.txt',
      '/favicon.ico',
      '/404.html',
      '/speculation-rules.json',
      '/.well-known/security.txt',
      '/referral/_refId/',
      '/downloads/plans.tar.gz',
      '/%E0%A4%A',
    ])
      expect(isBuildFile(p), p).toBe(false);
  });
});
