import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../../server/src/db/embedded.js';
import { TEST_APP_DB_PASSWORD } from './config.js';
import { databaseUrl, TEMPLATE_DATABASE, WORKER_DATABASE_PREFIX, withClusterClient } from './databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The owner's address on the run's PostgreSQL, at its maintenance database (`postgres`). */
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
 * One real PostgreSQL for the whole run (TEST_DATABASE_URL's server when given, otherwise an
 * embedded one in a fresh temporary folder) and in it one migrated template database. Each test
 * file gets a fresh copy of the template (tests/support/databases.ts), so files running side by
 * side in the workers never see each other's rows.
 *
 * On the embedded server the whole suite runs as an owner that is NOT a superuser
 * (limitedOwner): what a managed PostgreSQL gives, so migrations, the app role's bootstrap,
 * search plans, backup and restore are all tested where companies run them.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let serverUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'haulwise-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
    stopServer = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
    serverUrl = await limitedOwner(embedded.url);
  }
  const clusterUrl = databaseUrl(serverUrl, 'postgres');
  await dropTestDatabases(clusterUrl);
  await withClusterClient(clusterUrl, (client) => client.query(`create database "${TEMPLATE_DATABASE}"`));
  const owner = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl(clusterUrl, TEMPLATE_DATABASE), max: 1 }) }),
  });
  try {
    await prepareDatabase(owner, TEST_APP_DB_PASSWORD);
  } finally {
    await owner.destroy();
  }
  // A template nobody may connect to: a connection left open would stop the copies being made.
  await withClusterClient(clusterUrl, (client) =>
    client.query(`alter database "${TEMPLATE_DATABASE}" with is_template true allow_connections false`),
  );
  project.provide('ownerUrl', clusterUrl);
  return async () => {
    try {
      if (process.env.TEST_DATABASE_URL) await dropTestDatabases(clusterUrl);
    } finally {
      await stopServer();
    }
  };
}

export const TEST_OWNER_ROLE = 'haulwise_owner';
const TEST_OWNER_PASSWORD = 'haulwise-owner-test';

/**
 * Made by the embedded server's superuser: the owner role of a managed PostgreSQL (RDS's master
 * user, Cloud SQL's, Azure's, Supabase's, Neon's): LOGIN, CREATEDB and CREATEROLE, neither
 * SUPERUSER nor BYPASSRLS. Two more grants that those services give their owner too, which only
 * the tests and `make restore` use: pg_signal_backend (the tests end the app role's connections:
 * a dropped test database, a killed listener) and SET on session_replication_role (a restore and
 * some fixtures write rows with triggers off). pg_trgm, the one extension, is trusted (PostgreSQL
 * 13+): the owner creates it itself. Answers the owner's address at the same server.
 */
async function limitedOwner(superuserUrl: string): Promise<string> {
  await withClusterClient(superuserUrl, async (client) => {
    await client.query(
      `create role ${TEST_OWNER_ROLE} login password '${TEST_OWNER_PASSWORD}' createdb createrole nosuperuser nobypassrls`,
    );
    await client.query(`grant pg_signal_backend to ${TEST_OWNER_ROLE}`);
    await client.query(`grant set on parameter session_replication_role to ${TEST_OWNER_ROLE}`);
  });
  const url = new URL(superuserUrl);
  url.username = TEST_OWNER_ROLE;
  url.password = TEST_OWNER_PASSWORD;
  return url.toString();
}

/** Drops the template and the workers' copies a previous run left on the server. */
async function dropTestDatabases(clusterUrl: string): Promise<void> {
  await withClusterClient(clusterUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or starts_with(datname, $2)`,
      [TEMPLATE_DATABASE, WORKER_DATABASE_PREFIX],
    );
    for (const { datname } of rows) {
      await client.query(`alter database "${datname}" with is_template false`);
      await client.query(`drop database "${datname}" with (force)`);
    }
  });
}
