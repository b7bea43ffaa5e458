import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from './diagnostics.ts';

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const red = (s: string) => (useColor ? `\x1b[31m${s}\x1b[0m` : s);
const dim = (s: string) => (useColor ? `\x1b[2m${s}\x1b[0m` : s);
const bold = (s: string) => (useColor ? `\x1b[1m${s}\x1b[0m` : s);

/** The offending line with a caret under the column. */
export function codeFrame(text: string, line: number, column: number): string {
  const lines = text.split('\n');
  const src = lines[line - 1] ?? '';
  const gutter = String(line).length;
  return `${dim(`${String(line).padStart(gutter)} |`)} ${src}\n${dim(`${' '.repeat(gutter)} |`)} ${' '.repeat(Math.max(0, column - 1))}${red('^')}`;
}

export function printDiagnostics(ds: Diagnostic[], format: 'pretty' | 'json' | 'github', root: string, pageCount: number): void {
  const errors = ds.filter((d) => d.severity === 'error');
  if (format === 'json') {
    console.log(JSON.stringify({ ok: errors.length === 0, errors: errors.length, diagnostics: ds }, null, 2));
    return;
  }
  if (format === 'github') {
    const esc = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
    for (const d of ds) {
      const title = esc(`${d.code} at ${d.path || '(whole file)'}`);
      console.log(`::${d.severity} file=${d.file},line=${d.line},col=${d.column},title=${title}::${esc(`${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}`)}`);
    }
    console.log(errors.length ? `${errors.length} error(s) in config` : `config OK: ${pageCount} pages`);
    return;
  }
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of ds) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const [file, list] of byFile) {
    console.log(`\n${bold(file)}`);
    const abs = join(root, file);
    const text = existsSync(abs) ? readFileSync(abs, 'utf8') : '';
    for (const d of list) {
      console.log(`  ${red(d.severity)} ${file}:${d.line}:${d.column}  ${dim(d.path || '(whole file)')}`);
      console.log(`    ${d.message}`);
      if (d.suggestion) console.log(`    → ${d.suggestion}`);
      if (text) console.log(codeFrame(text, d.line, d.column).replace(/^/gm, '    '));
    }
  }
  if (errors.length) console.log(`\n${red(`✗ ${errors.length} error${errors.length > 1 ? 's' : ''}`)} in ${byFile.size} file${byFile.size > 1 ? 's' : ''}. Nothing was built.`);
  else console.log(`✓ config OK: ${pageCount} pages, site.json and every fragment match their schemas.`);
}
