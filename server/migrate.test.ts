// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMigrations, migrate } from './migrate.ts';
import type { Db } from './db.ts';
import { backends } from './test-backends.ts';

// Opening a PGlite database takes seconds, longer when test files run in parallel on two cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

describe.each(backends())('migrations on $name', (backend) => {
  let db: Db;
  let dispose: () => Promise<void>;
  afterEach(async () => dispose());

  const tables = async () =>
    (await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name")).rows.map(
      (r) => r.table_name,
    );

  it('builds the schema from an empty database and records each file once', async () => {
    ({ db, dispose } = await backend.open({ migrated: false }));
    expect(await tables()).toEqual([]);
    expect(await migrate(db)).toEqual(loadMigrations().map((m) => m.version));
    expect(await tables()).toEqual(
      expect.arrayContaining(['idempotency_keys', 'leads', 'outbox', 'schema_migrations', 'service_secrets', 'staff', 'audit_log']),
    );
    expect(await migrate(db)).toEqual([]);
    expect((await db.query('SELECT version FROM schema_migrations ORDER BY version')).rows).toEqual(loadMigrations().map((m) => ({ version: m.version })));
  });

  it('applies each file once when two processes start together', async () => {
    ({ db, dispose } = await backend.open({ migrated: false }));
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([...a, ...b].sort()).toEqual(loadMigrations().map((m) => m.version));
  });

  it('leaves nothing of a migration that fails half-way', async () => {
    ({ db, dispose } = await backend.open());
    await expect(migrate(db, [{ version: '900_broken', sql: 'CREATE TABLE half (x int); SELECT no_such_column FROM half;' }])).rejects.toThrow(
      /no_such_column/,
    );
    expect(await tables()).not.toContain('half');
    expect((await db.query("SELECT 1 FROM schema_migrations WHERE version = '900_broken'")).rows).toEqual([]);
  });
});
