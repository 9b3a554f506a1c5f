import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withCompany } from '../../../server/src/db/with-company.js';
import { createTestCompany, startTestServices } from '../../support/harness.js';

/**
 * Pooled connections are shared by every company's requests. Thousands of interleaved
 * tenant transactions on a pool of 1 and of 10 must never return another company's rows,
 * and a read outside any tenant transaction must see nothing, whoever used the connection last.
 */

const READS = 3000;
const TABLES = ['profiles', 'userRoles', 'companies'] as const;
type Table = (typeof TABLES)[number];
/** What each company of createTestCompany holds: five people, four with a staff role, one company row. */
const EXPECTED_ROWS: Record<Table, number> = { profiles: 5, userRoles: 4, companies: 1 };

interface Outcome {
  scoped: boolean;
  table: Table;
  companyId: string | null;
  setting: string | null;
  rowCompanies: string[];
  /** The server process of the connection that ran the tenant transaction. */
  pid?: number;
}

describe.each([1, 10])('a pool of %i connection(s)', (poolSize) => {
  it(`keeps ${READS} interleaved reads across three companies to their own company`, async () => {
    // Thousands of reads queue for one connection on purpose: let them wait their turn rather than answer busy.
    const started = await startTestServices({ poolSize, config: { DB_ACQUIRE_TIMEOUT_MS: '120000' } });
    try {
      const { db } = started.services;
      const companies = await Promise.all([1, 2, 3].map(() => createTestCompany(started.services)));

      const read = async (index: number): Promise<Outcome> => {
        const table = TABLES[index % TABLES.length] as Table;
        const company = companies[Math.floor(index / TABLES.length) % companies.length] as (typeof companies)[number];
        const column = table === 'companies' ? 'id' : 'companyId';
        // One read in seven runs outside any tenant transaction, on whichever connection is free.
        if (index % 7 === 3) {
          const { rows } = await sql<{ owner: string }>`select ${sql.ref(column)}::text as owner from ${sql.table(table)}`.execute(db);
          const setting = await sql<{
            setting: string | null;
          }>`select nullif(current_setting('app.company_id', true), '') as setting`.execute(db);
          return {
            scoped: false,
            table,
            companyId: null,
            setting: setting.rows[0]?.setting ?? null,
            rowCompanies: rows.map((row) => row.owner),
          };
        }
        const scope = { companyId: company.companyId, userId: company.users.admin.userId };
        return withCompany(db, scope, async (tx) => {
          const { rows } = await sql<{ owner: string }>`select ${sql.ref(column)}::text as owner from ${sql.table(table)}`.execute(tx);
          // A second statement in the same transaction, so other transactions interleave between the two.
          const setting = await sql<{
            setting: string | null;
            pid: number;
          }>`select current_setting('app.company_id', true) as setting, pg_backend_pid() as pid`.execute(tx);
          return {
            scoped: true,
            table,
            companyId: company.companyId,
            setting: setting.rows[0]?.setting ?? null,
            rowCompanies: rows.map((row) => row.owner),
            pid: setting.rows[0]?.pid,
          };
        });
      };

      const outcomes = await Promise.all(Array.from({ length: READS }, (_, index) => read(index)));

      const scoped = outcomes.filter((outcome) => outcome.scoped);
      const unscoped = outcomes.filter((outcome) => !outcome.scoped);
      expect(scoped.length).toBeGreaterThan(2500);
      expect(unscoped.length).toBeGreaterThan(400);
      // The companies really shared connections: one for a pool of 1, several for a pool of 10.
      const connections = new Set(scoped.map((outcome) => outcome.pid)).size;
      if (poolSize === 1) expect(connections).toBe(1);
      else expect(connections).toBeGreaterThan(1);

      const leaks = scoped.filter((outcome) => outcome.rowCompanies.some((owner) => owner !== outcome.companyId));
      expect(leaks, "reads that returned another company's rows").toEqual([]);
      const wrongCounts = scoped.filter((outcome) => outcome.rowCompanies.length !== EXPECTED_ROWS[outcome.table]);
      expect(wrongCounts, "reads that missed their own company's rows").toEqual([]);
      const wrongSettings = scoped.filter((outcome) => outcome.setting !== outcome.companyId);
      expect(wrongSettings, "transactions that ran with another company's setting").toEqual([]);

      const seenOutside = unscoped.filter((outcome) => outcome.rowCompanies.length > 0 || outcome.setting !== null);
      expect(seenOutside, 'reads outside a tenant transaction that saw rows or a leftover company').toEqual([]);
    } finally {
      await started.close();
    }
  }, 180_000);
});
