/** Block ids on a page: unique (links and dialogs find blocks by id), and the targets a "#id" link can reach. */
import { say } from './diagnostics.ts';
import type { Findings } from './findings.ts';
import type { PageFile } from './model.ts';

/** Reports ids used twice on a page; returns each page's ids by file. */
export function checkIds(pages: PageFile[], findings: Findings): Map<string, string[]> {
  const pageIds = new Map<string, string[]>();
  for (const p of pages) {
    const ids: string[] = [];
    p.config.blocks.forEach((b, i) => {
      const id = (b as { id?: unknown }).id;
      if (typeof id !== 'string') return;
      if (ids.includes(id)) findings.at(p.source, `/blocks/${i}/id`, say('duplicate-id', { id }));
      ids.push(id);
    });
    pageIds.set(p.file, ids);
  }
  return pageIds;
}
