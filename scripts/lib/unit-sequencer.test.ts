// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { heavierFirst, isSlowTestSource, type FileWeight } from './unit-sequencer.ts';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the unit files’ order without timings', () => {
  it('knows the files that start a process, a database, a git remote or a build', () => {
    for (const file of ['scripts/build.test.ts', 'server/publish/publisher.test.ts', 'server/admin/auth/routes.test.ts', 'scripts/validate-cli.test.ts'])
      expect(isSlowTestSource(read(file)), file).toBe(true);
    for (const file of ['renderer/shell/beacon.test.ts', 'scripts/lib/config/ids.test.ts']) expect(isSlowTestSource(read(file)), file).toBe(false);
  });

  it('starts slow work first, then larger files', () => {
    const files: (FileWeight & { name: string })[] = [
      { name: 'small pure', slow: false, size: 100 },
      { name: 'large pure', slow: false, size: 9000 },
      { name: 'small slow', slow: true, size: 200 },
      { name: 'large slow', slow: true, size: 5000 },
    ];
    expect(files.sort(heavierFirst).map((f) => f.name)).toEqual(['large slow', 'small slow', 'large pure', 'small pure']);
  });
});
