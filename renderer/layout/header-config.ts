import type { HeaderAction, HeaderConfig, NavGroup, NavItem, NavLink } from '../generated/config-types.ts';

/** What one page's header shows: site.json's header with the page's variant applied. */
export interface ResolvedHeader {
  items: NavItem[];
  secondary: NavLink[];
  actions: HeaderAction[];
}

export const isGroup = (item: NavItem): item is NavGroup => 'links' in item;

/** A variant's list: each entry is the id of one of the header's own entries, or an entry of its own. */
function pick<T extends { id: string }>(own: T[], chosen: (string | T)[] | undefined): T[] {
  if (!chosen) return own;
  // An id that names nothing is reported by the config checker (scripts/lib/config/header.ts); here it is skipped.
  return chosen.flatMap((entry) => (typeof entry === 'string' ? own.filter((o) => o.id === entry) : [entry]));
}

export function resolveHeader(header: HeaderConfig, variant?: string): ResolvedHeader {
  const v = variant ? header.variants?.[variant] : undefined;
  return { items: pick(header.items, v?.items), secondary: pick(header.secondary, v?.secondary), actions: pick(header.actions, v?.actions) };
}
