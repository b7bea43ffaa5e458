/**
 * The text of a prose section for the editor's preview: site.config/content/<id>.mdx compiled by the build's own
 * compiler (compileContent in scripts/lib/mdx-content.ts, as the page modules call it), so the preview shows what the
 * built page will. A file that does not compile gets its problem in plain words, with the line and column.
 */
import type { ProseDocument } from '../../../blocks/Prose/tree.ts';
import { sha256 } from './files.ts';
import { contentProblem as checkedProblem } from '../config/content.ts';

export type ContentResult =
  { ok: true; path: string; hash: string; doc: ProseDocument } | { ok: false; status: 404 | 422; path: string; hash: string | null; message: string };

/** "content/policy.mdx" → "policy"; anything else is not a text file of the content folder. */
export function contentId(rel: string): string | null {
  return /^content\/([a-z0-9][a-z0-9-]*)\.mdx$/.exec(rel)?.[1] ?? null;
}

interface EsbuildMessage {
  text?: string;
  location?: { line?: number; column?: number } | null;
  detail?: { cause?: { line?: number; column?: number; reason?: string } };
}

/**
 * What is wrong with a content file, in plain words and without the compiler's own file names: line 7, column 18,
 * "Unexpected end of file in expression, …", or only "<div> is not allowed in content; use Markdown …".
 */
export function contentProblem(err: unknown): { line?: number; column?: number; reason: string } {
  const first = (err as { errors?: EsbuildMessage[] } | null)?.errors?.[0];
  if (first) {
    // esbuild reports the MDX compiler's message (1-based line and column) as the cause; its own column is 0-based.
    const cause = first.detail?.cause;
    const line = cause?.line ?? first.location?.line;
    const column = cause?.column ?? (typeof first.location?.column === 'number' ? first.location.column + 1 : undefined);
    const reason = (cause?.reason ?? first.text ?? 'the text could not be read').replace(/^Cannot process MDX file with esbuild:\s*(\d+:\d+:\s*)?/, '');
    return { line, column, reason: sentence(reason) };
  }
  const message = err instanceof Error ? err.message : String(err);
  // The build's own checks name the file first ("../site.config/content/policy.mdx: <div> is not allowed …").
  return { reason: sentence(message.replace(/^[^\n]*?\.mdx:\s*/, '')) };
}

const sentence = (text: string) => {
  const t = text.trim().replace(/\s+/g, ' ');
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** "There is a mistake in site.config/content/policy.mdx at line 7, column 18: Unexpected end of file …". */
export function contentMessage(file: string, err: unknown): string {
  const { line, column, reason } = contentProblem(err);
  const at = line ? ` at line ${line}${column ? `, column ${column}` : ''}` : '';
  return `There is a mistake in ${file}${at}: ${reason}`;
}

/** Compiles the text of `rel` ("content/policy.mdx"), which the caller has read from disk (undefined: no such file). */
export async function compileForPreview(configDir: string, rel: string, text: string | undefined): Promise<ContentResult> {
  const id = contentId(rel);
  const shown = `site.config/${rel}`;
  if (!id) return { ok: false, status: 404, path: rel, hash: null, message: `${shown} is not a text file of the content folder.` };
  if (text === undefined) {
    return { ok: false, status: 404, path: rel, hash: null, message: `There is no file ${shown}. Choose another text file for this section, or create it.` };
  }
  const hash = sha256(text);
  // Loaded on first use, as the page modules do, so the editor only pays for mdx-bundler and esbuild when a page has text.
  const { compileContent } = await import('../mdx-content.ts');
  try {
    // Quiet: the problem is shown in the editor, in words; esbuild's own error block on the terminal would repeat it.
    return { ok: true, path: rel, hash, doc: await compileContent(configDir, id, text, { quiet: true }) };
  } catch (err) {
    // The config checker's words for it (the same as npm run validate prints), or the compiler's where it has none.
    const problem = checkedProblem(text, shown);
    const message = problem
      ? `There is a mistake in ${shown} at line ${problem.line}, column ${problem.column}: ${problem.reason} ${problem.fix}`
      : contentMessage(shown, err);
    return { ok: false, status: 422, path: rel, hash, message };
  }
}
