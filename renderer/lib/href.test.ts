// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resolveHref } from './href.ts';
import { applyEnvOverrides } from '../../scripts/lib/env.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { routeMatches } from './route-match.ts';

const { project } = loadProject(process.cwd(), {});
if (!project) throw new Error('the real site.config/ must validate for these tests');
const site = project.site;

describe('resolveHref', () => {
  it('keeps routes and in-page anchors internal', () => {
    expect(resolveHref('/owner', site)).toEqual({ href: '/owner', internal: true });
    expect(resolveHref('#book-demo', site)).toEqual({ href: '#book-demo', internal: true });
  });

  it('resolves auth-site paths and named destinations from site.json', () => {
    expect(resolveHref('@signin', site)).toEqual({ href: `${site.authSite.root}${site.authSite.paths.signin}`, internal: false });
    expect(resolveHref('@auth', site).href).toBe(site.authSite.root);
    expect(resolveHref('@calculator', site).href).toBe(site.destinations.calculator);
  });

  it('sends an unknown name home rather than to a broken address', () => {
    expect(resolveHref('@nope', site)).toEqual({ href: '/', internal: true });
  });
});

describe('environment overrides', () => {
  it('replace deployment values and parse flags', () => {
    const out = applyEnvOverrides(site, {
      SITEWRIGHT_AUTH_URL: 'https://auth.other.example/',
      SITEWRIGHT_IAM_URL: 'https://iam.other.example/v2',
      SITEWRIGHT_HIDE_LANDING_ROUTES: 'true',
      SITEWRIGHT_UNDER_CONSTRUCTION: '0',
    });
    expect(out.authSite.root).toBe('https://auth.other.example');
    expect(out.iamService).toBe('https://iam.other.example/v2');
    expect(out.flags.hideLandingRoutes).toBe(true);
    expect(out.flags.underConstruction).toBe(false);
  });

  it('leave the config alone when unset or empty, without mutating it', () => {
    const before = JSON.stringify(site);
    const out = applyEnvOverrides(site, { SITEWRIGHT_AUTH_URL: '' });
    expect(out.authSite.root).toBe(site.authSite.root);
    expect(JSON.stringify(site)).toBe(before);
  });
});

describe('routeMatches', () => {
  it('matches parameters, never across segments', () => {
    expect(routeMatches('/referral/:refId', '/referral/abc')).toBe(true);
    expect(routeMatches('/referral/:refId', '/referral')).toBe(false);
    expect(routeMatches('/referral/:refId', '/referral/a/b')).toBe(false);
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/', '/owner')).toBe(false);
    expect(routeMatches('/owner', '/owner/')).toBe(true);
  });
});

describe('iamService in site.json', () => {
  const schema = JSON.parse(readFileSync('schemas/site.schema.json', 'utf8')) as { properties: { iamService: { pattern: string } } };
  const pattern = new RegExp(schema.properties.iamService.pattern, 'u');

  it("is a path on the site's own origin or an absolute http(s) address, without a trailing slash", () => {
    for (const ok of ['/api/v1', '/leads', 'https://iam.buildpad.example/api/v1', 'http://localhost:8080/api']) expect(pattern.test(ok), ok).toBe(true);
    // "//host" is a protocol-relative address on another origin, not a path.
    for (const bad of ['/', '/api/v1/', '//iam.example/api', 'api/v1', 'https://iam.example/', 'ftp://iam.example', '/api v1'])
      expect(pattern.test(bad), bad).toBe(false);
  });
});
