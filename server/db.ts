/**
 * The lead service's database: embedded PostgreSQL (PGlite, a file-backed data directory) by default, a
 * PostgreSQL server through `pg` when DATABASE_URL is set. Both speak the same SQL, so the rest of the
 * service only sees this small interface.
 */
import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { secureDataDir } from './data-dir.ts';
import { seedNewCluster } from './initialised-cluster.ts';
import { describeError } from './log.ts';

export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE. */
  affected: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Several statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  kind: 'pglite' | 'postgres';
  /** Runs fn inside BEGIN … COMMIT; a thrown error rolls back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PGlite data directory; omitted (and no databaseUrl) means an in-memory database, for tests. */
  dataDir?: string;
  /** postgres://… selects the `pg` driver. */
  databaseUrl?: string;
}

/** Raised for errors that mean "the database cannot be reached", which the API answers with 503. */
export class DbUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DbUnavailableError';
  }
}

// Connection-level failures of pg/net; SQL errors (a bad query, a constraint) carry a SQLSTATE instead.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** True when an error from a driver means the server is down or the connection was lost. */
export function isUnavailable(e: unknown): boolean {
  if (e instanceof DbUnavailableError) return true;
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  return /connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Connection terminated|PGlite is closed/i.test(e.message);
}

export async function openDatabase(options: OpenOptions = {}): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPglite(dataDir?: string): Promise<Db> {
  // PGlite writes its files 0666 or 0644 whatever the umask: private before opening, and again once its
  // start-up has written its files (the directories stay 0700, so files written later are out of reach too).
  if (dataDir) secureDataDir(dataDir);
  if (dataDir && (await seedNewCluster(dataDir))) secureDataDir(dataDir);
  const lite = dataDir ? new PGlite(dataDir) : new PGlite();
  await lite.waitReady;
  if (dataDir) secureDataDir(dataDir);
  return pgliteDb(lite, dataDir);
}

/** A PGlite instance, open and ready, as a Db; `dataDir` is its data directory, kept private on close. */
export function pgliteDb(lite: PGlite, dataDir?: string): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, affected: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(lite),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))),
    close: async () => {
      await lite.close();
      // What PGlite wrote while open (its relation cache file, at least) is made private too.
      if (dataDir && existsSync(dataDir)) secureDataDir(dataDir);
    },
  };
}

async function openPostgres(url: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000 });
  // An idle client losing its connection emits 'error' on the pool; unhandled, that would end the process.
  pool.on('error', (e) => console.error(`[leads] postgres connection lost: ${describeError(e)}`));
  const guard = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      throw isUnavailable(e) ? new DbUnavailableError(e) : e;
    }
  };
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) =>
      guard(async () => {
        const r = await c.query(sql, params);
        return { rows: r.rows as T[], affected: r.rowCount ?? 0 };
      }),
    exec: (sql: string) => guard(async () => void (await c.query(sql))),
  });
  return {
    kind: 'postgres',
    ...wrap(pool),
    transaction: (fn) =>
      guard(async () => {
        const client = await pool.connect();
        let broken = false;
        try {
          await client.query('BEGIN');
          const out = await fn(wrap(client));
          await client.query('COMMIT');
          return out;
        } catch (e) {
          broken = isUnavailable(e);
          if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
          throw e;
        } finally {
          // A client whose connection failed must not go back into the pool.
          client.release(broken);
        }
      }),
    close: () => pool.end(),
  };
}
