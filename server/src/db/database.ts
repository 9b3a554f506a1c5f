import { CamelCasePlugin, Kysely, PostgresDialect, sql, type KyselyConfig, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

// Dates without time stay strings ("2026-11-21"), never shifted by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// numeric(12,2) money stays an exact string until formatted.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PoolOptions {
  connectionString: string;
  max?: number;
  /** How long a call waits for a free connection (or a new one) before it is refused; never forever. */
  acquireTimeoutMs?: number;
  onError?: (error: Error) => void;
}

export function createPool({ connectionString, max = 10, acquireTimeoutMs = 5000, onError }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: acquireTimeoutMs });
  // Without these listeners a database restart would crash the process: the pool's covers idle
  // connections, and each connection's own covers the time it is checked out (pg-pool removes its
  // listener then), e.g. a transaction between two statements. Its next query fails instead, and
  // the pool drops it on release.
  pool.on('error', (error) => onError?.(error));
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';
export const UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a moment.';

const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
/** SQLSTATEs of a call that met a full pool, a timeout or a lock wait: worth trying again soon. */
const BUSY_STATES = new Set(['57014', '55P03', '25P03', '40001', '40P01', '53300']);
/** SQLSTATEs of a database that is shutting down, restarting or in recovery. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05']);

/**
 * Whether an error means "busy or unavailable, try again" rather than a bug: the pool's acquire
 * timeout, a statement, lock or idle timeout of the app role, a connection that died with a
 * database restart. The error formatter answers these with 503 and the message returned here.
 */
export function databaseUnavailableMessage(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const { message } = current;
    const code = (current as { code?: unknown }).code;
    if (message === 'timeout exceeded when trying to connect') return BUSY_MESSAGE;
    if (typeof code === 'string' && BUSY_STATES.has(code)) return BUSY_MESSAGE;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code))) {
      return UNAVAILABLE_MESSAGE;
    }
    if (/^Connection terminated|not queryable|Client was closed|Connection closed/i.test(message)) return UNAVAILABLE_MESSAGE;
    if (current instanceof AggregateError && current.errors.some((inner) => databaseUnavailableMessage(inner) !== null)) {
      return UNAVAILABLE_MESSAGE;
    }
  }
  return null;
}

/**
 * TypeScript speaks camelCase and PostgreSQL snake_case: the plugin translates identifiers both
 * ways (and result keys, nested JSON included), so tables, rows and the wire share one case.
 * Raw sql`` text stays SQL and names columns in snake_case. Kysely's own Postgres dialect, as
 * documented: no patched clients, no private parts of pg or Kysely.
 */
export function createDb(pool: pg.Pool, options: { log?: KyselyConfig['log'] } = {}): Db {
  const config: KyselyConfig = {
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    ...(options.log ? { log: options.log } : {}),
  };
  return new Kysely<Database>(config);
}

/** The transaction-local settings a transaction opens with (app.company_id, app.user_id, ...). */
export type OpeningSettings = readonly (readonly [name: string, value: string])[];

/**
 * Runs `fn` in a new transaction (one pooled connection) that opens with the settings: BEGIN,
 * then one parameterised `select set_config($1, $2, true), ...` (transaction-local, so a pooled
 * connection never carries them into the next call), then `fn`, then COMMIT (ROLLBACK when `fn`
 * throws). `readOnly`: the transaction is READ ONLY (`start transaction read only`: PostgreSQL
 * refuses any write in it, security-definer functions included).
 *
 * BEGIN and the settings are two round trips: sending them as one would need either the values
 * written into the SQL text (not parameters) or pipelining, which pg offers through no public API.
 */
export async function openingWith<T>(
  db: Kysely<Database>,
  settings: OpeningSettings,
  fn: (tx: Transaction<Database>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const builder = options.readOnly === true ? db.transaction().setAccessMode('read only') : db.transaction();
  return builder.execute(async (tx) => {
    if (settings.length > 0) {
      await sql`select ${sql.join(settings.map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`.execute(tx);
    }
    return fn(tx);
  });
}
