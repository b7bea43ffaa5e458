/** Reading and validating every config file: site.json, then each collection's files, pages apart from fragments. */
import { basename } from 'node:path';
import type { PageConfig } from '../../../renderer/generated/config-types.ts';
import { checkFile, type FileContext } from './check-file.ts';
import { shown, type Collection } from './files.ts';
import { checkStrayFile } from './folders.ts';
import { contentProblem } from './content.ts';
import { say } from './diagnostics.ts';
import type { Checked, PageFile } from './model.ts';
import { isRoute } from '../../../renderer/lib/route-form.ts';

/** A validated fragment file: its kind and name ("faqs", "general"), and what checking it found. */
export interface FragmentFile {
  kind: string;
  id: string;
  file: string;
  /** Undefined for content that has no schema (MDX). */
  checked?: Checked;
}

export interface Loaded {
  pages: PageFile[];
  /** Every file validated against a schema, site.json first. */
  checked: Checked[];
  fragmentFiles: FragmentFile[];
  /** Fragments that validated (MDX as its text), by kind then id. */
  fragments: Record<string, Record<string, unknown>>;
  /** Routes of pages that have a mistake elsewhere: they still own their route, so links to them are not a second error. */
  routesOfBrokenPages: string[];
  /** Pages whose route could not be read even tolerantly: links to unknown routes are held back, not blamed. */
  unreadablePages: string[];
}

/** The rule for links ("href" in schemas/defs.schema.json), which links in text files follow too. */
function linkRule(cx: FileContext): RegExp {
  const pattern = (cx.schemas.schemas['defs.schema.json'] as { definitions?: { href?: { pattern?: string } } } | undefined)?.definitions?.href?.pattern;
  return pattern ? new RegExp(pattern) : /^(\/|#|https:\/\/|mailto:|@)/;
}

export function loadCollections(cx: FileContext, collections: Collection[], site: Checked): Loaded {
  const out: Loaded = { pages: [], checked: [site], fragmentFiles: [], fragments: {}, routesOfBrokenPages: [], unreadablePages: [] };
  for (const c of collections) {
    out.fragments[c.kind] = {};
    const ext = c.ext ?? '.json';
    // A collection whose schema does not exist yet (e.g. forms before form.schema.json lands) is skipped.
    if (c.schema && !(c.schema in cx.schemas.schemas)) continue;
    for (const name of cx.files.list(c.dir)) {
      const rel = `${c.dir}/${name}`;
      if (cx.files.isDir(rel)) continue;
      if (!name.endsWith(ext)) {
        checkStrayFile(cx.files, c, ext, name, cx.findings);
        continue;
      }
      const slug = basename(name, ext);
      if (!c.schema) {
        // Content files (MDX) have no schema: they are compiled as the build does, which says what would stop it.
        const text = cx.files.read(rel);
        const file = shown(rel);
        cx.sources[file] = text;
        const problem = contentProblem(text, file, linkRule(cx));
        if (problem) {
          const { line, column, length, reason, fix } = problem;
          cx.findings.add({ file, line, column, length, path: '', ...say('content', { reason, fix }) });
        }
        out.fragments[c.kind][slug] = text;
        out.fragmentFiles.push({ kind: c.kind, id: slug, file });
        continue;
      }
      const r = checkFile(cx, rel, c.schema);
      out.checked.push(r);
      if (c.kind === 'pages') addPage(out, r, slug);
      else {
        out.fragmentFiles.push({ kind: c.kind, id: slug, file: r.src.file, checked: r });
        if (r.ok) out.fragments[c.kind][slug] = r.src.value;
      }
    }
  }
  return out;
}

function addPage(out: Loaded, r: Checked, slug: string): void {
  if (r.ok) {
    out.pages.push({ file: r.src.file, slug, source: r.src, config: r.src.value as PageConfig, fragments: r.fragments });
    return;
  }
  const route = ((r.src.value ?? r.recovered) as { route?: unknown } | undefined)?.route;
  if (typeof route === 'string' && isRoute(route)) out.routesOfBrokenPages.push(route);
  else if (r.src.syntaxErrors.length > 0) out.unreadablePages.push(r.src.file);
}
