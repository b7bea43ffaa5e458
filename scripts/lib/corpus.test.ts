// @vitest-environment node
/**
 * The broken-config corpus (tests/fixtures/broken/): each folder holds ONE mistake, applied on top of the real
 * site.config/ (new files under its own site.config/, or a "change" to a real file), and expect.json says where the
 * validator must point and which words a marketer must read. Every fixture must fail with exactly one error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadProject } from './project.ts';
import { outputLine, readCorpus, runCase } from './corpus.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** Line and column of `snippet` in `text`, found by plain text search (independent of the validator's own locating). */
function positionOf(text: string, snippet: string): { line: number; column: number } {
  const at = text.indexOf(snippet);
  expect(at, `fixture text should contain ${snippet}`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(snippet, at + 1), `${snippet} should occur once in the fixture`).toBe(-1);
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

const cases = readCorpus(root);
const fixtures = cases.map((c) => c.name);

describe('broken-config corpus', () => {
  test('has at least 30 fixtures, each with one described mistake and its exact report line', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    for (const { name, expect: exp } of cases) {
      expect(exp.mistake, name).toMatch(/\w/);
      expect(exp.words.length, name).toBeGreaterThan(0);
      expect(exp.output, `${name}: run npm run docs -- --update-corpus`).toMatch(/\w/);
    }
  });

  test('the real config it builds on has no errors (otherwise the fixtures prove nothing)', () => {
    const { diagnostics } = loadProject(root, {});
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  test('the fixtures are mistakes, not noise: their correct counterpart validates cleanly', () => {
    const valid = join(root, 'tests/fixtures/valid/site.config');
    const overlay = Object.fromEntries(filesUnder(valid).map((f) => [relative(valid, f).split('\\').join('/'), readFileSync(f, 'utf8')]));
    const { diagnostics } = loadProject(root, {}, { overlay });
    expect(diagnostics.filter((d) => d.file.startsWith('site.config/pages/partners.json') || d.severity === 'error')).toEqual([]);
  });

  test.each(fixtures)('%s', (name) => {
    const c = cases.find((x) => x.name === name)!;
    const exp = c.expect;
    const overlay = c.overlay;
    const result = runCase(root, c);
    const all = (severity: 'error' | 'warning') =>
      result.diagnostics.filter((d) => d.severity === severity).map((e) => `${e.file}:${e.line}:${e.column} ${e.path} [${e.code}] ${e.message}`);

    if ((exp.severity ?? 'error') === 'error') {
      expect(result.project, 'a broken config must not produce a project').toBeNull();
      expect(all('error'), 'one mistake, one error').toHaveLength(exp.errors ?? 1);
    } else {
      // An advisory limit: the site still builds, and the one warning is the whole report.
      expect(all('error'), 'a warning case has no error').toEqual([]);
      expect(all('warning'), 'one mistake, one warning').toHaveLength(1);
    }
    // Errors only in the broken file: a mistake in one file never raises false alarms in others.
    expect(
      result.diagnostics.filter((x) => x.severity === 'error' && x.file !== exp.file).map((x) => `${x.file} [${x.code}]`),
      'errors in other files',
    ).toEqual([]);
    const d = result.main;
    expect(
      d,
      `a ${exp.severity ?? 'error'} on ${exp.file} at "${exp.path}"; got ${result.diagnostics.map((e) => `${e.file} "${e.path}"`).join(', ')}`,
    ).toBeDefined();
    if (!d) return;
    expect(d.code).toBe(exp.code);
    if (exp.output !== undefined) expect(outputLine(d), 'the exact report line (update with npm run docs -- --update-corpus)').toBe(exp.output);

    const text = overlay[exp.file.replace(/^site\.config\//, '')] ?? readFileSync(join(root, exp.file), 'utf8');
    if (exp.at !== undefined) {
      const want = positionOf(text, exp.at);
      expect(d.line).toBe(want.line);
      // The underline starts at the setting's name or the value and reaches the offending text.
      expect(d.column).toBeLessThanOrEqual(want.column);
      expect(d.column + (d.length ?? 1)).toBeGreaterThan(want.column);
    }
    if (exp.line !== undefined) expect(d.line).toBe(exp.line);
    if (exp.column !== undefined) expect(d.column).toBe(exp.column);

    const said = `${d.message} ${d.suggestion ?? ''}`.toLowerCase();
    for (const w of exp.words) expect(said, `the message should say "${w}"`).toContain(w.toLowerCase());
  });
});
