// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import type { SiteConfig } from '../../../renderer/generated/config-types.ts';
import { applyEnvOverrides } from '../env.ts';
import { checkConsent } from './consent.ts';
import { loadProject } from './index.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const siteText = readFileSync(join(root, 'site.config/site.json'), 'utf8');
const site = JSON.parse(siteText) as SiteConfig;
const { consent: _texts, ...withoutConsent } = site;
/** site.json with the ids and without the consent texts, its settings on lines of their own as an author writes them. */
const written = (extra: Partial<SiteConfig>) => JSON.stringify({ ...withoutConsent, ...extra }, null, 2);
const errors = (files: Record<string, string>, env: Record<string, string> = {}) =>
  loadProject(root, env, { overlay: files }).diagnostics.filter((d) => d.severity === 'error');

describe('analytics and chat need the consent texts', () => {
  test('no id: nothing to say, with or without the texts', () => {
    expect(checkConsent(withoutConsent, withoutConsent)).toEqual([]);
    expect(checkConsent(site, site)).toEqual([]);
  });

  test('an id with the texts passes', () => {
    const s = { ...site, analyticsId: 'G-ABC123XYZ', chatId: '5f2b9c0e1a2b3c4d5e6f7a8b' };
    expect(checkConsent(s, s)).toEqual([]);
  });

  test('an id in site.json without the texts: an error at the id, naming the setting and the fix', () => {
    const text = written({ analyticsId: 'G-ABC123XYZ' });
    const found = errors({ 'site.json': text });
    expect(found).toHaveLength(1);
    const line = text.split('\n').findIndex((l) => l.includes('"analyticsId"')) + 1;
    expect(found[0]).toMatchObject({ code: 'consent', file: 'site.config/site.json', path: '/analyticsId', line });
    expect(found[0].message).toContain('"analyticsId" is set, but site.json has no "consent" texts');
    expect(found[0].suggestion).toContain('"consent": { "label"');
  });

  test('ids set by the build without the texts: an error naming the variables', () => {
    const found = errors({ 'site.json': written({}) }, { SITEWRIGHT_ANALYTICS_ID: 'G-TEST12345', SITEWRIGHT_CHAT_ID: 'abcdef123456/widget1' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ code: 'consent', path: '', line: 1, column: 1 });
    expect(found[0].message).toContain('SITEWRIGHT_ANALYTICS_ID sets "analyticsId" and SITEWRIGHT_CHAT_ID sets "chatId"');
    expect(found[0].suggestion).toContain('or remove SITEWRIGHT_ANALYTICS_ID and SITEWRIGHT_CHAT_ID.');
  });

  test('the same ids with the texts build', () => {
    expect(errors({}, { SITEWRIGHT_ANALYTICS_ID: 'G-TEST12345', SITEWRIGHT_CHAT_ID: 'abcdef123456/widget1' })).toEqual([]);
  });
});

describe('the ids’ forms', () => {
  test('site.json: a tag id not starting with G-, and a chat id with a stray character, each with a plain fix', () => {
    const found = errors({ 'site.json': JSON.stringify({ ...site, analyticsId: 'UA-1234-1', chatId: 'abc def' }, null, 2) });
    expect(found.map((d) => d.path).sort()).toEqual(['/analyticsId', '/chatId']);
    const tag = found.find((d) => d.path === '/analyticsId')!;
    expect(tag.message).toBe('This is not a Google tag id: it starts with “G-” followed by capital letters and digits.');
    expect(tag.suggestion).toContain('Measurement ID');
    expect(found.find((d) => d.path === '/chatId')!.message).toContain('This is not a Tawk.to chat id');
  });

  test('an id from the build is checked against the same form', () => {
    const bad = applyEnvOverrides(site, { SITEWRIGHT_ANALYTICS_ID: 'ga-123' });
    expect(checkConsent(site, bad)).toEqual([
      expect.objectContaining({ code: 'bad-format', path: '/analyticsId', message: expect.stringContaining('SITEWRIGHT_ANALYTICS_ID') }),
    ]);
    const badChat = applyEnvOverrides(site, { SITEWRIGHT_CHAT_ID: 'https://tawk.to/chat/abc' });
    expect(checkConsent(site, badChat)[0]).toMatchObject({ code: 'bad-format', path: '/chatId' });
    const good = applyEnvOverrides(site, { SITEWRIGHT_ANALYTICS_ID: 'G-TEST12345', SITEWRIGHT_CHAT_ID: 'abcdef123456' });
    expect(checkConsent(site, good)).toEqual([]);
  });
});
