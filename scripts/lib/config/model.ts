/** What loading the config produces, shared by the passes and the checker's callers. */
import type { PageConfig, SiteConfig } from '../../../renderer/generated/config-types.ts';
import type { Diagnostic } from './diagnostics.ts';
import type { JsonSource } from './json-source.ts';
import type { FragmentRef, LinkRef } from './schemas.ts';

export interface PageFile {
  file: string;
  /** File name without .json, e.g. "owner"; stable id of the page. */
  slug: string;
  source: JsonSource;
  config: PageConfig;
  /** The fragments the page uses, directly or through other fragments: what its chunk bundles. */
  fragments: FragmentRef[];
}

export interface Project {
  root: string;
  /** Folder the config was read from (normally <root>/site.config). */
  configDir: string;
  site: SiteConfig;
  pages: PageFile[];
  /** Fragments by kind then id, e.g. fragments.faqs.general. Non-JSON content (MDX) is held as its text. */
  fragments: Record<string, Record<string, unknown>>;
}

export interface LoadResult {
  project: Project | null;
  diagnostics: Diagnostic[];
  /** Text of every file read, by its reported name (e.g. "site.config/pages/home.json"), for code frames. */
  sources: Record<string, string>;
  /** Every link the schemas mark, with the file it is in (reported name): what a page's rename or removal must update. */
  links?: (LinkRef & { file: string })[];
}

export interface LoadOptions {
  /** Folder holding site.json, pages/, faqs/ …; default <root>/site.config. Lets tests and previews use a copy. */
  configDir?: string;
  /**
   * Files to add or replace (text) or remove (null), by path inside the config folder, e.g. { "pages/partners.json": "…" }.
   * Checks a change without writing it: the scaffolder and the tests use it.
   */
  overlay?: Record<string, string | null>;
  /**
   * Pages (by path inside the config folder) that are not real pages but a row of blocks to check, such as the block
   * catalogue's probe: the one-main-heading rule does not apply to them.
   */
  specimenPages?: string[];
}

/** One config file after validation, with the references its schema marked. */
export interface Checked {
  src: JsonSource;
  ok: boolean;
  fragments: FragmentRef[];
  links: LinkRef[];
  /** For a file with a syntax error: what the tolerant parse could still read (see recoverValue). */
  recovered?: unknown;
}
