/**
 * Counting in batches: beacons are folded in memory by row (day × path × source × campaign, day × form × landing ×
 * source × campaign) and by seen key, and each flush writes them in one transaction whose statements do not grow
 * with beacons: one insert of the batch's seen keys (those already there are skipped: that visitor was counted,
 * by this instance or another), then one upsert per table adding the increments. Keys go in sorted order, so two
 * instances flushing at once wait for each other instead of deadlocking.
 */
import type { Db, Queryable } from '../db.ts';
import { describeError } from '../log.ts';
import type { Beacon, SiteRoutes } from './ingest.ts';
import { countedPath } from './ingest.ts';
import { DailySalt, purgeStatsDays, seenKey, utcDay, visitorHash, type SeenKind } from './salt.ts';
import type { FormStart, PageView } from './types.ts';

export interface AggregatorOptions {
  db: Db;
  clock?: () => number;
  /** Milliseconds between timed flushes once started; 1,000 unless told. */
  intervalMs?: number;
  /** A flush starts at once when this many events wait; 5,000 unless told. */
  flushAt?: number;
  /**
   * The most rows and seen keys held in memory while flushes fail (the database is down); beyond it new events are
   * not counted, and the next flush that succeeds says how many. 200,000 unless told (some 40 MB at most).
   */
  maxHeld?: number;
  /** Write each event before answering (tests, and an app built without a running aggregator). */
  writeThrough?: boolean;
  log?: (line: string) => void;
}

interface PageRow {
  day: string;
  path: string;
  source: string;
  campaign: string;
  views: number;
}
interface FormRow {
  day: string;
  form: string;
  landing: string;
  source: string;
  campaign: string;
  starts: number;
}
interface Seen {
  day: string;
  key: string;
  kind: SeenKind;
  /** The stats_pages row it counts in ('v', 'e'); the day for 'd'. */
  row: string;
}

class Batch {
  days = new Map<string, number>();
  pages = new Map<string, PageRow>();
  forms = new Map<string, FormRow>();
  seen = new Map<string, Seen>();
  events = 0;

  get held(): number {
    return this.pages.size + this.forms.size + this.seen.size;
  }
  get empty(): boolean {
    return this.events === 0;
  }

  /** Adds another batch's counts to this one (a failed flush's batch put back). */
  merge(other: Batch): void {
    for (const [d, v] of other.days) this.days.set(d, (this.days.get(d) ?? 0) + v);
    for (const [k, r] of other.pages) {
      const mine = this.pages.get(k);
      if (mine) mine.views += r.views;
      else this.pages.set(k, r);
    }
    for (const [k, r] of other.forms) {
      const mine = this.forms.get(k);
      if (mine) mine.starts += r.starts;
      else this.forms.set(k, r);
    }
    for (const [k, s] of other.seen) this.seen.set(k, s);
    this.events += other.events;
  }
}

const rowKey = (...parts: string[]) => JSON.stringify(parts);
const byKey = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

export interface AggregatorFigures {
  /** Flush transactions committed. */
  flushes: number;
  /** Flushes that failed (their batch was kept for the next). */
  failures: number;
  /** Events counted (written). */
  counted: number;
  /** Events not counted because too much was held while the database was unreachable. */
  dropped: number;
}

export class StatsAggregator {
  readonly salt: DailySalt;
  private readonly db: Db;
  private readonly clock: () => number;
  private readonly flushAt: number;
  private readonly maxHeld: number;
  private readonly intervalMs: number;
  private readonly writeThrough: boolean;
  private readonly log: (line: string) => void;
  private batch = new Batch();
  private chain: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private purgedFor: string | undefined;
  private droppedSinceLog = 0;
  private closed = false;
  private flushQueued = false;
  readonly figures: AggregatorFigures = { flushes: 0, failures: 0, counted: 0, dropped: 0 };

  constructor(options: AggregatorOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.flushAt = options.flushAt ?? 5000;
    this.maxHeld = options.maxHeld ?? 200_000;
    this.intervalMs = options.intervalMs ?? 1000;
    this.writeThrough = options.writeThrough ?? false;
    this.log = options.log ?? ((l) => console.error(l));
    this.salt = new DailySalt(this.db);
  }

