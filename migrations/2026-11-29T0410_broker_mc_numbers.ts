import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A broker's MC number (issue 29, item 1): a rate confirmation names its broker by name and MC
 * number, and the import matches an existing broker by MC number first, then by name. Optional,
 * digits only (the "MC" prefix and punctuation are not kept), at most 8 digits as FMCSA issues
 * them. Looked up within a company: an index on (company_id, mc_number) where it is set.
 *
 * Only a column, a check and an index on a table the owner owns: the app role's table-wide grants
 * on brokers cover the new column, and its row-level security covers its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table brokers
      add column mc_number text constraint brokers_mc_number_digits check (mc_number ~ '^[0-9]{1,8}$');
    create index brokers_company_mc_idx on brokers (company_id, mc_number) where mc_number is not null;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    drop index if exists brokers_company_mc_idx;
    alter table brokers drop column if exists mc_number;
  `.execute(db);
}
