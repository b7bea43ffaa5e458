/**
 * Each person's draft: a full copy of the live config at <home>/drafts/<staff id>/site.config/ with their edits, and
 * state.json beside it (the commit it is based on, the rebase notice, discarded copies kept for undo). Drafts are
 * files, so they survive reloads, sign-outs and restarts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DraftStatus, FileChange } from './types.ts';
import { blobId, CONFIG, filesUnder, type WorkingCopy } from './git.ts';
import { assertConfigPath, assertStaffId, isConfigPath, isTextConfig } from './paths.ts';
import { describeFile } from './describe.ts';
import { mergeFile } from './merge.ts';
import { writeAtomic } from '../../scripts/lib/write-atomic.ts';

export interface DraftState {
  base: string;
  rebased?: { onto: string; by: string; message: string; at: string };
  /** A newer version is live that the draft could not be brought onto by itself. */
  behind?: boolean;
  discarded: { id: string; at: string; dir: string; base: string }[];
}

const KEEP_DISCARDED = 5;

/** A config file as a document for describe.ts: JSON parsed (its text when it does not parse), MDX as text. */
export function docOf(rel: string, bytes: Buffer | undefined): unknown {
  if (bytes === undefined) return undefined;
  if (!isTextConfig(rel)) return `(a file of ${bytes.length} bytes)`;
  const text = bytes.toString('utf8');
  if (!rel.endsWith('.json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const sameBytes = (a: Buffer | undefined, b: Buffer | undefined) => (a === undefined || b === undefined ? a === b : a.equals(b));

export interface RebaseInput {
  /** The live commit to bring the draft onto. */
  onto: string;
  /** The draft's base files by blob id, and a reader for them (the publisher's own draft: what it published). */
  baseTree: Map<string, string>;
  readBase: (rel: string) => Promise<Buffer | undefined>;
  notice?: DraftState['rebased'];
}

export interface Drafts {
  configDir(staffId: string): string;
  exists(staffId: string): boolean;
  /** The state, making the draft from the working copy's HEAD first when there is none (call under the publish lock). */
  ensure(staffId: string): Promise<DraftState>;
  state(staffId: string): DraftState;
  saveState(staffId: string, state: DraftState): void;
  /** Config files whose bytes differ from the base commit's (added and deleted too). */
  changedFiles(staffId: string): Promise<string[]>;
  read(staffId: string, rel: string): Buffer | undefined;
  changes(staffId: string): Promise<FileChange[]>;
  status(staffId: string): Promise<DraftStatus>;
  discard(staffId: string): Promise<{ undo: string }>;
  undoDiscard(staffId: string, undo: string): Promise<boolean>;
  /** Staff ids with a draft on disk. */
  list(): string[];
  /** Brings a draft onto a newer live commit by a three-way merge per file; 'behind' when a field changed on both sides. */
  rebase(staffId: string, input: RebaseInput): Promise<'rebased' | 'behind'>;
}

export function createDrafts(opts: { home: string; wc: WorkingCopy }): Drafts {
  const { wc } = opts;
  const draftsDir = join(opts.home, 'drafts');
  const folder = (id: string) => join(draftsDir, assertStaffId(id));
  const configDir = (id: string) => join(folder(id), CONFIG);
  const statePath = (id: string) => join(folder(id), 'state.json');

  function state(id: string): DraftState {
    const s = JSON.parse(readFileSync(statePath(id), 'utf8')) as Partial<DraftState>;
    return { base: String(s.base), discarded: [], ...s } as DraftState;
  }
  const making = new Map<string, Promise<DraftState>>();
  const saveState = (id: string, s: DraftState) => writeAtomic(statePath(id), `${JSON.stringify(s, null, 2)}\n`);

  /**
   * The live commit's config written into a new folder beside the draft's, read from git's objects rather than the
   * working copy's folder, which holds a publish in progress while it builds: a first draft never waits for someone
   * else's publish, nor sees it.
   */
  async function liveCopy(id: string): Promise<{ dir: string; base: string }> {
    const base = await wc.live();
    const dir = `${configDir(id)}.new-${randomUUID().slice(0, 8)}`;
    mkdirSync(dir, { recursive: true });
    try {
      for (const [rel, bytes] of await wc.files(base)) {
        mkdirSync(dirname(join(dir, rel)), { recursive: true });
        writeFileSync(join(dir, rel), bytes);
      }
    } catch (e) {
      rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    return { dir, base };
  }

  /**
   * Puts a folder made by liveCopy in the draft's place. Synchronous, like every step that moves a draft's folder: no
   * request of the editor runs between them, so none ever finds the folder missing or writes into one about to go.
   */
  function install(id: string, dir: string): void {
    rmSync(configDir(id), { recursive: true, force: true });
    renameSync(dir, configDir(id));
  }

  // Only plain files: a link in a draft is never followed, so nothing outside the folder can be read or published.
  const read = (id: string, rel: string): Buffer | undefined => {
    const abs = join(configDir(id), assertConfigPath(rel));
    const stat = lstatSync(abs, { throwIfNoEntry: false });
    return stat?.isFile() ? readFileSync(abs) : undefined;
  };

  async function changedFiles(id: string): Promise<string[]> {
    const { base } = state(id);
    const tree = await wc.tree(base);
    const mine = filesUnder(configDir(id)).filter(isConfigPath);
    const out = mine.filter((rel) => tree.get(rel) !== blobId(readFileSync(join(configDir(id), rel))));
    for (const rel of tree.keys()) if (!mine.includes(rel)) out.push(rel);
    return out.sort();
  }

  async function changes(id: string): Promise<FileChange[]> {
    const { base } = state(id);
    const files = await changedFiles(id);
    return Promise.all(files.map(async (rel) => describeFile(rel, docOf(rel, await wc.show(base, rel)), docOf(rel, read(id, rel)))));
  }

  const drafts: Drafts = {
    configDir,
    exists: (id) => existsSync(statePath(id)) && existsSync(configDir(id)),
    ensure(id) {
      if (drafts.exists(id)) return Promise.resolve(state(id));
      // Two requests of one person at once share one making.
      let made = making.get(id);
      if (!made) {
        made = (async () => {
          await wc.ensure();
          mkdirSync(folder(id), { recursive: true });
          const { dir, base } = await liveCopy(id);
          install(id, dir);
          const s: DraftState = { base, discarded: [] };
          saveState(id, s);
          return s;
        })().finally(() => making.delete(id));
        making.set(id, made);
      }
      return made;
    },
    state,
    saveState,
    changedFiles,
    read,
    changes,
    async status(id) {
      const s = await drafts.ensure(id);
      return { configDir: configDir(id), base: s.base, changes: await changes(id), ...(s.rebased ? { rebased: s.rebased } : {}), behind: Boolean(s.behind) };
    },
    async discard(id) {
      await drafts.ensure(id);
      const next = await liveCopy(id);
      // Read after the copy: the person may have saved meanwhile, and what is discarded is the draft as it is now.
      const s = state(id);
      const undo = randomUUID();
      const dir = join(folder(id), 'discarded', undo);
      mkdirSync(dir, { recursive: true });
      renameSync(configDir(id), join(dir, CONFIG));
      install(id, next.dir);
      const discarded = [...s.discarded, { id: undo, at: new Date().toISOString(), dir, base: s.base }];
      for (const old of discarded.slice(0, Math.max(0, discarded.length - KEEP_DISCARDED))) rmSync(old.dir, { recursive: true, force: true });
      saveState(id, { base: next.base, discarded: discarded.slice(-KEEP_DISCARDED) });
      return { undo };
    },
    async undoDiscard(id, undo) {
      if (!drafts.exists(id)) return false;
      const s = state(id);
      const entry = s.discarded.find((d) => d.id === undo);
      if (!entry || !existsSync(join(entry.dir, CONFIG))) return false;
      const old = `${configDir(id)}.old-${randomUUID().slice(0, 8)}`;
      renameSync(configDir(id), old);
      renameSync(join(entry.dir, CONFIG), configDir(id));
      rmSync(old, { recursive: true, force: true });
      rmSync(entry.dir, { recursive: true, force: true });
      saveState(id, { base: entry.base, discarded: s.discarded.filter((d) => d.id !== undo) });
      return true;
    },
    list() {
      if (!existsSync(draftsDir)) return [];
      return readdirSync(draftsDir).filter((n) => {
        try {
          assertStaffId(n);
          return drafts.exists(n);
        } catch {
          return false;
        }
      });
    },
    async rebase(id, input) {
      const s = state(id);
      const liveTree = await wc.tree(input.onto);
      const dir = configDir(id);
      const mine = new Map(
        filesUnder(dir)
          .filter(isConfigPath)
          .map((rel) => [rel, blobId(readFileSync(join(dir, rel)))] as const),
      );
      const writes = new Map<string, Buffer | undefined>();
      let hadChanges = false;
      let conflicted = false;
      for (const rel of new Set([...mine.keys(), ...input.baseTree.keys(), ...liveTree.keys()])) {
        const baseId = input.baseTree.get(rel);
        const mineId = mine.get(rel);
        const liveId = liveTree.get(rel);
        if (mineId === liveId) continue;
        if (mineId === baseId) {
          // Not touched in the draft: it takes the live version.
          writes.set(rel, liveId === undefined ? undefined : await wc.show(input.onto, rel));
          continue;
        }
        hadChanges = true;
        if (liveId === baseId) continue; // only the draft changed it
        const [b, m, t] = [await input.readBase(rel), read(id, rel), await wc.show(input.onto, rel)];
        if (!isTextConfig(rel)) {
          if (!sameBytes(m, t)) conflicted = true;
          continue;
        }
        const merged = mergeFile(rel, b?.toString('utf8'), m?.toString('utf8'), t?.toString('utf8'));
        if (merged.conflicts.length > 0) conflicted = true;
        else writes.set(rel, merged.text === undefined ? undefined : Buffer.from(merged.text, 'utf8'));
      }
      if (conflicted) {
        saveState(id, { ...s, behind: true });
        return 'behind';
      }
      for (const [rel, bytes] of writes) {
        const abs = join(dir, rel);
        if (bytes === undefined) rmSync(abs, { force: true });
        else writeAtomic(abs, bytes);
      }
      const { behind: _behind, ...rest } = s;
      saveState(id, { ...rest, base: input.onto, ...(hadChanges && input.notice ? { rebased: input.notice } : {}) });
      return 'rebased';
    },
  };
  return drafts;
}
