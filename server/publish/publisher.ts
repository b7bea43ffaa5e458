/**
 * Publishing: the person's draft merged with whatever is live now, checked, built into a new folder, committed with
 * them as author, pushed without force (retried when the remote moved), switched to, and every other draft brought
 * onto it. Any failure puts the working copy and the branch back as they were.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db.ts';
import type { PublishConfig } from './config.ts';
import type { ApiDiagnostic, Author, FieldConflict, FileChange, HistoryEntry, PublishOutcome, Publisher, Resolutions } from './types.ts';
import { conflictKey } from './types.ts';
import { blobId, CONFIG, createWorkingCopy, gitError, type LogEntry } from './git.ts';
import { createDrafts, docOf } from './drafts.ts';
import { writeAtomic } from '../../scripts/lib/write-atomic.ts';
import { buildSite, createLiveBuilds, oneAtATime, type BuildFn } from './builds.ts';
import { mergeFile } from './merge.ts';
import { describeChanges, describeFile } from './describe.ts';
import { assertConfigPath, assertStaffId, isTextConfig, withoutCredentials } from './paths.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { toApiDiagnostic } from '../../editor/server/api.ts';

export interface PublisherOptions {
  config: PublishConfig;
  /** Not used yet: the publisher keeps its state in git and on disk. */
  db?: Db;
  /** Builds a config folder into a new folder; default scripts/build.ts in a child process. Tests give their own. */
  build?: BuildFn;
  /** The environment the checker reads site overrides from; default process.env. */
  env?: Record<string, string | undefined>;
  /** How many times a push the remote refused (it moved on) is merged again and retried. */
  attempts?: number;
  /** Told of each step that went wrong (never with credentials); default console.warn. */
  log?: (line: string) => void;
}

/** What a publish or an undo writes into the working copy, or why it stops. */
type Prepared = { ok: true; writes: Map<string, Buffer | undefined> } | { ok: false; outcome: PublishOutcome };

const SHA = /^[0-9a-f]{40}$/;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * A lock in this process: one publish (or undo, or draft made from the working copy) at a time; the next one waits.
 * `busy` tells readers (the history) not to fetch meanwhile: two fetches at once can fail on git's ref locks.
 */
function mutex(): { run: <T>(task: () => Promise<T>) => Promise<T>; busy: () => boolean } {
  const queue = oneAtATime();
  let holders = 0;
  return {
    busy: () => holders > 0,
    run: <T>(task: () => Promise<T>) => {
      holders++;
      return queue(task).finally(() => {
        holders--;
      });
    },
  };
}

