/** Files and folders nobody reads: usually a misspelt collection ("faq" for "faqs") or a stray copy. */
import { closest } from '../suggest.ts';
import { say } from './diagnostics.ts';
import { PLAIN_FOLDERS, shown, type Collection, type ConfigFiles } from './files.ts';
import type { Findings } from './findings.ts';

/** Top-level entries of the config folder that are neither site.json nor a known folder. */
export function checkTopLevel(files: ConfigFiles, collections: Collection[], findings: Findings): void {
  for (const name of files.list('')) {
    if (!files.isDir(name)) {
      if (name !== 'site.json' && !name.startsWith('.')) findings.whole(shown(name), say('unknown-file', { file: shown(name) }));
      continue;
    }
    if (PLAIN_FOLDERS.has(name) || collections.some((c) => c.dir === name)) continue;
    const known = collections.map((c) => c.dir);
    const guess = closest(name, known);
    findings.whole(shown(`${name}/`), say('unknown-folder', { folder: shown(name), guess: guess && shown(guess), known }));
  }
}

/** A file inside a collection folder without the collection's extension. */
export function checkStrayFile(files: ConfigFiles, c: Collection, ext: string, name: string, findings: Findings): void {
  if (name.startsWith('.')) return;
  const rel = `${c.dir}/${name}`;
  const advice = strayFileAdvice(name, ext, (n) => files.exists(`${c.dir}/${n}`));
  findings.whole(shown(rel), say('unknown-file', { file: shown(rel), folder: { dir: shown(c.dir), ext }, advice }));
}

/** Editor swap files, backups and notes: kept beside config files on purpose, so they get no rename advice. */
const STRAY = /(\.(bak|backup|old|orig|rej|tmp|txt|md|swp|swo|swn)|~)$|^#.*#$/i;

/**
 * What to say about a file that is not read because of its extension. A stray copy ("owner.json.bak", "owner.json~",
 * ".owner.json.swp") only gets told it is ignored; a name that only lacks the extension ("owner", "owner.JSON",
 * "owner.jsn") gets the name it should have, unless that would double the extension or clash with an existing file.
 */
export function strayFileAdvice(name: string, ext: string, exists: (name: string) => boolean): string {
  const ignored = `It is ignored; delete it if you no longer need it.`;
  if (STRAY.test(name) || name.toLowerCase().includes(`${ext}.`)) return ignored;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const target = `${stem}${ext}`;
  if (stem.toLowerCase().endsWith(ext) || exists(target)) return ignored;
  return `Rename it to ${target} if it is meant to be used.`;
}
