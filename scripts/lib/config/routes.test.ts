// @vitest-environment node
import { describe, expect, test } from 'vitest';
import type { SiteConfig } from '../../../renderer/generated/config-types.ts';
import { Findings } from './findings.ts';
import { checkRoutes, routeIndex } from './routes.ts';
import { page, sourceOf } from './test-helpers.ts';

const siteWith = (redirects: { from: string; to: string }[]) => ({ redirects }) as unknown as SiteConfig;

describe('routes', () => {
  test('two pages with one route: the second is the error', () => {
    const findings = new Findings();
    checkRoutes([page('a', { route: '/owner' }), page('b', { route: '/owner' })], [], siteWith([]), sourceOf('site.config/site.json', {}), findings);
    expect(findings.diagnostics.map((d) => [d.file, d.code, d.message])).toEqual([
      ['site.config/pages/b.json', 'duplicate-route', 'The route "/owner" is already used by site.config/pages/a.json.'],
    ]);
  });

  test('redirects: from a page route, to nowhere, or twice from one route', () => {
    const findings = new Findings();
    const redirects = [
      { from: '/owner', to: '/owner' },
      { from: '/old', to: '/ownr' },
      { from: '/old', to: '/owner' },
    ];
    checkRoutes([page('a', { route: '/owner' })], [], siteWith(redirects), sourceOf('site.config/site.json', { redirects }), findings);
    expect(findings.diagnostics.map((d) => [d.path, d.code, d.suggestion])).toEqual([
      ['/redirects/0/from', 'duplicate-route', 'Remove the redirect or change the page route.'],
      ['/redirects/1/to', 'unknown-route', 'Did you mean "/owner"?'],
      ['/redirects/2/from', 'duplicate-route', 'Delete one of them.'],
    ]);
  });

  test('a redirect may lead to the route of a page that has a mistake elsewhere', () => {
    const findings = new Findings();
    checkRoutes([], ['/broken'], siteWith([{ from: '/old', to: '/broken' }]), sourceOf('site.config/site.json', {}), findings);
    expect(findings.diagnostics).toEqual([]);
  });

  test('the index answers static and placeholder routes, with or without a trailing slash', () => {
    const index = routeIndex(['/', '/owner', '/referral/:refId']);
    expect(['/', '/owner', '/owner/', '/referral/abc'].map(index.exists)).toEqual([true, true, true, true]);
    expect(['/referral', '/nope', '/owner/x'].map(index.exists)).toEqual([false, false, false]);
    expect([...index.staticRoutes]).toEqual(['/', '/owner']);
  });
});
