import rows from 'virtual:sitewright/forms/countries';

/** A country of the pickers (spec section 3, "Country list item"). */
export interface Country {
  /** ISO 3166-1 alpha-2, e.g. "CA". */
  code: string;
  name: string;
  /** Without the plus, e.g. "1". */
  dialCode: string;
  /** Emoji flag built from the code; no image is fetched. */
  flag: string;
  /** Other names a visitor may type, e.g. "UK" or "Britain". */
  aliases: string[];
}

/** Regional-indicator letters: "CA" becomes 🇨🇦. Systems without flag glyphs show the two letters instead. */
export function flagEmoji(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export const COUNTRIES: readonly Country[] = rows.map(([code, name, dialCode, aliases]) => ({
  code,
  name,
  dialCode,
  flag: flagEmoji(code),
  aliases: aliases ? aliases.split('|') : [],
}));

const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

export function findCountry(code: unknown): Country | undefined {
  return typeof code === 'string' ? byCode.get(code.toUpperCase()) : undefined;
}

/** "CA" → "Canada"; an unknown value is returned unchanged so nothing is silently dropped. */
export function countryName(code: unknown): unknown {
  return findCountry(code)?.name ?? code;
}

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/**
 * Countries matching what the visitor typed: names that start with it first, then names or aliases that
 * contain it. With `dial`, "+44" or "44" also finds by dial code.
 */
export function searchCountries(query: string, opts: { dial?: boolean } = {}): Country[] {
  const q = fold(query);
  if (!q) return [...COUNTRIES];
  const digits = q.replace(/^\+/, '');
  const starts: Country[] = [];
  const contains: Country[] = [];
  for (const c of COUNTRIES) {
    const name = fold(c.name);
    if (name.startsWith(q) || c.code.toLowerCase() === q) starts.push(c);
    else if (opts.dial && /^\d+$/.test(digits) && c.dialCode.startsWith(digits)) starts.push(c);
    else if (name.includes(q) || c.aliases.some((a) => fold(a).includes(q))) contains.push(c);
  }
  return [...starts, ...contains];
}

/** A country whose name (or alias) is exactly what was typed, ignoring case and accents. */
export function exactCountry(query: string): Country | undefined {
  const q = fold(query);
  if (!q) return undefined;
  return COUNTRIES.find((c) => fold(c.name) === q || c.aliases.some((a) => fold(a) === q));
}
