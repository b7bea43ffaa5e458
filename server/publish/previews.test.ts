// @vitest-environment node
// Preview links on both databases: the draft is built before anything is stored, only the token's hash is kept,
// a link ends when revoked or after 7 days, and the purge clears ended links' builds a day later.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../db.ts';
import { backends } from '../test-backends.ts';
import { addStaff } from '../admin/testing.ts';
import { createPreviewLinks } from './previews.ts';
import { fakePublisher, testPublishConfig } from './preview-testing.ts';
import type { ApiDiagnostic } from './types.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const DAY = 86_400_000;
const ORIGIN = 'https://cms.example';

describe.each(backends())('preview links on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  let home: string;
  let time: number;
  const clock = () => time;

  beforeAll(async () => {
    ({ db, dispose } = await backend.open());
  });
  afterAll(async () => {
    await dispose();
  });
  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'sw-previews-'));
    time = Date.parse('2026-03-01T10:00:00Z');
    await db.exec('DELETE FROM preview_links');
    return () => rmSync(home, { recursive: true, force: true });
  });

  const links = (publisher = fakePublisher()) => ({ publisher, previews: createPreviewLinks({ config: testPublishConfig(home), db, publisher, clock }) });
  const tokenOf = (url: string) => url.slice(`${ORIGIN}/preview/`.length);

  it('builds the draft into its own folder, stores only the hash, and resolves the token to that build for 7 days', async () => {
    const ada = await addStaff(db, 'editor', undefined, 'Ada Editor');
    const { publisher, previews } = links();
    const shared = await previews.share(ada.id, `${ORIGIN}/`);
    if (!shared.ok) throw new Error(shared.message);
    const { link } = shared;
    expect(link.url).toMatch(/^https:\/\/cms\.example\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(link.sharedBy).toBe('Ada Editor');
    expect(link.revokedAt).toBeNull();
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * DAY);
    expect(publisher.builds).toEqual([join(home, 'previews', link.id, 'dist')]);
    expect(existsSync(join(home, 'previews', link.id, 'dist', 'index.html'))).toBe(true);

    const token = tokenOf(link.url);
    const stored = await db.query<{ token_hash: string }>('SELECT token_hash FROM preview_links WHERE id = $1', [link.id]);
    expect(stored.rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    expect(await previews.resolve(token)).toEqual({ id: link.id, dir: join(home, 'previews', link.id, 'dist'), expiresAt: link.expiresAt });
    time += 7 * DAY - 1000;
    expect(await previews.resolve(token)).not.toBeNull();
    time += 1000;
    expect(await previews.resolve(token)).toBeNull();
  });

  it('answers null for an unknown token, a malformed one, and one differing in a single character', async () => {
    const ada = await addStaff(db, 'editor');
    const { previews } = links();
    const shared = await previews.share(ada.id, ORIGIN);
    if (!shared.ok) throw new Error(shared.message);
    const token = tokenOf(shared.link.url);
    const other = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const t of [other, '', 'short', `${token}x`, token.replace(/.$/, '/'), '../../etc/passwd']) expect(await previews.resolve(t), t).toBeNull();
  });

  it('stores nothing when the build fails, and gives its message and diagnostics', async () => {
    const ada = await addStaff(db, 'editor');
    const diagnostics: ApiDiagnostic[] = [
      {
        severity: 'error',
        code: 'required',
        message: 'Heading is required.',
        fix: 'Write a heading.',
        file: 'pages/owner.json',
        line: 3,
        column: 5,
        pointer: '/blocks/0/heading',
      },
    ];
    const publisher = fakePublisher((_id, outDir) => {
      mkdirSync(outDir, { recursive: true });
      return { ok: false, message: 'Fix 1 problem first.', diagnostics };
    });
    const { previews } = links(publisher);
    const shared = await previews.share(ada.id, ORIGIN);
    expect(shared).toEqual({ ok: false, message: 'Fix 1 problem first.', diagnostics });
    expect((await db.query('SELECT id FROM preview_links')).rows).toEqual([]);
    // The half-made folder is gone too.
    expect(publisher.builds).toHaveLength(1);
    expect(existsSync(join(publisher.builds[0], '..'))).toBe(false);
  });

  it('turns a build that throws into a refusal, storing nothing', async () => {
    const ada = await addStaff(db, 'editor');
    const { previews } = links(
      fakePublisher(() => {
        throw new Error('out of disk');
      }),
    );
    const shared = await previews.share(ada.id, ORIGIN);
    expect(shared.ok).toBe(false);
    expect(shared.ok ? '' : shared.message).toContain('could not be built');
    expect((await db.query('SELECT id FROM preview_links')).rows).toEqual([]);
  });

  it("lists a person's own links newest first, and everyone's for an owner", async () => {
    const ada = await addStaff(db, 'editor', undefined, 'Ada');
    const bob = await addStaff(db, 'editor', undefined, 'Bob');
    const { previews } = links();
    const ids: string[] = [];
    for (const who of [ada, bob, ada]) {
      const s = await previews.share(who.id, ORIGIN);
      if (!s.ok) throw new Error(s.message);
      ids.push(s.link.id);
      time += 60_000;
    }
    expect((await previews.list(ada.id, false)).map((l) => l.id)).toEqual([ids[2], ids[0]]);
    expect((await previews.list(bob.id, false)).map((l) => l.id)).toEqual([ids[1]]);
    expect((await previews.list(bob.id, true)).map((l) => l.id)).toEqual([ids[2], ids[1], ids[0]]);
    const listed = await previews.list(ada.id, false);
    expect(listed[0]).toEqual({ id: ids[2], sharedBy: 'Ada', createdAt: expect.any(String), expiresAt: expect.any(String), revokedAt: null });
    expect(JSON.stringify(listed)).not.toMatch(/preview\/|token/);
  });

  it('revokes only their own link (any link for an owner), once; a revoked token no longer resolves', async () => {
    const ada = await addStaff(db, 'editor');
    const bob = await addStaff(db, 'editor');
    const { previews } = links();
    const s = await previews.share(ada.id, ORIGIN);
    if (!s.ok) throw new Error(s.message);
    const token = tokenOf(s.link.url);
    expect(await previews.revoke(bob.id, s.link.id, false)).toBe(false);
    expect(await previews.revoke(ada.id, 'not-a-uuid', false)).toBe(false);
    expect(await previews.revoke(ada.id, '00000000-0000-4000-8000-000000000000', false)).toBe(false);
    expect(await previews.resolve(token)).not.toBeNull();
    expect(await previews.revoke(ada.id, s.link.id, false)).toBe(true);
    expect(await previews.revoke(ada.id, s.link.id, false)).toBe(false);
    expect(await previews.resolve(token)).toBeNull();
    expect((await previews.list(ada.id, false))[0].revokedAt).toBe(new Date(time).toISOString());

    const s2 = await previews.share(ada.id, ORIGIN);
    if (!s2.ok) throw new Error(s2.message);
    expect(await previews.revoke(bob.id, s2.link.id, true)).toBe(true);
    expect(await previews.resolve(tokenOf(s2.link.url))).toBeNull();
  });

  it('purges the builds of links that ended over a day ago, and leftover builds no link names', async () => {
    const ada = await addStaff(db, 'editor');
    const { previews } = links();
    const share = async () => {
      const s = await previews.share(ada.id, ORIGIN);
      if (!s.ok) throw new Error(s.message);
      return s.link;
    };
    const revoked = await share();
    const expiring = await share();
    const live = await share();
    await previews.revoke(ada.id, revoked.id, false);
    const folder = (id: string) => join(home, 'previews', id);
    const orphan = join(home, 'previews', '11111111-1111-4111-8111-111111111111');
    mkdirSync(orphan, { recursive: true });
    const fresh = join(home, 'previews', '22222222-2222-4222-8222-222222222222');
    mkdirSync(fresh, { recursive: true });

    // Within a day of the revocation nothing goes: a page being read may still ask for its pictures.
    time += DAY - 1000;
    utimesSync(orphan, new Date(time - DAY - 1), new Date(time - DAY - 1));
    utimesSync(fresh, new Date(time), new Date(time));
    expect(await previews.purge()).toBe(0);
    expect(existsSync(folder(revoked.id))).toBe(true);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(fresh)).toBe(true);

    time += 2000;
    expect(await previews.purge()).toBe(1);
    expect(existsSync(folder(revoked.id))).toBe(false);
    expect(existsSync(folder(expiring.id))).toBe(true);

    // Expired after 7 days, purged a day after that; the other link of the same age goes with it.
    time += 7 * DAY;
    expect(await previews.purge()).toBe(2);
    expect(existsSync(folder(expiring.id))).toBe(false);
    expect(existsSync(folder(live.id))).toBe(false);
    expect(await previews.list(ada.id, false)).toEqual([]);
  });

  it('never deletes outside its own folder, whatever a row says', async () => {
    const ada = await addStaff(db, 'editor');
    const outside = mkdtempSync(join(tmpdir(), 'sw-outside-'));
    try {
      await db.query(`INSERT INTO preview_links (token_hash, staff_id, shared_by, build_dir, created_at, expires_at) VALUES ('x', $1, 'Ada', $2, $3, $3)`, [
        ada.id,
        outside,
        new Date(time - 10 * DAY),
      ]);
      const { previews } = links();
      expect(await previews.purge()).toBe(1);
      expect(existsSync(outside)).toBe(true);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
