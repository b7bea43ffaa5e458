import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.ts';

export type ReportFormat = 'pretty' | 'json' | 'github';
export const REPORT_FORMATS: readonly ReportFormat[] = ['pretty', 'json', 'github'];

interface Paint {
  red: (s: string) => string;
  yellow: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

const plain: Paint = { red: (s) => s, yellow: (s) => s, dim: (s) => s, bold: (s) => s };
const ansi: Paint = {
  red: (s) => `\x1b[31m${s}\x1b[0m`,
  yellow: (s) => `\x1b[33m${s}\x1b[0m`,
  dim: (s) => `\x1b[2m${s}\x1b[0m`,
  bold: (s) => `\x1b[1m${s}\x1b[0m`,
};

/** The offending line with a caret (or an underline as long as the problem) under the column. */
export function codeFrame(text: string, line: number, column: number, length = 1, paint: Paint = plain): string {
  const lines = text.split('\n');
  const src = (lines[line - 1] ?? '').replace(/\r$/, '').replace(/\t/g, ' ');
  const gutter = String(line).length;
  const width = Math.max(1, Math.min(length, src.length - column + 1));
  return `${paint.dim(`${String(line).padStart(gutter)} |`)} ${src}\n${paint.dim(`${' '.repeat(gutter)} |`)} ${' '.repeat(Math.max(0, column - 1))}${paint.red('^'.repeat(width))}`;
}

function order(ds: Diagnostic[]): Diagnostic[] {
  const rank = (d: Diagnostic) => (d.severity === 'error' ? 0 : 1);
  return [...ds].sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.column - b.column);
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * What `npm run validate` prints, and what the dev-server overlay shows: problems grouped by file, each with
 * file:line:column, the JSON path, the message, the fix and the offending line.
 */
export function formatPretty(
  ds: Diagnostic[],
  source: (file: string) => string | undefined,
  opts: { color?: boolean; pageCount?: number; summary?: boolean } = {},
): string {
  const paint = opts.color ? ansi : plain;
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of order(ds)) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const files = [...byFile.keys()].sort((a, b) => {
    const errs = (f: string) => (byFile.get(f)!.some((d) => d.severity === 'error') ? 0 : 1);
    return errs(a) - errs(b) || a.localeCompare(b);
  });
  const out: string[] = [];
  for (const file of files) {
    out.push('', paint.bold(file));
    const text = source(file);
    for (const d of byFile.get(file)!) {
      const sev = d.severity === 'error' ? paint.red('error') : paint.yellow('warning');
      out.push(`  ${sev} ${file}:${d.line}:${d.column}  ${paint.dim(`at ${d.path || '(whole file)'}`)}  ${paint.dim(`[${d.code}]`)}`);
      out.push(`    ${d.message}`);
      if (d.suggestion) out.push(`    → ${d.suggestion}`);
      if (text) out.push(codeFrame(text, d.line, d.column, d.length ?? 1, paint).replace(/^/gm, '    '));
    }
  }
  if (opts.summary !== false) {
    const errors = ds.filter((d) => d.severity === 'error').length;
    const warnings = ds.length - errors;
    const errorFiles = new Set(ds.filter((d) => d.severity === 'error').map((d) => d.file)).size;
    out.push('');
    if (errors)
      out.push(
        `${paint.red(`✗ ${count(errors, 'error')}`)} in ${count(errorFiles, 'file')}${warnings ? ` and ${count(warnings, 'warning')}` : ''}. Fix the errors and run npm run validate again.`,
      );
    else
      out.push(
        `✓ config OK: ${count(opts.pageCount ?? 0, 'page')}, site.json and every fragment match their schemas${warnings ? ` (${count(warnings, 'warning')} above)` : ''}.`,
      );
  }
  return out.join('\n').replace(/^\n/, '');
}

/** Workflow commands: GitHub shows each one as an annotation on that line of the pull request. */
export function formatGithub(ds: Diagnostic[], pageCount = 0): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const lines = order(ds).map((d) => {
    const props = [`file=${prop(d.file)}`, `line=${d.line}`, `col=${d.column}`];
    if (d.length && d.length > 1) props.push(`endColumn=${d.column + d.length}`);
    props.push(`title=${prop(`${d.code} at ${d.path || '(whole file)'}`)}`);
    return `::${d.severity} ${props.join(',')}::${data(`${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}`)}`;
  });
  const errors = ds.filter((d) => d.severity === 'error').length;
  lines.push(errors ? `${count(errors, 'error')} in config` : `config OK: ${count(pageCount, 'page')}`);
  return lines.join('\n');
}

export function formatJson(ds: Diagnostic[], pageCount = 0): string {
  const errors = ds.filter((d) => d.severity === 'error').length;
  return JSON.stringify({ ok: errors === 0, errors, warnings: ds.length - errors, pages: pageCount, diagnostics: order(ds) }, null, 2);
}

export function printDiagnostics(ds: Diagnostic[], format: ReportFormat, root: string, pageCount: number, sources: Record<string, string> = {}): void {
  if (format === 'json') return void console.log(formatJson(ds, pageCount));
  if (format === 'github') return void console.log(formatGithub(ds, pageCount));
  const source = (file: string) => {
    if (file in sources) return sources[file];
    try {
      // Only an ordinary file is quoted: a link may point anywhere on the machine, and the checker refuses it unread.
      const abs = join(root, file);
      return lstatSync(abs).isFile() ? readFileSync(abs, 'utf8') : undefined;
    } catch {
      return undefined; // a folder, or a file that is missing: no code frame
    }
  };
  console.log(formatPretty(ds, source, { color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR, pageCount }));
}
