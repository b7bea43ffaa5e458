import { createContext, useContext, type ReactNode } from 'react';
import { site as builtSite } from 'virtual:sitewright/config';
import type { SiteConfig } from '../generated/config-types.ts';
import type { LoadedPage } from './types.ts';

/** The fragments (FAQ sets, forms, …) a page or an island may read, by kind and id. */
export interface FragmentSource {
  fragments: Record<string, Record<string, unknown>>;
  /** Told of every fragment read: the prerenderer ships an island exactly the fragments it used. */
  onUse?: (kind: string, id: string) => void;
}

const SiteContext = createContext<SiteConfig>(builtSite);
const PageContext = createContext<FragmentSource | null>(null);

export function PageProvider({ value, children }: { value: FragmentSource | LoadedPage; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

export function SiteProvider({ value, children }: { value: SiteConfig; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteConfig {
  return useContext(SiteContext);
}

/**
 * A fragment (FAQ set, form, …) the current page references by id. The validator guarantees it exists
 * and matches its schema, so callers get it typed without checking again.
 */
export function useFragment<T>(kind: string, id: string): T {
  const page = useContext(PageContext);
  const value = page?.fragments[kind]?.[id];
  page?.onUse?.(kind, id);
  if (value === undefined) throw new Error(`${kind} "${id}" was not bundled with this page`);
  return value as T;
}
