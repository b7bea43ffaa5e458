/**
 * The block catalogue: every registered block with its schema and its example config (blocks/<Folder>/example.json).
 * Feeds docs/blocks.md (scripts/docs.ts) and the dev server's /_catalogue page (scripts/lib/vite/plugin.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listBlocks } from './blocks.ts';
import type { CatalogueItem } from '../../renderer/dev/catalogue-item.ts';
import { formatDiagnosticLine, say, type Diagnostic } from './config/diagnostics.ts';
import { locate, parseJsonSource } from './config/json-source.ts';
import { loadProject, type LoadOptions, type LoadResult, type Project } from './project.ts';

/** Dev-server route of the catalogue. Routes in config cannot contain "_", so it never clashes with a page. */
export const CATALOGUE_ROUTE = '/_catalogue';

export interface BlockSchema {
  title?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, unknown>;
  examples?: unknown[];
}

export interface CatalogueEntry {
  type: string;
  folder: string;
  /** e.g. "schemas/blocks/hero.schema.json" */
  schemaFile: string;
  schema: BlockSchema;
  /** The example config, or null when the block has none. */
  example: Record<string, unknown> | null;
  /** e.g. "blocks/Hero/example.json", or the schema when the example comes from its "examples". */
  exampleFile: string | null;
}

export function blockCatalogue(root: string): CatalogueEntry[] {
  return listBlocks(root)
    .sort((a, b) => a.type.localeCompare(b.type))
    .map((reg) => {
      const schemaFile = `schemas/blocks/${reg.type}.schema.json`;
      const schema = existsSync(join(root, schemaFile)) ? (JSON.parse(readFileSync(join(root, schemaFile), 'utf8')) as BlockSchema) : {};
      const exampleFile = `blocks/${reg.folder}/example.json`;
      let example: Record<string, unknown> | null = null;
      let from: string | null = null;
      if (existsSync(join(root, exampleFile))) {
        const parsed = parseJsonSource(exampleFile, readFileSync(join(root, exampleFile), 'utf8'));
        if (parsed.value && typeof parsed.value === 'object' && !Array.isArray(parsed.value)) {
          example = parsed.value as Record<string, unknown>;
          from = exampleFile;
        }
      } else if (schema.examples?.[0] && typeof schema.examples[0] === 'object') {
        example = schema.examples[0] as Record<string, unknown>;
        from = schemaFile;
      }
      return { type: reg.type, folder: reg.folder, schemaFile, schema, example, exampleFile: from };
    });
}

/** The page the catalogue shows: one block per example, in catalogue order. */
export function cataloguePage(entries: CatalogueEntry[]) {
  return {
    route: CATALOGUE_ROUTE,
    title: 'Block catalogue',
    description: 'Every block of the page builder, rendered from its example config.',
    blocks: entries.filter((e) => e.example).map((e) => e.example as Record<string, unknown>),
  };
}

const PROBE_FILE = 'pages/zz-sitewright-block-catalogue.json';

/**
 * Checks every example the way a page is checked (schema, links, fragments), by adding them to the config as
 * one extra page that is never written to disk. Problems are reported on the example files themselves.
 */
export function checkExamples(
  root: string,
  env: Record<string, string | undefined> = {},
  options: LoadOptions = {},
): { diagnostics: Diagnostic[]; result: LoadResult; entries: CatalogueEntry[] } {
  const entries = blockCatalogue(root);
  const withExample = entries.filter((e) => e.example);
  const probe = { $schema: '../../schemas/page.schema.json', ...cataloguePage(entries), route: '/sitewright-block-catalogue' };
  const result = loadProject(root, env, {
    ...options,
    overlay: { ...options.overlay, [PROBE_FILE]: JSON.stringify(probe, null, 2) },
    specimenPages: [PROBE_FILE],
  });
  const diagnostics: Diagnostic[] = [];
  for (const e of entries) {
    if (!e.example) {
      diagnostics.push({ file: `blocks/${e.folder}/example.json`, line: 1, column: 1, path: '', ...say('missing-example', { type: e.type }) });
    }
  }
  for (const d of result.diagnostics) {
    if (!d.file.endsWith(PROBE_FILE)) continue;
    const m = /^\/blocks\/(\d+)(.*)$/.exec(d.path);
    // Warnings about the probe page as a whole (e.g. its own "$schema") are artefacts of the probe.
    if (!m) continue;
    const entry = withExample[Number(m[1])];
    const file = entry.exampleFile ?? entry.schemaFile;
    const text = readFileSync(join(root, file), 'utf8');
    const src = parseJsonSource(file, text);
    const pos = file.endsWith('example.json') ? locate(src, m[2]) : { line: 1, column: 1, length: 1 };
    diagnostics.push({ ...d, file, path: m[2], ...pos });
  }
  return { diagnostics, result, entries };
}

export type { CatalogueItem };

/** Source of the dev server's virtual:sitewright/catalogue module: the items, and the fragments their examples use. */
export async function catalogueModule(project: Project, env: Record<string, string | undefined>): Promise<string> {
  const { entries, diagnostics, result } = checkExamples(project.root, env, { configDir: project.configDir });
  const items: CatalogueItem[] = entries.map((e) => ({
    type: e.type,
    title: e.schema.title ?? e.type,
    description: e.schema.description ?? '',
    exampleFile: e.exampleFile,
    example: e.example,
    problems: diagnostics
      .filter((d) => d.file === (e.exampleFile ?? `blocks/${e.folder}/example.json`))
      .map((d) => `${d.severity}: ${formatDiagnosticLine(d)}`),
  }));
  const probe = result.project?.pages.find((p) => p.file.endsWith(PROBE_FILE));
  const refs = probe ? probe.fragments : Object.entries(project.fragments).flatMap(([kind, byId]) => Object.keys(byId).map((id) => ({ kind, id })));
  const fragments: Record<string, Record<string, unknown>> = {};
  for (const ref of refs) {
    // MDX is compiled the way the page module does it (scripts/lib/mdx-content.ts), loaded only when an example needs it.
    const value =
      ref.kind === 'content'
        ? await (await import('./mdx-content.ts')).compileContent(project.configDir, ref.id, project.fragments.content?.[ref.id] as string | undefined)
        : project.fragments[ref.kind]?.[ref.id];
    (fragments[ref.kind] ??= {})[ref.id] = value;
  }
  return [
    `export const items = ${JSON.stringify(items)};`,
    `export const page = ${JSON.stringify(cataloguePage(entries))};`,
    `export const fragments = ${JSON.stringify(fragments)};`,
  ].join('\n');
}
