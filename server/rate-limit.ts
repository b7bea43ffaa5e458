/**
 * Submissions per client address and form in a sliding one-minute window. The lead service counts them in the
 * database (DbRateLimiter), so several instances on one PostgreSQL share one limit; RateLimiter keeps them in
 * memory, for one process alone. Failed admin tokens (FailureThrottle) stay in memory: each instance allows its
 * own 10 failures per client, which still leaves a token of 256 bits out of reach.
 */
import type { Db } from './db.ts';

export interface RateDecision {
  allowed: boolean;
  /** The window's timestamps to keep (only the ones still inside it). */
  times: number[];
  /** When refused: seconds until the oldest counted submission leaves the window (at least 1). */
  retryAfterSeconds: number;
}

/** Pure rule: refuse when `limit` submissions already happened in the last `windowMs`. */
export function decide(times: readonly number[], now: number, limit: number, windowMs = 60_000): RateDecision {
  const recent = times.filter((t) => t > now - windowMs);
  if (recent.length < limit) return { allowed: true, times: [...recent, now], retryAfterSeconds: 0 };
  return { allowed: false, times: recent, retryAfterSeconds: Math.max(1, Math.ceil((recent[0] + windowMs - now) / 1000)) };
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  /** limit 0 (or less) switches the limit off, e.g. for a load test. */
  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  take(key: string): RateDecision {
    const now = this.clock();
    if (this.limit <= 0) return { allowed: true, times: [], retryAfterSeconds: 0 };
    this.sweep(now);
    const d = decide(this.hits.get(key) ?? [], now, this.limit, this.windowMs);
    this.hits.set(key, d.times);
    return d;
  }

  // Forget idle clients now and then so the map does not grow with every address ever seen.
  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, times] of this.hits) if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(k);
  }
}

/**
 * The limit in the database's rate_hits table. Each take is one transaction holding an advisory lock on its bucket,
 * so two instances taking the same bucket at once count one after the other and together allow `limit` per window.
 * Buckets are stored as given: pass a hash, not an address.
 */
export class DbRateLimiter {
  /** limit 0 (or less) switches the limit off, e.g. for a load test. `clock` replaces the database's time (tests). */
  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly clock?: () => number,
  ) {}

  async take(bucket: string): Promise<RateDecision> {
    if (this.limit <= 0) return { allowed: true, times: [], retryAfterSeconds: 0 };
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [bucket]);
      // The time is read once the lock is held (clock_timestamp, not the transaction's start), so it never runs behind a hit just committed.
      const at = await tx.query<{ now: Date | string }>('SELECT coalesce($1::timestamptz, clock_timestamp()) AS now', [
        this.clock ? new Date(this.clock()) : null,
      ]);
      const now = new Date(at.rows[0].now).getTime();
      await tx.query('DELETE FROM rate_hits WHERE bucket = $1 AND at <= $2', [bucket, new Date(now - this.windowMs)]);
      const hits = await tx.query<{ at: Date | string }>('SELECT at FROM rate_hits WHERE bucket = $1 ORDER BY at', [bucket]);
      const d = decide(
        hits.rows.map((h) => new Date(h.at).getTime()),
        now,
        this.limit,
        this.windowMs,
      );
      if (d.allowed) await tx.query('INSERT INTO rate_hits (bucket, at) VALUES ($1, $2)', [bucket, new Date(now)]);
      return d;
    });
  }
}

/**
 * Failed attempts (wrong admin tokens) per client in a sliding window: once `limit` failed within `windowMs`,
 * every attempt is refused, a right one too, until the oldest failure leaves the window. Guessing a token then
 * takes a window per `limit` tries from each client.
 */
export class FailureThrottle {
  private readonly failures = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly limit = 10,
    readonly windowMs = 15 * 60_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds until this client may try again; 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const now = this.clock();
    this.sweep(now);
    const recent = (this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs);
    return recent.length < this.limit ? 0 : Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
  }

  /** Counts a failure; true when it is the one that reaches the limit (worth a log line, once). */
  fail(key: string): boolean {
    const now = this.clock();
    const recent = [...(this.failures.get(key) ?? []).filter((t) => t > now - this.windowMs), now];
    this.failures.set(key, recent);
    return recent.length === this.limit;
  }

  private sweep(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [k, times] of this.failures) if (!times.some((t) => t > now - this.windowMs)) this.failures.delete(k);
  }
}

/** SITEWRIGHT_RATE_LIMIT: submissions per minute; unset means 20; 0 means off. */
export function rateLimitFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 20;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`SITEWRIGHT_RATE_LIMIT must be a whole number of submissions per minute (0 = off), not "${value}"`);
  return n;
}
