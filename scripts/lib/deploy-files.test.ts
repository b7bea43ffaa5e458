// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, externalOrigin, outputPath, redirectsFile, robots, routeClashes, securityHeaders, sitemap } from './deploy-files.ts';
import { loadProject } from './project.ts';

const { project } = loadProject(process.cwd(), {});
if (!project) throw new Error('the real site.config/ must validate for these tests');

describe('content security policy', () => {
  const csp = contentSecurityPolicy(project, ["'sha256-abc'"]);
  const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

  it('never allows inline or eval scripts, and includes the inline-script hashes', () => {
    expect(directive('script-src')).toContain("'self'");
    expect(directive('script-src')).toContain("'sha256-abc'");
    expect(directive('script-src')).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it('locks down objects and base URIs', () => {
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('base-uri')).toBe("base-uri 'none'");
  });

  it("reaches the built-in lead service on the same origin through connect-src 'self' alone", () => {
    expect(project.site.iamService).toBe('/api/v1');
    expect(externalOrigin(project.site.iamService)).toBeNull();
    expect(directive('connect-src')).toBe("connect-src 'self'");
  });

  it('adds the origin of an external identity service (SITEWRIGHT_IAM_URL) to connect-src', () => {
    const { project: external } = loadProject(process.cwd(), { SITEWRIGHT_IAM_URL: 'https://iam.other.example/api/v1/' });
    const connect =
      contentSecurityPolicy(external!, [])
        .split('; ')
        .find((d) => d.startsWith('connect-src ')) ?? '';
    expect(connect).toBe("connect-src 'self' https://iam.other.example");
  });

  it('ships the security headers the engine promises', () => {
    const h = securityHeaders(csp);
    for (const name of ['Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'Strict-Transport-Security']) {
      expect(h[name]).toBeTruthy();
    }
    expect(h['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('output files', () => {
  it('maps routes to folders, parameters to placeholders', () => {
    expect(outputPath('/')).toBe('index.html');
    expect(outputPath('/pricing/enterprise')).toBe('pricing/enterprise/index.html');
    expect(outputPath('/referral/:refId')).toBe('referral/_refId/index.html');
    expect(outputPath('//vendors')).toBe('vendors/index.html');
    expect(outputPath('/vendors/')).toBe('vendors/index.html');
  });

  it("names every pair of routes that would be built to one file, and none for the site's own routes", () => {
    expect(routeClashes(['/', '/vendors', '/owner', '/referral/:refId'])).toEqual([]);
    expect(routeClashes(['/vendors', '/owner', '//vendors'])).toEqual([
      'The routes "/vendors" and "//vendors" would be built to one file, vendors/index.html. Give each page its own route.',
    ]);
    expect(routeClashes(['/Vendors', '/vendors/'])).toHaveLength(1);
    expect(routeClashes(project.pages.map((p) => p.config.route))).toEqual([]);
  });

  it('never lists one built file twice in the sitemap', () => {
    const xml = sitemap('https://x.example', ['/vendors', '//vendors', '/owner']);
    expect(xml.match(/<loc>/g)).toHaveLength(2);
    expect(xml).toContain('<loc>https://x.example/vendors</loc>');
    expect(xml).not.toContain('//vendors');
  });

  it('writes config redirects as 301 and parameter routes as 200 rewrites', () => {
    const text = redirectsFile(project, ['/referral/:refId']);
    for (const r of project.site.redirects) expect(text).toContain(`${r.from} ${r.to} 301`);
    expect(text).toContain('/referral/:refId /referral/_refId/index.html 200');
  });

  it('lists indexable routes in the sitemap and points robots at it', () => {
    const xml = sitemap('https://x.example', ['/', '/owner']);
    expect(xml).toContain('<loc>https://x.example/</loc>');
    expect(xml).toContain('<loc>https://x.example/owner</loc>');
    expect(robots('https://x.example', ['/doctor'])).toContain('Disallow: /doctor');
    expect(robots('https://x.example', [])).toContain('Sitemap: https://x.example/sitemap.xml');
  });
});
