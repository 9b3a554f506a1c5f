import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { testDatabaseUrl } from './databases.js';

/** An owner-role connection, for what only the test may do (the catalog, breaking things on purpose). */
export function ownerDb(): Kysely<any> {
  return new Kysely<any>({
    dialect: new PostgresDialect({ pool: async () => new pg.Pool({ connectionString: await testDatabaseUrl(), max: 2 }) }),
    plugins: [new CamelCasePlugin()],
  });
}
