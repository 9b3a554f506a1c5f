import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * Issue 28, item 1: positions ingest for a driver through the REST API. A position goes in for a
 * driver record when the transaction is the driver's own account (as before), or when it names an
 * API key (app.api_key_id, set by the guard of a call made with a key) of the row's company that is
 * not revoked or expired and whose scopes give drivers write. Every other insert is still refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    drop policy positions_own_driver on positions;
    create policy positions_own_driver on positions as restrictive for insert
      with check (
        exists (select 1 from drivers d
                where d.company_id = positions.company_id and d.id = positions.driver_id and d.user_id = app_user_id())
        or exists (select 1 from api_keys k
                   where k.id = nullif(current_setting('app.api_key_id', true), '')::uuid
                     and k.company_id = positions.company_id and k.revoked_at is null
                     and (k.expires_at is null or k.expires_at > now()) and k.scopes ->> 'drivers' = 'write'));
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop policy positions_own_driver on positions;
    create policy positions_own_driver on positions as restrictive for insert
      with check (exists (select 1 from drivers d
                          where d.company_id = positions.company_id and d.id = positions.driver_id
                            and d.user_id = app_user_id()));
  `.execute(db);
}
