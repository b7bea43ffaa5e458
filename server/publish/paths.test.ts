// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { assertConfigPath, assertStaffId, configPathProblem, isConfigPath, withoutCredentials } from './paths.ts';

describe('config paths the service may touch', () => {
  it.each([
    'site.json',
    'pages/owner.json',
    'faqs/general.json',
    'forms/contact.json',
    'content/policy.mdx',
    'assets/favicon.svg',
    'assets/images/landing/hero.webp',
    'assets/images/team-photo.jpg',
  ])('takes %s', (rel) => {
    expect(configPathProblem(rel)).toBeNull();
    expect(assertConfigPath(rel)).toBe(rel);
  });

  it.each([
    ['a parent folder', '../package.json', /leaves/],
    ['a parent folder inside', 'pages/../../scripts/build.ts', /leaves/],
    ['a dot segment', 'pages/./owner.json', /leaves/],
    ['an empty segment', 'pages//owner.json', /leaves/],
    ['an absolute path', '/etc/passwd', /absolute/],
    ['a Windows drive', 'C:/site.json', /absolute/],
    ['a backslash', 'pages\\owner.json', /character/],
    ['a NUL byte', 'pages/owner.json\0.png', /character/],
    ['the empty path', '', /empty/],
    ['a file the checker does not read', 'pages/owner.txt', /not a file the checker reads/],
    ['a folder the checker does not read', 'scripts/build.json', /not a file the checker reads/],
    ['a nested page', 'pages/a/b.json', /not a file the checker reads/],
    ['a hidden file', 'pages/.owner.json', /not a file the checker reads/],
    ['a script among the assets', 'assets/app.js', /not a file the checker reads/],
    ['git’s own folder', '.git/config', /not a file the checker reads/],
  ])('refuses %s', (_what, rel, why) => {
    expect(configPathProblem(rel)).toMatch(why);
    expect(isConfigPath(rel)).toBe(false);
    expect(() => assertConfigPath(rel)).toThrow(why);
  });
});

describe('staff ids as folder names', () => {
  it('takes a UUID, in lower case', () => {
    expect(assertStaffId('0F8FAD5B-D9CB-469F-A165-70867728950E')).toBe('0f8fad5b-d9cb-469f-a165-70867728950e');
  });
  it.each(['..', '../other', 'owner', '0f8fad5b-d9cb-469f-a165-70867728950e/..', ''])('refuses %j', (id) => {
    expect(() => assertStaffId(id)).toThrow(/UUID/);
  });
});

describe('credentials in addresses', () => {
  it('removes user:password@ from every URL in a text', () => {
    expect(withoutCredentials("fatal: unable to access 'https://deploy:ghp_s3cret@github.com/o/site.git/': 403")).toBe(
      "fatal: unable to access 'https://github.com/o/site.git/': 403",
    );
    expect(withoutCredentials('ssh://git:tok@host/x and http://u@h/y')).toBe('ssh://host/x and http://h/y');
    expect(withoutCredentials('git@github.com:o/site.git')).toBe('git@github.com:o/site.git');
  });
});
