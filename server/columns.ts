/**
 * The inbox's columns in words, one per meaning across the forms. A payload key is named by the title of the
 * form field it carries (site.config/forms/*.json), in sentence case: contact's `firstName` and the enquiry's
 * `firstname` are both "First name", contact's `description` and the enquiry's `message` both "Message". The
 * names come from the form files, not from a list kept here, so a new form or field needs no change in this file.
 */
import type { FormDataSchema, FormSubmit } from '../renderer/generated/config-types.ts';
import { fieldOf, type Mapping } from './payload.ts';
import type { LeadStatus, WebhookBody } from './store.ts';
import { ATTRIBUTION_KEYS, type AttributionKey } from './attribution.ts';

/** A lead as the tables show it: its status and attribution where known (the inbox and `npm run leads` know them). */
export type TableLead = WebhookBody & { status?: LeadStatus; attribution?: Partial<Record<AttributionKey, string | null>> };

/** The columns every lead has, whatever its form. */
export const FIXED_COLUMNS = { id: 'ID', form: 'Form', receivedAt: 'Received (UTC)' } as const;

/** The status column, shown where spam is listed beside the rest, and each status in words. */
export const STATUS_COLUMN = 'Status';
export const STATUS_WORDS: Readonly<Record<LeadStatus, string>> = { new: 'New', handled: 'Handled', spam: 'Spam' };

/** Where the visitor came from, one column each, after the form's own. */
export const ATTRIBUTION_COLUMNS: Readonly<Record<AttributionKey, string>> = {
  page: 'Page',
  landing: 'Landing page',
  referrer: 'Referrer',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
  utmTerm: 'UTM term',
  utmContent: 'UTM content',
};

/** A lead's attribution as [column, value] in the columns' order, only what it has. */
export function attributionColumns(lead: Pick<TableLead, 'attribution'>): [string, string][] {
  return ATTRIBUTION_KEYS.flatMap((k): [string, string][] => {
    const v = lead.attribution?.[k];
    return v ? [[ATTRIBUTION_COLUMNS[k], v]] : [];
  });
}

/** Column names a payload key may not take, or it could be mistaken for one of them. */
const RESERVED_COLUMNS = [...Object.values(FIXED_COLUMNS), STATUS_COLUMN, ...Object.values(ATTRIBUTION_COLUMNS)];

/** A word in capitals ("URL", "ID", "(UTC)") is an abbreviation: sentence case keeps it. */
const ABBREVIATION = /^\W*[A-Z][A-Z0-9]+\W*$/;

/**
 * The one casing rule for column names: sentence case (the first letter a capital, the rest lower case, words
 * in capitals kept), so "First Name" (contact) and "First name" (waitlist) are one column.
 */
export function sentenceCase(text: string): string {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => {
      if (ABBREVIATION.test(word)) return word;
      const lower = word.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** A field's title as a column: "(optional)" tells the visitor how to fill the field in, not what its value is. */
export function titleWords(title: string): string {
  return sentenceCase(title.replace(/\s*\(optional\)\s*$/i, ''));
}

/** Words for a key no field titles (a generated timestamp, a field since removed): "residentCountry" → "Resident country". */
export function keyWords(key: string): string {
  return sentenceCase(key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ')) || key;
}

/** What of a form file names its columns: its fields' titles and its payload. */
export interface FormColumnSource {
  id: string;
  config: { schema: Pick<FormDataSchema, 'properties'>; submit: Pick<FormSubmit, 'payload'> };
}

export interface ColumnNames {
  /** Per form id, the column of each of its payload keys. */
  byForm: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** Per payload key in lower case, the column the first form naming it gives it: for a lead whose form file no longer names that key. */
  byKey: ReadonlyMap<string, string>;
  /** The columns in the form files' order (form by form, key by key), each once: the export's column order. */
  order: readonly string[];
}

/** Every form's payload keys named in words, from its `submit.payload` and its fields' titles. */
export function columnNames(forms: readonly FormColumnSource[]): ColumnNames {
  const byForm = new Map<string, Map<string, string>>();
  const byKey = new Map<string, string>();
  const order: string[] = [];
  for (const { id, config } of forms) {
    const columns = new Map<string, string>();
    for (const [key, spec] of Object.entries(config.submit.payload as Mapping)) {
      const field = fieldOf(spec);
      const title = field === undefined ? undefined : config.schema.properties[field]?.title;
      const column = title?.trim() ? titleWords(title) : keyWords(key);
      columns.set(key, column);
      if (!byKey.has(key.toLowerCase())) byKey.set(key.toLowerCase(), column);
      if (!order.includes(column)) order.push(column);
    }
    byForm.set(id, columns);
  }
  return { byForm, byKey, order };
}

/** The column of one payload key of a lead of `form`. */
export function columnOf(names: ColumnNames, form: string, key: string): string {
  return names.byForm.get(form)?.get(key) ?? names.byKey.get(key.toLowerCase()) ?? keyWords(key);
}

/**
 * A lead's payload by column. Two keys of one lead that would share a column, or take a fixed column's name,
 * are each named with their key too ("Email (contactEmail)"), so no value is lost or overwrites another.
 */
export function leadCells(lead: WebhookBody, names: ColumnNames): Map<string, unknown> {
  const named = Object.keys(lead.payload).map((key) => [key, columnOf(names, lead.form, key)] as const);
  const uses = new Map<string, number>(RESERVED_COLUMNS.map((c) => [c.toLowerCase(), 1]));
  for (const [, column] of named) uses.set(column.toLowerCase(), (uses.get(column.toLowerCase()) ?? 0) + 1);
  const cells = new Map<string, unknown>();
  for (const [key, column] of named) cells.set((uses.get(column.toLowerCase()) ?? 0) > 1 ? `${column} (${key})` : column, lead.payload[key]);
  return cells;
}

/**
 * The export as a table: the fixed columns (with the status when asked, as where spam is included), then every
 * column some lead fills, in the form files' order and then alphabetically, so the header does not depend on which
 * lead comes first, then the attribution columns some lead fills, in their fixed order.
 */
export function leadTable(leads: readonly TableLead[], names: ColumnNames, options: { status?: boolean } = {}): { header: string[]; rows: unknown[][] } {
  const cells = leads.map((l) => leadCells(l, names));
  const used = new Set(cells.flatMap((c) => [...c.keys()]));
  const known = names.order.filter((c) => used.has(c));
  const columns = [...known, ...[...used].filter((c) => !known.includes(c)).sort()];
  const origin = ATTRIBUTION_KEYS.filter((k) => leads.some((l) => l.attribution?.[k]));
  const status = options.status ? [STATUS_COLUMN] : [];
  return {
    header: [FIXED_COLUMNS.id, FIXED_COLUMNS.form, FIXED_COLUMNS.receivedAt, ...status, ...columns, ...origin.map((k) => ATTRIBUTION_COLUMNS[k])],
    rows: leads.map((l, i) => [
      l.id,
      l.form,
      l.receivedAt,
      ...(options.status ? [l.status ? STATUS_WORDS[l.status] : ''] : []),
      ...columns.map((c) => cells[i].get(c)),
      ...origin.map((k) => l.attribution?.[k] ?? ''),
    ]),
  };
}
