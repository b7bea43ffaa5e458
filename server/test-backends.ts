/**
 * The databases the server tests run against: in-memory PGlite always, and a PostgreSQL server when
 * DATABASE_URL is set, each test file getting its own fresh database there (created and dropped here).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Db } from './db.ts';
import { migrate } from './migrate.ts';

export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh database (migrated unless `migrated: false`) and the function that disposes of it. */
  open: (o?: { migrated?: boolean }) => Promise<{ db: Db; url?: string; dispose: () => Promise<void> }>;
}

async function freshPostgres(baseUrl: string): Promise<{ db: Db; url: string; dispose: () => Promise<void> }> {
  const name = `sw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.href });
  return {
    db,
    url: url.href,
    dispose: async () => {
      await db.close();
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export function backends(env: NodeJS.ProcessEnv = process.env): Backend[] {
  const list: Backend[] = [
    {
      name: 'pglite',
      open: async ({ migrated = true } = {}) => {
        const db = await openDatabase({});
        if (migrated) await migrate(db);
        return { db, dispose: () => db.close() };
      },
    },
  ];
  const url = env.DATABASE_URL;
  if (url && /^postgres(ql)?:\/\//.test(url))
    list.push({
      name: 'postgres',
      open: async ({ migrated = true } = {}) => {
        const r = await freshPostgres(url);
        if (migrated) await migrate(r.db);
        return r;
      },
    });
  return list;
}

/** An empty database for the next test, without the cost of a new one. */
export async function truncateAll(db: Db): Promise<void> {
  await db.exec(
    'TRUNCATE leads, idempotency_keys, outbox, lead_notes, lead_events, rate_hits, staff, sign_in_failures, webauthn_challenges, audit_log, stats_salts, stats_seen, stats_days, stats_pages, stats_forms CASCADE',
  );
}
