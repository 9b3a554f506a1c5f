import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';

export const APP_ROLE = 'haulwise_app';

/**
 * Run as the owner role: creates the non-owner, non-superuser, non-BYPASSRLS app role
 * (with the configured password) and applies the migrations. The app role's statement, lock
 * and idle-in-transaction timeouts are set by a migration (2026-11-22T0900_timeouts).
 *
 * The owner need not be a superuser (a managed PostgreSQL's owner has CREATEDB and CREATEROLE
 * only): the app role is created with its attributes once, and afterwards only its login and
 * password are set (changing SUPERUSER or BYPASSRLS is refused to a non-superuser, even to take
 * them away). An existing app role that is a superuser or BYPASSRLS would switch row-level
 * security off for the app: the start is refused with a message saying so.
 */
export async function prepareDatabase(owner: Kysely<unknown>, appPassword: string, options: { toMigration?: string } = {}): Promise<void> {
  await sql`
    do $$ begin
      if not exists (select 1 from pg_roles where rolname = ${sql.lit(APP_ROLE)}) then
        create role ${sql.raw(APP_ROLE)} nosuperuser nobypassrls nocreatedb nocreaterole noinherit;
      end if;
    end $$;
  `.execute(owner);
  const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean }>`
    select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}
  `.execute(owner);
  const role = rows[0];
  if (role?.rolsuper || role?.rolbypassrls) {
    throw new Error(
      `The database role ${APP_ROLE} is ${role.rolsuper ? 'a superuser' : 'BYPASSRLS'}, so row-level security would not ` +
        `hold for the app. As a superuser, run: alter role ${APP_ROLE} nosuperuser nobypassrls; then start again.`,
    );
  }
  await sql`alter role ${sql.raw(APP_ROLE)} with login password ${sql.lit(appPassword)}`.execute(owner);
  const migrator = new Migrator({
    db: owner,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
    // Branches merge migrations whose names sort before ones a database already has: run them too,
    // instead of refusing to start ("corrupted migrations").
    allowUnorderedMigrations: true,
  });
  // A restore migrates only to the backup's own version, then the data goes in.
  const { error, results } = options.toMigration ? await migrator.migrateTo(options.toMigration) : await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Error') throw new Error(`Migration ${result.migrationName} failed`, { cause: error });
  }
  if (error) throw error;
}

/** The app connects with the owner's address but as the app role. */
export function appConnectionString(ownerUrl: string, appPassword: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = appPassword;
  return url.toString();
}

export async function ensureDatabaseExists(ownerUrl: string): Promise<void> {
  const url = new URL(ownerUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) await client.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
