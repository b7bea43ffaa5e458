import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { clusterCachePath, hasCluster, seedNewCluster } from './initialised-cluster.ts';

// A cold start of a new embedded database, then two copies: the runner's limit, not a performance one.
vi.setConfig({ testTimeout: 120_000 });

const work = mkdtempSync(join(tmpdir(), 'sitewright-cluster-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const dir = (name: string) => {
  const d = join(work, name);
  mkdirSync(d, { recursive: true });
  return d;
};

describe('a new data directory seeded from the initialised cluster', () => {
  const cache = join(work, 'cache', 'pglite-cluster');

  it('gets a cluster PGlite opens as its own, made once and then copied', async () => {
    const first = dir('first');
    writeFileSync(join(first, 'service.lock'), 'held');
    expect(await seedNewCluster(first, cache)).toBe(true);
    expect(hasCluster(cache)).toBe(true);
    expect(hasCluster(first)).toBe(true);
    // What the directory held before stays.
    expect(readFileSync(join(first, 'service.lock'), 'utf8')).toBe('held');

    const made = statSync(join(cache, 'PG_VERSION')).mtimeMs;
    const second = dir('second');
    expect(await seedNewCluster(second, cache)).toBe(true);
    expect(statSync(join(cache, 'PG_VERSION')).mtimeMs).toBe(made);

    // Each copy is a database of its own: what one stores, the other does not see.
    const a = new PGlite(first);
    const b = new PGlite(second);
    await a.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (1)');
    expect((await a.query<{ n: number }>('SELECT n FROM t')).rows).toEqual([{ n: 1 }]);
    await expect(b.query('SELECT n FROM t')).rejects.toThrow(/does not exist/);
    await Promise.all([a.close(), b.close()]);
  });

  it('leaves a directory that already holds a database alone', async () => {
    const own = dir('own');
    writeFileSync(join(own, 'PG_VERSION'), '17\n');
    expect(await seedNewCluster(own, cache)).toBe(false);
    expect(readFileSync(join(own, 'PG_VERSION'), 'utf8')).toBe('17\n');
  });

  it('gives up without a cache it can write, so PGlite initialises the directory itself', async () => {
    const blocked = join(work, 'not-a-folder');
    writeFileSync(blocked, '');
    const plain = dir('plain');
    expect(await seedNewCluster(plain, join(blocked, 'pglite-cluster'))).toBe(false);
    expect(hasCluster(plain)).toBe(false);
    expect(await seedNewCluster(plain, null)).toBe(false);
  });

  it("keeps the cache per PGlite version, under the project's node_modules/.cache", () => {
    const root = dir('project');
    expect(clusterCachePath(root)).toBeNull();
    mkdirSync(join(root, 'node_modules', '@electric-sql', 'pglite'), { recursive: true });
    writeFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), JSON.stringify({ version: '9.8.7' }));
    expect(clusterCachePath(root)).toBe(join(root, 'node_modules', '.cache', 'sitewright', 'pglite-9.8.7-cluster'));
  });
});
