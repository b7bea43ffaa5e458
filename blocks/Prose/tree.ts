/**
 * The data a compiled MDX document ships as. MDX is compiled and rendered at build time
 * (scripts/lib/mdx-content.ts); the browser only gets this tree and turns it into React elements,
 * so no code from the content is ever evaluated on the client (strict CSP, no new Function).
 */

/** Elements Markdown produces. Anything else in an MDX file fails the build rather than reaching the page. */
export const PROSE_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'a',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

export type ProseTag = (typeof PROSE_TAGS)[number];

export interface ProseElement {
  tag: ProseTag;
  /** Headings only: anchor for in-page links, derived from the heading text. */
  id?: string;
  /** Links only: a config href ("/contact", "@signin", "https://…", "mailto:…", "#section"). */
  href?: string;
  /** Ordered lists that do not start at 1. */
  start?: number;
  children?: ProseNode[];
}

export type ProseNode = string | ProseElement;

export interface ProseHeading {
  id: string;
  text: string;
  level: number;
}

export interface ProseDocument {
  /** From the file's front matter, e.g. "Privacy policy". */
  title?: string;
  /** From the file's front matter, e.g. "1 November 2025". */
  updated?: string;
  /** Level-2 headings in order, for a table of contents. */
  headings: ProseHeading[];
  children: ProseNode[];
}

export function isProseTag(tag: string): tag is ProseTag {
  return (PROSE_TAGS as readonly string[]).includes(tag);
}

/** The visible text of a node, e.g. a heading's title. */
export function textOf(node: ProseNode): string {
  return typeof node === 'string' ? node : (node.children ?? []).map(textOf).join('');
}

/**
 * "1. Who we are" → "who-we-are": lowercase words joined by hyphens, as most docs sites do. A leading
 * section number is dropped so anchors survive renumbering and start with a letter.
 */
export function slugify(text: string): string {
  const slug = text
    .replace(/^\s*\d+(\.\d+)*[.)]?\s+/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
  return slug || 'section';
}
