/**
 * The databases the server tests run against: in-memory PGlite always, and a PostgreSQL server when
 * DATABASE_URL is set, each test file getting its own fresh database there (created and dropped here).
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { cacheDir, pglitePackageFile } from './config.ts';
import { openDatabase, pgliteDb, type Db } from './db.ts';
import { loadMigrations, migrate } from './migrate.ts';

/**
 * The template's file: named by a hash of what makes it, PGlite's version and the migrations' names and text, so a
 * change to either makes (and uses) a new one and a stale one is never read.
 */
function templateFile(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(pglitePackageFile()));
  for (const m of loadMigrations()) hash.update(`\0${m.version}\0${m.sql}`);
  return join(cacheDir(), `pglite-migrated-${hash.digest('hex').slice(0, 20)}.tar`);
}

/**
 * A dump of a new in-memory PGlite with every migration applied, made the first time a run needs it and kept on disk.
 * Starting a database from it skips initdb and the migrations, the larger part of a new PGlite's cost. It is written
 * under a temporary name and renamed into place, so a worker reading it never sees half a file.
 */
async function makeTemplate(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const lite = new PGlite();
  await lite.waitReady;
  await migrate(pgliteDb(lite));
  // Everything written out to the data files, so the copy starts without replaying the log.
  await lite.exec('CHECKPOINT');
  const bytes = new Uint8Array(await (await lite.dumpDataDir('none')).arrayBuffer());
  await lite.close();
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, file);
  return bytes;
}

let template: Promise<Uint8Array<ArrayBuffer>> | undefined;
/** The template's bytes, read (or made) once per test file. */
function migratedTemplate(): Promise<Uint8Array<ArrayBuffer>> {
  template ??= (async () => {
    const file = templateFile();
    try {
      return new Uint8Array(readFileSync(file));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      return makeTemplate(file);
    }
  })();
  return template;
}

/** A new in-memory PGlite started from the migrated template: its own copy, as if made and migrated afresh. */
async function migratedPglite(): Promise<Db> {
  const lite = new PGlite({ loadDataDir: new Blob([await migratedTemplate()]) });
  await lite.waitReady;
  return pgliteDb(lite);
}

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
      // The migrated database from the template; a database the test migrates itself starts new, from initdb.
      open: async ({ migrated = true } = {}) => {
        const db = migrated ? await migratedPglite() : await openDatabase({});
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
