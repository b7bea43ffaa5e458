/** Small builders for the passes' unit tests. */
import type { PageConfig } from '../../../renderer/generated/config-types.ts';
import { parseJsonSource, type JsonSource } from './json-source.ts';
import type { Checked, PageFile } from './model.ts';
import type { FragmentRef, LinkRef } from './schemas.ts';

export const sourceOf = (file: string, value: unknown): JsonSource => parseJsonSource(file, `${JSON.stringify(value, null, 2)}\n`);

export function page(slug: string, config: Partial<PageConfig> & { route: string }, fragments: FragmentRef[] = []): PageFile {
  const full = { title: slug, description: '', blocks: [], ...config } as PageConfig;
  return { file: `site.config/pages/${slug}.json`, slug, source: sourceOf(`site.config/pages/${slug}.json`, full), config: full, fragments };
}

export function checked(file: string, value: unknown, refs: { fragments?: FragmentRef[]; links?: LinkRef[] } = {}): Checked {
  return { src: sourceOf(file, value), ok: true, fragments: refs.fragments ?? [], links: refs.links ?? [] };
}
