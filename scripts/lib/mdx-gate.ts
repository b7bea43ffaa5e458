/**
 * The gate every text file of site.config/content/ passes before anything compiles or runs it: MDX is Markdown plus
 * code (import/export lines, { } expressions, components), and content is data. So the file is parsed to its syntax
 * tree, which runs nothing, and any code in it is refused there, with where it is and what to write instead. Only a
 * tree that passed may go on to the MDX compiler, whose output then holds nothing the author wrote as code.
 */
import { createProcessor } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import { isProseTag } from '../../blocks/Prose/tree.ts';

/** A place in the file and what is wrong there, in plain words. */
export interface GateProblem {
  /** 1-based. */
  line: number;
  column: number;
  length: number;
  /** What is wrong, in a sentence. */
  reason: string;
  /** What to do about it. */
  fix: string;
}

interface Point {
  line: number;
  column: number;
  offset?: number;
}
interface Node {
  type: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: Node[];
  position?: { start: Point; end: Point };
}

const MARKDOWN = 'Use Markdown (headings, paragraphs, lists, links, tables).';

// Parsing only: remark-frontmatter teaches the parser the --- block, and no transform or compiler step runs.
const parser = createProcessor({ remarkPlugins: [remarkFrontmatter] });

/** What the node is, if content may not hold it; null when it may. */
function refusal(node: Node): { reason: string; fix: string } | null {
  switch (node.type) {
    case 'mdxjsEsm':
      return { reason: 'A line starting with import or export is code, and content may not run code', fix: 'Remove the line. ' + MARKDOWN };
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return { reason: 'Text in { } is read as code, and content may not run code', fix: 'Remove the { }, or write \\{ where you mean the character itself.' };
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      const name = node.name ?? '';
      if (name !== '' && !isProseTag(name)) return { reason: `<${name}> is not allowed in content`, fix: MARKDOWN };
      for (const a of node.attributes ?? []) {
        if (a.type !== 'mdxJsxAttribute' || (a.value !== null && a.value !== undefined && typeof a.value !== 'string')) {
          return {
            reason: `A setting of <${name}> is written in { }, which is read as code, and content may not run code`,
            fix: 'Write the value in quotes, or use Markdown: [text](/contact) for a link.',
          };
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/** How much of the line to underline: a tag's "<name", or the whole node when it fits on one line. */
function spanOf(node: Node): number {
  if (node.type.startsWith('mdxJsx')) return (node.name ?? '').length + 1;
  const p = node.position;
  if (!p || p.start.line !== p.end.line) return 1;
  return Math.max(1, p.end.column - p.start.column);
}

/**
 * The first thing in `text` that content may not hold (import/export, an expression, a component or a setting in
 * { }), in document order, or null. A syntax error is thrown as the MDX parser's message (with its place), for the
 * caller to word as it words the compiler's.
 */
export function gateProblem(text: string): GateProblem | null {
  const tree = parser.parse(text) as Node;
  const visit = (node: Node): GateProblem | null => {
    const refused = refusal(node);
    if (refused) {
      const start = node.position?.start ?? { line: 1, column: 1 };
      return { line: start.line, column: start.column, length: spanOf(node), ...refused };
    }
    for (const child of node.children ?? []) {
      const found = visit(child);
      if (found) return found;
    }
    return null;
  };
  return visit(tree);
}

/** Thrown where content that failed the gate would otherwise have been compiled: the build, the dev server, the editor. */
export class ContentGateError extends Error {
  constructor(
    readonly file: string,
    readonly problem: GateProblem,
  ) {
    super(`${file}:${problem.line}:${problem.column}: ${problem.reason}. ${problem.fix}`);
  }
}

/** Throws ContentGateError unless `text` is content without code. */
export function assertContentIsData(text: string, file: string): void {
  const problem = gateProblem(text);
  if (problem) throw new ContentGateError(file, problem);
}
