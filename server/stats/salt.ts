/**
 * Who is a visitor, for one UTC day only: a hash of the day's random salt, the client's address and its user agent.
 * That hash is never written; what stats_seen keeps is a further hash of it with the row it counts in, and both the
 * salt and those rows are deleted once the day is over, so yesterday's visitors can never be recognised again.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db.ts';

/** The UTC calendar day of a time, 'YYYY-MM-DD'. */
export const utcDay = (ms: number, days = 0) => new Date(ms + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The day's salt, shared by every instance on the database: whichever needs it first makes it (INSERT … ON CONFLICT
 * DO NOTHING), and all read the one stored. Kept in memory per day, so a beacon waits for the database once a day.
 */
export class DailySalt {
  private readonly cache = new Map<string, Promise<Buffer>>();
  constructor(private readonly db: Queryable) {}

  saltFor(day: string): Promise<Buffer> {
    let salt = this.cache.get(day);
    if (!salt) {
      salt = this.load(day);
      // A failed read (database down) is not kept: the next beacon asks again.
      salt.catch(() => this.cache.delete(day));
      // Only the days still being counted are kept: at most today and, just after midnight, yesterday.
      for (const d of this.cache.keys()) if (d < day) this.cache.delete(d);
      this.cache.set(day, salt);
    }
    return salt;
  }

  /** Forgets the salts of days before `day` (deleted from the database by purgeStatsDays). */
  forgetBefore(day: string): void {
    for (const d of this.cache.keys()) if (d < day) this.cache.delete(d);
  }

  private async load(day: string): Promise<Buffer> {
    await this.db.query('INSERT INTO stats_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING', [day, randomBytes(32)]);
    const r = await this.db.query<{ salt: Uint8Array }>('SELECT salt FROM stats_salts WHERE day = $1', [day]);
    if (!r.rows[0]) throw new Error(`the salt of ${day} could not be read back`);
    return Buffer.from(r.rows[0].salt);
  }
}

/** The day's visitor: SHA-256 of the salt, the address and the user agent, each length-prefixed so no two inputs run together. */
export function visitorHash(salt: Uint8Array, address: string, userAgent: string): Buffer {
  const h = createHash('sha256').update(salt);
  for (const part of [address, userAgent]) {
    const bytes = Buffer.from(part, 'utf8');
    const len = Buffer.alloc(4);
    len.writeUInt32BE(bytes.byteLength);
    h.update(len).update(bytes);
  }
  return h.digest();
}

/** What a seen key counts: 'v' a visitor of a row, 'e' an entry of a row, 'd' a visitor of the day. */
export type SeenKind = 'v' | 'e' | 'd';

/**
 * The key stats_seen keeps: a hash of the visitor with the kind and the row's key, cut to 16 bytes (a collision
 * among a day's keys is a 1 in 2^64 chance at a billion keys). It cannot be turned back into the visitor, and one
 * row's key says nothing about the same visitor in another row.
 */
export function seenKey(visitor: Uint8Array, kind: SeenKind, rowKey: string): Buffer {
  return createHash('sha256').update(visitor).update(kind).update(rowKey, 'utf8').digest().subarray(0, 16);
}

/**
 * Deletes the salts and seen keys of every day before `today`: nothing from an earlier day can recognise a
 * visitor any more. The aggregates themselves stay.
 */
export async function purgeStatsDays(db: Queryable, today: string): Promise<void> {
  await db.query('DELETE FROM stats_seen WHERE day < $1::date', [today]);
  await db.query('DELETE FROM stats_salts WHERE day < $1::date', [today]);
}