export async function createPublisher(opts: PublisherOptions): Promise<Publisher> {
  const { config } = opts;
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => console.warn(`[publish] ${withoutCredentials(line)}`));
  const maxAttempts = Math.max(1, opts.attempts ?? 3);
  const wc = createWorkingCopy(config);
  const drafts = createDrafts({ home: config.home, wc });
  const live = createLiveBuilds(config.home, config.root);
  const queueBuild = oneAtATime();
  const build: BuildFn = (configDir, outDir) => queueBuild(() => (opts.build ?? ((c, o) => buildSite(config.root, c, o)))(configDir, outDir));
  const locked = mutex();
  const lock = locked.run;
  const repoConfig = join(wc.dir, CONFIG);
  const readLive = (rel: string): Buffer | undefined => {
    const abs = join(repoConfig, assertConfigPath(rel));
    return existsSync(abs) ? readFileSync(abs) : undefined;
  };

  /** The checker on a config folder: its errors as the editor shows them, on the field. */
  function check(configDir: string): ApiDiagnostic[] {
    const { diagnostics } = loadProject(config.root, env, { configDir });
    return diagnostics.filter((d) => d.severity === 'error').map(toApiDiagnostic);
  }
  const invalid = (diagnostics: ApiDiagnostic[]): PublishOutcome => ({
    ok: false,
    kind: 'invalid',
    message: `The result has ${plural(diagnostics.length, 'problem')} to fix first. Nothing was published.`,
    diagnostics,
  });

  /**
   * The steps every change to the live site takes: fetch, start from the live branch, prepare (merge) the files,
   * check, build, commit, push; a push refused because the remote moved starts again from the fetch.
   */
  async function land(
    author: Author,
    prepare: () => Promise<Prepared>,
    messageFor: (described: string) => string,
  ): Promise<{ outcome: PublishOutcome; previous?: string }> {
    await wc.ensure();
    const before = await wc.head();
    const restore = async () => {
      await wc.resetTo(before).catch((e: unknown) => log(`could not put the working copy back: ${gitError(e, 'reset').message}`));
    };
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      let outDir: string | null = null;
      try {
        await wc.fetchLive();
        await wc.resetTo(wc.liveRef);
        const liveHead = await wc.head();
        const prepared = await prepare();
        if (!prepared.ok) {
          await restore();
          return { outcome: prepared.outcome };
        }
        const changed: { file: string; before: Buffer | undefined; after: Buffer | undefined }[] = [];
        for (const [rel, bytes] of prepared.writes) {
          const was = readLive(rel);
          if (was === undefined ? bytes === undefined : bytes !== undefined && was.equals(bytes)) continue;
          changed.push({ file: rel, before: was, after: bytes });
        }
        if (changed.length === 0) {
          await restore();
          return { outcome: { ok: false, kind: 'nothing', message: 'Nothing to publish: the live site already has every change in this draft.' } };
        }
        for (const c of changed) {
          const abs = join(repoConfig, c.file);
          if (c.after === undefined) rmSync(abs, { force: true });
          else writeAtomic(abs, c.after);
        }
        const problems = check(repoConfig);
        if (problems.length > 0) {
          await restore();
          return { outcome: invalid(problems) };
        }
        const described = describeChanges(changed.map((c) => ({ file: c.file, before: docOf(c.file, c.before), after: docOf(c.file, c.after) })));
        const message = messageFor(described.message);
        outDir = live.nextDir();
        const built = await build(repoConfig, outDir);
        if (!built.ok) {
          live.drop(outDir);
          await restore();
          return { outcome: { ok: false, kind: 'build', message: built.message } };
        }
        const commit = await wc.commit(
          changed.map((c) => c.file),
          author,
          message,
        );
        const pushed = await wc.push();
        if (pushed === 'rejected') {
          log(`the remote moved on while publishing (attempt ${attempt} of ${maxAttempts}): fetching and merging again`);
          live.drop(outDir);
          continue;
        }
        live.switchTo(outDir);
        return { outcome: { ok: true, commit, message, files: described.files, pushed: wc.hasRemote, attempts: attempt }, previous: liveHead };
      } catch (e) {
        if (outDir) live.drop(outDir);
        await restore();
        const text = withoutCredentials(e instanceof Error ? e.message : String(e));
        log(`publish stopped: ${text}`);
        return { outcome: { ok: false, kind: 'remote', message: `Nothing was published: ${text}` } };
      }
    }
    await restore();
    return {
      outcome: {
        ok: false,
        kind: 'remote',
        message: `Nothing was published: the remote kept changing (${plural(maxAttempts, 'try', 'tries')}). Try again in a moment.`,
      },
    };
  }

  /** Brings every draft but `except` onto the new live commit; a draft with a field changed on both sides stays behind. */
  async function rebaseOthers(onto: string, by: Author, message: string, except?: string): Promise<void> {
    for (const id of drafts.list()) {
      if (id === except) continue;
      try {
        const { base } = drafts.state(id);
        if (base === onto) continue;
        await drafts.rebase(id, {
          onto,
          baseTree: await wc.tree(base),
          readBase: (rel) => wc.show(base, rel),
          notice: { onto, by: by.name, message, at: new Date().toISOString() },
        });
      } catch (e) {
        log(`could not bring a draft onto the new version: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  /** One file of the draft merged with what is live now; conflicts resolved by the person's choices. */
  function mergeOne(rel: string, base: Buffer | undefined, mine: Buffer | undefined, theirs: Buffer | undefined, choices: Resolutions) {
    const conflicts: FieldConflict[] = [];
    if (!isTextConfig(rel)) {
      // Pictures: whichever side changed; both changed differently is a choice between the two files.
      const eq = (a: Buffer | undefined, b: Buffer | undefined) => (a === undefined || b === undefined ? a === b : a.equals(b));
      if (eq(base, theirs) || eq(mine, theirs)) return { bytes: mine, conflicts };
      if (eq(base, mine)) return { bytes: theirs, conflicts };
      const c: FieldConflict = {
        file: rel,
        pointer: '',
        label: `Picture “${rel.replace(/^assets\//, '')}”`,
        base: docOf(rel, base),
        mine: docOf(rel, mine),
        theirs: docOf(rel, theirs),
      };
      const choice = choices[conflictKey(c)];
      if (choice) return { bytes: choice === 'mine' ? mine : theirs, conflicts };
      return { bytes: mine, conflicts: [c] };
    }
    const text = (b: Buffer | undefined) => b?.toString('utf8');
    // mergeFile settles the conflicts the person chose for and returns the others; where they are, the text holds mine.
    const merged = mergeFile(rel, text(base), text(mine), text(theirs), choices);
    if (merged.conflicts.length > 0) return { bytes: mine, conflicts: merged.conflicts };
    return { bytes: merged.text === undefined ? undefined : Buffer.from(merged.text, 'utf8'), conflicts };
  }

  const conflictOutcome = (conflicts: FieldConflict[]): PublishOutcome => ({
    ok: false,
    kind: 'conflict',
    message: `Someone else changed the same thing: ${plural(conflicts.length, 'field')} changed both in your draft and on the live site since you started. Choose which to keep.`,
    conflicts,
  });

  async function entryFor(e: LogEntry): Promise<HistoryEntry> {
    const files = await wc.filesChanged(e.commit);
    const described: FileChange[] = [];
    for (const rel of files) {
      const before = e.parent ? await wc.show(e.parent, rel) : undefined;
      const after = await wc.show(e.commit, rel);
      if (before === undefined && after === undefined) continue;
      described.push(describeFile(rel, docOf(rel, before), docOf(rel, after)));
    }
    return { commit: e.commit, author: e.author, date: e.date, message: e.message, files: described };
  }

  /** Fetches before reading history, so commits pushed from elsewhere show; a remote that cannot be reached shows what is known. */
  async function freshLive(): Promise<void> {
    await wc.ensure();
    if (locked.busy()) return;
    await wc.fetchLive().catch((e: unknown) => log(e instanceof Error ? e.message : String(e)));
  }

  const publisher: Publisher = {
    live,
    refresh: () =>
      lock(async () => {
        let outDir: string | null = null;
        try {
          await wc.ensure();
          await wc.fetchLive().catch((e: unknown) => log(e instanceof Error ? e.message : String(e)));
          await wc.resetTo(wc.liveRef);
          outDir = live.nextDir();
          const built = await build(repoConfig, outDir);
          if (!built.ok) throw new Error(built.message);
          live.switchTo(outDir);
        } catch (e) {
          if (outDir) live.drop(outDir);
          log(`the live site could not be built again at start, so the last build is served: ${e instanceof Error ? e.message : String(e)}`);
        }
      }),
    async draft(staffId) {
      assertStaffId(staffId);
      // Made from the live commit's objects (drafts.ts), so not behind the lock: a person opening the editor for the
      // first time never waits for someone else's publish to build.
      if (!drafts.exists(staffId)) await drafts.ensure(staffId);
      return drafts.status(staffId);
    },
    async seenRebase(staffId) {
      assertStaffId(staffId);
      if (!drafts.exists(staffId)) return;
      const { rebased: _seen, ...rest } = drafts.state(staffId);
      drafts.saveState(staffId, rest);
    },
    async discard(staffId) {
      assertStaffId(staffId);
      return lock(() => drafts.discard(staffId));
    },
    async undoDiscard(staffId, undo) {
      assertStaffId(staffId);
      if (typeof undo !== 'string' || !/^[0-9a-f-]{36}$/.test(undo)) return false;
      return lock(() => drafts.undoDiscard(staffId, undo));
    },
    async publish(staffId, author, resolutions = {}) {
      assertStaffId(staffId);
      return lock(async () => {
        await wc.ensure();
        const state = await drafts.ensure(staffId);
        const files = await drafts.changedFiles(staffId);
        if (files.length === 0) return { ok: false, kind: 'nothing', message: 'Your draft has no changes to publish.' } satisfies PublishOutcome;
        // The draft as it is at this moment: what is published, even if the person keeps typing meanwhile.
        const snapshot = new Map(files.map((rel) => [rel, drafts.read(staffId, rel)] as const));
        const baseTree = await wc.tree(state.base);
        const { outcome, previous } = await land(
          author,
          async () => {
            const writes = new Map<string, Buffer | undefined>();
            const conflicts: FieldConflict[] = [];
            for (const rel of files) {
              const m = mergeOne(rel, await wc.show(state.base, rel), snapshot.get(rel), readLive(rel), resolutions);
              conflicts.push(...m.conflicts);
              writes.set(rel, m.bytes);
            }
            return conflicts.length > 0 ? { ok: false, outcome: conflictOutcome(conflicts) } : { ok: true, writes };
          },
          (described) => described,
        );
        if (!outcome.ok || !previous) return outcome;
        // Their own draft: what they published is now its base; anything typed since stays on top of it.
        const ownBaseTree = new Map(baseTree);
        for (const [rel, bytes] of snapshot) {
          if (bytes === undefined) ownBaseTree.delete(rel);
          else ownBaseTree.set(rel, blobId(bytes));
        }
        await drafts
          .rebase(staffId, {
            onto: outcome.commit,
            baseTree: ownBaseTree,
            readBase: async (rel) => (snapshot.has(rel) ? snapshot.get(rel) : wc.show(state.base, rel)),
          })
          .catch((e: unknown) => log(`could not refresh the publisher's draft: ${e instanceof Error ? e.message : String(e)}`));
        await rebaseOthers(outcome.commit, author, outcome.message, staffId);
        return outcome;
      });
    },
    async history(o = {}) {
      await freshLive();
      const entries = await wc.log(o.limit ?? 30, o.skip ?? 0);
      return Promise.all(entries.map(entryFor));
    },
    async entry(commit) {
      if (typeof commit !== 'string' || !SHA.test(commit)) return null;
      await wc.ensure();
      if (!(await wc.onLive(commit))) return null;
      const [e] = await wc.logOf(commit);
      return e ? entryFor(e) : null;
    },
    undo(commit, author) {
      return lock(async () => {
        if (typeof commit !== 'string' || !SHA.test(commit))
          return { ok: false, kind: 'nothing', message: 'There is no such change.' } satisfies PublishOutcome;
        // Under the lock, so this fetch is the only one.
        await wc.ensure();
        await wc.fetchLive().catch((e: unknown) => log(e instanceof Error ? e.message : String(e)));
        if (!(await wc.onLive(commit))) return { ok: false, kind: 'nothing', message: 'That change is not on the live site.' } satisfies PublishOutcome;
        const [info] = await wc.logOf(commit);
        if (!info?.parent) return { ok: false, kind: 'nothing', message: 'The first version of the site cannot be undone.' } satisfies PublishOutcome;
        const parent = info.parent;
        const files = await wc.filesChanged(commit);
        if (files.length === 0) return { ok: false, kind: 'nothing', message: 'That change did not touch the site’s content.' } satisfies PublishOutcome;
        const { outcome } = await land(
          author,
          async () => {
            const writes = new Map<string, Buffer | undefined>();
            const conflicts: FieldConflict[] = [];
            for (const rel of files) {
              // The change reversed: from its "after" back to its "before", merged onto whatever is live now.
              const m = mergeOne(rel, await wc.show(commit, rel), await wc.show(parent, rel), readLive(rel), {});
              conflicts.push(...m.conflicts);
              writes.set(rel, m.bytes);
            }
            return conflicts.length > 0 ? { ok: false, outcome: conflictOutcome(conflicts) } : { ok: true, writes };
          },
          () => `Undo “${info.message}”`,
        );
        if (outcome.ok) await rebaseOthers(outcome.commit, author, outcome.message);
        return outcome;
      });
    },
    async buildDraft(staffId, outDir) {
      assertStaffId(staffId);
      if (!drafts.exists(staffId)) await lock(() => drafts.ensure(staffId));
      // A copy as the draft is now, so the person's typing during the build does not mix two versions.
      const temp = join(config.home, 'tmp', randomUUID());
      mkdirSync(temp, { recursive: true });
      const copy = join(temp, CONFIG);
      try {
        cpSync(drafts.configDir(staffId), copy, { recursive: true });
        const problems = check(copy);
        if (problems.length > 0) return { ok: false, message: `The draft has ${plural(problems.length, 'problem')} to fix first.`, diagnostics: problems };
        return await build(copy, outDir);
      } finally {
        rmSync(temp, { recursive: true, force: true });
      }
    },
    async close() {
      // Waits for a publish under way to finish; nothing else holds resources.
      await lock(() => Promise.resolve());
    },
  };
  return publisher;
}
