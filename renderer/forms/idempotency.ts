import type { FormPayloadValue } from '../generated/config-types.ts';

/** One submission as sent: the key the service deduplicates on and the exact body that went with it. */
export interface Attempt {
  key: string;
  body: Record<string, unknown>;
}

/** Payload keys whose value the form makes up at sending time (a timestamp): they differ on every try by design. */
export function generatedKeys(mapping: Record<string, FormPayloadValue>): string[] {
  return Object.entries(mapping)
    .filter(([, spec]) => typeof spec === 'object' && 'generate' in spec)
    .map(([key]) => key);
}

function withoutKeys(body: Record<string, unknown>, keys: readonly string[]): string {
  return JSON.stringify(Object.fromEntries(Object.entries(body).filter(([k]) => !keys.includes(k))));
}

/**
 * What to send now, given the attempt that failed before (null after a success or at first).
 * The same visitor input again is the same submission: it goes with the same key and the very same body,
 * generated values included, since the service answers a reused key with a different body as a conflict (422).
 * Anything the visitor changed makes it a new submission with a fresh key.
 */
export function nextAttempt(previous: Attempt | null, body: Record<string, unknown>, generated: readonly string[], newKey: () => string): Attempt {
  if (previous && withoutKeys(previous.body, generated) === withoutKeys(body, generated)) return previous;
  return { key: newKey(), body };
}

/**
 * The Idempotency-Key header, for the site's own origin only: an external service's CORS may not allow the
 * header, and a custom header turns a cross-origin POST into one that needs a preflight it may never answer.
 */
export function idempotencyHeaders(url: string, key: string, pageOrigin: string | undefined): Record<string, string> {
  if (!pageOrigin) return {};
  try {
    return new URL(url, pageOrigin).origin === pageOrigin ? { 'Idempotency-Key': key } : {};
  } catch {
    return {};
  }
}

/** A random key (RFC 4122 v4); the fallback is for browsers without crypto.randomUUID outside secure contexts. */
export function randomKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
