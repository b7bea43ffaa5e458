/**
 * The site's working copy: an ordinary git clone at <home>/repo on the live branch, driven through simple-git (which
 * runs the git command without a shell). Refs come only from the config or from git itself, paths only through
 * paths.ts, and every error is stripped of credentials before anyone sees it.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { simpleGit, type SimpleGit } from 'simple-git';
import type { PublishConfig } from './config.ts';
import type { Author } from './types.ts';
import { assertConfigPath, isConfigPath, withoutCredentials } from './paths.ts';

export const CONFIG = 'site.config';
const SHA = /^[0-9a-f]{40}$/;
/** How many answers about commits (trees, files, changed paths) a working copy keeps in memory. */
const ANSWERS_KEPT = 256;
/** The config files whose bytes at a commit are kept among those answers: text, a few kilobytes each. */
const TEXT_FILE = /\.(json|mdx?)$/;

export interface LogEntry {
  commit: string;
  parent: string | null;
  author: Author;
  date: string;
  message: string;
}

export interface WorkingCopy {
  dir: string;
  /** Where the live branch is: origin/<branch> with a remote, else the local branch. */
  liveRef: string;
  hasRemote: boolean;
  /** Makes the working copy on first use (clone, or an initial commit when the project is not a repository). */
  ensure(): Promise<void>;
  /** Fetches the live branch from the remote (nothing without one). */
  fetchLive(): Promise<void>;
  /** Puts the branch, index and config folder at `ref` (liveRef or a commit id), dropping anything uncommitted. */
  resetTo(ref: string): Promise<void>;
  head(): Promise<string>;
  /** The commit the live branch is at (liveRef), whatever a publish in progress has done to the branch. */
  live(): Promise<string>;
  /** A config file's bytes at a commit, or undefined when it is not there. */
  show(commit: string, rel: string): Promise<Buffer | undefined>;
  /** Config files (paths inside site.config/) and their blob ids at a commit. */
  tree(commit: string): Promise<Map<string, string>>;
  /** Every config file's bytes at a commit, by path inside site.config/. */
  files(commit: string): Promise<Map<string, Buffer>>;
  /** Config files a commit changed compared with its first parent (all of them for a root commit). */
  filesChanged(commit: string): Promise<string[]>;
  /** Commits the given config files (as they are in the folder; missing = deleted) with the person as author and committer. */
  commit(files: string[], author: Author, message: string): Promise<string>;
  /** Pushes the branch without force: 'rejected' when the remote moved on (fetch, merge again and retry). */
  push(): Promise<'pushed' | 'rejected'>;
  log(limit: number, skip: number): Promise<LogEntry[]>;
  /** One commit's entry (an empty list when there is no such commit). */
  logOf(commit: string): Promise<LogEntry[]>;
  /** True when `commit` is a commit of the live branch. */
  onLive(commit: string): Promise<boolean>;
}

/** Git's object id of a file's bytes, to compare a draft's file with a commit's without reading the commit's copy. */
export function blobId(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/**
 * Environment for every git command: what git needs to find its config, credential helpers and SSH agent, and no
 * prompt for a password (a missing credential fails instead of hanging). Nothing else of the service's reaches git.
 */
const GIT_KEYS = ['GIT_TERMINAL_PROMPT', 'GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'GIT_SSH_COMMAND', 'GIT_ASKPASS'];
const PASSED = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'SSH_AUTH_SOCK',
  'GIT_SSH_COMMAND',
  'GIT_ASKPASS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const k of PASSED) if (process.env[k] !== undefined) env[k] = process.env[k];
  env.GIT_TERMINAL_PROMPT = '0';
  return env;
}

function gitIn(dir: string, extraEnv: NodeJS.ProcessEnv = {}): SimpleGit {
  return simpleGit({ baseDir: dir, binary: 'git', maxConcurrentProcesses: 2, allowEnvironment: GIT_KEYS, unsafe: { allowUnsafeAskPass: true } }).env({
    ...baseEnv(),
    ...extraEnv,
  });
}

/**
 * Splits what `git cat-file --batch` printed into each object's bytes, by the id it was asked for: a header line
 * (`<id> <type> <size>`), the object's bytes and a newline, for each id in turn. An id git does not have is an error.
 */
export function parseCatFileBatch(out: Buffer): Map<string, Buffer> {
  const objects = new Map<string, Buffer>();
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(0x0a, at);
    if (end < 0) throw new Error('git cat-file stopped in the middle of a header.');
    const header = out.subarray(at, end).toString('latin1');
    const m = /^([0-9a-f]{40}) (\S+) (\d+)$/.exec(header);
    if (!m) throw new Error(`git cat-file could not read an object: ${header}`);
    const size = Number(m[3]);
    const body = out.subarray(end + 1, end + 1 + size);
    if (body.length !== size || out[end + 1 + size] !== 0x0a) throw new Error(`git cat-file stopped in the middle of ${m[1]}.`);
    objects.set(m[1], Buffer.from(body));
    at = end + 2 + size;
  }
  return objects;
}

