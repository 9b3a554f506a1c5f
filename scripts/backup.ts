// `make backup`: a consistent, timestamped backup of the database and the stored files.
//
// The embedded PostgreSQL 18 ships no pg_dump, and Debian's pg_dump 15 refuses a newer server,
// so this is a logical dump of its own: in ONE repeatable-read, read-only transaction (one
// snapshot), every table of the public schema is written with COPY (PostgreSQL's own text
// format, the same pg_dump uses), beside the migration version and the sequences. The schema
// itself is not dumped: restore (scripts/restore.ts) runs the migrations up to that version on
// an empty database and copies the rows back in.
//
// Archive: <BACKUP_DIR>/haulwise-backup-<UTC time>.tar.gz holding manifest.json, tables/<name>.copy
// and files/... (the stored files under <data dir>/files, when there are any).
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import tar from 'tar-stream';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded.js';
import { connectOrStartDatabase } from './database-url.js';

export const BACKUP_FORMAT = 'haulwise-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: string;
  /** The last migration applied: restore migrates an empty database exactly this far. */
  migration: string | null;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; lastValue: string | null }[];
  files: { path: string; bytes: number }[];
}

/** Quotes an identifier for SQL text. */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Writes the backup archive into backupDir and returns its path and manifest. */
export async function backupDatabase(options: {
  ownerUrl: string;
  backupDir: string;
  /** Stored files to include (skipped when the folder does not exist). */
  filesDir?: string;
  now?: Date;
}): Promise<{ file: string; manifest: BackupManifest }> {
  mkdirSync(options.backupDir, { recursive: true });
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const staging = mkdtempSync(path.join(options.backupDir, '.staging-'));
  try {
    mkdirSync(path.join(staging, 'tables'));
    const client = new pg.Client({ connectionString: options.ownerUrl, application_name: 'haulwise backup' });
    await client.connect();
    let manifest: BackupManifest;
    try {
      // One snapshot for everything: rows written during the backup are either all in or all out.
      await client.query('begin isolation level repeatable read read only');
      await client.query("set local statement_timeout = '0'");
      const database = (await client.query<{ name: string }>('select current_database() as name')).rows[0]?.name ?? '';
      const tables = await client.query<{ name: string; columns: string[] }>(`
        select c.relname as name,
               array(select a.attname::text from pg_attribute a
                     where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                     order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`);
      const migrations = tables.rows.some((table) => table.name === 'kysely_migration')
        ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((row) => row.name)
        : [];
      const sequences = await client.query<{ name: string; lastValue: string | null }>(`
        select sequencename as name, last_value::text as "lastValue" from pg_sequences
        where schemaname = 'public' order by sequencename`);
      const dumped: BackupManifest['tables'] = [];
      for (const table of tables.rows) {
        const columns = table.columns.map(ident).join(', ');
        const file = path.join(staging, 'tables', `${table.name}.copy`);
        const stream = client.query(copyTo(`copy (select ${columns} from public.${ident(table.name)}) to stdout`));
        await pipeline(stream, createWriteStream(file));
        dumped.push({ name: table.name, columns: table.columns, rows: Number(stream.rowCount ?? 0) });
      }
      await client.query('commit');
      manifest = {
        format: BACKUP_FORMAT,
        version: BACKUP_FORMAT_VERSION,
        createdAt: (options.now ?? new Date()).toISOString(),
        database,
        migration: migrations.at(-1) ?? null,
        migrations,
        tables: dumped,
        sequences: sequences.rows,
        files: [],
      };
    } finally {
      await client.end();
    }

    // Stored files after the snapshot: a file a committed row names was written before that row.
    if (options.filesDir && existsSync(options.filesDir)) {
      for (const relative of listFiles(options.filesDir)) {
        manifest.files.push({ path: relative, bytes: statSync(path.join(options.filesDir, relative)).size });
      }
    }

    const target = path.join(options.backupDir, `haulwise-backup-${stamp}.tar.gz`);
    const partial = `${target}.partial`;
    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), createWriteStream(partial));
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await addEntry(pack, 'manifest.json', Buffer.byteLength(manifestText), () => manifestText);
    for (const table of manifest.tables) {
      const file = path.join(staging, 'tables', `${table.name}.copy`);
      await addEntry(pack, `tables/${table.name}.copy`, statSync(file).size, () => createReadStream(file));
    }
    for (const stored of manifest.files) {
      const file = path.join(options.filesDir as string, stored.path);
      await addEntry(pack, `files/${stored.path}`, stored.bytes, () => createReadStream(file));
    }
    pack.finalize();
    await written;
    // Only a complete archive carries the final name.
    renameSync(partial, target);
    return { file: target, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

function addEntry(pack: tar.Pack, name: string, size: number, body: () => string | NodeJS.ReadableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const content = body();
    if (typeof content === 'string') {
      pack.entry({ name, size }, content, (error) => (error ? reject(error) : resolve()));
      return;
    }
    const entry = pack.entry({ name, size }, (error) => (error ? reject(error) : resolve()));
    pipeline(content, entry).catch(reject);
  });
}

function listFiles(root: string, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, prefix), { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...listFiles(root, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found.sort();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const { ownerUrl, stop } = await connectOrStartDatabase(config, startEmbeddedPostgres);
  try {
    const { file, manifest } = await backupDatabase({
      ownerUrl,
      backupDir: config.backupDir,
      filesDir: path.join(config.dataDir, 'files'),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backup written: ${file}\n  database "${manifest.database}" at migration ${manifest.migration ?? '(none)'}: ` +
        `${manifest.tables.length} tables, ${rows} rows; ${manifest.files.length} stored files`,
    );
  } finally {
    await stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
