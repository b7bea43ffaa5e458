/**
 * The editor's words for a marketer: a checker finding in plain words (problemWords), and what counts as developer
 * words in a label, help text or message (developerWords, for the tests that keep every screen free of them).
 */
import { humanise } from './pointer.ts';

/** Brand and product names written in mixed case on purpose: not setting names. */
const NAMES = new Set(['BuildPad', 'YouTube', 'LinkedIn', 'WhatsApp', 'iPhone', 'iPad', 'JavaScript', 'TypeScript', 'PostgreSQL', 'GitHub']);

/** Keys of a file's data that are not plain words ("benefits-1", "signupUrl"): each would be a setting name if shown. */
function dataKeys(data: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(data)) for (const v of data) dataKeys(v, out);
  else if (data && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) {
      if (/[A-Z_\-0-9:$]/.test(k.slice(1)) || /^[$@]/.test(k)) out.add(k);
      dataKeys(v, out);
    }
  return out;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The developer words in `text`, each with what it is ("setting name “hasDropdown”"); none for plain English.
 * With `data`, the keys of that data that are not plain words count as setting names too; with `values` (the
 * choices a schema allows), a choice quoted as it is written in the file.
 */
export function developerWords(text: string, data?: unknown, values: Iterable<string> = []): string[] {
  const out: string[] = [];
  const words = text.match(/[\p{L}\p{N}_$:-]+/gu) ?? [];
  for (const w of words) {
    const word = w.replace(/^[-:]+|[-:]+$/g, '');
    if (NAMES.has(word)) continue;
    if (/^[a-z]+[A-Z]/.test(word) || /^[A-Z][a-z]+[A-Z][a-z]/.test(word)) out.push(`setting name “${word}”`);
    else if (/_/.test(word)) out.push(`setting name “${word}”`);
    else if (/^[a-z]+(-[a-z]+)*-\d+$/.test(word)) out.push(`setting name “${word}”`);
    else if (/^(true|false|null)$/.test(word)) out.push(`JSON value “${word}”`);
    else if (/^ui:/.test(word)) out.push(`setting name “${word}”`);
  }
  if (/"/.test(text)) out.push('a quoted value');
  if (/`/.test(text)) out.push('a quoted value');
  if (/\.(json|mdx|tsx?)\b|site\.config|schemas\/|blocks\/[A-Z]/.test(text)) out.push('a file path');
  if (/[{}]/.test(text)) out.push('a placeholder or JSON object');
  if (/\\/.test(text)) out.push('an escape sequence');
  for (const k of dataKeys(data)) if (new RegExp(`(^|[^\\w-])${escapeRe(k)}($|[^\\w-])`).test(text)) out.push(`setting name “${k}”`);
  for (const v of values) if (text.includes(`“${v}”`)) out.push(`JSON value “${v}”`);
  return [...new Set(out)];
}

/** Every string a schema offers as a choice (enum), e.g. "primary", "toast". */
export function schemaValues(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const v of schema) schemaValues(v, out);
  else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.enum)) for (const v of s.enum) if (typeof v === 'string') out.add(v);
    for (const v of Object.values(s)) if (v && typeof v === 'object') schemaValues(v, out);
  }
  return out;
}

/** A checker finding, as the editor has it (see pointer.ts): its code and what its wording was made from. */
export interface Finding {
  code: string;
  severity?: 'error' | 'warning';
  args?: Readonly<Record<string, unknown>>;
}

/**
 * The title of the field a finding is about, as the panel shows it ("Link address"); with `child`, the title of that
 * setting of the field (for a required setting that is missing).
 */
export type TitleOf = (child?: string) => string;

const n = (v: unknown): number | undefined => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
/** "1 problem", "2 problems". */
export const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
/** A value the person typed or chose, in typographic quotes (a page address, an anchor name): theirs, not the file's. */
const theirs = (v: unknown) => `“${String(v).replace(/^"|"$/g, '')}”`;

/** A number's bound in words, by the comparison the schema makes. */
const RANGE_WORDS: Record<string, (limit: string) => string> = {
  '>=': (limit) => `${limit} or more`,
  '>': (limit) => `more than ${limit}`,
  '<=': (limit) => `${limit} or less`,
  '<': (limit) => `less than ${limit}`,
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  uri: 'a full web address',
  date: 'a date',
  phone: 'a phone number',
  regex: 'a pattern',
};
const KIND_WORDS: Record<string, string> = { faq: 'question set', faqs: 'question set', form: 'form', forms: 'form', content: 'text' };

/**
 * What a checker finding says, in the editor's words: the field by its title, never a setting name, a value as the
 * file writes it, a file path or a line number. Made from the finding's code and arguments, not from its message
 * (which `npm run validate` prints for people who edit the files).
 */
export function problemWords(d: Finding, titleOf: TitleOf): string {
  const a = d.args ?? {};
  const field = titleOf();
  switch (d.code) {
    case 'syntax':
    case 'duplicate-key':
      return 'This file cannot be read as it is written. It has to be fixed in a text editor before it can be changed here.';
    case 'content':
      return 'This text holds something the site cannot show (code, a tag left open, or a link that is not allowed). Fix it in the text.';
    case 'schema-syntax':
    case 'schema-error':
    case 'schema-ref':
    case 'registry':
    case 'missing-example':
      return 'The description of these settings is incomplete, so they cannot be checked. Ask a developer to fix it.';
    case 'unknown-property': {
      const name = text(a.prop);
      return `${name ? `“${humanise(name)}”` : 'A setting here'} is not a setting of ${field} and would be ignored. Remove it.`;
    }
    case 'missing-property': {
      const name = text(a.prop);
      return `${name ? titleOf(name) : 'A required setting'} is required. Fill it in.`;
    }
    case 'wrong-type': {
      const want = String(a.want ?? '');
      const kind = /number/.test(want)
        ? 'a number'
        : /true or false/.test(want)
          ? 'on or off'
          : /list/.test(want)
            ? 'a list'
            : /text/.test(want)
              ? 'a text'
              : 'another kind of value';
      return `${field} should be ${kind}. Enter it again.`;
    }
    case 'unknown-block':
      return 'This section is of a kind the site does not know. Remove it, or add a section of a known kind.';
    case 'not-allowed':
      return `${field} must be one of the choices offered. Choose one from the list.`;
    case 'bad-name':
      return `${field} may use only letters and digits, starting with a letter.`;
    case 'unsafe-link':
      return `${field} cannot be a script or data link. Choose a page, or type an address starting with https://.`;
    case 'bad-link':
      return a.insecure
        ? `${field} starts with http://, which is not secure. Use https:// instead.`
        : `${field} is not a link the site understands. Choose a page or a named link, or type an address starting with https:// or mailto:.`;
    case 'bad-route':
      return `${field} is not a valid page address: it starts with “/” and uses lower-case words separated by “-”, e.g. /partners.`;
    case 'bad-image':
    case 'file-path-form':
      return `${field} is not one of the site's pictures. Choose a picture from the list.`;
    case 'bad-format': {
      const format = FORMAT_WORDS[String(a.format)];
      return format ? `${field} should be ${format}.` : `${field} is not written the way it should be. See the help under it.`;
    }
    case 'too-short': {
      const limit = n(a.limit);
      return limit === undefined || limit <= 1 ? `${field} must not be empty.` : `${field} must be at least ${plural(limit, 'character')} long.`;
    }
    case 'too-long': {
      const limit = n(a.limit);
      const length = n(a.length);
      return limit === undefined
        ? `${field} is too long. Shorten it.`
        : `${field} is longer than ${plural(limit, 'character')}${length === undefined ? '' : ` (it has ${length})`}. Shorten it.`;
    }
    case 'blank-text':
      return `${field} holds only spaces. Write the text, or clear it.`;
    case 'too-few': {
      const limit = n(a.limit);
      return limit === undefined ? `${field} needs more items.` : `${field} needs at least ${plural(limit, 'item')}.`;
    }
    case 'too-many': {
      const limit = n(a.limit);
      return limit === undefined ? `${field} has too many items. Remove some.` : `${field} can have at most ${plural(limit, 'item')}. Remove the extra ones.`;
    }
    case 'duplicate-item':
      return n(a.first) && n(a.second)
        ? `Items ${n(a.first)} and ${n(a.second)} of ${field} are the same. Remove one of them.`
        : `${field} has the same item twice. Remove one of them.`;
    case 'out-of-range': {
      const limit = n(a.limit);
      const bound = limit === undefined ? undefined : RANGE_WORDS[String(a.comparison)]?.(limit.toLocaleString('en'));
      return bound ? `${field} must be ${bound}.` : `${field} is outside the numbers allowed here. See the help under it.`;
    }
    case 'no-match':
    case 'invalid-value':
      return `${field} is not valid here. See the help under it.`;
    case 'short-text':
      return `${field} is shorter than search engines show best. Write a little more.`;
    case 'long-text':
      return `${field} is longer than recommended: search engines and layouts may cut it. Shorten it.`;
    case 'missing-file':
      return a.what === 'asset'
        ? `The picture chosen in ${field} is not among the site's pictures. Choose another one.`
        : a.what === 'favicon'
          ? 'The site has no icon for browser tabs. Ask a developer to add one.'
          : 'The site settings are missing. Ask a developer to restore them.';
    case 'unknown-file':
    case 'refused-file':
    case 'unknown-folder':
      return 'A file in the site’s folder is not read by the site. Ask a developer to move or remove it.';
    case 'image-heavy':
      return `The picture in ${field} is ${text(a.size) ?? 'heavy'}: it is slow to appear on phones. Use a smaller picture.`;
    case 'image-ratio':
      return `The width and height in ${field} do not match the picture's own proportions, so it would be stretched.`;
    case 'missing-fragment': {
      const kind = KIND_WORDS[String(a.kind)] ?? 'shared part';
      return `There is no ${kind} named ${a.id === undefined ? 'like this' : theirs(a.id)}. Choose one from the list, or create it.`;
    }
    case 'unused-fragment':
      return 'No page uses this yet. Show it in a section of a page, or leave it for later.';
    case 'fragment-cycle':
      return 'These shared parts include each other in a circle. Remove one of the references.';
    case 'duplicate-route':
      return a.route === undefined
        ? 'This page address is used twice. Give this page another address.'
        : `The address ${theirs(a.route)} is already used by another page. Give this page another address.`;
    case 'unknown-route':
      return a.path === undefined
        ? `${field} goes to a page that does not exist. Choose a page from the list.`
        : `No page has the address ${theirs(a.path)}. Choose a page from the list, or create it.`;
    case 'unknown-destination':
      return `${field} names a link the site settings do not have. Choose one from the list.`;
    case 'duplicate-id':
      return `Two sections on this page have the anchor name ${a.id === undefined ? 'used here' : theirs(a.id)}. Change one of them.`;
    case 'unknown-anchor':
      return `No section on this page has the anchor name ${a.id === undefined ? 'used here' : theirs(a.id)}, so this link goes nowhere.`;
    case 'links-not-checked':
      return 'Some links could not be checked, because a page cannot be read. Fix that page first.';
    case 'main-heading':
      return Array.isArray(a.headings) && a.headings.length > 1
        ? `This page has ${a.headings.length} main headings; a page has exactly one. Keep the first, and make the others second-level headings.`
        : 'This page has no main heading. Start it with a section that has one, such as a Hero.';
    case 'form-field':
      return `${field} names a field this form does not have. Choose one of the form's fields.`;
    case 'header-entry':
      return `${field} names a header entry that does not exist. Choose one of the header's entries.`;
    default:
      return `${field} has a problem the editor cannot describe. Ask a developer.`;
  }
}
