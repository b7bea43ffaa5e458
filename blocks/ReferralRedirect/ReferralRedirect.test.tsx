import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { site } from 'virtual:sitewright/config';
import { createAjv } from '../../scripts/lib/project.ts';
import { RouteProvider } from '../../renderer/lib/route-params.tsx';
import type { ReferralRedirectBlock, SiteConfig } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import ReferralRedirect from './index.tsx';
import { navigation, referralRedirectUrl } from './redirect-url.ts';

const config = example as ReferralRedirectBlock;
const signup = site.authSite.root + site.authSite.paths.referralSignup;

afterEach(() => vi.restoreAllMocks());

/** The page as opened at `path`: as in the browser, where it comes from location.pathname, it is percent-encoded. */
function page(path: string) {
  return (
    <RouteProvider route="/referral/:refId" path={path}>
      <ReferralRedirect {...config} />
    </RouteProvider>
  );
}

describe('referralRedirect block', () => {
  it('example.json matches the schema; the destination must be a named destination, not an address', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/referralRedirect.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, destination: 'https://evil.example/signup' })).toBe(false);
    expect(validate({ ...example, destination: '/signup' })).toBe(false);
  });

  it('builds the sign-up address from config with the code as the referralCode parameter', () => {
    const url = new URL(referralRedirectUrl(site, '@referralSignup', 'referralCode', 'ABC123')!);
    expect(url.origin + url.pathname).toBe(signup);
    expect(url.searchParams.get('referralCode')).toBe('ABC123');
  });

  it.each(['x@evil.com/..', 'https://evil.example', '//evil.example/x', '../../admin', 'a b&c=d#frag', '%2F%2Fevil', 'ünï/cødé?x=1'])(
    'keeps a hostile code %j as an encoded value on the configured host',
    (code) => {
      const href = referralRedirectUrl(site, '@referralSignup', 'referralCode', code)!;
      const url = new URL(href);
      expect(url.origin).toBe(new URL(site.authSite.root).origin);
      expect(url.pathname).toBe(site.authSite.paths.referralSignup);
      expect(url.hash).toBe('');
      expect([...url.searchParams.keys()]).toEqual(['referralCode']);
      expect(url.searchParams.get('referralCode')).toBe(code);
    },
  );

  it('keeps a query the destination already has', () => {
    const withQuery: SiteConfig = { ...site, authSite: { ...site.authSite, paths: { ...site.authSite.paths, referralSignup: '/signup?from=referral' } } };
    const url = new URL(referralRedirectUrl(withQuery, '@referralSignup', 'referralCode', 'Q1')!);
    expect(url.searchParams.get('from')).toBe('referral');
    expect(url.searchParams.get('referralCode')).toBe('Q1');
  });

  it('refuses destinations that are not absolute https addresses', () => {
    const insecure: SiteConfig = { ...site, destinations: { ...site.destinations, plain: 'http://example.com' } };
    expect(referralRedirectUrl(insecure, '@plain', 'referralCode', 'x')).toBeNull();
    expect(referralRedirectUrl(site, '@noSuchName', 'referralCode', 'x')).toBeNull();
  });

  it('shows the message and, once mounted, replaces the location with the sign-up address', () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    render(page('/referral/x%40evil.com%2F..'));
    expect(screen.getByText('Redirecting Please Wait...')).toBeTruthy();
    expect(replace).toHaveBeenCalledTimes(1);
    const url = new URL(replace.mock.calls[0][0]);
    expect(url.origin + url.pathname).toBe(signup);
    expect(url.searchParams.get('referralCode')).toBe('x@evil.com/..');
  });

  it('passes a plain code through unchanged', () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    render(page('/referral/ABC123'));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(new URL(replace.mock.calls[0][0]).searchParams.get('referralCode')).toBe('ABC123');
  });

  it('without a code in the path, stays on the message and goes nowhere', () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    render(page('/referral'));
    expect(screen.getByText('Redirecting Please Wait...')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
  });

  it('server markup carries neither the code nor the destination, so one prerendered file serves every code', () => {
    const replace = vi.spyOn(navigation, 'replace').mockImplementation(() => undefined);
    const a = renderToString(page('/referral/_refId'));
    const b = renderToString(page('/referral/SOMEONE-ELSE'));
    expect(a).toBe(b);
    expect(a).toContain('Redirecting Please Wait...');
    expect(a).not.toContain('_refId');
    expect(replace).not.toHaveBeenCalled();
  });
});
