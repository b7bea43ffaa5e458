/**
 * The order the unit-test files start in. Vitest starts the files that took longest last time first, from its cache;
 * a fresh clone (every CI run) has no cache, and vitest then starts the largest files first, which put a few slow
 * files (a real build, a git remote, a database, a child process) at the end of the run, with one core idle behind
 * them. Without timings, this starts the files that do such work first, largest first; with timings, vitest's order.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What makes a test file slow whatever its size: it starts processes, databases, servers, builds or a git remote. */
const SLOW_WORK = /child_process|test-backends|test-fixture|smtp-server|scripts\/build|startServer|serve\.ts/;

export const isSlowTestSource = (source: string): boolean => SLOW_WORK.test(source);

/** A file as the order needs it: whether it does slow work, and its size in characters. */
export interface FileWeight {
  slow: boolean;
  size: number;
}

/** Negative when `a` should start before `b`: slow work first, then the larger file. */
export function heavierFirst(a: FileWeight, b: FileWeight): number {
  if (a.slow !== b.slow) return a.slow ? -1 : 1;
  return b.size - a.size;
}

export class SlowWorkFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    // With a duration for every file, vitest's own order (longest first) is the better one.
    if (files.every((spec) => this.ctx.cache.getFileTestResults(key(spec)))) return super.sort(files);
    const weights = new Map<string, FileWeight>();
    const weight = (spec: TestSpecification): FileWeight => {
      let w = weights.get(spec.moduleId);
      if (!w) {
        const source = readFileSync(spec.moduleId, 'utf8');
        w = { slow: isSlowTestSource(source), size: source.length };
        weights.set(spec.moduleId, w);
      }
      return w;
    };
    // A project's files stay together, as in vitest's order (a worker that shares its modules is made once), and the
    // projects with more slow files go first, so that no slow file waits behind every quick file of another project.
    const slowFiles = new Map<string, number>();
    for (const spec of files) slowFiles.set(spec.project.name, (slowFiles.get(spec.project.name) ?? 0) + (weight(spec).slow ? 1 : 0));
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name)
        return slowFiles.get(b.project.name)! - slowFiles.get(a.project.name)! || (a.project.name < b.project.name ? -1 : 1);
      return heavierFirst(weight(a), weight(b));
    });
  }
}
