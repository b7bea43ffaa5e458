import type { Context } from 'hono';

/**
 * The origin the request was sent to. Behind trusted proxies the Host header is the public one but the
 * scheme may have been TLS at the proxy, so X-Forwarded-Proto decides it there.
 */
export function ownOrigin(c: Context, trustedProxies: number): string {
  const url = new URL(c.req.url);
  if (trustedProxies > 0) {
    const proto = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',').pop()?.trim() ?? c.req.header('host') ?? url.host;
    return `${proto === 'https' || proto === 'http' ? proto : url.protocol.slice(0, -1)}://${host}`;
  }
  return url.origin;
}
