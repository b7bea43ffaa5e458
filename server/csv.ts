/** RFC 4180 CSV: of any table (the export in words), and of leads as stored (id, form, receivedAt, one column per payload key). */
import type { WebhookBody } from './store.ts';

/**
 * Where a spreadsheet could see the start of a cell: the field's start, and the position after each character
 * some locale or import splits cells or records on (`;` in many European locales, tab, `|`, a line break), when
 * the next character that is not a space is a formula character (= + - @, tab, carriage return).
 */
const FORMULA_START = /(?<=^|[,;\t|\r\n])(?=[^\S\t\r\n]*[=+\-@\t\r])/g;

/**
 * Visitor text with an apostrophe at each such place (OWASP's CSV-injection advice), so a spreadsheet shows
 * the text instead of running it, whichever separator it splits the file on.
 */
export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_START, "'");
}

/** One cell, always quoted, so a separator or line break inside it never starts another cell for a reader that honours quotes. */
export function csvField(value: unknown): string {
  const raw = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return `"${neutraliseFormulas(raw).replace(/"/g, '""')}"`;
}

/**
 * Payload columns: the union over all leads, in the order of `preferred` (the form files' payload keys)
 * and then alphabetically, so the header does not depend on which lead happens to come first.
 */
export function payloadColumns(leads: readonly WebhookBody[], preferred: readonly string[] = []): string[] {
  const seen = new Set<string>();
  for (const l of leads) for (const k of Object.keys(l.payload)) seen.add(k);
  const first = [...new Set(preferred)].filter((k) => seen.has(k));
  return [...first, ...[...seen].filter((k) => !first.includes(k)).sort()];
}

/** Rows (the header first) as CSV: every field quoted and formula-safe, every record ended with CRLF. */
export function csvTable(rows: readonly (readonly unknown[])[]): string {
  return rows.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

/** The leads with their raw payload keys as columns (`npm run leads -- export --raw`). */
export function toCsv(leads: readonly WebhookBody[], preferred: readonly string[] = []): string {
  const cols = payloadColumns(leads, preferred);
  return csvTable([['id', 'form', 'receivedAt', ...cols], ...leads.map((l) => [l.id, l.form, l.receivedAt, ...cols.map((c) => l.payload[c])])]);
}
