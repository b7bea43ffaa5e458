/**
 * The form of a route (a page's address): "/" alone, or "/" followed by lower-case words joined by "-", parts
 * separated by "/", and ":name" parameters, e.g. "/pricing/enterprise" or "/referral/:refId". The checker (through
 * the "route" definition of schemas/defs.schema.json, which must stay the same pattern), the scaffold and the editor
 * all use this one rule; addressFromTyped turns what a person types into the address it stands for.
 */

/** The pattern of schemas/defs.schema.json's "route" (a test keeps the two equal). */
export const ROUTE_PATTERN = '^/$|^(/([a-z0-9]+(-[a-z0-9]+)*|:[a-zA-Z]+))+$';
const ROUTE = new RegExp(ROUTE_PATTERN);

export function isRoute(value: string): boolean {
  return ROUTE.test(value);
}

/**
 * The address a person meant: "vendors", "/vendors", "//vendors/", "Vendors page" and "Vendors  Page!" all give
 * "/vendors" or "/vendors-page". Letters lose their accents ("Über uns" → "/uber-uns"); a whole web address keeps
 * only its path; ":name" parameters are kept as typed. Null when there is no letter or digit to make an address of
 * (except "/" itself, the home page).
 */
export function addressFromTyped(typed: string): string | null {
  const text = typed
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '')
    .replace(/[?#].*$/, '')
    .replace(/\\/g, '/');
  const parts = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split('/')
    .map((part) => {
      const p = part.trim();
      if (/^:[a-zA-Z]+$/.test(p)) return p;
      return p
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '');
    })
    .filter(Boolean);
  if (parts.length === 0) return /^\/+$/.test(text) ? '/' : null;
  return `/${parts.join('/')}`;
}
