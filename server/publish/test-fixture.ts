/**
 * Tests' site repository: a bare repository seeded from this project's site.config/ (plus a README a developer owns),
 * served over HTTP on loopback by git http-backend, and a publisher on it with a stand-in build.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { REPO_ROOT } from '../config.ts';
import { startGitHttp, type GitHttp } from '../../tests/helpers/git-http.ts';
import type { PublishConfig } from './config.ts';
import { createPublisher } from './publisher.ts';
import type { BuildFn } from './builds.ts';
import type { Author, Publisher } from './types.ts';
import { editJsonText } from '../../editor/server/json-edit.ts';

const run = promisify(execFile);

export const DEVELOPER: Author = { name: 'Dev Eloper', email: 'dev@buildpad.example' };

/** Runs git with fixed arguments in a test folder, as the developer. */
export async function git(cwd: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: DEVELOPER.name,
      GIT_AUTHOR_EMAIL: DEVELOPER.email,
      GIT_COMMITTER_NAME: DEVELOPER.name,
      GIT_COMMITTER_EMAIL: DEVELOPER.email,
      GIT_TERMINAL_PROMPT: '0',
    },
  });
  return stdout;
}

/** A stand-in for the site's build: copies the config into the output, or fails when told to; `hold` keeps it building. */
export function fakeBuild(state: { fail?: string; builds: number; hold?: Promise<void> }): BuildFn {
  return async (configDir, outDir) => {
    state.builds++;
    await state.hold;
    if (state.fail) return { ok: false, message: state.fail };
    mkdirSync(outDir, { recursive: true });
    cpSync(configDir, join(outDir, 'config'), { recursive: true });
    return { ok: true };
  };
}

export interface Site {
  tmp: string;
  bare: string;
  server: GitHttp;
  remote: string;
  config: PublishConfig;
  build: { fail?: string; builds: number; hold?: Promise<void> };
  logs: string[];
  /** What the next push will find: a developer's commit pushed straight to the bare repository first (once). */
  devCommitBeforeNextPush(file: string, text: string): void;
  publisher(): Promise<Publisher>;
  /** Commits a change to the bare repository as a developer would (clone, commit, push). */
  devCommit(file: string, text: string, message: string): Promise<string>;
  /** A file's text on the remote's live branch (a path in the repository). */
  remoteFile(file: string): Promise<string>;
  /** A config file's text on the remote's live branch (a path inside site.config/). */
  remoteConfig(rel: string): Promise<string>;
  remoteHead(): Promise<string>;
  close(): Promise<void>;
}

export async function makeSite(opts: { credentials?: string } = {}): Promise<Site> {
  const tmp = mkdtempSync(join(tmpdir(), 'sw-publish-'));
  const seed = join(tmp, 'seed');
  mkdirSync(seed);
  cpSync(join(REPO_ROOT, 'site.config'), join(seed, 'site.config'), { recursive: true });
  writeFileSync(join(seed, 'README.md'), 'The site.\n');
  await git(seed, 'init', '-q', '--initial-branch', 'main');
  await git(seed, 'add', '.');
  await git(seed, 'commit', '-q', '-m', 'The site as it was');
  const remotes = join(tmp, 'remotes');
  const bare = join(remotes, 'site.git');
  mkdirSync(remotes);
  await git(tmp, 'clone', '-q', '--bare', seed, bare);
  await git(bare, 'config', 'http.receivepack', 'true');
  let pending: { file: string; text: string } | null = null;
  let devN = 0;
  const devCommit = async (file: string, text: string, message: string) => {
    const work = join(tmp, `dev-${++devN}`);
    await git(tmp, 'clone', '-q', bare, work);
    mkdirSync(join(work, file, '..'), { recursive: true });
    writeFileSync(join(work, file), text);
    await git(work, 'add', '--', file);
    await git(work, 'commit', '-q', '-m', message);
    await git(work, 'push', '-q', 'origin', 'main');
    const head = (await git(work, 'rev-parse', 'HEAD')).trim();
    rmSync(work, { recursive: true, force: true });
    return head;
  };
  const server = await startGitHttp({
    root: remotes,
    beforeReceive: async () => {
      if (!pending) return;
      const p = pending;
      pending = null;
      await devCommit(p.file, p.text, 'A developer’s change pushed meanwhile');
    },
  });
  const remote = opts.credentials ? server.url.replace('http://', `http://${opts.credentials}@`) + '/site.git' : `${server.url}/site.git`;
  const home = join(tmp, 'home');
  const config: PublishConfig = { root: REPO_ROOT, home, repoDir: join(home, 'repo'), branch: 'main', remote, editorDir: join(tmp, 'no-editor') };
  const build = { builds: 0 } as Site['build'];
  const logs: string[] = [];
  const publishers: Publisher[] = [];
  return {
    tmp,
    bare,
    server,
    remote,
    config,
    build,
    logs,
    devCommitBeforeNextPush(file, text) {
      pending = { file, text };
    },
    async publisher() {
      const p = await createPublisher({ config, build: fakeBuild(build), log: (l) => logs.push(l) });
      publishers.push(p);
      return p;
    },
    devCommit,
    remoteFile: (file) => git(bare, 'show', `main:${file}`),
    remoteConfig: (rel) => git(bare, 'show', `main:site.config/${rel}`),
    remoteHead: async () => (await git(bare, 'rev-parse', 'main')).trim(),
    async close() {
      for (const p of publishers) await p.close();
      await server.close();
      if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
    },
  };
}

export const newStaffId = (): string => randomUUID();

/** Edits a JSON config file of a draft folder through a function of its data, written in the repository's style. */
export function editJson(configDir: string, rel: string, edit: (doc: Record<string, unknown>) => void): void {
  const path = join(configDir, rel);
  const text = readFileSync(path, 'utf8');
  const doc = JSON.parse(text) as Record<string, unknown>;
  edit(doc);
  // As the editor saves: only what changed, in the file's own formatting.
  writeFileSync(path, editJsonText(text, doc));
}

/** The owner page's blocks, for edits in tests. */
export type Block = Record<string, unknown>;
export const blocks = (doc: Record<string, unknown>): Block[] => doc.blocks as Block[];