/**
 * A cache of the last `limit` answers by key, for questions whose answer never changes. A failed answer is not kept,
 * so the next ask tries again.
 */
export function keptAnswers(limit: number): <V>(key: string, make: () => Promise<V>) => Promise<V> {
  const answers = new Map<string, Promise<unknown>>();
  return <V>(key: string, make: () => Promise<V>): Promise<V> => {
    const held = answers.get(key);
    if (held) {
      // Most recently used last: the first key is the one to let go.
      answers.delete(key);
      answers.set(key, held);
      return held as Promise<V>;
    }
    const answer = make();
    answers.set(key, answer);
    answer.catch(() => answers.get(key) === answer && answers.delete(key));
    for (const oldest of answers.keys()) {
      if (answers.size <= limit) break;
      answers.delete(oldest);
    }
    return answer;
  };
}

/** The objects `ids` name, read by one git process: a site has dozens of files, and each process costs a fork. */
function catFileBatch(dir: string, ids: string[]): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', '--batch'], { cwd: dir, env: baseEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`git cat-file failed: ${Buffer.concat(err).toString().trim()}`));
      try {
        resolve(parseCatFileBatch(Buffer.concat(out)));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(ids.map((id) => `${id}\n`).join(''));
  });
}

/** Git's error, without credentials, as one readable line or a few. */
export function gitError(e: unknown, doing: string): Error {
  const text = e instanceof Error ? e.message : String(e);
  return new Error(`${doing}: ${withoutCredentials(text).trim()}`);
}

/** Names and emails go into commit headers: no angle brackets or line breaks. */
const clean = (s: string) => s.replace(/[<>\r\n\0]/g, ' ').trim() || 'Unknown';

