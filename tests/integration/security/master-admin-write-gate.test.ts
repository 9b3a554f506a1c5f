import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ownerDb } from '../../support/harness.js';

/**
 * Issue 24, item 7: the master admin reads every company but writes only a company's subscription
 * status, through the audited status-write path (app.master_admin_write). Every table with a
 * company's rows carries three restrictive policies that refuse any insert, update or delete while
 * that path is open (`<table>_no_master_admin_insert|update|delete`). They were made by a loop over
 * the tables of their day, so tables added later went without: this gate reads the catalog, so a new
 * company table without them fails here.
 */

let owner: Kysely<any>;
beforeAll(() => {
  owner = ownerDb();
});
afterAll(async () => {
  await owner?.destroy();
});

const RESTRICTIVE_WRITES = {
  insert: { command: 'INSERT', using: null, check: '(app_master_admin_write() IS NULL)' },
  update: { command: 'UPDATE', using: '(app_master_admin_write() IS NULL)', check: '(app_master_admin_write() IS NULL)' },
  delete: { command: 'DELETE', using: '(app_master_admin_write() IS NULL)', check: null },
} as const;

describe("the master admin's status-write path", () => {
  it('is refused every write on every table with a company_id (restrictive insert, update and delete policies)', async () => {
    const { rows: tables } = await sql<{ relname: string }>`
      select c.relname::text as relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
      order by 1`.execute(owner);
    expect(tables.map((table) => table.relname)).toEqual(expect.arrayContaining(['loads', 'documents', 'invoices', 'messages']));
    const { rows: policies } = await sql<{
      tablename: string;
      policyname: string;
      permissive: string;
      cmd: string;
      qual: string | null;
      withCheck: string | null;
    }>`
      select tablename::text, policyname::text, permissive, cmd, qual, with_check as "withCheck"
      from pg_policies where schemaname = 'public' and policyname like '%\\_no\\_master\\_admin\\_%'`.execute(owner);
    const missing: string[] = [];
    for (const { relname } of tables) {
      for (const [action, expected] of Object.entries(RESTRICTIVE_WRITES)) {
        const policy = policies.find((row) => row.tablename === relname && row.policyname === `${relname}_no_master_admin_${action}`);
        const holds =
          policy?.permissive === 'RESTRICTIVE' &&
          policy.cmd === expected.command &&
          policy.qual === expected.using &&
          policy.withCheck === expected.check;
        if (!holds) missing.push(`${relname}: ${action}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
