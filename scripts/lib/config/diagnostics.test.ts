// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { CATALOGUE, formatDiagnosticLine, say } from './diagnostics.ts';

describe('the catalogue of diagnostics', () => {
  test('every code has a title, a reason and a fix, written as sentences where they are sentences', () => {
    for (const [code, e] of Object.entries(CATALOGUE)) {
      expect(code, code).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(e.title, code).toMatch(/^\S.*[^.]$/);
      expect(e.why, code).toMatch(/^[A-Z"].*\.$/);
      expect(e.fix, code).toMatch(/^[A-Z"].*\.$/);
    }
  });

  test("say() words a finding from the templates, with the code's usual severity", () => {
    expect(say('unknown-destination', { href: '@sigin', guess: 'signin', known: ['signin'] })).toEqual({
      code: 'unknown-destination',
      severity: 'error',
      message: 'There is no destination named "@sigin" in site.json.',
      suggestion: 'Did you mean "@signin"?',
      // What the wording was made from, for readers that word it their own way (the editor).
      args: { href: '@sigin', guess: 'signin', known: ['signin'] },
    });
    expect(say('unknown-anchor', { id: 'x', href: '#x', ids: [] })).toMatchObject({ severity: 'warning', suggestion: 'Give the target block "id": "x".' });
    // @ts-expect-error a code that is not in the catalogue does not compile
    expect(() => say('unknown-destinaton', {})).toThrow();
  });

  test('the one-line form names file:line:col, the JSON path, the message and the fix', () => {
    const d = {
      file: 'site.config/pages/a.json',
      line: 3,
      column: 5,
      path: '',
      code: 'syntax',
      severity: 'error',
      message: 'A comma is missing.',
      suggestion: 'Add it.',
    } as const;
    expect(formatDiagnosticLine(d)).toBe('site.config/pages/a.json:3:5 (whole file) — A comma is missing. Add it.');
  });
});
