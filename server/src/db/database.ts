import { CamelCasePlugin, Kysely, PostgresDialect, type Transaction } from 'kysely';
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
  onError?: (error: Error) => void;
}

export function createPool({ connectionString, max = 10, onError }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // Without this listener a database restart would crash the process.
  pool.on('error', (error) => onError?.(error));
  return pool;
}

/**
 * TypeScript speaks camelCase and PostgreSQL snake_case: the plugin translates identifiers both
 * ways (and result keys, nested JSON included), so tables, rows and the wire share one case.
 * Raw sql`` text stays SQL and names columns in snake_case.
 */
export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
