// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { blobId, createWorkingCopy, keptAnswers, parseCatFileBatch } from './git.ts';
import type { PublishConfig } from './config.ts';
import { git } from './test-fixture.ts';

vi.setConfig({ testTimeout: 120_000 });

const temps: string[] = [];
afterEach(() => {
  for (const t of temps.splice(0)) rmSync(t, { recursive: true, force: true });
});
function configFor(root: string, remote?: string): PublishConfig {
  const home = mkdtempSync(join(tmpdir(), 'sw-wc-'));
  temps.push(home);
  return { root, home, repoDir: join(home, 'repo'), branch: 'main', remote, editorDir: join(home, 'none') };
}

/** A project that is not a repository (site.config/ only) and its working copy, made. */
async function installedCopy() {
  const root = mkdtempSync(join(tmpdir(), 'sw-root-'));
  temps.push(root);
  cpSync(join(REPO_ROOT, 'site.config'), join(root, 'site.config'), { recursive: true });
  const wc = createWorkingCopy(configFor(root));
  await wc.ensure();
  return { root, wc };
}

describe('the working copy without a remote', () => {
  it('clones the project’s own repository and forgets where it came from, so nothing is pushed', async () => {
    const wc = createWorkingCopy(configFor(REPO_ROOT));
    await wc.ensure();
    expect((await git(wc.dir, 'remote')).trim()).toBe('');
    expect((await git(wc.dir, 'branch', '--show-current')).trim()).toBe('main');
    expect(existsSync(join(wc.dir, 'site.config', 'site.json'))).toBe(true);
    expect(wc.hasRemote).toBe(false);
    expect(await wc.push()).toBe('pushed');
  });

  it('starts a repository with the installed content when the project is not one', async () => {
    const { root, wc } = await installedCopy();
    const [entry] = await wc.log(5, 0);
    expect(entry.message).toBe('Site content as installed');
    const tree = await wc.tree(entry.commit);
    expect(tree.get('pages/owner.json')).toBe(blobId(readFileSync(join(root, 'site.config/pages/owner.json'))));
    expect(await wc.filesChanged(entry.commit)).toContain('site.json');
  });

  it('reads every config file of a commit byte for byte, pictures included, as git show reads each', async () => {
    const { root, wc } = await installedCopy();
    const [first] = await wc.log(1, 0);
    writeFileSync(join(wc.dir, 'site.config/pages/owner.json'), '{ "changed": true }\n');
    const second = await wc.commit(['pages/owner.json'], { name: 'A', email: 'a@b.example' }, 'Owner changed');

    const files = await wc.files(first.commit);
    expect([...files.keys()].sort()).toEqual([...(await wc.tree(first.commit)).keys()].sort());
    expect(files.size).toBeGreaterThan(20);
    for (const [rel, bytes] of files) expect(bytes.equals(readFileSync(join(root, 'site.config', rel))), rel).toBe(true);
    expect((await wc.files(second)).get('pages/owner.json')?.toString()).toBe('{ "changed": true }\n');
    expect((await wc.files(first.commit)).get('pages/owner.json')?.equals(readFileSync(join(root, 'site.config/pages/owner.json')))).toBe(true);
  });
});

describe('keptAnswers', () => {
  it('asks once per key, lets the least recently used go past the limit, and asks again after a failure', async () => {
    const kept = keptAnswers(2);
    const asked: string[] = [];
    const ask = (key: string) => kept(key, async () => (asked.push(key), `${key}!`));
    expect(await ask('a')).toBe('a!');
    expect(await ask('a')).toBe('a!');
    await ask('b');
    await ask('a');
    await ask('c');
    await ask('a');
    await ask('b');
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
    let tries = 0;
    const flaky = () => kept('f', async () => (++tries === 1 ? Promise.reject(new Error('no')) : 'yes'));
    await expect(flaky()).rejects.toThrow('no');
    expect(await flaky()).toBe('yes');
    expect(tries).toBe(2);
  });
});

describe('parseCatFileBatch', () => {
  const id = (c: string) => c.repeat(40);
  it('splits objects by their sizes, whatever bytes (newlines, binary) they hold', () => {
    const a = Buffer.from('line one\nline two\n');
    const b = Buffer.from([0, 10, 255, 10]);
    const out = Buffer.concat([
      Buffer.from(`${id('a')} blob ${a.length}\n`),
      a,
      Buffer.from('\n'),
      Buffer.from(`${id('b')} blob ${b.length}\n`),
      b,
      Buffer.from('\n'),
    ]);
    const objects = parseCatFileBatch(out);
    expect(objects.get(id('a'))?.equals(a)).toBe(true);
    expect(objects.get(id('b'))?.equals(b)).toBe(true);
    expect(objects.size).toBe(2);
  });
  it('refuses a missing object and an output cut short', () => {
    expect(() => parseCatFileBatch(Buffer.from(`${id('c')} missing\n`))).toThrow(/could not read an object/);
    expect(() => parseCatFileBatch(Buffer.from(`${id('a')} blob 10\nshort\n`))).toThrow(/in the middle of/);
    expect(parseCatFileBatch(Buffer.alloc(0)).size).toBe(0);
  });
});

