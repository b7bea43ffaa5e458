// @vitest-environment node
/**
 * The broken-config corpus (tests/fixtures/broken/): each folder holds ONE mistake, applied on top of the real
 * site.config/ (new files under its own site.config/, or a "change" to a real file), and expect.json says where the
 * validator must point and which words a marketer must read. Every fixture must fail with exactly one error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEdits, modify } from 'jsonc-parser';
import { describe, expect, test } from 'vitest';
import { loadProject } from '../../scripts/lib/project.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const corpus = join(root, 'tests/fixtures/broken');

interface Expectation {
  mistake: string;
  file: string;
  path: string;
  code: string;
  words: string[];
  /** Text on the offending line; the underline must start at or before it and reach it. */
  at?: string;
  line?: number;
  column?: number;
  /** Changes to real config files (by JSON path; value null removes the setting). */
  change?: { file: string; path: (string | number)[]; value: unknown }[];
  /** How many errors the mistake produces. Default 1. */
  errors?: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

function overlayOf(dir: string, exp: Expectation): Record<string, string> {
  const overlay: Record<string, string> = {};
  const own = join(dir, 'site.config');
  try {
    for (const f of filesUnder(own)) overlay[relative(own, f).split('\\').join('/')] = readFileSync(f, 'utf8');
  } catch {
    // A fixture made only of changes has no files of its own.
  }
  for (const c of exp.change ?? []) {
    const text = overlay[c.file] ?? readFileSync(join(root, 'site.config', c.file), 'utf8');
    const edits = modify(text, c.path, c.value === null ? undefined : c.value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
    overlay[c.file] = applyEdits(text, edits);
  }
  return overlay;
}

/** Line and column of `snippet` in `text`, found by plain text search (independent of the validator's own locating). */
function positionOf(text: string, snippet: string): { line: number; column: number } {
  const at = text.indexOf(snippet);
  expect(at, `fixture text should contain ${snippet}`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(snippet, at + 1), `${snippet} should occur once in the fixture`).toBe(-1);
  const before = text.slice(0, at);
  return { line: before.split('\n').length, column: at - before.lastIndexOf('\n') };
}

const fixtures = readdirSync(corpus)
  .filter((n) => statSync(join(corpus, n)).isDirectory())
  .sort();

describe('broken-config corpus', () => {
  test('has at least 30 fixtures, each with one described mistake', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(30);
    for (const name of fixtures) {
      const exp = JSON.parse(readFileSync(join(corpus, name, 'expect.json'), 'utf8')) as Expectation;
      expect(exp.mistake, name).toMatch(/\w/);
      expect(exp.words.length, name).toBeGreaterThan(0);
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
    const dir = join(corpus, name);
    const exp = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as Expectation;
    const overlay = overlayOf(dir, exp);
    const result = loadProject(root, {}, { overlay });

    expect(result.project, 'a broken config must not produce a project').toBeNull();
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((e) => `${e.file}:${e.line}:${e.column} ${e.path} [${e.code}] ${e.message}`), 'one mistake, one error').toHaveLength(exp.errors ?? 1);
    const d = errors.find((e) => e.file === exp.file && e.path === exp.path);
    expect(d, `an error on ${exp.file} at "${exp.path}"; got ${errors.map((e) => `${e.file} "${e.path}"`).join(', ')}`).toBeDefined();
    if (!d) return;
    expect(d.code).toBe(exp.code);

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