export function createWorkingCopy(config: PublishConfig): WorkingCopy {
  const dir = config.repoDir;
  const hasRemote = Boolean(config.remote);
  let branch = config.branch;
  let liveRef = hasRemote ? `origin/${branch}` : branch;
  /** Without SITEWRIGHT_GIT_BRANCH the live branch is the one the clone checked out: the remote's default. */
  const followCheckedOut = async () => {
    if (config.branchGiven !== false) return;
    const name = (await git().raw(['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(name) || name.includes('..') || name === 'HEAD') return;
    branch = name;
    liveRef = hasRemote ? `origin/${branch}` : branch;
  };
  let ready: Promise<void> | null = null;
  const remoteUrl = () => {
    if (!config.remote) throw new Error('There is no remote to talk to.');
    return config.remote;
  };
  const git = () => gitIn(dir);
  /**
   * What git says of a commit id (its tree, a file, what it changed) never changes. The editor asks again on every
   * draft status and history page, so the last answers are kept rather than a git process started for each.
   */
  const kept = keptAnswers(ANSWERS_KEPT);
  const checkRef = (ref: string) => {
    if (ref !== liveRef && ref !== branch && !SHA.test(ref)) throw new Error(`Not a ref the service makes: ${ref}`);
    return ref;
  };

  async function make(): Promise<void> {
    if (existsSync(join(dir, '.git'))) {
      // A service stopped in the middle of a publish may have left files written but not committed.
      await git().raw(['reset', '--hard', '-q', 'HEAD']);
      await git().raw(['clean', '-fdq', '--', CONFIG]);
      await followCheckedOut();
      return;
    }
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dirname(dir), { recursive: true });
    if (config.remote) {
      await gitIn(dirname(dir))
        .clone(config.remote, dir, [...(config.branchGiven !== false ? ['--branch', branch] : []), '--single-branch', '--no-tags'])
        .catch((e: unknown) => {
          rmSync(dir, { recursive: true, force: true });
          throw gitError(e, 'Could not copy the site from the remote');
        });
      // The clone's config keeps the address without any user:password in it; fetch and push are given the full
      // address each time, from the environment.
      await git().remote(['set-url', 'origin', withoutCredentials(config.remote)]);
      await followCheckedOut();
      return;
    }
    // Without a remote the service works on a clone of the project's own repository, which then forgets where it came
    // from, so nothing is ever pushed anywhere.
    if (existsSync(join(config.root, '.git'))) {
      const hasBranch = await gitIn(config.root)
        .raw(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])
        .then(
          (s) => s.trim() !== '',
          () => false,
        );
      await gitIn(dirname(dir)).clone(config.root, dir, [...(hasBranch ? ['--branch', branch] : []), '--single-branch', '--no-tags']);
      if (!hasBranch) await git().raw(['checkout', '-q', '-B', branch]);
      await git().removeRemote('origin');
      return;
    }
    mkdirSync(join(dir, CONFIG), { recursive: true });
    await git().init(['--initial-branch', branch]);
    cpSync(join(config.root, CONFIG), join(dir, CONFIG), { recursive: true });
    const installer = { name: 'Sitewright', email: 'sitewright@localhost' };
    const g = gitIn(dir, {
      GIT_AUTHOR_NAME: installer.name,
      GIT_AUTHOR_EMAIL: installer.email,
      GIT_COMMITTER_NAME: installer.name,
      GIT_COMMITTER_EMAIL: installer.email,
    });
    await g.raw(['add', '--', CONFIG]);
    await g.raw(['commit', '--no-verify', '--no-gpg-sign', '-q', '-m', 'Site content as installed']);
  }

  const SEP = '\x1f';
  async function readLog(args: string[]): Promise<LogEntry[]> {
    const out = await git().raw(['log', `--format=%H${SEP}%P${SEP}%an${SEP}%ae${SEP}%aI${SEP}%s%x00`, ...args, '--']);
    return out
      .split('\0')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((rec) => {
        const [commit, parents, name, email, date, message] = rec.split(SEP);
        return { commit, parent: parents.split(' ')[0] || null, author: { name, email }, date, message };
      });
  }

  const wc: WorkingCopy = {
    dir,
    get liveRef() {
      return liveRef;
    },
    hasRemote,
    ensure() {
      ready ??= make().catch((e: unknown) => {
        ready = null;
        throw e;
      });
      return ready;
    },
    async fetchLive() {
      if (!hasRemote) return;
      await git()
        .raw(['fetch', '--no-tags', '--quiet', remoteUrl(), `+refs/heads/${branch}:refs/remotes/origin/${branch}`])
        .catch((e: unknown) => {
          throw gitError(e, 'Could not fetch the live site from the remote');
        });
    },
    async resetTo(ref) {
      await git().raw(['reset', '--hard', checkRef(ref)]);
      await git().raw(['clean', '-fdq', '--', CONFIG]);
    },
    async head() {
      return (await git().revparse(['HEAD'])).trim();
    },
    async live() {
      return (await git().revparse([`${liveRef}^{commit}`])).trim();
    },
    async show(commit, rel) {
      assertConfigPath(rel);
      if (!SHA.test(commit)) throw new Error(`Not a commit id: ${commit}`);
      const read = () =>
        git()
          .showBuffer([`${commit}:${CONFIG}/${rel}`])
          .then(
            (b) => b,
            () => undefined,
          );
      // Pages, forms and settings are kept; pictures, which may be large and are rarely read again, are not.
      if (!TEXT_FILE.test(rel)) return read();
      const bytes = await kept(`show ${commit}:${rel}`, read);
      return bytes && Buffer.from(bytes);
    },
    async tree(commit) {
      if (!SHA.test(commit)) throw new Error(`Not a commit id: ${commit}`);
      const files = await kept(`tree ${commit}`, async () => {
        const out = await git().raw(['ls-tree', '-r', '-z', commit, '--', `${CONFIG}/`]);
        const found = new Map<string, string>();
        for (const line of out.split('\0')) {
          const m = /^\d+ blob ([0-9a-f]{40})\t(.+)$/s.exec(line);
          if (!m) continue;
          const rel = m[2].slice(CONFIG.length + 1);
          if (isConfigPath(rel)) found.set(rel, m[1]);
        }
        return found;
      });
      // A copy: the caller may change its map, never the one kept.
      return new Map(files);
    },
    async files(commit) {
      const tree = await wc.tree(commit);
      const blobs = tree.size ? await catFileBatch(dir, [...new Set(tree.values())]) : new Map<string, Buffer>();
      const files = new Map<string, Buffer>();
      for (const [rel, id] of tree) {
        const bytes = blobs.get(id);
        if (!bytes) throw new Error(`${CONFIG}/${rel} could not be read from the commit ${commit}.`);
        files.set(rel, bytes);
      }
      return files;
    },
    async filesChanged(commit) {
      if (!SHA.test(commit)) throw new Error(`Not a commit id: ${commit}`);
      const out = await kept(`changed ${commit}`, () =>
        git().raw(['show', '--no-renames', '--format=', '--name-only', '-z', '--first-parent', '-m', commit, '--', `${CONFIG}/`]),
      );
      const files = out
        .split('\0')
        .map((s) => s.trim())
        .filter((p) => p.startsWith(`${CONFIG}/`))
        .map((p) => p.slice(CONFIG.length + 1))
        .filter(isConfigPath);
      return [...new Set(files)];
    },
    async commit(files, author, message) {
      const present: string[] = [];
      const gone: string[] = [];
      for (const rel of files) (existsSync(join(dir, CONFIG, assertConfigPath(rel))) ? present : gone).push(`${CONFIG}/${rel}`);
      const who = { name: clean(author.name), email: clean(author.email) };
      const g = gitIn(dir, { GIT_AUTHOR_NAME: who.name, GIT_AUTHOR_EMAIL: who.email, GIT_COMMITTER_NAME: who.name, GIT_COMMITTER_EMAIL: who.email });
      if (present.length) await g.raw(['add', '--', ...present]);
      if (gone.length) await g.raw(['rm', '--cached', '--ignore-unmatch', '-q', '--', ...gone]);
      await g.raw(['commit', '--no-verify', '--no-gpg-sign', '-q', '-m', message]);
      return (await g.revparse(['HEAD'])).trim();
    },
    async push() {
      if (!hasRemote) return 'pushed';
      try {
        await git().raw(['push', remoteUrl(), `refs/heads/${branch}:refs/heads/${branch}`]);
        // Pushed by address, not by remote name, so git does not move the remote-tracking branch by itself.
        await git().raw(['update-ref', `refs/remotes/origin/${branch}`, `refs/heads/${branch}`]);
        return 'pushed';
      } catch (e) {
        const text = e instanceof Error ? e.message : String(e);
        if (/\[rejected\]|non-fast-forward|fetch first|\[remote rejected\].*(stale|cannot lock)/i.test(text)) return 'rejected';
        throw gitError(e, 'Could not push to the remote');
      }
    },
    async log(limit, skip) {
      return readLog([`--max-count=${Math.max(1, Math.floor(limit))}`, `--skip=${Math.max(0, Math.floor(skip))}`, '--first-parent', liveRef]);
    },
    async logOf(commit) {
      if (!SHA.test(commit)) return [];
      return readLog(['--max-count=1', commit]).catch(() => []);
    },
    async onLive(commit) {
      if (!SHA.test(commit)) return false;
      return git()
        .raw(['merge-base', '--is-ancestor', commit, liveRef])
        .then(
          () => true,
          () => false,
        );
    },
  };
  return wc;
}

/** Files under a folder, as paths relative to it with "/" (for drafts and builds). */
export function filesUnder(base: string, sub = ''): string[] {
  const out: string[] = [];
  const at = join(base, sub);
  if (!existsSync(at)) return out;
  for (const e of readdirSync(at, { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesUnder(base, rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
