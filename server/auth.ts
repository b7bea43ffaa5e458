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

/** Shorter admin tokens are refused: the admin API returns every lead, so its token must not be guessable. */
export const MIN_ADMIN_TOKEN_LENGTH = 32;

/** Why a configured admin token cannot be used, as a sentence; undefined when it can (or none is set). */
export function adminTokenProblem(token: string | undefined): string | undefined {
  if (token === undefined || token.length >= MIN_ADMIN_TOKEN_LENGTH) return undefined;
  return `SITEWRIGHT_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (it has ${token.length}) so that it cannot be guessed; make one with \`openssl rand -hex 32\`, or unset it to keep the admin API off.`;
}
