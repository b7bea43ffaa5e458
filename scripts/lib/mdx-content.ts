/**
 * Build-time MDX: compiles site.config/content/<id>.mdx with mdx-bundler, runs the result in Node and
 * turns the rendered element tree into plain data (blocks/Prose/tree.ts). mdx-bundler needs esbuild and
 * node:fs, and its runtime evaluates code with new Function, which the site's CSP forbids in the browser;
 * so all of that happens here, once per build, and pages ship only JSON.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { bundleMDX } from 'mdx-bundler';
// The bare 'mdx-bundler/client' directory import fails in Node's ESM resolver.
import { getMDXComponent } from 'mdx-bundler/client/index.js';
import type { ReactNode } from 'react';
import type { ProseDocument } from '../../blocks/Prose/tree.ts';
import { addHeadingIds, convertChildren } from './mdx-tree.ts';
import { assertContentIsData } from './mdx-gate.ts';

export interface CompileOptions {
  /**
   * esbuild prints nothing itself (no red error block on the terminal): for a caller that reports the error in its
   * own words, e.g. the editor's preview (editor/server/content.ts). The error is thrown all the same.
   */
  quiet?: boolean;
}

/** Compiles one MDX source to a ProseDocument. `file` is only used in error messages. */
export async function compileMdxSource(source: string, file: string, cwd: string, { quiet = false }: CompileOptions = {}): Promise<ProseDocument> {
  // The build, the dev server and the editor all compile through here: code in content is refused before it can run.
  assertContentIsData(source, file);
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