  /** Flushes every interval from now on; the timer never keeps the process alive on its own. */
  start(): this {
    if (!this.timer && this.intervalMs > 0 && !this.writeThrough) {
      this.timer = setInterval(() => void this.flush(), this.intervalMs);
      this.timer.unref();
    }
    return this;
  }

  /** Events waiting for the next flush. */
  get waiting(): number {
    return this.batch.events;
  }

  /**
   * Counts one accepted beacon of a client: its day is today (UTC), its visitor the day's salted hash of the
   * address and user agent, which lives in memory only as far as the seen keys made of it.
   */
  async record(beacon: Beacon, client: { address: string; userAgent: string }, routes?: SiteRoutes): Promise<void> {
    const day = utcDay(this.clock());
    if (beacon.kind === 'view') {
      const salt = await this.salt.saltFor(day);
      const path = countedPath(beacon.path, beacon.notFound, routes);
      this.addView({
        kind: 'view',
        day,
        path,
        source: beacon.source,
        campaign: beacon.campaign,
        entry: beacon.entry,
        visitor: visitorHash(salt, client.address, client.userAgent),
      });
    } else {
      const landing = beacon.landing && countedPath(beacon.landing, false, routes);
      this.addStart({ kind: 'start', day, form: beacon.form, landing, source: beacon.source, campaign: beacon.campaign });
    }
    if (this.writeThrough) await this.flush();
  }

  private room(): boolean {
    if (this.batch.held < this.maxHeld) return true;
    this.figures.dropped++;
    this.droppedSinceLog++;
    return false;
  }

  addView(v: PageView): void {
    if (!this.room()) return;
    const b = this.batch;
    const row = rowKey(v.day, v.path, v.source, v.campaign);
    const page = b.pages.get(row);
    if (page) page.views++;
    else b.pages.set(row, { day: v.day, path: v.path, source: v.source, campaign: v.campaign, views: 1 });
    b.days.set(v.day, (b.days.get(v.day) ?? 0) + 1);
    const see = (kind: SeenKind, r: string) => {
      const key = seenKey(v.visitor, kind, r).toString('hex');
      if (!b.seen.has(`${v.day}:${key}`)) b.seen.set(`${v.day}:${key}`, { day: v.day, key, kind, row: kind === 'd' ? v.day : r });
    };
    see('v', row);
    if (v.entry) see('e', row);
    see('d', v.day);
    this.added();
  }

  addStart(s: FormStart): void {
    if (!this.room()) return;
    const row = rowKey(s.day, s.form, s.landing, s.source, s.campaign);
    const form = this.batch.forms.get(row);
    if (form) form.starts++;
    else this.batch.forms.set(row, { day: s.day, form: s.form, landing: s.landing, source: s.source, campaign: s.campaign, starts: 1 });
    this.added();
  }

  private added(): void {
    this.batch.events++;
    if (this.batch.events >= this.flushAt && !this.writeThrough && !this.flushQueued) {
      this.flushQueued = true;
      void this.flush();
    }
  }

  /** Writes what waits now; resolves once it is written, or kept for the next flush when the database failed. */
  flush(): Promise<void> {
    this.chain = this.chain.then(() => this.flushOnce());
    return this.chain;
  }

  /** Like flush, but rejects when the batch could not be written (it is kept). */
  async flushOrThrow(): Promise<void> {
    const failures = this.figures.failures;
    await this.flush();
    if (this.figures.failures > failures) throw new Error('the counted visits could not be written to the database');
  }

  /** Resolves once the flushes already started are over, starting none. */
  settled(): Promise<void> {
    return this.chain;
  }

  private async flushOnce(): Promise<void> {
    this.flushQueued = false;
    const today = utcDay(this.clock());
    const batch = this.batch;
    const purge = this.purgedFor !== today || [...batch.days.keys()].some((d) => d < today);
    if (batch.empty && !purge) return;
    this.batch = new Batch();
    try {
      await this.db.transaction((tx) => writeBatch(tx, batch, purge ? today : undefined));
      this.figures.flushes++;
      this.figures.counted += batch.events;
      if (purge) {
        this.purgedFor = today;
        this.salt.forgetBefore(today);
      }
      if (this.droppedSinceLog) {
        this.log(`[stats] ${this.droppedSinceLog} visits were not counted: the database could not be reached and the memory set aside for them was full`);
        this.droppedSinceLog = 0;
      }
    } catch (e) {
      this.figures.failures++;
      // Put back before what arrived meanwhile; held in memory up to maxHeld rows and keys, then new events wait out.
      batch.merge(this.batch);
      this.batch = batch;
      if (this.figures.failures === 1 || this.figures.failures % 60 === 0)
        this.log(`[stats] counting visits failed (${this.figures.failures} times so far); ${batch.events} kept for the next try: ${describeError(e)}`);
    }
  }

