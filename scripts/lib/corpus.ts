/**
 * The broken-config corpus (tests/fixtures/broken/): one folder per mistake a person editing site.config/ makes, with
 * what the validator must say about it. Read here once for its three users: the corpus test, the "Common mistakes"
 * section that scripts/docs.ts generates into docs/authoring.md, and `npm run docs -- --corpus` which writes each
 * case's exact output after a deliberate change of wording.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import type { Diagnostic } from './diagnostics.ts';
import { formatDiagnosticLine } from './diagnostics.ts';
import { loadProject } from './project.ts';

export const CORPUS_DIR = 'tests/fixtures/broken';

export interface Expectation {
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
  /**
   * Generated files, for what does not belong in the repository as it is (a heavy image):
   * an SVG of that width and height, padded with a comment to `bytes`.
   */
  generate?: Record<string, { svg: [number, number]; bytes?: number }>;
  /** How many errors the mistake produces. Default 1. */
  errors?: number;
  /** "warning" for an advisory limit: then there is no error, and exactly one warning in the file. */
  severity?: 'error' | 'warning';
  /** The exact report line (file:line:col path — message suggestion), as `npm run validate` prints it. */
  output?: string;
}

export interface CorpusCase {
  name: string;
  dir: string;
  expect: Expectation;
  overlay: Record<string, string>;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** An SVG of the given size, padded to `bytes` with a comment (so size limits can be tested without a binary file). */
export function svgOf(width: number, height: number, bytes = 0): string {
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="#ccc"/></svg>\n`;
  const pad = Math.max(0, bytes - body.length - 8);
  return pad > 0 ? `${body}<!--${'x'.repeat(pad)}-->\n` : body;
}

/** The files a case adds or replaces inside site.config/, by path there. */
export function overlayOf(root: string, dir: string, exp: Expectation): Record<string, string> {
  const overlay: Record<string, string> = {};
  const own = join(dir, 'site.config');
  try {
    for (const f of filesUnder(own)) overlay[relative(own, f).split('\\').join('/')] = readFileSync(f, 'utf8');
  } catch {
    // A fixture made only of changes has no files of its own.
  }
  for (const [file, g] of Object.entries(exp.generate ?? {})) overlay[file] = svgOf(g.svg[0], g.svg[1], g.bytes);
  for (const c of exp.change ?? []) {
    const text = overlay[c.file] ?? readFileSync(join(root, 'site.config', c.file), 'utf8');
    const edits = modify(text, c.path, c.value === null ? undefined : c.value, { formattingOptions: { insertSpaces: true, tabSize: 2 } });
    overlay[c.file] = applyEdits(text, edits);
  }
  return overlay;
}

export function readCorpus(root: string): CorpusCase[] {
  const corpus = join(root, CORPUS_DIR);
  return readdirSync(corpus)
    .filter((n) => statSync(join(corpus, n)).isDirectory())
    .sort()
    .map((name) => {
      const dir = join(corpus, name);
      const expect = JSON.parse(readFileSync(join(dir, 'expect.json'), 'utf8')) as Expectation;
      return { name, dir, expect, overlay: overlayOf(root, dir, expect) };
    });
}

/** What the validator says about a case: every diagnostic, and the one the case is about. */
export function runCase(root: string, c: CorpusCase): { diagnostics: Diagnostic[]; main: Diagnostic | undefined; project: unknown } {
  const r = loadProject(root, {}, { overlay: c.overlay });
  const severity = c.expect.severity ?? 'error';
  const main = r.diagnostics.find((d) => d.severity === severity && d.file === c.expect.file && d.path === c.expect.path);
  return { diagnostics: r.diagnostics, main, project: r.project };
}

/** The report line a case's expect.json pins down exactly. */
export function outputLine(d: Diagnostic): string {
  return formatDiagnosticLine(d);
}
