/** RFC 4180 CSV of leads: id, form, receivedAt, then one column per payload key. */
import type { LeadRow } from './store.ts';

export function csvField(value: unknown): string {
  const s = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Payload columns: the union over all leads in first-seen order, so the header is stable for the same data. */
export function payloadColumns(leads: readonly LeadRow[]): string[] {
  const seen = new Set<string>();
  for (const l of leads) for (const k of Object.keys(l.payload)) seen.add(k);
  return [...seen];
}

export function toCsv(leads: readonly LeadRow[]): string {
  const cols = payloadColumns(leads);
  const lines = [['id', 'form', 'receivedAt', ...cols].map(csvField).join(',')];
  for (const l of leads) lines.push([l.id, l.form, l.receivedAt, ...cols.map((c) => l.payload[c])].map(csvField).join(','));
  return lines.map((l) => `${l}\r\n`).join('');
}
