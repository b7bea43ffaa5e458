/** A country of the pickers. */
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

/** A row of the pickers' country module: ISO code, name, dial code, search aliases joined by "|". */
export type CountryRow = readonly [string, string, string, string];

/**
 * The country functions over a list of rows: the page gets them over the compact virtual module (./countries.ts),
 * the lead service over the same rows made in Node, so both read a country exactly alike.
 */
export function countryList(rows: readonly CountryRow[]) {
  const COUNTRIES: readonly Country[] = rows.map(([code, name, dialCode, aliases]) => ({
    code,
    name,
    dialCode,
    flag: flagEmoji(code),
    aliases: aliases ? aliases.split('|') : [],
  }));

  const byCode = new Map(COUNTRIES.map((c) => [c.code, c]));

  function findCountry(code: unknown): Country | undefined {
    return typeof code === 'string' ? byCode.get(code.toUpperCase()) : undefined;
  }

  /** "CA" → "Canada"; an unknown value is returned unchanged so nothing is silently dropped. */
  function countryName(code: unknown): unknown {
    return findCountry(code)?.name ?? code;
  }

  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .trim();

  /**
   * Countries matching what the visitor typed: names that start with it first, then names or aliases that
   * contain it. With `dial`, "+44" or "44" also finds by dial code.
   */
  function searchCountries(query: string, opts: { dial?: boolean } = {}): Country[] {
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
  function exactCountry(query: string): Country | undefined {
    const q = fold(query);
    if (!q) return undefined;
    return COUNTRIES.find((c) => fold(c.name) === q || c.aliases.some((a) => fold(a) === q));
  }

  /** The usual country of a dial code that several countries share (+1, +44, +7 …), for a number typed with its "+". */
  const MAIN_OF_SHARED_CODE: Readonly<Record<string, string>> = {
    '1': 'US',
    '7': 'RU',
    '39': 'IT',
    '44': 'GB',
    '47': 'NO',
    '61': 'AU',
    '64': 'NZ',
    '212': 'MA',
    '262': 'RE',
    '290': 'SH',
    '358': 'FI',
    '590': 'GP',
    '599': 'CW',
    '672': 'NF',
  };

  /**
   * The country an international number ("+234 803 …") belongs to: the current one if its dial code fits,
   * otherwise the longest dial code that starts the number. Undefined while no dial code fits yet.
   */
  function countryForNumber(number: string, current?: string): Country | undefined {
    const digits = number.replace(/\D+/g, '');
    const cur = findCountry(current);
    if (cur && digits.startsWith(cur.dialCode)) return cur;
    let best: Country[] = [];
    for (const c of COUNTRIES) {
      if (!digits.startsWith(c.dialCode)) continue;
      if (!best.length || c.dialCode.length > best[0].dialCode.length) best = [c];
      else if (c.dialCode.length === best[0].dialCode.length) best.push(c);
    }
    return best.find((c) => MAIN_OF_SHARED_CODE[c.dialCode] === c.code) ?? best[0];
  }
  return { COUNTRIES, findCountry, countryName, searchCountries, exactCountry, countryForNumber };
}
