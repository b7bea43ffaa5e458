import { resolveHref } from '../../renderer/lib/href.ts';
import type { SiteConfig } from '../../renderer/generated/config-types.ts';

/**
 * The address to send a referred visitor to: the configured destination with the code as one query parameter.
 * Host and path come only from site config; the code goes through URLSearchParams, so whatever it holds
 * ("x@evil.com/..", "https://evil", "&admin=1") stays an encoded value and can never change where the browser goes.
 * Returns null when the destination is not an absolute https address (a stale or broken config).
 */
export function referralRedirectUrl(site: SiteConfig, destination: string, queryParam: string, code: string): string | null {
  const { href, internal } = resolveHref(destination, site);
  if (internal) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  url.searchParams.set(queryParam, code);
  return url.toString();
}

/** The browser navigation, behind an object so unit tests can observe it (jsdom cannot navigate). */
export const navigation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};
