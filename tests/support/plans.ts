import { CamelCasePlugin, CompiledQuery, Kysely, PostgresDialect, type LogEvent, type Transaction } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { appConnectionString } from '../../server/src/db/bootstrap.js';
import type { Database } from '../../server/src/db/schema.js';
import type { Scope } from '../../server/src/db/scope.js';
import { withCompany } from '../../server/src/db/with-company.js';
import { TEST_APP_DB_PASSWORD } from './config.js';
import { testDatabaseUrl } from './databases.js';
import type { Tenants } from './tenants.js';

/**
 * The stage of a plan test: the app role's own handle (one connection, row-level security on)
 * that records every statement it sends, so a test can EXPLAIN the very statement a repository
 * sent, as the app role inside company A's tenant transaction. Call once at the top of the file,
 * after useTenants; it registers its own beforeAll and afterAll.
 */
export function usePlans(tenants: Tenants) {
  let appDb: Kysely<Database> | undefined;
  const sent: CompiledQuery[] = [];

  beforeAll(async () => {
    appDb = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: appConnectionString(await testDatabaseUrl(), TEST_APP_DB_PASSWORD), max: 1 }),
      }),
      plugins: [new CamelCasePlugin()],
      log: (event: LogEvent) => {
        if (event.level === 'query') sent.push(event.query);
      },
    });
  });
  afterAll(async () => {
    await appDb?.destroy();
  });

  return {
    /**
     * Runs `call` as company A's dispatcher and answers the plan of the last statement it sent
     * that reads `table` (`explain <options> <statement>`, the plan's lines joined).
     */
    async planOf(table: string, call: (tx: Transaction<Database>, scope: Scope) => Promise<unknown>, explain = 'explain'): Promise<string> {
      if (!appDb) throw new Error('usePlans: called before its beforeAll');
      const dispatcher = tenants.companyA.users.dispatcher;
      const scope: Scope = {
        userId: dispatcher.userId,
        companyId: tenants.companyA.companyId,
        role: 'dispatcher',
        isMasterAdmin: false,
        readsCompanyId: tenants.companyA.companyId,
      };
      return withCompany(appDb, { companyId: scope.companyId, userId: scope.userId }, async (tx) => {
        const before = sent.length;
        await call(tx, scope);
        const query = sent.slice(before).findLast((compiled) => compiled.sql.includes(`from "${table}"`));
        if (!query) throw new Error(`no statement read ${table}`);
        const plan = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]));
        return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    },
  };
}
