import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Bearer token check in constant time: both sides are hashed first, so neither the content nor the
 * length of the configured token leaks through timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(.+)$/i.exec(header ?? '');
  const sent = createHash('sha256')
    .update(m ? m[1].trim() : '')
    .digest();
  const want = createHash('sha256').update(token).digest();
  return timingSafeEqual(sent, want) && m !== null;
}
