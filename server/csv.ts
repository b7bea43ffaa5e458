/** RFC 4180 CSV of leads: id, form, receivedAt, then one column per payload key. */
import type { LeadRow } from './store.ts';

/**
 * One cell. Visitor text that starts like a spreadsheet formula (=, +, -, @, tab, carriage return) gets a
 * leading apostrophe, so opening the export in a spreadsheet shows the text instead of running it.
 */
export function csvField(value: unknown): string {
  const raw = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const s = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Payload columns: the union over all leads, in the order of `preferred` (the form files' payload keys)
 * and then alphabetically, so the header does not depend on which lead happens to come first.
 */
export function payloadColumns(leads: readonly LeadRow[], preferred: readonly string[] = []): string[] {
  const seen = new Set<string>();
  for (const l of leads) for (const k of Object.keys(l.payload)) seen.add(k);
  const first = [...new Set(preferred)].filter((k) => seen.has(k));
  return [...first, ...[...seen].filter((k) => !first.includes(k)).sort()];
}

export function toCsv(leads: readonly LeadRow[], preferred: readonly string[] = []): string {
  const cols = payloadColumns(leads, preferred);
  const lines = [['id', 'form', 'receivedAt', ...cols].map(csvField).join(',')];
  for (const l of leads) lines.push([l.id, l.form, l.receivedAt, ...cols.map((c) => l.payload[c])].map(csvField).join(','));
  return lines.map((l) => `${l}\r\n`).join('');
}
