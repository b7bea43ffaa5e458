/** Reading the config folder: which folders hold which files, and the folder as seen through an overlay. */
import { accessSync, constants, lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
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

/** Links are never followed, so a folder that is a link is not a folder here (it is refused instead). */
function isDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false; // missing, or a file on the way
  }
}

/** Why an entry of the config folder is not read: a symbolic link, something other than a file, or no permission. */
export type Refusal = 'link' | 'not-a-file' | 'unreadable';

/**
 * Why the entry is refused, or null for a folder or a readable file. Links are refused wherever they point (even to a
 * file inside the folder): following one would read, quote or publish a file from anywhere on the machine. A FIFO
 * or device would hang or flood a read, and an unreadable file would crash it.
 */
function refusalOf(abs: string, entry: Pick<Dirent, 'isSymbolicLink' | 'isDirectory' | 'isFile'>): Refusal | null {
  if (entry.isSymbolicLink()) return 'link';
  if (entry.isDirectory()) return null;
  if (!entry.isFile()) return 'not-a-file';
  try {
    accessSync(abs, constants.R_OK);
    return null;
  } catch {
    return 'unreadable';
  }
}

/** The config folder as seen through the overlay: what the validator reads. */
export class ConfigFiles {
  /** Whether each listed entry is a folder, as the listing said (saves a stat per file). */
  private kinds = new Map<string, boolean>();

  constructor(
    readonly dir: string,
    readonly overlay: Record<string, string | null> = {},
  ) {}

  private real(rel: string): string {
    return join(this.dir, rel);
  }

  /** True for a file the checker may read: refused entries (see refused()) do not exist for it. */
  exists(rel: string): boolean {
    if (rel in this.overlay) return this.overlay[rel] !== null;
    const abs = this.real(rel);
    try {
      return refusalOf(abs, lstatSync(abs)) === null;
    } catch {
      return false;
    }
  }

  read(rel: string): string {
    const o = this.overlay[rel];
    if (typeof o === 'string') return o;
    return readFileSync(this.real(rel), 'utf8');
  }

  /**
   * Every entry under the folder, at any depth (assets included, since links there would be published), that is not
   * read, with why; overlay entries replace what is on disk. Sorted by path.
   */
  refused(): { rel: string; why: Refusal }[] {
    const out: { rel: string; why: Refusal }[] = [];
    const walk = (abs: string, prefix: string) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(abs, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        const rel = `${prefix}${e.name}`;
        if (rel in this.overlay) continue;
        const why = refusalOf(join(abs, e.name), e);
        if (why) out.push({ rel, why });
        else if (e.isDirectory()) walk(join(abs, e.name), `${rel}/`);
      }
    };
    walk(this.dir, '');
    return out.sort((a, b) => (a.rel < b.rel ? -1 : 1));
  }

  /** Entries of a sub-folder ("" for the top), sorted; overlay additions included, removals left out. */
  list(sub: string): string[] {
    const names = new Set<string>();
    const abs = sub ? this.real(sub) : this.dir;
    const prefix = sub ? `${sub}/` : '';
    if (isDirectory(abs)) {
      for (const entry of readdirSync(abs, { withFileTypes: true })) {
        // Refused entries are reported once by refused(), and never read.
        if (refusalOf(join(abs, entry.name), entry)) continue;
        names.add(entry.name);
        this.kinds.set(`${prefix}${entry.name}`, entry.isDirectory());
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

/**
 * True when `rel` (a path inside `dir`, "/"-separated) reaches through a symbolic link at any step: what the dev
 * server must not serve from site.config/assets/, since the link may point anywhere on the machine.
 */
export function throughLink(dir: string, rel: string): boolean {
  let at = dir;
  for (const part of rel.split('/').filter(Boolean)) {
    at = join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink()) return true;
    } catch {
      return false; // missing: nothing to serve either way
    }
  }
  return false;
}
