/** Reading the config folder: which folders hold which files, and the folder as seen through an overlay. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A folder of config files that share one schema. Everything but pages is a fragment that pages reference by file name. */
export interface Collection {
  dir: string;
  /** Schema file in schemas/; none for content that is not JSON (MDX). */
  schema?: string;
  /** Name used in "x-fragment" schema keywords, e.g. "faqs". */
  kind: string;
  /** File extension of the collection's files. Default ".json". */
  ext?: string;
}

/**
 * The built-in folders. Any other schema can declare its own folder with a root `"x-collection": "<folder>"`
 * (e.g. `"x-collection": "testimonials"` makes site.config/testimonials/*.json fragments of kind "testimonials"),
 * so a new kind of shared content needs no change here.
 */
export const COLLECTIONS: readonly Collection[] = [
  { dir: 'pages', schema: 'page.schema.json', kind: 'pages' },
  { dir: 'faqs', schema: 'faq-set.schema.json', kind: 'faqs' },
  { dir: 'forms', schema: 'form.schema.json', kind: 'forms' },
  { dir: 'content', kind: 'content', ext: '.mdx' },
];

/** Fragment kinds whose files are not JSON, by file extension (content: MDX compiled by scripts/lib/mdx-content.ts). */
export const FRAGMENT_EXTENSIONS: Readonly<Record<string, string>> = Object.fromEntries(COLLECTIONS.filter((c) => c.ext).map((c) => [c.kind, c.ext as string]));

/** Folders of site.config/ that hold no validated files. */
export const PLAIN_FOLDERS = new Set(['assets']);

/** Files are always reported as site.config/…, wherever the folder really is, so messages read the same in tests and previews. */
export const CONFIG_DIR = 'site.config';
export const shown = (rel: string) => `${CONFIG_DIR}/${rel}`;

/** Collections: the built-in ones plus any schema that names its own folder with "x-collection". */
export function collectionsOf(schemas: Record<string, unknown>): Collection[] {
  const out = [...COLLECTIONS];
  for (const [file, schema] of Object.entries(schemas)) {
    const dir = (schema as { 'x-collection'?: unknown })['x-collection'];
    if (typeof dir === 'string' && !out.some((c) => c.dir === dir)) out.push({ dir, schema: file, kind: dir });
  }
  return out;
}

/** The "$schema" value a file at this place should carry, so editors find its schema without any setup. */
export function expectedSchemaRef(relInConfig: string, schema: string): string {
  const depth = relInConfig.split('/').length - 1;
  return `${'../'.repeat(depth + 1)}schemas/${schema}`;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // missing, or a file on the way
  }
}

/** The config folder as seen through the overlay: what the validator reads. */
export class ConfigFiles {
  /** Whether each listed entry is a folder, as the listing said (saves a stat per file); unknown for links. */
  private kinds = new Map<string, boolean>();

  constructor(
    readonly dir: string,
    readonly overlay: Record<string, string | null> = {},
  ) {}

  private real(rel: string): string {
    return join(this.dir, rel);
  }

  exists(rel: string): boolean {
    if (rel in this.overlay) return this.overlay[rel] !== null;
    return existsSync(this.real(rel));
  }

  read(rel: string): string {
    const o = this.overlay[rel];
    if (typeof o === 'string') return o;
    return readFileSync(this.real(rel), 'utf8');
  }

  /** Entries of a sub-folder ("" for the top), sorted; overlay additions included, removals left out. */
  list(sub: string): string[] {
    const names = new Set<string>();
    const abs = sub ? this.real(sub) : this.dir;
    const prefix = sub ? `${sub}/` : '';
    if (isDirectory(abs)) {
      for (const entry of readdirSync(abs, { withFileTypes: true })) {
        names.add(entry.name);
        if (entry.isDirectory() || entry.isFile()) this.kinds.set(`${prefix}${entry.name}`, entry.isDirectory());
      }
    }
    for (const [rel, text] of Object.entries(this.overlay)) {
      if (!rel.startsWith(prefix)) continue;
      const rest = rel.slice(prefix.length);
      const first = rest.split('/')[0];
      if (text === null && !rest.includes('/')) names.delete(first);
      else if (text !== null) names.add(first);
    }
    return [...names].sort();
  }

  isDir(rel: string): boolean {
    if (Object.keys(this.overlay).some((k) => k.startsWith(`${rel}/`) && this.overlay[k] !== null)) return true;
    return this.kinds.get(rel) ?? isDirectory(this.real(rel));
  }

  /** Overlay entries under a sub-folder, by path inside it (the asset index takes them by URL this way). */
  overlayUnder(sub: string): Record<string, string | null> {
    return Object.fromEntries(
      Object.entries(this.overlay)
        .filter(([rel]) => rel.startsWith(`${sub}/`))
        .map(([rel, text]) => [rel.slice(sub.length), text]),
    );
  }
}
