import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureDatabaseExists, prepareDatabase } from '../../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.js';
import { TEST_APP_DB_PASSWORD } from './config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    ownerUrl: string;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given, otherwise an embedded
 * server in a fresh temporary folder. Tests isolate themselves by creating their own companies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let ownerUrl = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!ownerUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'haulwise_test' });
    ownerUrl = embedded.url;
    stop = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  await ensureDatabaseExists(ownerUrl);
  const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 1 }) }) });
  await prepareDatabase(owner, TEST_APP_DB_PASSWORD);
  await owner.destroy();
  project.provide('ownerUrl', ownerUrl);
  return stop;
}
