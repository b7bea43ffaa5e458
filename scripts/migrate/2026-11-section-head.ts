/**
 * Migration for the shared section head (issue 16, point 6): block settings renamed so that every block with a
 * heading calls its parts the same: a small badge is "eyebrow", the lead text under the heading is "intro".
 *
 *   npx tsx scripts/migrate/2026-11-section-head.ts            rewrites the files that need it
 *   npx tsx scripts/migrate/2026-11-section-head.ts --check    lists them and exits 1, changing nothing
 *
 * It reads page files (site.config/pages/, the test fixtures) and single-block files (blocks/<Name>/example.json).
 * Only the setting's name changes: jsonc-parser edits replace the key in place, so formatting, comments and every
 * other line stay as they are. Running it again changes nothing.
 */
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { applyEdits, parseTree, type Edit, type Node } from 'jsonc-parser';

/** Old name → new name, per block type. Recorded for authors in docs/authoring.md ("Renamed fields"). */
export const RENAMED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  adminLogin: { text: 'intro' },
  contactInfo: { badge: 'eyebrow', text: 'intro' },
  ctaBanner: { text: 'intro' },
  doctor: { text: 'intro' },
  enquiry: { text: 'intro' },
  form: { text: 'intro' },
  hero: { text: 'intro' },
  scheduler: { text: 'intro' },
};

function property(obj: Node, key: string): Node | undefined {
  return obj.children?.find((p) => p.children?.[0]?.value === key);
}

function blockEdits(block: Node): Edit[] {
  if (block.type !== 'object') return [];
  const type = property(block, 'type')?.children?.[1]?.value;
  const renames = typeof type === 'string' ? RENAMED[type] : undefined;
  if (!renames) return [];
  const edits: Edit[] = [];
  for (const [from, to] of Object.entries(renames)) {
    const key = property(block, from)?.children?.[0];
    // Both names present: a person has to choose; the checker reports the old one as unknown.
    if (!key || property(block, to)) continue;
    edits.push({ offset: key.offset, length: key.length, content: JSON.stringify(to) });
  }
  return edits;
}

/**
 * The migrated text of one file: a page (an object with "blocks") or a single block (an object with "type").
 * Returns the text unchanged when there is nothing to rename or it does not parse.
 */
export function migrateSource(text: string): string {
  const root = parseTree(text);
  if (!root || root.type !== 'object') return text;
  const blocks = property(root, 'blocks')?.children?.[1];
  const targets = blocks?.type === 'array' ? (blocks.children ?? []) : property(root, 'type') ? [root] : [];
  const edits = targets.flatMap(blockEdits);
  return edits.length ? applyEdits(text, edits) : text;
}

function jsonFiles(dir: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'assets') continue;
    if (statSync(p).isDirectory()) jsonFiles(p, out);
    else if (name.endsWith('.json')) out.push(p);
  }
  return out;
}

/** The broken-config case that checks what the validator says about an old name keeps it. */
const KEEPS_OLD_NAMES = /[\\/]tests[\\/]fixtures[\\/]broken[\\/]67-renamed-setting[\\/]/;

/** Every file this migration reads, under the repository root. */
export function candidateFiles(root: string): string[] {
  const blockDirs = readdirSync(join(root, 'blocks')).map((d) => join(root, 'blocks', d, 'example.json'));
  return [
    ...jsonFiles(join(root, 'site.config', 'pages')),
    ...blockDirs.filter((f) => existsSync(f)),
    ...jsonFiles(join(root, 'tests', 'fixtures')).filter((f) => /[\\/]pages[\\/]/.test(f) && !KEEPS_OLD_NAMES.test(f)),
  ];
}

function main(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const check = process.argv.includes('--check');
  const changed: string[] = [];
  for (const file of candidateFiles(root)) {
    const before = readFileSync(file, 'utf8');
    const after = migrateSource(before);
    if (after === before) continue;
    changed.push(relative(root, file));
    if (!check) writeFileSync(file, after);
  }
  const verb = check ? 'needs migrating' : 'migrated';
  for (const f of changed) console.log(`${verb}: ${f}`);
  console.log(changed.length ? `${changed.length} file(s) ${verb}.` : 'Nothing to migrate.');
  if (check && changed.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
