/**
 * Build-time MDX: compiles site.config/content/<id>.mdx with mdx-bundler, runs the result in Node and
 * turns the rendered element tree into plain data (blocks/Prose/tree.ts). mdx-bundler needs esbuild and
 * node:fs, and its runtime evaluates code with new Function, which the site's CSP forbids in the browser;
 * so all of that happens here, once per build, and pages ship only JSON.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleMDX } from 'mdx-bundler';
// The bare 'mdx-bundler/client' directory import fails in Node's ESM resolver.
import { getMDXComponent } from 'mdx-bundler/client/index.js';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { isProseTag, slugify, textOf, type ProseDocument, type ProseElement, type ProseHeading, type ProseNode } from '../../blocks/Prose/tree.ts';

const defsPath = join(dirname(fileURLToPath(import.meta.url)), '../../schemas/defs.schema.json');
let hrefPattern: RegExp | null = null;
function hrefRe(): RegExp {
  // The same rule as links in JSON config, so MDX cannot smuggle in a javascript: or data: link.
  hrefPattern ??= new RegExp((JSON.parse(readFileSync(defsPath, 'utf8')) as { definitions: { href: { pattern: string } } }).definitions.href.pattern);
  return hrefPattern;
}

/** Containers whose whitespace-only text children are just line breaks between blocks. */
const BLOCK_CONTAINERS = new Set(['root', 'ul', 'ol', 'blockquote', 'table', 'thead', 'tbody', 'tr']);

class ContentError extends Error {}

function convertChildren(children: ReactNode, parent: string, file: string): ProseNode[] {
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
    if (!isValidElement(node)) throw new ContentError(`${file}: unsupported content (${typeof node}).`);
    const el = node as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
    if (el.type === Fragment) {
      visit(el.props.children);
      return;
    }
    if (typeof el.type === 'function') {
      // MDX's own wrapper components are plain functions of their props (no hooks), so calling them is rendering them.
      visit((el.type as (p: unknown) => ReactNode)(el.props));
      return;
    }
    if (typeof el.type !== 'string' || !isProseTag(el.type)) {
      throw new ContentError(`${file}: <${String(el.type)}> is not allowed in content; use Markdown (headings, paragraphs, lists, links, tables).`);
    }
    const result: ProseElement = { tag: el.type };
    if (el.type === 'a') {
      const href = String(el.props.href ?? '');
      if (!hrefRe().test(href)) {
        throw new ContentError(
          `${file}: the link "${href}" is not allowed. Use a route ("/contact"), a named destination ("@signin"), an https:// or mailto: address, or "#section".`,
        );
      }
      result.href = href;
    }
    if (el.type === 'ol' && typeof el.props.start === 'number' && el.props.start !== 1) result.start = el.props.start;
    const kids = convertChildren(el.props.children, el.type, file);
    if (kids.length) result.children = kids;
    out.push(result);
  };
  visit(children);
  return out;
}

/** Gives every heading an id unique within the document, numbering repeats ("faq", "faq-2"). */
function addHeadingIds(nodes: ProseNode[]): ProseHeading[] {
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

export interface CompileOptions {
  /**
   * esbuild prints nothing itself (no red error block on the terminal): for a caller that reports the error in its
   * own words, e.g. the editor's preview (scripts/lib/editor/content.ts). The error is thrown all the same.
   */
  quiet?: boolean;
}

/** Compiles one MDX source to a ProseDocument. `file` is only used in error messages. */
export async function compileMdxSource(source: string, file: string, cwd: string, { quiet = false }: CompileOptions = {}): Promise<ProseDocument> {
  const { code, frontmatter } = await bundleMDX<{ title?: unknown; updated?: unknown }>({
    source,
    cwd,
    // esbuild's build() writes its messages to the terminal itself (its child process shares our stderr) unless told not to.
    ...(quiet ? { esbuildOptions: (options) => ({ ...options, logLevel: 'silent' }) } : {}),
  });
  const Content = getMDXComponent(code) as unknown as (props: Record<string, unknown>) => ReactNode;
  const children = convertChildren(Content({}), 'root', file);
  const headings = addHeadingIds(children);
  const doc: ProseDocument = { headings, children };
  if (typeof frontmatter.title === 'string') doc.title = frontmatter.title;
  // YAML reads an unquoted date as a Date; keep what the author wrote.
  if (frontmatter.updated instanceof Date) doc.updated = frontmatter.updated.toISOString().slice(0, 10);
  else if (typeof frontmatter.updated === 'string') doc.updated = frontmatter.updated;
  return doc;
}

const cache = new Map<string, { source: string; doc: Promise<ProseDocument> }>();

/**
 * Compiles <configDir>/content/<id>.mdx (normally site.config/content/), or `source` when the caller already
 * holds the file's text (the validator's project does), reusing the result until the text changes.
 */
export function compileContent(configDir: string, id: string, source?: string, options: CompileOptions = {}): Promise<ProseDocument> {
  const abs = join(configDir, 'content', `${id}.mdx`);
  const text = source ?? readFileSync(abs, 'utf8');
  const hit = cache.get(abs);
  if (hit && hit.source === text) return hit.doc;
  const doc = compileMdxSource(text, relative(process.cwd(), abs), dirname(abs), options);
  cache.set(abs, { source: text, doc });
  doc.catch(() => cache.delete(abs));
  return doc;
}
