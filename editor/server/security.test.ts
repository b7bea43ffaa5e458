// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkHost, checkRequest, isWritable, newToken, Refusal, resolveInside, TOKEN_HEADER, type Guard } from './security.ts';

const guard: Guard = { token: 'tok-123', port: 5180 };
const req = (headers: Record<string, string>, method = 'GET', url = '/__editor/api/files') => ({ method, url, headers });

describe('checkRequest', () => {
  const ok = { host: '127.0.0.1:5180', [TOKEN_HEADER]: 'tok-123' };
  it('accepts the editor page: token and Host; for writes also its Origin', () => {
    expect(checkRequest(req(ok), guard)).toBeNull();
    expect(checkRequest(req({ ...ok, host: 'localhost:5180' }), guard)).toBeNull();
    expect(checkRequest(req({ ...ok, origin: 'http://127.0.0.1:5180' }, 'POST'), guard)).toBeNull();
    expect(checkRequest(req({ ...ok, host: 'localhost:5180', origin: 'http://localhost:5180' }, 'POST'), guard)).toBeNull();
  });
  it('refuses a missing or wrong token with 403', () => {
    const { [TOKEN_HEADER]: _t, ...noToken } = ok;
    expect(checkRequest(req(noToken), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, [TOKEN_HEADER]: 'tok-124' }), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, [TOKEN_HEADER]: 'tok-1234' }), guard)?.message).toMatch(/token/);
  });
  it('refuses another Host (DNS rebinding) and another port', () => {
    expect(checkRequest(req({ ...ok, host: 'evil.example:5180' }), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, host: '127.0.0.1:5181' }), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, host: '127.0.0.1' }), guard)?.status).toBe(403);
    const { host: _h, ...noHost } = ok;
    expect(checkRequest(req(noHost), guard)?.status).toBe(403);
    expect(checkHost(req({ host: 'evil.example:5180' }), guard)?.message).toMatch(/evil\.example/);
  });
  it('refuses writes without the editor Origin (cross-site requests)', () => {
    expect(checkRequest(req(ok, 'POST'), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, origin: 'https://evil.example' }, 'POST'), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, origin: 'null' }, 'POST'), guard)?.status).toBe(403);
    expect(checkRequest(req({ ...ok, origin: 'http://localhost:5180' }, 'POST'), guard)?.status).toBe(403); // Host is 127.0.0.1
    expect(checkRequest(req({ ...ok, origin: 'http://localhost:5180' }, 'DELETE'), guard)?.status).toBe(403);
  });
  it('takes the token from the query only where allowed (the event stream), and only for GET', () => {
    const q = req({ host: '127.0.0.1:5180' }, 'GET', '/__editor/api/events?token=tok-123');
    expect(checkRequest(q, guard)?.status).toBe(403);
    expect(checkRequest(q, guard, { queryToken: true })).toBeNull();
    expect(checkRequest({ ...q, method: 'POST', headers: { ...q.headers, origin: 'http://127.0.0.1:5180' } }, guard, { queryToken: true })?.status).toBe(403);
  });
  it('accepts an extra host only when asked, never 0.0.0.0', () => {
    expect(checkRequest(req({ ...ok, host: 'devbox:5180' }), { ...guard, hosts: ['devbox'] })).toBeNull();
    expect(checkRequest(req({ ...ok, host: '0.0.0.0:5180' }), { ...guard, hosts: ['0.0.0.0'] })?.status).toBe(403);
  });
  it('makes a different token every start', () => {
    expect(newToken()).not.toBe(newToken());
    expect(newToken().length).toBeGreaterThanOrEqual(32);
  });
});

describe('resolveInside', () => {
  let dir: string;
  let config: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sw-sec-'));
    config = join(dir, 'site.config');
    mkdirSync(join(config, 'pages'), { recursive: true });
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(dir, 'outside', 'secret.json'), '{}');
    writeFileSync(join(config, 'pages', 'home.json'), '{}');
    symlinkSync(join(dir, 'outside', 'secret.json'), join(config, 'pages', 'link-out.json'));
    symlinkSync(join(dir, 'outside'), join(config, 'forms'));
    symlinkSync(join(dir, 'outside', 'missing.json'), join(config, 'pages', 'dangling.json'));
    symlinkSync(join(config, 'pages', 'home.json'), join(config, 'pages', 'link-in.json'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const refusal = (rel: unknown, write = true): number | null => {
    try {
      resolveInside(config, rel, { write });
      return null;
    } catch (e) {
      expect(e).toBeInstanceOf(Refusal);
      return (e as Refusal).status;
    }
  };

  it('resolves config files', () => {
    expect(resolveInside(config, 'pages/home.json', { write: true })).toEqual({ abs: join(config, 'pages', 'home.json'), rel: 'pages/home.json' });
    expect(resolveInside(config, 'pages/new-page.json', { write: true }).rel).toBe('pages/new-page.json');
    expect(resolveInside(config, 'site.json', { write: true }).rel).toBe('site.json');
    expect(resolveInside(config, 'pages/link-in.json', { write: true }).rel).toBe('pages/link-in.json');
  });
  it('refuses paths that leave the folder', () => {
    expect(refusal('../outside/secret.json')).toBe(403);
    expect(refusal('pages/../../outside/secret.json')).toBe(403);
    expect(refusal('pages/../site.json')).toBe(403);
    expect(refusal('pages\\..\\..\\x.json')).toBe(403);
    expect(refusal('./site.json')).toBe(403);
    expect(refusal('pages//home.json')).toBe(403);
  });
  it('refuses absolute paths, NUL and non-strings', () => {
    expect(refusal(join(config, 'site.json'))).toBe(403);
    expect(refusal('/etc/passwd')).toBe(403);
    expect(refusal('C:/x/site.json')).toBe(403);
    expect(refusal('pages/home.json\0.png')).toBe(400);
    expect(refusal('')).toBe(400);
    expect(refusal(42)).toBe(400);
  });
  it('refuses symbolic links that point out of the folder (file, folder, dangling)', () => {
    expect(refusal('pages/link-out.json')).toBe(403);
    expect(refusal('forms/secret.json')).toBe(403);
    expect(refusal('forms/new.json')).toBe(403);
    expect(refusal('pages/dangling.json')).toBe(403);
    expect(refusal('pages/link-out.json', false)).toBe(403);
  });
  it('writes only the config files the checker reads', () => {
    expect(refusal('assets/images/x.svg')).toBe(403);
    expect(refusal('pages/home.js')).toBe(403);
    expect(refusal('pages/nested/home.json')).toBe(403);
    expect(refusal('content/policy.json')).toBe(403);
    expect(refusal('notes.json')).toBe(403);
    expect(refusal('pages/.hidden.json')).toBe(403);
    expect(isWritable('content/policy.mdx')).toBe(true);
    expect(isWritable('faqs/general.json')).toBe(true);
    expect(isWritable('forms/contact.json')).toBe(true);
  });
});
