/**
 * Checks of a whole page that no schema can express (they count across blocks), kept pure so the editor can run
 * them on a page being edited. The registry (blocks/registry.ts) says which blocks render the main heading.
 */
import type { BlockRegistration } from '../../../blocks/registry.ts';
import { say, type Finding } from './diagnostics.ts';
import type { Findings } from './findings.ts';
import type { PageFile } from './model.ts';

export type PageProblem = Finding & { path: string; code: 'main-heading' };

type Block = { type?: unknown; [setting: string]: unknown };

/** Does this block render an h1, as its registration and settings say? */
export function rendersMainHeading(block: Block, registry: readonly BlockRegistration[]): boolean {
  const rule = registry.find((r) => r.type === block.type)?.mainHeading;
  if (rule === undefined) return false;
  if (rule === true) return true;
  const value = block[rule.setting] ?? rule.default;
  return rule.equals === undefined ? value !== undefined && value !== '' : value === rule.equals;
}

/** How a block is named in a message: `the hero block (block 1)`. */
function named(block: Block, index: number): string {
  return `the ${String(block.type)} block (block ${index + 1}${typeof block.id === 'string' ? `, "${block.id}"` : ''})`;
}

/** Exactly one main heading per page: screen readers and search engines take it as what the page is about. */
export function checkMainHeading(blocks: readonly Block[], registry: readonly BlockRegistration[]): PageProblem[] {
  if (blocks.length === 0) return []; // an empty page is reported once, by the schema
  const h1 = blocks.map((b, i) => ({ b, i })).filter(({ b }) => rendersMainHeading(b, registry));
  if (h1.length === 1) return [];
  const headings = h1.map(({ b, i }) => named(b, i));
  if (h1.length === 0) return [{ path: '/blocks', ...say('main-heading', { headings, able: ableToShowOne(registry), optOut: '' }) }];
  const extra = h1.slice(1);
  const rule = registry.find((r) => r.type === extra[0].b.type)?.mainHeading;
  const optOut =
    rule && rule !== true && rule.setting === 'headingLevel'
      ? `give ${extra.length > 1 ? 'the others' : 'it'} "headingLevel": 2`
      : 'remove it or change it to a block without a main heading';
  return [{ path: `/blocks/${extra[0].i}/type`, ...say('main-heading', { headings, able: [], optOut }) }];
}

/** The block types that can show the main heading, with the setting that makes them, for the advice. */
function ableToShowOne(registry: readonly BlockRegistration[]): string[] {
  return registry.flatMap((r) => {
    const rule = r.mainHeading;
    if (rule === undefined) return [];
    // A block that shows one unless told otherwise needs no condition in the advice.
    if (rule === true || (rule.equals !== undefined && rule.default === rule.equals)) return [r.type];
    return [`${r.type} (with "${rule.setting}"${rule.equals !== undefined ? `: ${JSON.stringify(rule.equals)}` : ''})`];
  });
}

/** The pass: every real page (not a specimen such as the block catalogue's probe) has exactly one main heading. */
export function checkMainHeadings(pages: PageFile[], registry: readonly BlockRegistration[], isSpecimen: (file: string) => boolean, findings: Findings): void {
  for (const p of pages) {
    if (isSpecimen(p.file)) continue;
    for (const { path, ...problem } of checkMainHeading(p.config.blocks as Block[], registry)) findings.at(p.source, path, problem);
  }
}
