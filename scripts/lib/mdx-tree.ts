/**
 * Rendered MDX to the Prose tree (blocks/Prose/tree.ts), with the rules content must follow: only the elements
 * Markdown writes, and links by the same rule as links in JSON config. Shared by the build's compiler
 * (scripts/lib/mdx-content.ts) and the config checker (scripts/lib/config/content.ts), so both refuse the same things.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReactElement, ReactNode } from 'react';
import { isProseTag, slugify, textOf, type ProseElement, type ProseHeading, type ProseNode } from '../../blocks/Prose/tree.ts';

const defsPath = join(dirname(fileURLToPath(import.meta.url)), '../../schemas/defs.schema.json');
let hrefPattern: RegExp | null = null;
function hrefRe(): RegExp {
  // The same rule as links in JSON config, so MDX cannot smuggle in a javascript: or data: link.
  hrefPattern ??= new RegExp((JSON.parse(readFileSync(defsPath, 'utf8')) as { definitions: { href: { pattern: string } } }).definitions.href.pattern);
  return hrefPattern;
}

/** Containers whose whitespace-only text children are just line breaks between blocks. */
const BLOCK_CONTAINERS = new Set(['root', 'ul', 'ol', 'blockquote', 'table', 'thead', 'tbody', 'tr']);

/**
 * React's element and fragment markers. Read by symbol rather than through React's own functions so that the config
 * checker can render MDX with the small element factory below and never load React: loaded before the build
 * switches to production, React's development copy would meet react-dom's production one there.
 */
const ELEMENT_TYPES = new Set([Symbol.for('react.transitional.element'), Symbol.for('react.element')]);
const FRAGMENT = Symbol.for('react.fragment');
const isElement = (node: unknown): node is ReactElement =>
  typeof node === 'object' && node !== null && ELEMENT_TYPES.has((node as { $$typeof?: symbol }).$$typeof!);

const jsx = (type: unknown, props: Record<string, unknown>, key?: string) => ({
  $$typeof: Symbol.for('react.transitional.element'),
  type,
  key: key ?? null,
  props,
});

/** The JSX functions compiled MDX calls, making elements React would make: for rendering MDX without React. */
export const elementFactory = { Fragment: FRAGMENT, jsx, jsxs: jsx };

/** Something content may not hold: what (`reason`), what to write instead (`fix`), and the text that shows where. */
export class ContentError extends Error {
  constructor(
    file: string,
    readonly reason: string,
    readonly fix: string,
    readonly find: string,
  ) {
    super(`${file}: ${reason}${fix ? `; ${fix.charAt(0).toLowerCase()}${fix.slice(1)}` : ''}`);
  }
}

/**
 * The Prose tree of rendered MDX. `links` is the rule every link must follow, the "href" pattern of
 * schemas/defs.schema.json (read from there unless the caller has the schemas already).
 */
export function convertChildren(children: ReactNode, parent: string, file: string, links: RegExp = hrefRe()): ProseNode[] {
  const out: ProseNode[] = [];
  const visit = (node: ReactNode) => {
    if (node === null || node === undefined || typeof node === 'boolean') return;
    if (typeof node === 'string' || typeof node === 'number') {
      const text = String(node);
      if (BLOCK_CONTAINERS.has(parent) && text.trim() === '') return;
      // Adjacent text (e.g. around an expression) is merged so the tree stays small.
      const last = out[out.length - 1];
      if (typeof last === 'string') out[out.length - 1] = last + text;
      else out.push(text);
      return;
    }
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!isElement(node)) throw new ContentError(file, `unsupported content (${typeof node}).`, '', '');
    const el = node as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
    if ((el.type as unknown) === FRAGMENT) {
      visit(el.props.children);
      return;
    }
    if (typeof el.type === 'function') {
      // MDX's own wrapper components are plain functions of their props (no hooks), so calling them is rendering them.
      visit((el.type as (p: unknown) => ReactNode)(el.props));
      return;
    }
    if (typeof el.type !== 'string' || !isProseTag(el.type)) {
      throw new ContentError(
        file,
        `<${String(el.type)}> is not allowed in content`,
        'Use Markdown (headings, paragraphs, lists, links, tables).',
        `<${String(el.type)}`,
      );
    }
    const result: ProseElement = { tag: el.type };
    if (el.type === 'a') {
      const href = String(el.props.href ?? '');
      if (!links.test(href)) {
        throw new ContentError(
          file,
          `the link "${href}" is not allowed`,
          'Use a route ("/contact"), a named destination ("@signin"), an https:// or mailto: address, or "#section".',
          href,
        );
      }
      result.href = href;
    }
    if (el.type === 'ol' && typeof el.props.start === 'number' && el.props.start !== 1) result.start = el.props.start;
    const kids = convertChildren(el.props.children, el.type, file, links);
    if (kids.length) result.children = kids;
    out.push(result);
  };
  visit(children);
  return out;
}

/** Gives every heading an id unique within the document, numbering repeats ("faq", "faq-2"). */
export function addHeadingIds(nodes: ProseNode[]): ProseHeading[] {
  const used = new Map<string, number>();
  const headings: ProseHeading[] = [];
  const walk = (list: ProseNode[]) => {
    for (const n of list) {
      if (typeof n === 'string') continue;
      const level = /^h([1-6])$/.exec(n.tag);
      if (level) {
        const text = textOf(n).trim();
        const base = slugify(text);
        const count = (used.get(base) ?? 0) + 1;
        used.set(base, count);
        n.id = count === 1 ? base : `${base}-${count}`;
        if (level[1] === '2') headings.push({ id: n.id, text, level: 2 });
      } else if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return headings;
}
