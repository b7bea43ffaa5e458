/**
 * Where a checker diagnostic belongs in the editor: which block (or the page's own settings), which field of the
 * generated form, and how to say that in plain words ("Section 3: FAQ › Heading", never "/blocks/2/heading").
 */
export interface Diagnostic {
  severity: 'error' | 'warning';
  code: string;
  message: string;
  fix?: string;
  file: string;
  line: number;
  column: number;
  pointer: string;
  /** What the checker's wording was made from (the setting's name, the limit, …): see problemWords in words.ts. */
  args?: Readonly<Record<string, unknown>>;
}

/** The API may name the JSON path `pointer` or `path`, the suggestion `fix` or `suggestion`, files with or without "site.config/". */
export function normaliseDiagnostic(raw: Record<string, unknown>): Diagnostic {
  return {
    severity: raw.severity === 'warning' ? 'warning' : 'error',
    code: String(raw.code ?? ''),
    message: String(raw.message ?? ''),
    fix: (raw.fix ?? raw.suggestion) as string | undefined,
    file: String(raw.file ?? ''),
    line: Number(raw.line ?? 1),
    column: Number(raw.column ?? 1),
    pointer: String(raw.pointer ?? raw.path ?? ''),
    ...(raw.args && typeof raw.args === 'object' ? { args: raw.args as Record<string, unknown> } : {}),
  };
}

/** "site.config/pages/home.json" and "pages/home.json" are the same file. */
export function configPath(file: string): string {
  return file.replace(/^\.?\/?/, '').replace(/^site\.config\//, '');
}

export function unescapeSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function splitPointer(pointer: string): string[] {
  if (!pointer || pointer === '/') return [];
  return pointer.replace(/^#/, '').split('/').slice(1).map(unescapeSegment);
}

export interface FieldTarget {
  /** Index of the block on a page, or null for the page's own settings (and for any other file). */
  block: number | null;
  /** Path inside the block (or the file) as form keys, e.g. ["actions", "0", "label"]. */
  field: string[];
}

/** Page files keep blocks under /blocks/<n>; everything else addresses the file itself. */
export function pointerToField(pointer: string, isPage: boolean): FieldTarget {
  const parts = splitPointer(pointer);
  if (isPage && parts[0] === 'blocks' && parts.length >= 2 && /^\d+$/.test(parts[1])) return { block: Number(parts[1]), field: parts.slice(2) };
  if (isPage && parts[0] === 'blocks') return { block: null, field: [] };
  return { block: null, field: parts };
}

/** The id rjsf gives the field at `field` in a form with this idPrefix (rjsf joins with "_"). */
export function fieldId(idPrefix: string, field: string[]): string {
  return [idPrefix, ...field].join('_');
}

export interface ErrorSchema {
  __errors?: string[];
  [key: string]: ErrorSchema | string[] | undefined;
}

/**
 * rjsf's extraErrors for one form: each message sits on the field it is about. A problem with a property that is
 * missing (a required field) is reported by the checker on the object; when the message names the property, it is
 * moved onto that field so it shows under the empty input.
 */
export function toErrorSchema(
  diags: readonly Diagnostic[],
  fieldOf: (d: Diagnostic) => string[] | null,
  words: (d: Diagnostic) => string = (d) => (d.fix ? `${d.message} ${d.fix}` : d.message),
): ErrorSchema {
  const root: ErrorSchema = {};
  for (const d of diags) {
    const field = fieldOf(d);
    if (!field) continue;
    const path = field.slice();
    const missing =
      typeof d.args?.prop === 'string'
        ? [d.args.prop, d.args.prop]
        : (/required setting ["“]([\w$-]+)["”]/i.exec(d.message) ?? /["“]([\w$-]+)["”] is required/i.exec(d.message));
    if (missing && /missing|required/.test(d.code)) path.push(missing[1]);
    let node = root;
    for (const key of path) node = (node[key] as ErrorSchema | undefined) ??= {};
    (node.__errors ??= []).push(words(d));
  }
  return root;
}

const ACRONYMS: Record<string, string> = {
  faq: 'FAQ',
  cta: 'CTA',
  url: 'URL',
  iso: 'ISO',
  id: 'Anchor name',
  href: 'Goes to',
  alt: 'Alt text',
  src: 'Picture',
};

/** "askLink" → "Ask link", "faq" → "FAQ", "ui:placeholder" (a form's look) → "Placeholder". */
export function humanise(key: string): string {
  if (ACRONYMS[key]) return ACRONYMS[key];
  const words = key
    .replace(/^ui:/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase()
    .split(' ')
    .map((w) => (ACRONYMS[w] && w !== 'id' ? ACRONYMS[w] : w));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Section 3: FAQ". */
export function sectionName(index: number, title: string): string {
  return `Section ${index + 1}: ${title}`;
}

/** Plain words for a field path: ["actions","0","label"] → "Actions › item 1 › Label". */
export function fieldWords(field: string[]): string {
  return field.map((k) => (/^\d+$/.test(k) ? `item ${Number(k) + 1}` : humanise(k))).join(' › ');
}
