import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * A ChunkCache names the module it loads by its path (`source`), which the build's list of lazy files uses as its
 * key: a module moved or renamed without its `source` would quietly lose its fetching whole (and "Try again").
 */
describe('the modules ChunkCaches name as their source', () => {
  const files = ['renderer', 'blocks'].flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(dir, f)),
  );
  const named = files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/source: \(\) => '([^']+)'/g)].map((m) => ({ file, source: m[1] })),
  );

  it('are found in the code', () => {
    expect(named.map((n) => n.source).sort()).toEqual([
      'blocks/Scheduler/calendly.ts',
      'blocks/VideoDialog/player.ts',
      'renderer/forms/FormRenderer.tsx',
      'renderer/forms/toastify.ts',
      'renderer/ui/carousel-swiper.ts',
    ]);
  });

  it.each(named)('$source (named in $file) exists, and is the module the cache imports', ({ file, source }) => {
    expect(existsSync(join(root, source))).toBe(true);
    const fromFile = relative(join(root, file, '..'), join(root, source));
    expect(readFileSync(join(root, file), 'utf8')).toContain(`import('./${fromFile}')`);
  });
});
