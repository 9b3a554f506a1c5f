// `make restore FILE=...`: restores a backup of scripts/backup.ts into an EMPTY database: the
// embedded one (an empty data folder, or one whose database has no tables yet) or DATABASE_URL's.
//
// 1. migrations run on the empty database up to the backup's own migration version (so the
//    tables are exactly the ones the rows came from), and the app role is created as at start;
// 2. in one transaction as the owner, with triggers off (session_replication_role = replica:
//    no audit rows, no notices, no foreign-key order to respect; a superuser, or an owner granted
//    SET on that parameter), every table is emptied of anything a migration inserted and filled
//    with COPY (row-level security unforced for that transaction only, so an owner that is not a
//    superuser may COPY), and the sequences are set back;
// 3. the stored files go back under <data dir>/files.
// The next server start migrates the restored database forward to the code's latest version.
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import tar from 'tar-stream';
import { loadConfig } from '../server/src/config.js';
import { ensureDatabaseExists, prepareDatabase } from '../server/src/db/bootstrap.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { BACKUP_FORMAT, ident, MIGRATION_TABLES, type BackupManifest } from './backup.js';
import { connectOrStartDatabase } from './database-url.js';

export async function restoreBackup(options: {
  file: string;
  ownerUrl: string;
  appPassword: string;
  /** Where stored files go back (must be empty or missing). */
  filesDir?: string;
}): Promise<BackupManifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'haulwise-restore-'));
  try {
    await extract(options.file, staging);
    const manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${options.file} is not a Haulwise backup`);
    if (options.filesDir && existsSync(options.filesDir) && readdirSync(options.filesDir).length > 0 && manifest.files.length > 0) {
      throw new Error(`The stored-files folder ${options.filesDir} is not empty; restore needs an empty data folder.`);
    }

    await ensureDatabaseExists(options.ownerUrl);
    await refuseUnlessEmpty(options.ownerUrl);
    const owner = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: options.ownerUrl, max: 1 }) }),
    });
    try {
      if (manifest.migration) await prepareDatabase(owner, options.appPassword, { toMigration: manifest.migration });
    } finally {
      await owner.destroy();
    }

    const client = new pg.Client({ connectionString: options.ownerUrl, application_name: 'haulwise restore' });
    await client.connect();
    try {
      await client.query('begin');
      await client.query("set local statement_timeout = '0'");
      try {
        // Triggers (audit, notify) and foreign-key checks off for this transaction: the rows were consistent when dumped.
        await client.query('set local session_replication_role = replica');
      } catch (error) {
        throw new Error(
          'Restore needs to turn triggers off (session_replication_role = replica): connect as a superuser, or ' +
            'GRANT SET ON PARAMETER session_replication_role TO <owner role> (PostgreSQL 15+).',
          { cause: error },
        );
      }
      const tables = manifest.tables.filter((table) => !MIGRATION_TABLES.includes(table.name));
      if (tables.length > 0) await client.query(`truncate ${tables.map((table) => `public.${ident(table.name)}`).join(', ')}`);
      // COPY FROM refuses a table whose row-level security applies to the caller, and an owner that
      // is not a superuser (a managed PostgreSQL's) is under its tables' FORCEd policies: they are
      // unforced for this transaction only (nobody else uses the new database yet) and forced again
      // below, before the commit.
      const forced = (
        await client.query<{ name: string }>(`
          select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relforcerowsecurity order by 1`)
      ).rows.map((row) => row.name);
      for (const name of forced) await client.query(`alter table public.${ident(name)} no force row level security`);
      for (const table of tables) {
        const columns = table.columns.map(ident).join(', ');
        const stream = client.query(copyFrom(`copy public.${ident(table.name)} (${columns}) from stdin`));
        await pipeline(createReadStream(path.join(staging, 'tables', `${table.name}.copy`)), stream);
      }
      for (const name of forced) await client.query(`alter table public.${ident(name)} force row level security`);
      for (const sequence of manifest.sequences) {
        if (sequence.lastValue === null) continue;
        await client.query('select setval($1::regclass, $2::bigint, true)', [`public.${ident(sequence.name)}`, sequence.lastValue]);
      }
      await client.query('commit');
      // Fresh statistics for the planner now, not when autovacuum comes by (bootstrap.ts, analyzeDatabase).
      await client.query('analyze');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }

    if (options.filesDir && manifest.files.length > 0) {
      for (const stored of manifest.files) {
        const target = path.join(options.filesDir, stored.path);
        mkdirSync(path.dirname(target), { recursive: true });
        await pipeline(createReadStream(path.join(staging, 'files', stored.path)), createWriteStream(target));
      }
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Restore writes only into an empty database: no tables in public (or only an empty migration table). */
async function refuseUnlessEmpty(ownerUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
    const tables = rows.map((row) => row.name).filter((name) => !MIGRATION_TABLES.includes(name));
    if (tables.length > 0) {
      const name = new URL(ownerUrl).pathname.slice(1);
      throw new Error(
        `The database "${decodeURIComponent(name)}" is not empty (${tables.length} tables). Restore into an empty database: ` +
          'a new DATABASE_URL database, or an empty HAULWISE_DATA_DIR for the embedded one.',
      );
    }
  } finally {
    await client.end();
  }
}

/** Unpacks the .tar.gz into folder, refusing names that would leave it. */
async function extract(file: string, folder: string): Promise<void> {
  const unpack = tar.extract();
  const done = new Promise<void>((resolve, reject) => {
    unpack.on('entry', (header, stream, next) => {
      const target = path.resolve(folder, header.name);
      if (!target.startsWith(`${folder}${path.sep}`) || header.type !== 'file') {
        stream.resume();
        stream.on('end', next);
        return;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      pipeline(stream, createWriteStream(target)).then(() => next(), reject);
    });
    unpack.on('finish', resolve);
    unpack.on('error', reject);
  });
  createReadStream(file).pipe(createGunzip()).pipe(unpack);
  await done;
}

async function main(): Promise<void> {
  const file = process.argv[2] ?? process.env.FILE;
  if (!file) throw new Error('Name the backup: make restore FILE=.data/backups/haulwise-backup-....tar.gz');
  if (!existsSync(file)) throw new Error(`No such backup: ${file}`);
  const config = loadConfig();
  const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
  try {
    const manifest = await restoreBackup({
      file,
      ownerUrl,
      appPassword: config.APP_DB_PASSWORD,
      filesDir: path.join(config.dataDir, 'files'),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${file} (taken ${manifest.createdAt}) at migration ${manifest.migration ?? '(none)'}: ` +
        `${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} stored files. ` +
        'Start the server to migrate it to the latest version.',
    );
  } finally {
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
