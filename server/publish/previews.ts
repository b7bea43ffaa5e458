/**
 * Preview links: the person's draft built into a folder of its own, shown to whoever has the link for 7 days unless
 * revoked. The token is 32 random bytes; only its SHA-256 is stored, so a copy of the database opens no preview.
 */
import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import type { Db } from '../db.ts';
import { looksLikeToken, newToken, tokenHash } from '../admin/tokens.ts';
import type { PublishConfig } from './config.ts';
import type { PreviewLink, PreviewLinks, Publisher } from './types.ts';

export interface PreviewLinksOptions {
  config: PublishConfig;
  db: Db;
  publisher: Publisher;
  clock?: () => number;
}

export const PREVIEW_DAYS = 7;
const DAY_MS = 86_400_000;
/** A link's build is kept a day past its end, so a page being read when it ends still gets its pictures. */
const KEEP_AFTER_END_MS = DAY_MS;

interface Row {
  id: string;
  shared_by: string;
  build_dir: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const toLink = (r: Row): PreviewLink => ({
  id: r.id,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
  sharedBy: r.shared_by,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The folder where previews' builds live: <home>/previews. */
export const previewsDir = (config: PublishConfig) => join(config.home, 'previews');

export function createPreviewLinks(opts: PreviewLinksOptions): PreviewLinks & { purge(): Promise<number> } {
  const { db, publisher } = opts;
  const now = opts.clock ?? Date.now;
  const home = resolve(previewsDir(opts.config));
  // Only ever deletes below <home>/previews/, whatever a row says.
  const inside = (dir: string) => resolve(dir).startsWith(home + sep);
  const remove = async (id: string) => {
    const dir = join(home, id);
    if (inside(dir)) await rm(dir, { recursive: true, force: true });
  };

  return {
    async share(staffId, origin) {
      const who = await db.query<{ name: string; email: string }>('SELECT name, email FROM staff WHERE id = $1', [staffId]);
      const staff = who.rows[0];
      if (!staff) return { ok: false, message: 'Your account was not found. Sign in again and try once more.' };
      const id = randomUUID();
      const buildDir = join(home, id, 'dist');
      const built = await publisher.buildDraft(staffId, buildDir).catch((e: unknown) => ({
        ok: false as const,
        message: `The preview could not be built: ${e instanceof Error ? e.message : String(e)}`,
      }));
      if (!built.ok) {
        await remove(id);
        return built;
      }
      const token = newToken();
      const created = now();
      const r = await db.query<Row>(
        `INSERT INTO preview_links (id, token_hash, staff_id, shared_by, build_dir, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING id, shared_by, build_dir, created_at, expires_at, revoked_at`,
        [id, tokenHash(token), staffId, staff.name || staff.email, buildDir, new Date(created), new Date(created + PREVIEW_DAYS * DAY_MS)],
      );
      return { ok: true, link: { ...toLink(r.rows[0]), url: `${origin.replace(/\/+$/, '')}/preview/${token}` } };
    },

    async list(staffId, all) {
      const r = await db.query<Row>(
        `SELECT id, shared_by, build_dir, created_at, expires_at, revoked_at FROM preview_links
         WHERE $1 OR staff_id = $2 ORDER BY created_at DESC, id`,
        [all, staffId],
      );
      return r.rows.map(toLink);
    },

    async revoke(staffId, id, any) {
      if (!UUID.test(id)) return false;
      const r = await db.query('UPDATE preview_links SET revoked_at = $4 WHERE id = $1 AND ($3 OR staff_id = $2) AND revoked_at IS NULL', [
        id,
        staffId,
        any,
        new Date(now()),
      ]);
      return r.affected > 0;
    },

    async resolve(token) {
      // Anything not shaped like our tokens is refused before a lookup; the lookup itself is by hash, never by token.
      if (!looksLikeToken(token)) return null;
      const r = await db.query<{ id: string; build_dir: string; expires_at: Date | string }>(
        'SELECT id, build_dir, expires_at FROM preview_links WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2',
        [tokenHash(token), new Date(now())],
      );
      const row = r.rows[0];
      return row && inside(row.build_dir) ? { id: row.id, dir: row.build_dir, expiresAt: iso(row.expires_at) } : null;
    },

    /** Deletes links (and their builds) that ended, by expiry or revocation, over a day ago. Returns how many. */
    async purge() {
      const r = await db.query<{ id: string }>('DELETE FROM preview_links WHERE LEAST(expires_at, COALESCE(revoked_at, expires_at)) < $1 RETURNING id', [
        new Date(now() - KEEP_AFTER_END_MS),
      ]);
      for (const { id } of r.rows) await remove(id);
      // A build whose link was never stored (the service stopped mid-share) is cleared once it is a day old.
      const kept = new Set((await db.query<{ id: string }>('SELECT id FROM preview_links')).rows.map((x) => x.id));
      const names = await readdir(home).catch(() => [] as string[]);
      for (const name of names) {
        if (!UUID.test(name) || kept.has(name)) continue;
        const made = await stat(join(home, name)).catch(() => undefined);
        if (made && made.mtimeMs < now() - KEEP_AFTER_END_MS) await remove(name);
      }
      return r.rows.length;
    },
  };
}
