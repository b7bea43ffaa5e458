// @vitest-environment jsdom
/**
 * Without an analytics or chat id the site's pages are exactly what they were before consent existed: every page's
 * render is the same with the banner's texts in site.json as with them removed (as before), and gains the banner and
 * the footer's settings button as soon as an id is set (so the comparison can tell).
 */
import { afterEach, describe, expect, test } from 'vitest';
import { pages, site } from 'virtual:sitewright/config';
import type { SiteConfig } from '../generated/config-types.ts';
import { render } from '../entry-server.tsx';
import { blockRegistry } from '../../blocks/registry.ts';
import { CONSENT_BANNER_ATTR, CONSENT_SETTINGS_ATTR } from './markup.ts';

const urls = [...pages.map((p) => p.route.replace(/:([a-zA-Z]+)/g, '_$1')), '/__sitewright_not_found__'];
const written = structuredClone(site);
const withSite = async (change: (s: SiteConfig) => void, url: string) => {
  change(site);
  try {
    const r = await render(url, blockRegistry);
    return `${r.html}\n${r.gatedHtml ?? ''}`;
  } finally {
    for (const key of Object.keys(site) as (keyof SiteConfig)[]) delete site[key];
    Object.assign(site, structuredClone(written));
  }
};
afterEach(() => expect(site).toEqual(written));

describe('a site without third-party ids', () => {
  test('the real site.json has the texts and no ids', () => {
    expect(site.consent).toBeDefined();
    expect(site.analyticsId).toBeUndefined();
    expect(site.chatId).toBeUndefined();
    expect(urls.length).toBeGreaterThan(10);
  });

  // One test per page, not one walking them all: no single test holds every page's two renders.
  test.each(urls)('renders %s byte for byte as without the consent texts', async (url) => {
    const withTexts = await withSite(() => undefined, url);
    const without = await withSite((s) => delete s.consent, url);
    expect(withTexts, url).toBe(without);
    expect(withTexts, url).not.toContain(CONSENT_BANNER_ATTR);
    expect(withTexts, url).not.toContain(CONSENT_SETTINGS_ATTR);
  });

  test.each(['/', '/contact', '/__sitewright_not_found__'])('with an id, %s gains the hidden banner and the hidden settings button', async (url) => {
    const html = await withSite((s) => (s.analyticsId = 'G-TEST12345'), url);
    expect(html, url).toContain(`${CONSENT_BANNER_ATTR}=""`);
    expect(html, url).toContain('data-analytics-id="G-TEST12345"');
    expect(html, url).toMatch(new RegExp(`<button type="button" class="[^"]*" hidden="" ${CONSENT_SETTINGS_ATTR}="">Cookie settings</button>`));
  });
});
