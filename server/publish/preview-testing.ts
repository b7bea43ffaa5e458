/** Test helpers for preview links: a publisher whose only working part builds a tiny site, and a config in a temp folder. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PublishConfig } from './config.ts';
import type { Publisher } from './types.ts';

const notHere = (what: string) => () => Promise.reject(new Error(`the fake publisher has no ${what}`));

export type FakeBuild = (
  staffId: string,
  outDir: string,
) => Awaited<ReturnType<Publisher['buildDraft']>> | Promise<Awaited<ReturnType<Publisher['buildDraft']>>>;

/** Writes `files` (path → text) into outDir: a build as small as a test needs. */
export function writeBuild(outDir: string, files: Record<string, string | Buffer>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(outDir, name)), { recursive: true });
    writeFileSync(join(outDir, name), text);
  }
}

/** A publisher whose buildDraft writes an index.html naming the staff member (or does what `build` says). */
export function fakePublisher(build?: FakeBuild): Publisher & { builds: string[] } {
  const builds: string[] = [];
  return {
    builds,
    buildDraft: async (staffId, outDir) => {
      builds.push(outDir);
      if (build) return build(staffId, outDir);
      writeBuild(outDir, { 'index.html': `<!doctype html><html><head><title>Draft of ${staffId}</title></head><body>draft</body></html>` });
      return { ok: true };
    },
    draft: notHere('draft'),
    seenRebase: notHere('seenRebase'),
    discard: notHere('discard'),
    undoDiscard: notHere('undoDiscard'),
    publish: notHere('publish'),
    history: notHere('history'),
    entry: notHere('entry'),
    undo: notHere('undo'),
    live: { dir: () => null, onChange: () => () => undefined },
    refresh: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

export function testPublishConfig(home: string): PublishConfig {
  return { root: process.cwd(), home, repoDir: join(home, 'repo'), branch: 'main', editorDir: join(home, 'dist-editor') };
}
