/** Random tokens for sessions, invites and preview links: 256 bits, kept in the database only as SHA-256 hashes. */
import { createHash, randomBytes } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A token as this service makes them (43 base64url characters); anything else is refused before a lookup. */
export const looksLikeToken = (s: string | undefined): s is string => s !== undefined && /^[A-Za-z0-9_-]{43}$/.test(s);
