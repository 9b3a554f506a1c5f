import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { APP_ROLE, prepareDatabase } from '../../server/src/db/bootstrap.js';
import { TEST_APP_DB_PASSWORD } from '../support/config.js';
import { databaseUrl, withClusterClient } from '../support/databases.js';

/**
 * The suite's database owner is what a managed PostgreSQL gives (tests/support/global-setup.ts):
 * CREATEDB and CREATEROLE, no SUPERUSER, no BYPASSRLS. Here the start itself (prepareDatabase on
 * an empty database: the app role, every migration) runs as that owner, and a start on a
 * database whose app role already exists sets only its login and password.
 */
const clusterUrl = inject('ownerUrl');
const fresh = `haulwise_owner_test_${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await withClusterClient(clusterUrl, (client) => client.query(`drop database if exists "${fresh}" with (force)`));
});

async function asOwner<T>(database: string, use: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const db = new Kysely<any>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(clusterUrl, database), max: 1 }) }),
  });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

describe('a database owner that is not a superuser', () => {
  it('is what the suite runs as: CREATEDB and CREATEROLE, neither SUPERUSER nor BYPASSRLS', async () => {
    const role = await asOwner('postgres', async (db) => {
      const { rows } = await sql<Record<string, boolean>>`
        select rolsuper, rolbypassrls, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user`.execute(db);
      return rows[0];
    });
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, rolcreatedb: true, rolcreaterole: true });
  });

  it('creates the app role and runs every migration on an empty database, then starts again on it', async () => {
    await withClusterClient(clusterUrl, (client) => client.query(`create database "${fresh}"`));
    await asOwner(fresh, async (db) => {
      // The app role exists already (the template's start made it): only its login and password are set.
      await prepareDatabase(db, TEST_APP_DB_PASSWORD);
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
      expect(rows[0]?.name).toMatch(/^2026-/);
      // A second start on the migrated database.
      await prepareDatabase(db, TEST_APP_DB_PASSWORD);
      const role = await sql<Record<string, boolean>>`
        select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = ${APP_ROLE}`.execute(db);
      expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, rolcanlogin: true });
    });
  }, 120_000);

  it('gives the owner, and only the owner, every row of every table with forced row-level security', async () => {
    await asOwner(fresh, async (db) => {
      const { rows } = await sql<{ table: string; roles: string[]; qual: string }>`
        select c.relname as table, p.roles::text[] as roles, p.qual
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        left join pg_policies p on p.schemaname = 'public' and p.tablename = c.relname and p.policyname = c.relname || '_owner'
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relforcerowsecurity
        order by 1`.execute(db);
      expect(rows.length).toBeGreaterThan(10);
      const owner = new URL(clusterUrl).username;
      const wrong = rows.filter((row) => row.roles?.join() !== owner || row.qual !== 'true');
      expect(wrong, 'forced tables without the owner policy (migrations/2026-11-28T1200_owner_rows.ts, then prepareDatabase)').toEqual([]);
    });
  });

  it('keeps the restrictive policies to the app role: the owner is under none, as a superuser owner is', async () => {
    await asOwner(fresh, async (db) => {
      const { rows } = await sql<{ policy: string }>`
        select tablename || '.' || policyname as policy from pg_policies
        where schemaname = 'public' and permissive = 'RESTRICTIVE' and roles <> array[${APP_ROLE}::name]
        order by 1`.execute(db);
      expect(
        rows.map((row) => row.policy),
        'restrictive policies not `to haulwise_app` (migrations/2026-11-28T1400, then prepareDatabase)',
      ).toEqual([]);
    });
  });
});
