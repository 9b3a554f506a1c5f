import pg from 'pg';
import { inject } from 'vitest';

/** The migrated database every test file's own database is copied from (made by global-setup.ts). */
export const TEMPLATE_DATABASE = 'haulwise_test_template';
/** Worker n's database is this prefix and n: remade from the template for each file the worker runs. */
export const WORKER_DATABASE_PREFIX = 'haulwise_test_worker_';

/** The same server and credentials, another database. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export async function withClusterClient<T>(clusterUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

let ownDatabase: Promise<string> | undefined;

/**
 * The owner's address of this test file's own database: a fresh copy of the migrated template,
 * made on first use (copying a small template takes a fraction of a second). Vitest runs each file
 * in a fresh worker process, so this is once per file; the worker's slot number names it, so the
 * files running side by side never share one.
 */
export function testDatabaseUrl(): Promise<string> {
  ownDatabase ??= (async () => {
    const clusterUrl = inject('ownerUrl');
    const name = `${WORKER_DATABASE_PREFIX}${process.env.VITEST_POOL_ID ?? '0'}`;
    await withClusterClient(clusterUrl, async (client) => {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
    });
    return databaseUrl(clusterUrl, name);
  })();
  return ownDatabase;
}