  /** Stops the timer and writes what waits. */
  async close(): Promise<void> {
    if (this.closed) return this.chain;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
    if (!this.batch.empty) this.log(`[stats] ${this.batch.events} visits could not be counted before the service stopped`);
  }
}

/** The batch in one transaction: seen keys first (to learn which visitors are new), then the three tables' upserts. */
async function writeBatch(tx: Queryable, batch: Batch, purgeBefore: string | undefined): Promise<void> {
  const seen = byKey(batch.seen);
  const newVisitors = new Map<string, number>();
  const newEntries = new Map<string, number>();
  const dayVisitors = new Map<string, number>();
  if (seen.length) {
    const r = await tx.query<{ d: string; k: string }>(
      `INSERT INTO stats_seen (day, key)
       SELECT d::date, decode(k, 'hex') FROM unnest($1::text[], $2::text[]) AS t(d, k) ORDER BY 1, 2
       ON CONFLICT (day, key) DO NOTHING
       RETURNING to_char(day, 'YYYY-MM-DD') AS d, encode(key, 'hex') AS k`,
      [seen.map((s) => s.day), seen.map((s) => s.key)],
    );
    for (const { d, k } of r.rows) {
      const s = batch.seen.get(`${d}:${k}`);
      if (!s) continue;
      const into = s.kind === 'v' ? newVisitors : s.kind === 'e' ? newEntries : dayVisitors;
      into.set(s.row, (into.get(s.row) ?? 0) + 1);
    }
  }
  const days = [...batch.days.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  if (days.length)
    await tx.query(
      `INSERT INTO stats_days (day, views, visitors)
       SELECT * FROM unnest($1::date[], $2::int[], $3::int[]) ORDER BY 1
       ON CONFLICT (day) DO UPDATE SET views = stats_days.views + EXCLUDED.views, visitors = stats_days.visitors + EXCLUDED.visitors`,
      [days.map(([d]) => d), days.map(([, v]) => v), days.map(([d]) => dayVisitors.get(d) ?? 0)],
    );
  const pageKeys = [...batch.pages.keys()].sort();
  if (pageKeys.length) {
    const rows = pageKeys.map((k) => batch.pages.get(k)!);
    await tx.query(
      `INSERT INTO stats_pages (day, path, source, campaign, views, visitors, entries)
       SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[]) ORDER BY 1, 2, 3, 4
       ON CONFLICT (day, path, source, campaign) DO UPDATE SET views = stats_pages.views + EXCLUDED.views,
         visitors = stats_pages.visitors + EXCLUDED.visitors, entries = stats_pages.entries + EXCLUDED.entries`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.path),
        rows.map((r) => r.source),
        rows.map((r) => r.campaign),
        rows.map((r) => r.views),
        pageKeys.map((k) => newVisitors.get(k) ?? 0),
        pageKeys.map((k) => newEntries.get(k) ?? 0),
      ],
    );
  }
  const forms = byKey(batch.forms);
  if (forms.length)
    await tx.query(
      `INSERT INTO stats_forms (day, form, landing, source, campaign, starts)
       SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[]) ORDER BY 1, 2, 3, 4, 5
       ON CONFLICT (day, form, landing, source, campaign) DO UPDATE SET starts = stats_forms.starts + EXCLUDED.starts`,
      [
        forms.map((r) => r.day),
        forms.map((r) => r.form),
        forms.map((r) => r.landing),
        forms.map((r) => r.source),
        forms.map((r) => r.campaign),
        forms.map((r) => r.starts),
      ],
    );
  // After the writes: a beacon of yesterday flushed just after midnight leaves no key behind.
  if (purgeBefore) await purgeStatsDays(tx, purgeBefore);
}
