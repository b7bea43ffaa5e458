/**
 * What the schema cannot see about third-party tags: an analytics or chat id, from site.json or from the build's
 * environment, needs the consent banner's words, and an id from the environment never passed the schema's pattern.
 */
import type { SiteConfig } from '../../../renderer/generated/config-types.ts';
import { ENV_OVERRIDES } from '../env.ts';

export interface ConsentProblem {
  /** JSON pointer inside site.json, e.g. "/analyticsId". */
  path: string;
  code: 'consent' | 'bad-format';
  message: string;
  suggestion: string;
}

/** The ids' forms, the same as the schema's patterns (schemas/site.schema.json). */
export const ANALYTICS_ID = /^G-[A-Z0-9]{4,20}$/;
export const CHAT_ID = /^[A-Za-z0-9]{6,40}(\/[A-Za-z0-9]{4,40})?$/;

const ID_SETTINGS = [
  { key: 'analyticsId', env: 'SITEWRIGHT_ANALYTICS_ID', what: 'the Google tag', form: ANALYTICS_ID, example: '“G-ABC123XYZ”' },
  { key: 'chatId', env: 'SITEWRIGHT_CHAT_ID', what: 'the Tawk.to chat widget', form: CHAT_ID, example: '“5f2b9c0e1a2b3c4d5e6f7a8b/1h2j3k4l5”' },
] as const satisfies readonly { key: keyof SiteConfig; env: keyof typeof ENV_OVERRIDES; what: string; form: RegExp; example: string }[];

const EXAMPLE =
  '"consent": { "label": "Cookies on BuildPad", "message": "We would like to use … Nothing loads unless you choose Accept.", "accept": "Accept", "reject": "Reject", "settings": "Cookie settings" }';

/**
 * `written` is site.json as written, `site` after the environment's overrides. A problem about an id from the
 * environment points at where the id would be in site.json (or the file's start) and names the variable.
 */
export function checkConsent(written: SiteConfig, site: SiteConfig): ConsentProblem[] {
  const out: ConsentProblem[] = [];
  for (const s of ID_SETTINGS) {
    const value = site[s.key];
    if (value === undefined || value === written[s.key]) continue;
    // Only the environment's value is checked here; the schema already checked site.json's.
    if (!s.form.test(value))
      out.push({
        path: `/${s.key}`,
        code: 'bad-format',
        message: `${s.env} (which replaces "${s.key}" of site.json at build time) is ${JSON.stringify(value)}, which is not an id of ${s.what}.`,
        suggestion: `Set ${s.env} to an id such as ${s.example}, or leave it empty.`,
      });
  }
  const set = ID_SETTINGS.filter((s) => site[s.key] !== undefined);
  if (set.length === 0 || site.consent !== undefined) return out;
  const from = (s: (typeof ID_SETTINGS)[number]) => (written[s.key] === site[s.key] ? `"${s.key}" is set` : `${s.env} sets "${s.key}"`);
  const first = set[0];
  out.push({
    path: written[first.key] === undefined ? '' : `/${first.key}`,
    code: 'consent',
    message: `${set.map(from).join(' and ')}, but site.json has no "consent" texts: ${set.map((s) => s.what).join(' and ')} may load only after the visitor chooses Accept in the consent banner, and the banner needs its words.`,
    suggestion: `Add the banner's words to site.json, e.g. ${EXAMPLE}; or remove ${set.map((s) => (written[s.key] === site[s.key] ? `"${s.key}"` : s.env)).join(' and ')}.`,
  });
  return out;
}
