/**
 * The text of a prose section for the editor's preview: site.config/content/<id>.mdx compiled by the build's own
 * compiler (compileContent in scripts/lib/mdx-content.ts, as the page modules call it), so the preview shows what the
 * built page will. A file that does not compile gets its problem in plain words, with the line and column.
 */
import type { ProseDocument } from '../../blocks/Prose/tree.ts';
import { sha256 } from './files.ts';
import { contentProblem, sentence } from '../../scripts/lib/config/content.ts';

export type ContentResult =
  { ok: true; path: string; hash: string; doc: ProseDocument } | { ok: false; status: 404 | 422; path: string; hash: string | null; message: string };

/** "content/policy.mdx" → "policy"; anything else is not a text file of the content folder. */
export function contentId(rel: string): string | null {
  return /^content\/([a-z0-9][a-z0-9-]*)\.mdx$/.exec(rel)?.[1] ?? null;
}

/**
 * "There is a mistake in site.config/content/policy.mdx at line 7, column 18: A { is never closed with }. …": the
 * config checker's words (what npm run validate prints), or the compiler's own message where the checker finds
 * nothing, without the file name it starts with.
 */
export function contentMessage(file: string, text: string, err: unknown): string {
  const problem = contentProblem(text, file);
  if (problem) return `There is a mistake in ${file} at line ${problem.line}, column ${problem.column}: ${problem.reason} ${problem.fix}`;
  const message = err instanceof Error ? err.message : String(err);
  return `There is a mistake in ${file}: ${sentence(message.replace(/^[^\n]*?\.mdx:\s*/, ''))}`;
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
  const { compileContent } = await import('../../scripts/lib/mdx-content.ts');
  try {
    // Quiet: the problem is shown in the editor, in words; esbuild's own error block on the terminal would repeat it.
    return { ok: true, path: rel, hash, doc: await compileContent(configDir, id, text, { quiet: true }) };
  } catch (err) {
    return { ok: false, status: 422, path: rel, hash, message: contentMessage(shown, text, err) };
  }
}
