import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { backupDatabase } from '../../../scripts/backup.js';
import { seedDemo } from '../../../server/src/seed/demo-data.js';
import { restoreBackup } from '../../../scripts/restore.js';
import { createServices } from '../../../server/src/create-services.js';
import { testConfig, TEST_APP_DB_PASSWORD } from '../../support/config.js';

/**
 * Backups (issue 9, item 6): the demo workspace is seeded into a database of this test's own,
 * backed up, restored into another empty database, and every table's rows compared; the stored
 * files come back byte for byte. A non-empty database is refused.
 */

const run = randomUUID().slice(0, 8);
const source = `haulwise_backup_src_${run}`;
const target = `haulwise_backup_dst_${run}`;
const urlOf = (database: string) => {
  const url = new URL(inject('ownerUrl'));
  url.pathname = `/${database}`;
  return url.toString();
};
let workDir: string;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every table of public with a digest of all its rows (order-independent), and the sequences. */
async function fingerprint(database: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'kysely_migration_lock' order by 1`);
    const result: Record<string, string> = {};
    for (const { name } of tables.rows) {
      // The migration table records when each migration ran: its names are what must match.
      const row = name === 'kysely_migration' ? 't.name' : 't::text';
      const { rows } = await client.query<{ count: number; digest: string | null }>(
        `select count(*)::int as count, md5(string_agg(${row}, E'\\n' order by ${row})) as digest from public."${name}" t`,
      );
      result[name] = `${rows[0]?.count} rows ${rows[0]?.digest ?? '-'}`;
    }
    const sequences = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    for (const sequence of sequences.rows) result[`sequence ${sequence.name}`] = sequence.value ?? 'unused';
    return result;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'haulwise-backup-test-'));
  await admin((client) => client.query(`create database ${source}`));
  const started = await createServices(testConfig(), urlOf(source), {
    poolSize: 4,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  try {
    await seedDemo(started.services.db, { onlyIfEmpty: false });
  } finally {
    await started.close();
  }
}, 120_000);
afterAll(async () => {
  await admin(async (client) => {
    for (const database of [source, target]) await client.query(`drop database if exists ${database} with (force)`);
  });
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('make backup and make restore', () => {
  it('round-trip the seeded demo workspace: every table has the same rows, the stored files the same bytes', async () => {
    const filesDir = path.join(workDir, 'files');
    mkdirSync(path.join(filesDir, 'company-a'), { recursive: true });
    writeFileSync(path.join(filesDir, 'company-a', 'rate-confirmation.pdf'), Buffer.from('%PDF-1.7 a stored document'));
    writeFileSync(path.join(filesDir, 'top-level.bin'), Buffer.from([0, 1, 2, 250, 251, 252]));

    const { file, manifest } = await backupDatabase({ ownerUrl: urlOf(source), backupDir: path.join(workDir, 'backups'), filesDir });
    expect(path.basename(file)).toMatch(/^haulwise-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.tar\.gz$/);
    expect(manifest.migration).toBe(manifest.migrations.at(-1));
    expect(manifest.tables.find((table) => table.name === 'loads')?.rows).toBeGreaterThan(10);
    expect(manifest.files.map((stored) => stored.path)).toEqual(['company-a/rate-confirmation.pdf', 'top-level.bin']);

    const restoredFiles = path.join(workDir, 'restored-files');
    await restoreBackup({ file, ownerUrl: urlOf(target), appPassword: TEST_APP_DB_PASSWORD, filesDir: restoredFiles });

    const before = await fingerprint(source);
    const after = await fingerprint(target);
    expect(Object.keys(before).length).toBeGreaterThan(10);
    expect(after).toEqual(before);
    for (const stored of manifest.files) {
      expect(readFileSync(path.join(restoredFiles, stored.path))).toEqual(readFileSync(path.join(filesDir, stored.path)));
    }

    // The restored database serves the app: the demo admin's company is there through the app role.
    const started = await createServices(testConfig(), urlOf(target), {
      poolSize: 2,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      const user = await started.services.db
        .selectFrom('users')
        .select('email')
        .where('email', '=', 'admin@summit.demo')
        .executeTakeFirst();
      expect(user?.email).toBe('admin@summit.demo');
    } finally {
      await started.close();
    }
  }, 120_000);

  it('refuses to restore into a database that is not empty, naming it', async () => {
    const backups = path.join(workDir, 'backups-2');
    const { file } = await backupDatabase({ ownerUrl: urlOf(source), backupDir: backups });
    const error = await restoreBackup({ file, ownerUrl: urlOf(source), appPassword: TEST_APP_DB_PASSWORD }).then(
      () => null,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(new RegExp(`^The database "${source}" is not empty \\(\\d+ tables\\)`));
    expect(existsSync(file)).toBe(true);
  }, 60_000);
});
