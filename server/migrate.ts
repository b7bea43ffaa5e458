/** Numbered SQL migrations (server/migrations/NNN_name.sql), applied in order on start and recorded. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  version: string;
  sql: string;
}

/** "001_leads.sql" → version "001_leads"; files not named NNN_*.sql are ignored; sorted by number. */
export function migrationFiles(names: string[]): string[] {
  return names.filter((n) => /^\d+_[\w-]+\.sql$/.test(n)).sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b));
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return migrationFiles(readdirSync(dir)).map((n) => ({ version: n.replace(/\.sql$/, ''), sql: readFileSync(join(dir, n), 'utf8') }));
}

// Any fixed number: the transaction-scoped advisory lock that serialises migrations between processes.
const MIGRATION_LOCK = 7_412_015;

/**
 * Applies the migrations not yet recorded, each in its own transaction with its record, so a failed file
 * leaves nothing half-applied. An advisory lock taken first serialises servers starting at once, even
 * around creating the record table (a bare CREATE TABLE IF NOT EXISTS can race on PostgreSQL).
 */
export async function migrate(db: Db, migrations: Migration[] = loadMigrations()): Promise<string[]> {
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (seen.rows.length) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}
