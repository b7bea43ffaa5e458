/**
 * Pure data shared by the build (the pickers' virtual:sitewright/forms/countries module) and the lead server
 * (which checks submitted countries against the same list). Never imported by page code: the browser gets the
 * compact module, not the countries-list package.
 */
import { countries } from 'countries-list';

/**
 * Country list as [ISO code, name, dial code, search aliases] rows, sorted by name: only the fields the
 * pickers need (the package also carries capitals, currencies and languages).
 */
export function countriesModule(): string {
  const rows = Object.entries(countries)
    .map(([code, c]) => [
      code,
      c.name,
      String(c.phone[0] ?? ''),
      [c.native !== c.name ? c.native : '', ...((c as { alias?: string[] }).alias ?? [])].filter(Boolean).join('|'),
    ])
    .filter((r) => r[2] !== '')
    .sort((a, b) => a[1].localeCompare(b[1], 'en'));
  return `export default ${JSON.stringify(rows)};\n`;
}
