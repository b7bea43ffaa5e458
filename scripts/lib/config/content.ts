/**
 * The checker's look at a text file of site.config/content/ (MDX): first the gate (scripts/lib/mdx-gate.ts) refuses
 * any code in it at the syntax tree, before anything runs; then it is compiled and rendered the way the build
 * does it (the same MDX compiler and front-matter plugins as mdx-bundler, and the same element and link rules,
 * scripts/lib/mdx-tree.ts), only synchronously, without bundling and without React (plain elements of the same
 * shape), so `npm run validate` finds what would stop the build, at its line and column.
 */
import { compileSync, runSync } from '@mdx-js/mdx';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdxFrontmatter from 'remark-mdx-frontmatter';
import type { ReactNode } from 'react';
import { ContentError, convertChildren, elementFactory } from '../mdx-tree.ts';
import { gateProblem, type GateProblem } from '../mdx-gate.ts';

/** Where a text file goes wrong and what to do about it: the gate's shape, for every problem the checker finds. */
export type ContentProblem = GateProblem;

interface Point {
  line?: number;
  column?: number;
}
interface MdxMessage extends Point {
  reason?: string;
  place?: Point & { start?: Point };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The MDX compiler's messages, for people who write Markdown rather than JavaScript. */
const PLAIN: [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^Could not parse expression with acorn/, () => 'The text in { } here is read as a formula and cannot be understood'],
  [/^Unexpected end of file in expression/, () => 'A { is never closed with }'],
  [/^Expected a closing tag for `<([^>]+)>`/, (m) => `The tag <${m[1]}> is never closed`],
  [/^Unexpected end of file (after|in|before)/, () => 'The file ends inside a tag'],
];
const plain = (reason: string) => {
  for (const [re, say] of PLAIN) {
    const m = reason.match(re);
    if (m) return say(m);
  }
  return reason;
};

/** One sentence: single spaces, ending in a full stop unless it ends in one already. */
export const sentence = (text: string) => {
  const t = text.trim().replace(/\s+/g, ' ');
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** Where in `text` a piece of it first appears, as line and column; the top of the file when it does not. */
function placeOf(text: string, find: string): { line: number; column: number; length: number } {
  const at = find ? text.indexOf(find) : -1;
  if (at < 0) return { line: 1, column: 1, length: 1 };
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1, length: find.length };
}

/**
 * The one problem that stops `text` (the file `file`) from becoming a page's prose, or null. `links` is the rule
 * for links, the "href" pattern of schemas/defs.schema.json (read from the project's schemas when not given).
 */
export function contentProblem(text: string, file: string, links?: RegExp): ContentProblem | null {
  // The editor checks the project on every keystroke; a text file that did not change is not compiled again.
  const key = `${links?.source ?? ''}\0${file}\0${text}`;
  if (known.has(key)) return known.get(key)!;
  if (known.size > 100) known.clear();
  const problem = findProblem(text, file, links);
  known.set(key, problem);
  return problem;
}

const known = new Map<string, ContentProblem | null>();

function findProblem(text: string, file: string, links?: RegExp): ContentProblem | null {
  let Content: (props: Record<string, unknown>) => ReactNode;
  try {
    // Nothing below may run before the gate has passed the file: compiled MDX runs what the author wrote in { }.
    const refused = gateProblem(text);
    if (refused) return { ...refused, reason: sentence(refused.reason) };
    const code = String(
      compileSync(text, { outputFormat: 'function-body', remarkPlugins: [remarkFrontmatter, [remarkMdxFrontmatter, { name: 'frontmatter' }]] }),
    );
    Content = (runSync(code, { ...elementFactory, baseUrl: import.meta.url } as unknown as Parameters<typeof runSync>[1]) as { default: typeof Content })
      .default;
  } catch (error) {
    const m = error as MdxMessage;
    const place = m.place?.start ?? m.place;
    return {
      line: place?.line ?? m.line ?? 1,
      column: place?.column ?? m.column ?? 1,
      length: 1,
      reason: sentence(plain(m.reason ?? String(error))),
      fix: 'Close the tag or the { }, or write \\< or \\{ where you mean the character itself.',
    };
  }
  try {
    convertChildren(Content({}), 'root', file, links);
    return null;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return { ...placeOf(text, error.find), reason: sentence(capital(error.reason)), fix: error.fix };
  }
}
