/**
 * Where a lead came from, as the site's own pages send it beside a submission: the Sitewright-Attribution header,
 * URL-encoded (renderer/forms/attribution.ts). Anyone can send any header, so it is read strictly: known keys only,
 * each once, short printable text, paths as paths and a host as a host name. Anything else is dropped without a
 * word: attribution is a hint for the sales team, never a reason to refuse a lead.
 */

/** The header's name (lower case, as Hono and CORS read it). */
export const ATTRIBUTION_HEADER = 'sitewright-attribution';
/** The longest value kept, in characters; a longer one is dropped, not cut. */
export const ATTRIBUTION_VALUE_MAX = 200;
/** A header longer than this (all of its values together, encoded) is ignored whole. */
const HEADER_MAX = 4096;

/** A lead's attribution, by the name the service uses; each column of the leads table. */
export const ATTRIBUTION_FIELDS = {
  page: 'page_path',
  landing: 'landing_path',
  referrer: 'referrer_host',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmTerm: 'utm_term',
  utmContent: 'utm_content',
} as const;
export type AttributionKey = keyof typeof ATTRIBUTION_FIELDS;
export const ATTRIBUTION_KEYS = Object.keys(ATTRIBUTION_FIELDS) as AttributionKey[];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** The header's keys and the attribution each fills. */
const HEADER_KEYS: Readonly<Record<string, AttributionKey>> = {
  page: 'page',
  landing: 'landing',
  ref: 'referrer',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
};

// No control characters (C0, DEL, C1), no bidi or other invisible format controls, no lone surrogates.
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A host name: dot-separated labels of letters, digits and hyphens (an internationalised one in its xn-- form). */
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A value the key allows, trimmed; undefined when it must be dropped. */
export function attributionValue(key: AttributionKey, raw: string): string | undefined {
  const value = raw.trim();
  if (!value || value.length > ATTRIBUTION_VALUE_MAX || UNPRINTABLE.test(value)) return undefined;
  if (key === 'page' || key === 'landing') return /^\/(?!\/)/.test(value) && !/\s/.test(value) ? value : undefined;
  if (key === 'referrer') return HOSTNAME.test(value) ? value.toLowerCase() : undefined;
  return value;
}

/** The header's attribution: what it says that passes, nothing else. A key sent twice is dropped. */
export function parseAttribution(header: string | undefined): Attribution {
  if (!header || header.length > HEADER_MAX) return {};
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(header);
  } catch {
    return {};
  }
  const counts = new Map<string, number>();
  for (const [k] of params) counts.set(k, (counts.get(k) ?? 0) + 1);
  const out: Attribution = {};
  for (const [name, raw] of params) {
    const key = Object.hasOwn(HEADER_KEYS, name) ? HEADER_KEYS[name] : undefined;
    if (!key || counts.get(name) !== 1) continue;
    const value = attributionValue(key, raw);
    if (value !== undefined) out[key] = value;
  }
  return out;
}