describe('a working copy left by a stopped service', () => {
  it('drops files a publish wrote but did not commit, the first time it is used again', async () => {
    const root = mkdtempSync(join(tmpdir(), 'sw-root-'));
    temps.push(root);
    cpSync(join(REPO_ROOT, 'site.config'), join(root, 'site.config'), { recursive: true });
    const config = configFor(root);
    await createWorkingCopy(config).ensure();
    const page = join(config.repoDir, 'site.config/pages/owner.json');
    const committed = readFileSync(page, 'utf8');
    writeFileSync(page, '{ "half": ');
    writeFileSync(join(config.repoDir, 'site.config/pages/stray.json'), '{}');
    await createWorkingCopy(config).ensure();
    expect(readFileSync(page, 'utf8')).toBe(committed);
    expect(existsSync(join(config.repoDir, 'site.config/pages/stray.json'))).toBe(false);
  });
});

describe('what the working copy refuses', () => {
  async function ready() {
    const root = mkdtempSync(join(tmpdir(), 'sw-root-'));
    temps.push(root);
    mkdirSync(join(root, 'site.config', 'pages'), { recursive: true });
    writeFileSync(join(root, 'site.config', 'site.json'), '{}\n');
    const wc = createWorkingCopy(configFor(root));
    await wc.ensure();
    return { wc, head: await wc.head() };
  }

  it('takes only commit ids and its own branch as refs', async () => {
    const { wc, head } = await ready();
    await expect(wc.resetTo('HEAD~1')).rejects.toThrow(/Not a ref the service makes/);
    await expect(wc.resetTo('--hard')).rejects.toThrow(/Not a ref the service makes/);
    await expect(wc.resetTo('origin/other')).rejects.toThrow(/Not a ref the service makes/);
    await expect(wc.show('HEAD', 'site.json')).rejects.toThrow(/Not a commit id/);
    await expect(wc.tree('main')).rejects.toThrow(/Not a commit id/);
    await expect(wc.filesChanged('--all')).rejects.toThrow(/Not a commit id/);
    expect(await wc.onLive('--all')).toBe(false);
    expect(await wc.logOf('HEAD')).toEqual([]);
    await wc.resetTo(head);
    await wc.resetTo('main');
  });

  it('reads and commits only config files inside site.config/', async () => {
    const { wc, head } = await ready();
    await expect(wc.show(head, '../package.json')).rejects.toThrow(/leaves/);
    await expect(wc.show(head, '.git/config')).rejects.toThrow(/not a file the checker reads/);
    await expect(wc.commit(['../README.md'], { name: 'A', email: 'a@b.example' }, 'x')).rejects.toThrow(/leaves/);
    await expect(wc.commit(['/etc/passwd'], { name: 'A', email: 'a@b.example' }, 'x')).rejects.toThrow(/absolute/);
  });

  it('commits with the person as author and committer, whatever their name holds', async () => {
    const { wc } = await ready();
    writeFileSync(join(wc.dir, 'site.config', 'pages', 'new.json'), '{ "route": "/new" }\n');
    const commit = await wc.commit(['pages/new.json'], { name: 'Ada <evil>\nInjected: yes', email: 'ada@buildpad.example' }, 'New page');
    const line = (await git(wc.dir, 'log', '-1', '--format=%an|%ae|%cn|%ce|%s', commit)).trim();
    expect(line).toBe('Ada  evil  Injected: yes|ada@buildpad.example|Ada  evil  Injected: yes|ada@buildpad.example|New page');
    expect(await wc.filesChanged(commit)).toEqual(['pages/new.json']);
  });
});

describe('the live branch', () => {
  it('is the remote’s default branch when SITEWRIGHT_GIT_BRANCH is not set, and publishes go there', async () => {
    const base = mkdtempSync(join(tmpdir(), 'sw-trunk-'));
    temps.push(base);
    const bare = join(base, 'site.git');
    await git(base, 'init', '-q', '--bare', '--initial-branch', 'trunk', bare);
    const seed = join(base, 'seed');
    await git(base, 'init', '-q', '--initial-branch', 'trunk', seed);
    mkdirSync(join(seed, 'site.config'), { recursive: true });
    writeFileSync(join(seed, 'site.config', 'site.json'), '{ "name": "A" }\n');
    await git(seed, 'add', '-A');
    await git(seed, 'commit', '-q', '-m', 'seed');
    await git(seed, 'push', '-q', bare, 'trunk');

    const config = { ...configFor(REPO_ROOT, bare), branchGiven: false };
    const wc = createWorkingCopy(config);
    await wc.ensure();
    expect(wc.liveRef).toBe('origin/trunk');
    writeFileSync(join(wc.dir, 'site.config', 'site.json'), '{ "name": "B" }\n');
    await wc.commit(['site.json'], { name: 'Edna Editor', email: 'edna@buildpad.example' }, 'Site settings: name changed');
    expect(await wc.push()).toBe('pushed');
    expect((await git(bare, 'log', '-1', '--format=%an|%s', 'trunk')).trim()).toBe('Edna Editor|Site settings: name changed');

    // Made again by a restarted service: it still knows its live branch.
    const again = createWorkingCopy(config);
    await again.ensure();
    expect(again.liveRef).toBe('origin/trunk');
  });
});
