// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { buildSite, createLiveBuilds, oneAtATime } from './builds.ts';
import { ssrBundleDir } from '../../scripts/lib/answer-pages.ts';

// One real build of the whole site (about 10 s alone, more on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});
const temp = (prefix: string) => {
  const t = mkdtempSync(join(tmpdir(), prefix));
  temps.push(t);
  return t;
};

describe('the live build', () => {
  it('switches the current link in one step, tells listeners, and keeps the last three builds', () => {
    const home = temp('sw-live-');
    const live = createLiveBuilds(home, REPO_ROOT);
    expect(live.dir()).toBeNull();
    const seen: string[] = [];
    const stop = live.onChange((d) => seen.push(d));
    const dirs: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const d = live.nextDir();
      writeFileSync(join(d, 'index.html'), `version ${i}`);
      live.switchTo(d);
      dirs.push(d);
      expect(readFileSync(join(live.dir()!, 'index.html'), 'utf8')).toBe(`version ${i}`);
    }
    expect(dirs.map((d) => d.split('/').pop())).toEqual(['1', '2', '3', '4', '5']);
    expect(seen).toEqual(dirs);
    expect(readlinkSync(join(home, 'builds', 'current'))).toBe('5');
    expect(dirs.map((d) => existsSync(d))).toEqual([false, false, true, true, true]);
    stop();
    live.switchTo(live.nextDir());
    expect(seen).toHaveLength(5);
    // A new service on the same folder serves what was live.
    expect(createLiveBuilds(home, REPO_ROOT).dir()).toBe(join(home, 'builds', '6'));
  });

  it('drops a build that will not go live, but never the live one', () => {
    const home = temp('sw-live-');
    const live = createLiveBuilds(home, REPO_ROOT);
    const a = live.nextDir();
    live.switchTo(a);
    const b = live.nextDir();
    live.drop(b);
    expect(existsSync(b)).toBe(false);
    live.drop(a);
    expect(existsSync(a)).toBe(true);
    expect(() => live.switchTo(join(home, 'elsewhere'))).toThrow(/Not a build folder/);
  });

  it('runs queued tasks one at a time, in order, even after a failure', async () => {
    const queue = oneAtATime();
    const order: string[] = [];
    let running = 0;
    const task = (name: string, fail = false) =>
      queue(async () => {
        running++;
        expect(running).toBe(1);
        await new Promise((r) => setImmediate(r));
        order.push(name);
        running--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([task('a'), task('b', true), task('c')]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});

describe('buildSite', () => {
  it('builds a config folder into an absolute folder outside the project, and says why when it cannot', async () => {
    const work = temp('sw-build-');
    const configDir = join(work, 'site.config');
    cpSync(join(REPO_ROOT, 'site.config'), configDir, { recursive: true });
    const page = join(configDir, 'pages/owner.json');
    writeFileSync(page, readFileSync(page, 'utf8').replace('Build your dream project remotely, on time and on budget', 'Built from a draft folder'));
    const out = join(work, 'out');
    try {
      expect(await buildSite(REPO_ROOT, configDir, out)).toEqual({ ok: true });
      expect(readFileSync(join(out, 'owner/index.html'), 'utf8')).toContain('Built from a draft folder');
      expect(existsSync(join(out, 'favicon.svg'))).toBe(true);
    } finally {
      rmSync(ssrBundleDir(REPO_ROOT, out), { recursive: true, force: true });
    }

    writeFileSync(page, '{ "route": ');
    const failed = await buildSite(REPO_ROOT, configDir, join(work, 'out2'));
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.message).toMatch(/^The site could not be built, so nothing was published\./);
    expect(failed.message).toMatch(/owner\.json/);
  });
});
