import { AppError } from '../errors.js';

/**
 * The one mapping of PostgreSQL errors (SQLSTATE codes) to AppError. Domain code names what a
 * violation means where it knows better ("An account with this email already exists"); every
 * other one gets the default below, so no database error reaches a caller as a 500.
 *
 *   await mapPgErrors(() => insertThing(ctx.db, values), { unique: new AppError('CONFLICT', '...', { field: 'email' }) });
 *   if (isPgError(error, 'unique')) ...
 *
 * A database that is busy or unavailable (timeouts, a restart) is not a violation: the error
 * formatter answers those with 503 (server/src/db/database.ts, databaseUnavailableMessage).
 */

export type PgErrorKind = 'unique' | 'foreignKey' | 'check' | 'notNull' | 'serialization' | 'invalidInput';

const KINDS: Record<string, PgErrorKind> = {
  '23505': 'unique',
  '23503': 'foreignKey',
  '23514': 'check',
  '23502': 'notNull',
  '40001': 'serialization',
  '40P01': 'serialization',
  '22P02': 'invalidInput', // invalid text representation ('abc'::uuid)
  '22001': 'invalidInput', // value too long for the column
  '22003': 'invalidInput', // numeric value out of range
  '22007': 'invalidInput', // invalid datetime format
  '22008': 'invalidInput', // datetime field out of range
  '22021': 'invalidInput', // character not in repertoire
  '22P05': 'invalidInput', // untranslatable character (U+0000)
};

/** What PostgreSQL said, as much as the driver passes on. Column and table names are SQL's snake_case. */
export interface PgError {
  kind: PgErrorKind;
  code: string;
  constraint: string | null;
  table: string | null;
  column: string | null;
  detail: string | null;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The PostgreSQL error in `error` or its causes (tRPC and Kysely wrap errors), or null. */
export function pgError(error: unknown): PgError | null {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const fields = current as {
      code?: unknown;
      constraint?: unknown;
      table?: unknown;
      column?: unknown;
      detail?: unknown;
      cause?: unknown;
    };
    const kind = typeof fields.code === 'string' ? KINDS[fields.code] : undefined;
    if (kind) {
      return {
        kind,
        code: fields.code as string,
        constraint: text(fields.constraint),
        table: text(fields.table),
        column: text(fields.column),
        detail: text(fields.detail),
      };
    }
    current = fields.cause;
  }
  return null;
}

export const isPgError = (error: unknown, kind: PgErrorKind): boolean => pgError(error)?.kind === kind;

const camelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** What a violation means when the domain code did not say. */
function defaultAppError(error: PgError): AppError {
  switch (error.kind) {
    case 'unique':
      return new AppError('CONFLICT', 'This record already exists');
    case 'foreignKey':
      // A delete blocked by rows that still point here, or a write naming a row that is not there.
      return error.detail?.includes('is still referenced')
        ? new AppError('CONFLICT', 'This record is still in use')
        : new AppError('NOT_FOUND', 'A related record was not found');
    case 'check':
      return new AppError('BAD_REQUEST', 'A value is not allowed');
    case 'notNull': {
      const field = error.column ? camelCase(error.column) : undefined;
      return new AppError('BAD_REQUEST', 'A required value is missing', field ? { field } : {});
    }
    case 'serialization':
      return new AppError('SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');
    case 'invalidInput':
      return new AppError('BAD_REQUEST', 'Invalid input');
  }
}

/** The domain's meaning of a kind of violation: an AppError, or a function that may decline (null) to fall back on the default. */
export type PgErrorRule = AppError | ((error: PgError) => AppError | null | undefined);
export type PgErrorRules = Partial<Record<PgErrorKind, PgErrorRule>>;

/** The AppError for a PostgreSQL error (the caller's rule for its kind first, then the default); null for any other error. */
export function toAppError(error: unknown, rules: PgErrorRules = {}): AppError | null {
  if (error instanceof AppError) return null;
  const found = pgError(error);
  if (!found) return null;
  const rule = rules[found.kind];
  const mapped = typeof rule === 'function' ? rule(found) : rule;
  return mapped ?? defaultAppError(found);
}

/** Runs a write; a PostgreSQL error leaves it as an AppError (see toAppError), anything else as it was. */
export async function mapPgErrors<T>(work: () => Promise<T>, rules: PgErrorRules = {}): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error, rules) ?? error;
  }
}
