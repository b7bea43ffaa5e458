import type { ComponentType } from 'react';
import type { Block, PageConfig } from '../generated/config-types.ts';

/** What the router needs to know about a page before its content chunk loads. */
export interface PageEntry {
  slug: string;
  route: string;
  title: string;
  layout: 'full' | 'bare';
  load: () => Promise<{ default: LoadedPage }>;
}

/** A page's config with the fragments (FAQ sets, forms, …) it references, bundled into one chunk. */
export interface LoadedPage {
  page: PageConfig;
  fragments: Record<string, Record<string, unknown>>;
}

export interface BuildInfo {
  time: string;
  version: string;
  /** sha256 of every config file, to tell which content a build carries. */
  checksum: string;
  routes: number;
  /** Routes left out by the hideLandingRoutes flag. */
  hidden: string[];
  /** Salted sha256 of the preview-gate credentials, or null when no gate is configured. */
  previewGate: { salt: string; hash: string } | null;
}

export type BlockComponent<T extends Block = Block> = ComponentType<T>;
