/** How a lead reads to a person, the same in the inbox, its export and the notification emails. */
import { EMAIL_PATTERN } from '../renderer/forms/email.ts';
import { keyWords } from './columns.ts';

/** A payload key as the lookups below compare it: "Email_Address" and "email-address" are "emailaddress". */
const keyName = (key: string) => key.toLowerCase().replace(/[_\s-]/g, '');

const keyIn = (payload: Record<string, unknown>, names: readonly string[]): string | undefined => {
  for (const [k, v] of Object.entries(payload)) if (names.includes(keyName(k)) && typeof v === 'string' && v.trim()) return v.trim();
  return undefined;
};

/** The person's name from a payload: its name field, or first and last names. */
export function leadName(payload: Record<string, unknown>): string {
  const whole = keyIn(payload, ['name', 'fullname']);
  if (whole) return whole;
  return [keyIn(payload, ['firstname', 'givenname']), keyIn(payload, ['lastname', 'surname', 'familyname'])].filter(Boolean).join(' ');
}

export function leadEmail(payload: Record<string, unknown>): string {
  return keyIn(payload, ['email', 'emailaddress']) ?? '';
}

/** A form's name in words: its file's title when it has one, else its id ("demo-lead" → "Demo lead"). */
export function formTitle(id: string, config?: { title?: unknown }): string {
  return typeof config?.title === 'string' && config.title.trim() ? config.title.trim() : keyWords(id);
}

/**
 * Where a field lets staff reach the person in one tap (a phone in the sales team's hand): an email field's address
 * as a mailto: link, a phone field's number as a tel: link. The site's phone fields send the whole international
 * number as digits with the country code, so digits alone are dialled with a "+"; a number written another way is
 * dialled as written. Anything else: undefined.
 */
export function contactHref(key: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const name = keyName(key);
  if (name.includes('email')) return EMAIL_PATTERN.test(text) ? `mailto:${text}` : undefined;
  if (!name.includes('phone') && !name.includes('mobile')) return undefined;
  const digits = text.replace(/\D/g, '');
  if (!/^\+?[\d\s().-]+$/.test(text) || digits.length < 7 || digits.length > 15) return undefined;
  return /^\+|^\d+$/.test(text) ? `tel:+${digits}` : `tel:${digits}`;
}

/** A value as one line of text: "Yes"/"No" for ticks, lists joined, nothing at all for an empty answer. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(', ');
  return JSON.stringify(value);
}
