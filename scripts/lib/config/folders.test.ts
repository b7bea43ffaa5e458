// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { COLLECTIONS, ConfigFiles } from './files.ts';
import { Findings } from './findings.ts';
import { checkTopLevel, strayFileAdvice } from './folders.ts';

describe('files and folders nobody reads', () => {
  test('a misspelt folder gets the near name; a stray file at the top is a warning', () => {
    const findings = new Findings();
    const files = new ConfigFiles('/nonexistent', { 'site.json': '{}', 'faq/general.json': '{}', 'notes.json': '{}', 'assets/x.svg': '' });
    checkTopLevel(files, [...COLLECTIONS], findings);
    expect(findings.diagnostics.map((d) => [d.file, d.code, d.severity, d.suggestion])).toEqual([
      ['site.config/faq/', 'unknown-folder', 'warning', 'Did you mean site.config/faqs/?'],
      ['site.config/notes.json', 'unknown-file', 'warning', 'Config files belong in a folder such as pages/ or faqs/; remove it or move it there.'],
    ]);
  });

  test('a file without the extension gets its right name, a stray copy only that it is ignored', () => {
    const none = () => false;
    expect(strayFileAdvice('owner', '.json', none)).toBe('Rename it to owner.json if it is meant to be used.');
    expect(strayFileAdvice('owner.JSN', '.json', none)).toBe('Rename it to owner.json if it is meant to be used.');
    expect(strayFileAdvice('owner.json.bak', '.json', none)).toBe('It is ignored; delete it if you no longer need it.');
    expect(strayFileAdvice('owner', '.json', (n) => n === 'owner.json')).toBe('It is ignored; delete it if you no longer need it.');
  });
});
