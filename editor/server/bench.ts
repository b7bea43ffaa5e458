/**
 * For `npm run bench -- --editor` (the bench itself lives with the editor's UI): large pages to edit, and what the
 * editor's server costs per edit on them.
 *  - largePage(examples, n): a valid page of n blocks from the blocks' example.json files (one hero, unique ids);
 *  - measureBackend(...): per keystroke-like edit of one field, the save's text edit (json-edit.ts) and the live check
 *    (the project's checker with the page as an overlay), p50/p95 in ms. Reads files, writes nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blockRegistry } from '../../blocks/registry.ts';
import { rendersMainHeading } from '../../scripts/lib/config/headings.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { editJsonText, serializeNew } from './json-edit.ts';
import { percentile } from '../../bench/lib/audit-figures.ts';

type Block = { type: string; id?: string; [k: string]: unknown };

export function loadExamples(root: string): Block[] {
  return readdirSync(join(root, 'blocks'))
    .sort()
    .map((d) => join(root, 'blocks', d, 'example.json'))
    .filter(existsSync)
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Block);
}

/** A page of `n` blocks that the checker accepts: the hero example first, then the other examples in turn (no second main heading, ids made unique). */
export function largePage(
  examples: Block[],
  n: number,
  route = '/bench-editor',
): { $schema: string; route: string; title: string; description: string; blocks: Block[] } {
  const hero = examples.find((e) => e.type === 'hero') ?? { type: 'hero', heading: 'Bench' };
  const others = examples.filter((e) => e.type !== 'hero' && !rendersMainHeading(e, blockRegistry) && !blockRegistry.find((r) => r.type === e.type)?.dialog);
  const blocks: Block[] = [structuredClone(hero)];
  for (let i = 1; i < n; i++) {
    const b = structuredClone(others[(i - 1) % others.length]);
    if (typeof b.id === 'string') b.id = `${b.id}-${i}`;
    blocks.push(b);
  }
  return {
    $schema: '../../schemas/page.schema.json',
    route,
    title: 'Editor bench',
    description: 'A large generated page to measure the editor on: every block example in turn.',
    blocks,
  };
}

export interface BackendFigures {
  blocks: number;
  edit: { p50: number; p95: number };
  check: { p50: number; p95: number };
  checkErrors: number;
}

/** `runs` one-field edits (a heading, one character longer each time) on a page of `n` blocks. */
export function measureBackend(root: string, configDir: string, n: number, runs = 20): BackendFigures {
  const page = largePage(loadExamples(root), n);
  const rel = 'pages/bench-editor.json';
  const text = serializeNew(page);
  const edit: number[] = [];
  const check: number[] = [];
  let errors = 0;
  const target = page.blocks.findIndex((b, i) => i > n / 2 && typeof b.heading === 'string');
  const at = target >= 0 ? target : 0;
  for (let i = 0; i < runs; i++) {
    const data = structuredClone(page);
    data.blocks[at].heading = `${String(page.blocks[at].heading)} ${'x'.repeat(i + 1)}`;
    const t0 = performance.now();
    const next = editJsonText(text, data);
    const t1 = performance.now();
    const r = loadProject(root, process.env, { configDir, overlay: { [rel]: next } });
    const t2 = performance.now();
    errors = r.diagnostics.filter((d) => d.severity === 'error' && d.file === `site.config/${rel}`).length;
    edit.push(t1 - t0);
    check.push(t2 - t1);
  }
  const fig = (v: number[]) => ({ p50: Math.round(percentile(v, 50) * 10) / 10, p95: Math.round(percentile(v, 95) * 10) / 10 });
  return { blocks: n, edit: fig(edit), check: fig(check), checkErrors: errors };
}
