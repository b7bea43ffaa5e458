// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigFiles, throughLink } from './files.ts';

const dir = mkdtempSync(join(tmpdir(), 'sw-config-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'site.config');
mkdirSync(join(config, 'pages'), { recursive: true });
mkdirSync(join(config, 'assets/images'), { recursive: true });
mkdirSync(join(dir, 'elsewhere'));
writeFileSync(join(dir, 'elsewhere/secret.json'), '{}');
writeFileSync(join(config, 'pages/home.json'), '{}');
writeFileSync(join(config, 'assets/images/a.svg'), '<svg/>');
symlinkSync(join(dir, 'elsewhere/secret.json'), join(config, 'pages/linked.json'));
symlinkSync(join(dir, 'nowhere'), join(config, 'pages/dangling.json'));
symlinkSync(join(dir, 'elsewhere'), join(config, 'assets/images/folder'));

describe('ConfigFiles', () => {
  it('lists and reads only what is really inside the folder', () => {
    const files = new ConfigFiles(config);
    expect(files.list('pages')).toEqual(['home.json']);
    expect(files.exists('pages/linked.json')).toBe(false);
    expect(files.exists('pages/dangling.json')).toBe(false);
    expect(files.exists('pages/home.json')).toBe(true);
  });

  it('names every link at any depth, once, without following it', () => {
    expect(new ConfigFiles(config).refused()).toEqual([
      { rel: 'assets/images/folder', why: 'link' },
      { rel: 'pages/dangling.json', why: 'link' },
      { rel: 'pages/linked.json', why: 'link' },
    ]);
  });

  it('an overlay entry replaces what is on disk', () => {
    const files = new ConfigFiles(config, { 'pages/linked.json': '{}' });
    expect(files.refused().map((r) => r.rel)).not.toContain('pages/linked.json');
    expect(files.read('pages/linked.json')).toBe('{}');
  });
});

describe('throughLink', () => {
  it('is true for a path that passes a link at any step', () => {
    const assets = join(config, 'assets');
    expect(throughLink(assets, '/images/folder/secret.json')).toBe(true);
    expect(throughLink(assets, '/images/folder')).toBe(true);
    expect(throughLink(assets, '/images/a.svg')).toBe(false);
    expect(throughLink(assets, '/images/missing.svg')).toBe(false);
    expect(throughLink(assets, '/')).toBe(false);
  });
});
