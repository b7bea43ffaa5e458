/** One problem found in a config file, located precisely enough for a person or an editor to jump to it. */
export interface Diagnostic {
  /** Path relative to the project root, e.g. "site.config/pages/owner.json". */
  file: string;
  line: number;
  column: number;
  /** How many characters from `column` the problem spans on that line (for the underline). */
  length?: number;
  /** JSON path of the offending value, e.g. "/blocks/2/heading" ("" for the whole file). */
  path: string;
  /** Plain-English statement of what is wrong. */
  message: string;
  /** What to do about it, when we can tell. */
  suggestion?: string;
  /** Stable machine code, e.g. "unknown-property", "bad-link". */
  code: string;
  severity: 'error' | 'warning';
}

export function formatDiagnosticLine(d: Diagnostic): string {
  const where = `${d.file}:${d.line}:${d.column}`;
  const path = d.path === '' ? '(whole file)' : d.path;
  return `${where} ${path} — ${d.message}${d.suggestion ? ` ${d.suggestion}` : ''}`;
}
