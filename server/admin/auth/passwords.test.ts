// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, COMMON_PASSWORD_MESSAGE, hashPassword, isCommonPassword, passwordProblem, verifyNothing, verifyPassword } from './passwords.ts';

describe('password rules', () => {
  const email = 'maria.lopez@buildpad.example';
  it('asks for at least 12 characters', () => {
    expect(passwordProblem('short pass!', email)).toMatch(/at least 12 characters/);
    expect(passwordProblem('twelve chars', email)).toBeUndefined();
  });
  it('refuses common passwords, whatever their case, with a sentence saying why', () => {
    expect(isCommonPassword('qwertyuiop12')).toBe(true);
    expect(passwordProblem('Password1234', email)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(passwordProblem('1QAZ2WSX3EDC', email)).toBe(COMMON_PASSWORD_MESSAGE);
    expect(COMMON_PASSWORD_MESSAGE).toMatch(/attackers try first/);
  });
  it('ships a list of at least 10,000 common passwords', () => {
    for (const p of ['123456', 'password', 'qwerty', 'dragon', 'letmein', 'trustno1']) expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('orange tractor umbrella')).toBe(false);
  });
  it('refuses the email’s name part and the company name', () => {
    expect(passwordProblem('maria.lopez-2026!', email)).toMatch(/name/);
    expect(passwordProblem('i work at BuildPad!', email)).toMatch(/company/);
    // A very short name part would refuse too much.
    expect(passwordProblem('bo rides a red bicycle', 'bo@buildpad.example')).toBeUndefined();
  });
  it('refuses only spaces and absurd lengths', () => {
    expect(passwordProblem(' '.repeat(14), email)).toMatch(/spaces/);
    expect(passwordProblem('x'.repeat(257), email)).toMatch(/at most 256/);
  });
});

describe('password hashes', () => {
  it('are Argon2id with the chosen cost, and verify only the right password', async () => {
    const h = await hashPassword('orange tractor umbrella');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=65536,t=4,p=1\$/);
    expect(ARGON2_OPTIONS.memoryCost).toBe(65536);
    expect(await verifyPassword(h, 'orange tractor umbrella')).toBe(true);
    expect(await verifyPassword(h, 'orange tractor umbrellA')).toBe(false);
    expect(await verifyPassword('not a hash', 'orange tractor umbrella')).toBe(false);
  });
  it('verifyNothing never matches', async () => {
    expect(await verifyNothing('anything at all')).toBe(false);
  });
});
