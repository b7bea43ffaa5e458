/**
 * What the schema cannot see in the header: a variant names entries of the header by id, and a page names a variant,
 * and a name that matches nothing would silently drop an item or show the default header.
 */
import type { HeaderConfig, PageConfig } from '../../../renderer/generated/config-types.ts';
import { pointer } from '../json-pointer.ts';
import { closest } from '../suggest.ts';

export interface HeaderProblem {
  /** JSON pointer inside the file, e.g. "/header/variants/finance/items/1". */
  path: string;
  code: 'header-entry';
  message: string;
  suggestion: string;
}

const LISTS = ['items', 'secondary', 'actions'] as const;

/** Ids unique in each list (a menu's panel is found by its id), and every id a variant names is one of the header's own. */
export function checkHeader(header: HeaderConfig): HeaderProblem[] {
  const out: HeaderProblem[] = [];
  for (const list of LISTS) {
    const ids = header[list].map((e) => e.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        out.push({
          path: pointer('header', list, i, 'id'),
          code: 'header-entry',
          message: `Two entries of header.${list} have the id "${id}".`,
          suggestion: 'Give each entry its own id: variants and menus find entries by it.',
        });
    });
    for (const [name, variant] of Object.entries(header.variants ?? {})) {
      (variant[list] ?? []).forEach((entry, i) => {
        if (typeof entry !== 'string' || ids.includes(entry)) return;
        const guess = closest(entry, ids);
        out.push({
          path: pointer('header', 'variants', name, list, i),
          code: 'header-entry',
          message: `The header variant "${name}" names "${entry}", but header.${list} has no entry with that id.`,
          suggestion: guess ? `Did you mean "${guess}"?` : `Ids in header.${list}: ${ids.map((x) => `"${x}"`).join(', ')}; or write the entry out in full.`,
        });
      });
    }
  }
  return out;
}

/** A page's header variant must be one site.json defines. */
export function checkPageHeader(header: HeaderConfig, page: PageConfig): HeaderProblem[] {
  const name = page.header?.variant;
  const names = Object.keys(header.variants ?? {});
  if (name === undefined || names.includes(name)) return [];
  const guess = closest(name, names);
  return [
    {
      path: '/header/variant',
      code: 'header-entry',
      message: `There is no header variant named "${name}" in site.json.`,
      suggestion: guess
        ? `Did you mean "${guess}"?`
        : names.length
          ? `Variants: ${names.map((x) => `"${x}"`).join(', ')}.`
          : 'Add it under "header.variants" in site.config/site.json.',
    },
  ];
}
