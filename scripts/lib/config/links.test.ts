// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { Findings } from './findings.ts';
import { checkLinks, type LinkTargets } from './links.ts';
import { routeIndex } from './routes.ts';
import { checked } from './test-helpers.ts';

const targets = (over: Partial<LinkTargets> = {}): LinkTargets => ({
  destinations: ['auth', 'signin'],
  routes: routeIndex(['/', '/owner']),
  pageIds: new Map([['site.config/pages/home.json', ['pricing', 'video']]]),
  unreadablePages: [],
  ...over,
});
const link = (href: string) => ({ href, path: '/blocks/0/href' });
const home = (...hrefs: string[]) => checked('site.config/pages/home.json', { blocks: [{ href: hrefs[0] }] }, { links: hrefs.map(link) });

describe('links', () => {
  test('named destinations, routes and ids that exist pass', () => {
    const findings = new Findings();
    checkLinks([home('@signin', '/owner/', '/owner?x=1#y', '#pricing', 'https://example.com')], targets(), findings);
    expect(findings.diagnostics).toEqual([]);
  });

  test('each kind of link that leads nowhere, with a near name', () => {
    const findings = new Findings();
    checkLinks([home('@sigin', '/ownr', '#pricng')], targets(), findings);
    expect(findings.diagnostics.map((d) => [d.code, d.severity, d.suggestion])).toEqual([
      ['unknown-destination', 'error', 'Did you mean "@signin"?'],
      ['unknown-route', 'error', 'Did you mean "/owner"?'],
      ['unknown-anchor', 'warning', 'Did you mean "#pricing"?'],
    ]);
  });

  test('"#id" links in shared files are not checked: they may land on any page', () => {
    const findings = new Findings();
    checkLinks([checked('site.config/site.json', {}, { links: [link('#nowhere')] })], targets(), findings);
    expect(findings.diagnostics).toEqual([]);
  });

  test('while a page route is unreadable, unknown routes are said once, as a warning on that page', () => {
    const findings = new Findings();
    checkLinks([home('/partners', '/team')], targets({ unreadablePages: ['site.config/pages/partners.json'] }), findings);
    expect(findings.diagnostics.map((d) => [d.file, d.code, d.severity, d.message])).toEqual([
      [
        'site.config/pages/partners.json',
        'links-not-checked',
        'warning',
        'Links to "/partners", "/team" were not checked: site.config/pages/partners.json has a syntax error, so its route could not be read.',
      ],
    ]);
  });
});
