// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeError } from './log.ts';
import { DbUnavailableError } from './db.ts';

describe('describeError', () => {
  it('names the class, the code and the schema object, and where it was thrown, never the message or values', () => {
    const e = Object.assign(new Error('violates check constraint\nDETAIL: Failing row contains (Ada, ada@example.com).'), {
      code: '23514',
      table: 'leads',
      constraint: 'leads_payload',
      detail: 'Failing row contains (Ada, ada@example.com).',
      where: 'JSON data, line 1: {"firstName": "Ada',
    });
    const text = describeError(e);
    expect(text).toMatch(/^Error \(code 23514, table leads, constraint leads_payload\)\n {4}at /);
    expect(text).toContain('log.test.ts');
    expect(text).not.toMatch(/Ada|example|DETAIL|Failing/);
  });

  it('takes a code or name only when it is a plain word, and follows the cause', () => {
    const odd = Object.assign(new Error('x'), { code: 'ada@example.com is not a code', name: 'Ada Lovelace' });
    expect(describeError(odd).split('\n')[0]).toBe('Error');
    const wrapped = new DbUnavailableError(Object.assign(new Error('connect ECONNREFUSED 10.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(describeError(wrapped).split('\n')[0]).toBe('DbUnavailableError; caused by Error (code ECONNREFUSED)');
  });

  it('never prints a thrown value that is not an Error', () => {
    expect(describeError('ada@example.com')).toBe('a thrown string');
    expect(describeError({ email: 'ada@example.com' })).toBe('a thrown object');
    expect(describeError(null)).toBe('a thrown null');
  });
});
