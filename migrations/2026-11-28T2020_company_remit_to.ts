import { type Kysely, sql } from 'kysely';

// Frozen in time: never import application code here.

/**
 * A company's MC and DOT numbers (issue 27, item 7): an invoice's "Remit to" names the company
 * with its address, phone, email and the two numbers carriers are known by. Both optional
 * (null until an admin fills them in Settings, Company Information), at most 20 characters as a
 * carrier's are. Brokers' payment terms already exist (brokers.payment_terms, "Net 30"): the due
 * date reads them, no column is added for them.
 *
 * Only columns and checks on a table the owner owns: runs on a managed PostgreSQL as well. The
 * app role's table-wide grants on companies cover the new columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table companies
      add column mc_number text constraint companies_mc_number_length check (char_length(mc_number) between 1 and 20),
      add column dot_number text constraint companies_dot_number_length check (char_length(dot_number) between 1 and 20);
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    alter table companies drop column if exists mc_number, drop column if exists dot_number;
  `.execute(db);
}
