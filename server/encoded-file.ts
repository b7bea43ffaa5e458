/**
 * A build's precompressed copies (`.br` and `.gz` beside each text file, written by scripts/lib/compressed-copies.ts)
 * sent to the browsers that accept them, as the site's own static server and CDNs send them: brotli first, then gzip.
 * The service answers its own build files with this (the editor's bundle, a preview's assets), so staff on a mobile
 * network are not sent several times the bytes a visitor of the live site is.
 */
import { existsSync } from 'node:fs';

export type Coding = 'br' | 'gzip';

const COPIES: readonly { coding: Coding; suffix: string }[] = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
];

/**
 * The codings an Accept-Encoding header accepts. A coding given `q=0` is refused; `*` accepts every coding the header
 * does not name; `x-gzip` is gzip. No header accepts none: the file is sent as it is.
 */
export function acceptedCodings(header: string | null | undefined): Set<Coding> {
  const accepted = new Set<Coding>();
  const refused = new Set<string>();
  let any = false;
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const coding = name === 'x-gzip' ? 'gzip' : name;
    if (!(weight > 0)) refused.add(coding);
    else if (coding === '*') any = true;
    else if (coding === 'br' || coding === 'gzip') accepted.add(coding);
  }
  if (any) for (const { coding } of COPIES) if (!refused.has(coding)) accepted.add(coding);
  for (const coding of refused) accepted.delete(coding as Coding);
  return accepted;
}

export interface EncodedFile {
  /** The file to send: a copy, or the file itself. */
  path: string;
  /** The Content-Encoding of `path`, or null when it is the file itself. */
  coding: Coding | null;
  /** Whether the answer depends on Accept-Encoding (the file has copies), so caches must key on it (`Vary`). */
  varies: boolean;
}

/** What to send for `file` to a browser whose Accept-Encoding is `header`. */
export function encodedFile(file: string, header: string | null | undefined): EncodedFile {
  const copies = COPIES.filter((c) => existsSync(file + c.suffix));
  if (copies.length === 0) return { path: file, coding: null, varies: false };
  const accepted = acceptedCodings(header);
  const chosen = copies.find((c) => accepted.has(c.coding));
  return chosen ? { path: file + chosen.suffix, coding: chosen.coding, varies: true } : { path: file, coding: null, varies: true };
}
