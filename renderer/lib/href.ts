import type { SiteConfig } from '../generated/config-types.ts';

export interface ResolvedHref {
  href: string;
  /** true for routes of this site (opened in the same tab); false for other sites. */
  internal: boolean;
}

/** Turns a config href ("/owner", "@signin", "https://…") into a real address. */
export function resolveHref(href: string, site: SiteConfig): ResolvedHref {
  if (href.startsWith('@')) {
    const name = href.slice(1);
    if (name === 'auth') return { href: site.authSite.root, internal: false };
    const path = site.authSite.paths[name];
    if (path !== undefined) return { href: site.authSite.root + path, internal: false };
    const dest = site.destinations[name];
    if (dest !== undefined) return { href: dest, internal: false };
    // The validator rejects unknown names; this keeps a stale build from producing a broken link.
    return { href: '/', internal: true };
  }
  if (href.startsWith('/') || href.startsWith('#')) return { href, internal: true };
  return { href, internal: false };
}
