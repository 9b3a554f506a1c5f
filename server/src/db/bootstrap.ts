import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
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
  await ownerStandsAsSuperuserOwner(owner);
}

/**
 * Where a superuser owner always stood, for every table any migration made, so no migration has to
 * remember it (the same as migrations/2026-11-28T1200_owner_rows.ts and T1400 did for the tables
 * then): a table with forced row-level security gets a permissive policy for the owner alone,
 * `using (true)` (owner-rights functions, backups, scripts and fixtures reach every row), and a
 * restrictive policy applies to the app role, not to PUBLIC (rules made for a signed-in user's
 * calls, which a superuser owner was never under). Idempotent; on a superuser owner it changes
 * nothing anyone meets. Only the owner's own tables are touched.
 */
async function ownerStandsAsSuperuserOwner(owner: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    declare
      found record;
    begin
      for found in
        select c.relname::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and c.relrowsecurity and c.relforcerowsecurity and c.relowner = (select oid from pg_roles where rolname = current_user)
          and not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                                                      and p.policyname = c.relname || '_owner')
        order by 1
      loop
        execute format('create policy %I on public.%I as permissive for all to %I using (true) with check (true)',
                       found.name || '_owner', found.name, current_user);
      end loop;
      for found in
        select p.tablename, p.policyname from pg_policies p join pg_class c on c.relname = p.tablename
          join pg_namespace n on n.oid = c.relnamespace and n.nspname = p.schemaname
        where p.schemaname = 'public' and p.permissive = 'RESTRICTIVE' and p.roles = array['public'::name]
          and c.relowner = (select oid from pg_roles where rolname = current_user)
        order by 1, 2
      loop
        execute format('alter policy %I on public.%I to ${sql.raw(APP_ROLE)}', found.policyname, found.tablename);
      end loop;
    end
    $$;
  `.execute(owner);
}

/** The app connects with the owner's address but as the app role. */
export function appConnectionString(ownerUrl: string, appPassword: string): string {
  const url = new URL(ownerUrl);
  url.username = APP_ROLE;
  url.password = appPassword;
  return url.toString();
}

/**
 * ANALYZE as the owner (the app role owns no table): after a bulk write (the demo workspace, a
 * restore) the planner's statistics still describe the tables before it until autovacuum comes
 * by, up to a minute or more later. Until then a company's list may be planned for the 3 loads the
 * statistics knew (a bitmap scan and a sort of all its loads, 6 ms) instead of its index (0.5 ms):
 * `make soak` met that in its first minute.
 */
export async function analyzeDatabase(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
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

/**
 * Run as the owner at each start: the addresses that may become master admins
 * (platform_admin_addresses, which the app role cannot read or write) are the configured ones
 * (PLATFORM_ADMIN_EMAILS, source 'config': an address taken out of the setting leaves) and the
 * ones `make admin` listed (source 'operator', kept). app_grant_platform_admin refuses the rest.
 */
export async function listConfiguredPlatformAdmins(owner: Kysely<unknown>, emails: readonly string[]): Promise<void> {
  const listed = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  await sql`
    with gone as (
      delete from platform_admin_addresses where source = 'config' and not (email = any(${listed}::text[]))
    )
    insert into platform_admin_addresses (email, source)
    select unnest(${listed}::text[]), 'config'
    on conflict (email) do nothing
  `.execute(owner);
}

/** Run as the owner (`make admin`, fixtures): this address may become a master admin, whatever the setting says. */
export async function listPlatformAdminByOperator(owner: Kysely<Database>, email: string): Promise<void> {
  await sql`
    insert into platform_admin_addresses (email, source) values (${email.trim().toLowerCase()}, 'operator')
    on conflict (email) do update set source = 'operator'
  `.execute(owner);
}
