import { CamelCasePlugin, Kysely, sql, type KyselyConfig, type Transaction } from 'kysely';
import pg from 'pg';
import { OPENING_MARK, OpeningPostgresDialect } from './opening-driver.js';
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
 * Raw sql`` text stays SQL and names columns in snake_case. Kysely's own Postgres dialect, its
 * driver wrapped through the public Driver interface so a transaction's opening travels with its
 * BEGIN (db/opening-driver.ts): no patched clients, no private parts of pg or Kysely.
 */
export function createDb(pool: pg.Pool, options: { log?: KyselyConfig['log'] } = {}): Db {
  const config: KyselyConfig = {
    dialect: new OpeningPostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    ...(options.log ? { log: options.log } : {}),
  };
  return new Kysely<Database>(config);
}

/** The transaction-local settings a transaction opens with (app.company_id, app.user_id, ...). */
export type OpeningSettings = readonly (readonly [name: string, value: string])[];

/** A setting's name: ours are lower-case dotted names (app.company_id), never input. */
const SETTING_NAME = /^[a-z_]+\.[a-z_]+$/;

/**
 * Runs `fn` in a new transaction (one pooled connection) that opens with the settings: BEGIN and
 * `select set_config(name, value, true), ...` (transaction-local, so a pooled connection never
 * carries them into the next call) in one round trip, then `fn`, then COMMIT (ROLLBACK when `fn`
 * throws). `readOnly`: the transaction is READ ONLY (`start transaction read only`: PostgreSQL
 * refuses any write in it, security-definer functions included).
 *
 * One round trip: PostgreSQL's simple query protocol takes BEGIN and the select in one message
 * (db/opening-driver.ts holds BEGIN back for it), and that protocol has no parameters, so the
 * values travel as literals quoted by pg's public escapeLiteral; the names are checked against
 * SETTING_NAME. Three round trips a read in all (the opening, the read, COMMIT).
 */
export async function openingWith<T>(
  db: Kysely<Database>,
  settings: OpeningSettings,
  fn: (tx: Transaction<Database>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const builder = options.readOnly === true ? db.transaction().setAccessMode('read only') : db.transaction();
  const opening = openingSql(settings);
  return builder.execute(async (tx) => {
    if (opening) await sql.raw(opening).execute(tx);
    return fn(tx);
  });
}

/** The settings' select, marked for the driver, values quoted; null when there are none. */
export function openingSql(settings: OpeningSettings): string | null {
  if (settings.length === 0) return null;
  const calls = settings.map(([name, value]) => {
    if (!SETTING_NAME.test(name)) throw new Error(`not a setting name: ${name}`);
    return `set_config('${name}', ${pg.escapeLiteral(value)}, true)`;
  });
  return `select ${calls.join(', ')} ${OPENING_MARK}`;
}
