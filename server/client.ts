/** Who is submitting: the client address rule and its keyed hash. */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';

/** "::ffff:1.2.3.4" (an IPv4 peer on a dual-stack socket) → "1.2.3.4", so both spellings count as one client. */
export function normalizeAddress(a: string): string {
  const s = a.trim().toLowerCase();
  return s.startsWith('::ffff:') && isIP(s.slice(7)) === 4 ? s.slice(7) : s;
}

/**
 * The client address. With no trusted proxies it is the connection's peer. With N trusted hops, the peer
 * and the right-most N-1 X-Forwarded-For entries were written by our proxies, so the entry just left of
 * them is the client; anything further left was written by the client itself and may be forged. A chain
 * shorter than claimed, or an entry that is not an address, falls back to the nearest trusted entry.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trustedHops: number): string {
  const chain = [normalizeAddress(peer)];
  if (trustedHops > 0 && forwardedFor) {
    const entries = forwardedFor
      .split(',')
      .map((e) => normalizeAddress(e))
      .filter(Boolean);
    for (let i = entries.length - 1; i >= 0 && chain.length <= trustedHops; i--) {
      if (isIP(entries[i]) === 0) break;
      chain.push(entries[i]);
    }
  }
  return chain[Math.min(trustedHops, chain.length - 1)];
}

/**
 * The rate limit's bucket for a client address: an IPv6 client by its /64 prefix, since one subscriber, host or
 * attacker gets a whole /64 and picks addresses in it at will; an IPv4 address (IPv4-mapped ones included, see
 * normalizeAddress) and anything that is not an address stay as they are.
 */
export function rateLimitBucket(address: string): string {
  const a = normalizeAddress(address).split('%')[0]; // a zone index ("fe80::1%eth0") names the link, not the client
  if (isIP(a) !== 6) return a;
  // A trailing dotted IPv4 part fills the last two groups, which the /64 does not look at.
  const v = a.includes('.') ? a.replace(/[\d.]+$/, '0:0') : a;
  const [head, tail] = v.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** HMAC-SHA-256 of the address: equal clients compare equal in the data, the address itself is not kept. */
export function hashAddress(address: string, secret: string): string {
  return createHmac('sha256', secret).update(address).digest('hex');
}
