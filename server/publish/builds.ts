/**
 * Building the site from a config folder into a new folder, and the live build: <home>/builds/<n>/ folders and a
 * `current` link that is swapped in one rename, so no request ever sees a half-written site.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ssrBundleDir } from '../../scripts/lib/answer-pages.ts';
import type { LiveSite } from './types.ts';

export type BuildResult = { ok: true } | { ok: false; message: string };
export type BuildFn = (configDir: string, outDir: string) => Promise<BuildResult>;

/** The last lines of the build's output: enough to say why it failed, without a wall of text. */
function tail(text: string, lines = 30): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** Runs scripts/build.ts in a child process (the service keeps answering while it works) with its output kept for a failure. */
export function buildSite(root: string, configDir: string, outDir: string): Promise<BuildResult> {
  return new Promise((resolveBuild) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', 'build.ts')],
      {
        cwd: root,
        env: { ...process.env, SITEWRIGHT_CONFIG_DIR: configDir, SITEWRIGHT_OUT_DIR: outDir },
        maxBuffer: 32 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        if (!error) return resolveBuild({ ok: true });
        const output = tail(`${String(stdout)}\n${String(stderr)}`);
        resolveBuild({ ok: false, message: `The site could not be built, so nothing was published.${output ? `\n${output}` : ''}` });
      },
    );
  });
}

/** Runs the functions it is given one at a time, in order: two builds at once would fight over the machine and the caches. */
export function oneAtATime(): <T>(task: () => Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export interface LiveBuilds extends LiveSite {
  /** A new, empty folder to build the next version into. */
  nextDir(): string;
  /** Makes `dir` (one of nextDir()'s) the live site in one step, tells the listeners, and removes old builds. */
  switchTo(dir: string): void;
  /** Removes a build that will not go live (failed, or its push was refused). */
  drop(dir: string): void;
}

const KEEP = 3;

export function createLiveBuilds(home: string, root: string): LiveBuilds {
  const buildsDir = join(home, 'builds');
  const link = join(buildsDir, 'current');
  const listeners = new Set<(dir: string) => void>();
  const numbered = () =>
    existsSync(buildsDir)
      ? readdirSync(buildsDir)
          .filter((n) => /^\d+$/.test(n))
          .map(Number)
          .sort((a, b) => a - b)
      : [];
  let current: string | null = (() => {
    try {
      return realpathSync(link);
    } catch {
      return null;
    }
  })();

  const remove = (dir: string) => {
    rmSync(dir, { recursive: true, force: true });
    // The build keeps its server bundle beside node_modules (answer pages use it): it goes with its build.
    rmSync(ssrBundleDir(root, dir), { recursive: true, force: true });
  };

  return {
    dir: () => current,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    nextDir() {
      mkdirSync(buildsDir, { recursive: true });
      const n = (numbered().pop() ?? 0) + 1;
      const dir = join(buildsDir, String(n));
      mkdirSync(dir);
      return dir;
    },
    switchTo(dir) {
      const name = dir.slice(buildsDir.length + 1);
      if (!dir.startsWith(`${buildsDir}/`) || !/^\d+$/.test(name)) throw new Error(`Not a build folder: ${dir}`);
      // A new link under a temporary name, renamed over the old one: rename is atomic, so `current` always points
      // at a whole build.
      const temp = join(buildsDir, `.current-${process.pid}-${Date.now()}`);
      symlinkSync(name, temp);
      renameSync(temp, link);
      current = realpathSync(link);
      for (const l of listeners) l(current);
      const keep = new Set([name, readlinkSync(link)]);
      const all = numbered().map(String);
      for (const n of all.slice(0, Math.max(0, all.length - KEEP))) if (!keep.has(n)) remove(join(buildsDir, n));
    },
    drop(dir) {
      if (dir.startsWith(`${buildsDir}/`) && (!existsSync(dir) || realpathSync(dir) !== current)) remove(dir);
    },
  };
}
