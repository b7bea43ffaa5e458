/**
 * Staff passwords: hashed with Argon2id (memory-hard, so a stolen copy of the database is slow to guess at), and the
 * rules a new password must meet.
 */
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/**
 * 64 MiB and 4 passes: one hash took 76–80 ms on the project's 2-core machine (OWASP's minimum, 19 MiB and 2 passes,
 * took 10 ms there: too cheap to slow down guessing). Above 500 ms, a few sign-ins at once would tie up the server.
 */
// 2 is Algorithm.Argon2id: the package declares it as a const enum, which isolated modules cannot read.
export const ARGON2_OPTIONS: Options = { algorithm: 2, memoryCost: 65536, timeCost: 4, parallelism: 1 };

export const MIN_PASSWORD_LENGTH = 12;
/** Longer than anyone types; hashing megabytes would only be a way to keep the server busy. */
export const MAX_PASSWORD_LENGTH = 256;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A stored value that is not a PHC string never matches.
    return false;
  }
}

let dummy: Promise<string> | undefined;
/**
 * Checks a password against a hash nobody knows the password of, at the same cost as a real one: a sign-in with an
 * email that has no account (or no password yet) takes as long as one with a wrong password, so timing tells nothing.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummy, password);
  return false;
}

let common: Set<string> | undefined;
/**
 * The list: the 10,000 most common passwords of zxcvbn's password dictionary (@zxcvbn-ts/language-common 4.1.3, MIT,
 * ordered by frequency), plus every entry of that dictionary that is 12 characters or longer, lower-cased.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = 'This password is on a list of common passwords that attackers try first. Choose another one.';

/** Why a new password cannot be used, in a sentence for the person choosing it; undefined when it is fine. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters. A few ordinary words in a row make a long password that is easy to remember.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  if (!password.trim()) return 'A password of only spaces is too easy to guess. Choose another one.';
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const lower = password.toLowerCase();
  const name = email.split('@')[0]?.toLowerCase() ?? '';
  // Attackers try the person's own name and the company's first.
  if ((name.length >= 4 && lower.includes(name)) || lower.includes('buildpad'))
    return 'This password contains your email address’s name or the company’s name, which attackers try first. Choose another one.';
  return undefined;
}
