import { AsyncLocalStorage } from 'node:async_hooks';
import {
  AbortedTransactionError,
  CamelCasePlugin,
  CompiledQuery,
  isAbortedTransactionError,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  sql,
  Transaction,
  type ConnectionProvider,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
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
 * Raw sql`` text stays SQL and names columns in snake_case.
 */
export function createDb(pool: pg.Pool, options: { log?: KyselyConfig['log'] } = {}): Db {
  // The opening of a tenant transaction travels with its first statement (deferOpenings below).
  pool.on('connect', deferOpenings);
  const dialect = new SettingsDialect({ pool });
  const config: KyselyConfig = { dialect, plugins: [new CamelCasePlugin()], ...(options.log ? { log: options.log } : {}) };
  const db = new Kysely<Database>(config);
  // A read-only call's transaction without Kysely's layers (readOnlyCall).
  // A handle logging to a list of levels keeps Kysely's transaction (its driver prints them); a function hears every query.
  if (!Array.isArray(options.log) && dialect.driver) {
    const log = typeof options.log === 'function' ? options.log : null;
    readOnlyCalls.set(db, { pool, log, executor: db.getExecutor(), props: { config, dialect, driver: dialect.driver } });
  }
  return db;
}

/** The transaction-local settings a transaction opens with (app.company_id, app.user_id, ...). */
export type OpeningSettings = readonly (readonly [name: string, value: string])[];

interface Opening {
  settings: OpeningSettings;
  used: boolean;
  readOnly: boolean;
}

const openings = new AsyncLocalStorage<Opening>();

/**
 * Runs `fn` in a new transaction on a pool handle whose BEGIN carries the settings:
 * `begin; select set_config(name, value, true), ...` goes out as one simple-protocol query, one
 * round trip instead of two; on a handle made by createDb it waits for the transaction's first
 * statement and travels with it when that statement's values can be written as literals
 * (deferOpenings), so a read call costs two round trips: the opening with its statement, COMMIT. The settings stay transaction-local (set_config's third argument),
 * exactly as a separate select after BEGIN would make them. On a handle made without createDb
 * (another dialect), the settings are set by a select of their own before `fn` runs.
 *
 * `readOnly`: the transaction is READ ONLY (PostgreSQL refuses any write in it, security-definer
 * functions included), and on a createDb handle each of its plain reads (a select, or a with
 * query) travels in one query with the opening and a COMMIT: `begin read only; select
 * set_config(...); <the read>; commit`, one round trip for a one-statement call instead of two.
 * A read-only transaction at READ COMMITTED (the default, the only level it is used at) takes a
 * new snapshot for every statement anyway, so reads of one call each in their own transaction
 * with the same settings see what they would in one. Anything else it sends (a statement whose
 * values cannot be written as literals, a savepoint) opens the read-only transaction as usual.
 */
export async function openingWith<T>(
  db: Kysely<Database>,
  settings: OpeningSettings,
  fn: (tx: Transaction<Database>) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const readOnly = options.readOnly === true;
  const direct = readOnly ? readOnlyCalls.get(db) : undefined;
  if (direct) return readOnlyCall(direct, settings, fn);
  const opening: Opening = { settings, used: false, readOnly };
  return openings.run(opening, () =>
    db.transaction().execute(async (tx) => {
      if (!opening.used) {
        opening.used = true;
        if (readOnly) await sql.raw('set transaction read only').execute(tx);
        await sql.raw(`select ${settingCalls(settings).join(', ')}`).execute(tx);
      }
      return fn(tx);
    }),
  );
}

const settingCalls = (settings: OpeningSettings) =>
  settings.map(([name, value]) => `set_config(${pg.escapeLiteral(name)}, ${pg.escapeLiteral(value)}, true)`);

/** `begin; select set_config(...)` with the values as escaped literals (no parameters: the simple protocol allows several statements). */
export function beginWithSettings(settings: OpeningSettings, options: { readOnly?: boolean } = {}): string {
  const begin = options.readOnly === true ? 'begin read only' : 'begin';
  return settings.length === 0 ? begin : `${begin}; select ${settingCalls(settings).join(', ')}`;
}

const OPENING_PREFIX = 'begin; select set_config(';
const READ_ONLY_OPENING_PREFIX = 'begin read only; select set_config(';
const pendingOpenings = new WeakMap<pg.ClientBase, string>();
/** A read-only opening whose reads went out each with the opening and a COMMIT: no transaction is open on the server. */
const committedReads = new WeakMap<pg.ClientBase, string>();
const BEGIN_RESULT = { command: 'BEGIN', rowCount: null, rows: [], fields: [], oid: 0 };
const resultOf = (command: 'COMMIT' | 'ROLLBACK') => ({ command, rowCount: null, rows: [], fields: [], oid: 0 });
/** A plain read: a select or a with query (in a read-only transaction PostgreSQL refuses any write it holds). */
const PLAIN_READ = /^\s*(select|with)\b/i;

/** A value as the SQL literal it would be as a parameter (an untyped literal, typed by its context), or null when it is not that simple. */
function literalOf(value: unknown): string | null {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'string':
      return value.includes('\u0000') ? null : pg.escapeLiteral(value);
    case 'number':
      return Number.isFinite(value) ? `'${String(value)}'` : null;
    case 'bigint':
      return `'${value.toString()}'`;
    case 'boolean':
      return value ? "'true'" : "'false'";
    default:
      return null;
  }
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\w$]/.test(char);

/**
 * The statement with its $n parameters written in as literals, or null when that is not plainly
 * safe: a value that is not a string, number, bigint, boolean or null; a parameter number out of
 * range; or text the scan does not follow (comments, dollar quoting, E'' or U&'' strings).
 * Placeholders inside quoted strings and identifiers are left as they are.
 */
export function inlineParameters(text: string, values: readonly unknown[]): string | null {
  const literals: string[] = [];
  for (const value of values) {
    const literal = literalOf(value);
    if (literal === null) return null;
    literals.push(literal);
  }
  const plan = placeholderPlan(text);
  if (plan === null) return null;
  let out = plan.pieces[0] as string;
  for (let index = 0; index < plan.parameters.length; index += 1) {
    const literal = literals[(plan.parameters[index] as number) - 1];
    if (literal === undefined) return null;
    out += literal + (plan.pieces[index + 1] as string);
  }
  return out;
}

/** Where a statement's $n placeholders are: the text between them and each one's number (null: text the scan does not follow). */
interface PlaceholderPlan {
  pieces: string[];
  parameters: number[];
}

/** Plans of the statements seen lately: a compiled query's text repeats on every call (QueryTemplate), its scan need not. */
const plans = new Map<string, PlaceholderPlan | null>();
const MAX_PLANS = 500;

function placeholderPlan(text: string): PlaceholderPlan | null {
  const known = plans.get(text);
  if (known !== undefined) return known;
  const plan = scanPlaceholders(text);
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(text, plan);
  return plan;
}

function scanPlaceholders(text: string): PlaceholderPlan | null {
  const pieces: string[] = [];
  const parameters: number[] = [];
  let from = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index];
    if (char === "'") {
      const before = text[index - 1];
      if ((before === 'E' || before === 'e' || before === '&') && !isWordChar(text[index - 2])) return null;
      index += 1;
      while (index < text.length && !(text[index] === "'" && text[index + 1] !== "'")) index += text[index] === "'" ? 2 : 1;
      if (index >= text.length) return null;
      index += 1;
    } else if (char === '"') {
      const end = text.indexOf('"', index + 1);
      if (end === -1) return null;
      index = end + 1;
    } else if ((char === '-' && text[index + 1] === '-') || (char === '/' && text[index + 1] === '*')) {
      return null;
    } else if (char === '$' && !isWordChar(text[index - 1])) {
      let end = index + 1;
      while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end += 1;
      if (end === index + 1) return null; // $$ or $tag$: dollar quoting
      pieces.push(text.slice(from, index));
      parameters.push(Number(text.slice(index + 1, end)));
      index = end;
      from = end;
    } else {
      index += 1;
    }
  }
  pieces.push(text.slice(from));
  return { pieces, parameters };
}

/** A read whose rows pg answers as arrays of the columns' values (ReadOnlyConnection.queryArrays): its text and values. */
export class ArrayRowsQuery {
  readonly rowMode = 'array';
  constructor(
    readonly text: string,
    readonly values: readonly unknown[] | undefined,
  ) {}
}

/** What ArrayRowsSubmittable reads of pg's Query (pg/lib/query.js) and of its Result (pg/lib/result.js). */
interface PgQueryInternals {
  _result: { fields: unknown[]; _parsers: unknown[] | undefined; _types: typeof pg.types | undefined };
  _accumulateRows: unknown;
  callback: unknown;
  _checkForMultirow(): void;
  listeners(event: string): unknown[];
}
type PgQueryClass = new (
  config: pg.QueryConfig,
  values: undefined,
  callback: (error: Error | undefined, result: unknown) => void,
) => PgQueryInternals;

/**
 * pg's own query with rows as arrays, except for one step: a row description is taken as
 * Result.addFields takes it (the fields, a type parser per column) without the empty row object it
 * also builds for object rows, which array rows never use: for a row of 40 columns that object
 * was about 5 us per statement (a dictionary object copied by a spread), more than the rest of
 * reading the answer's description. Everything else (data rows, errors, several statements'
 * results) is pg's Query as it is.
 */
class ArrayRowsSubmittable extends (pg.Query as unknown as PgQueryClass) {
  handleRowDescription(message: { fields: { dataTypeID: number; format?: string }[] }): void {
    this._checkForMultirow();
    const result = this._result;
    const { fields } = message;
    result.fields = fields;
    if (fields.length > 0) {
      const types = result._types ?? pg.types;
      const parsers = new Array<unknown>(fields.length);
      for (let index = 0; index < fields.length; index += 1) {
        const field = fields[index] as { dataTypeID: number; format?: string };
        parsers[index] = types.getTypeParser(field.dataTypeID, (field.format || 'text') as 'text');
      }
      result._parsers = parsers;
    }
    this._accumulateRows = this.callback || !this.listeners('row').length;
  }
}

/** Whether this pg's Query has the parts ArrayRowsSubmittable relies on (else pg's own query with rowMode 'array' is used). */
const LIGHT_ROW_DESCRIPTIONS =
  typeof (pg.Query.prototype as unknown as Partial<PgQueryInternals>)._checkForMultirow === 'function' &&
  typeof (pg.Query.prototype as unknown as { handleRowDescription?: unknown }).handleRowDescription === 'function';

/** `text` with its rows as arrays, through pg's query queue of this client (`send`: the client's own query). */
function queryArrays(send: (...args: unknown[]) => unknown, text: string, values: readonly unknown[] | undefined): Promise<unknown> {
  const config = { text, values: values as unknown[] | undefined, rowMode: 'array' } as const;
  if (!LIGHT_ROW_DESCRIPTIONS) return send(config) as Promise<unknown>;
  return new Promise((resolve, reject) => {
    send(new ArrayRowsSubmittable(config, undefined, (error, result) => (error ? reject(error) : resolve(result))));
  });
}

/**
 * On each pooled client of a createDb handle: the opening a tenant transaction sends
 * (`begin; select set_config(...)`, from SettingsDriver) is held back, and goes out in one
 * simple-protocol query with the transaction's first statement, its values written in as literals
 * (inlineParameters), the last result being that statement's. A first statement that cannot be
 * written so (a value of another type, a cursor, a query config) goes out after the opening, as
 * before, in order (pg sends a client's queries one after the other). Either way BEGIN, the
 * settings and the statement run in that order in one transaction, exactly as separate queries.
 */
function deferOpenings(client: pg.PoolClient): void {
  const query = (...args: unknown[]): unknown =>
    (Object.getPrototypeOf(client) as { query: (...rest: unknown[]) => unknown }).query.apply(client, args);
  client.query = function deferringQuery(this: pg.PoolClient, ...args: unknown[]): unknown {
    // A read whose rows come as arrays (ReadOnlyConnection.queryArrays) is its text and values.
    const arrays = args[0] instanceof ArrayRowsQuery && args.length === 1 ? args[0] : null;
    const [text, values, callback] = arrays ? [arrays.text, arrays.values, undefined] : args;
    /** A text sent as this call asked: with its rows as arrays when it asked for them. */
    const send = (sql: string): unknown => (arrays ? queryArrays(query, sql, undefined) : query(sql));
    if (
      typeof text === 'string' &&
      (text.startsWith(OPENING_PREFIX) || text.startsWith(READ_ONLY_OPENING_PREFIX)) &&
      args.length === 2 &&
      Array.isArray(values) &&
      values.length === 0
    ) {
      pendingOpenings.set(client, text);
      return Promise.resolve(BEGIN_RESULT);
    }
    let pending = pendingOpenings.get(client);
    const committed = committedReads.get(client);
    if (committed !== undefined) {
      // Every read so far was committed with it: the transaction's own end has nothing left to do.
      committedReads.delete(client);
      if (text === 'commit' || text === 'rollback') return Promise.resolve(resultOf(text === 'commit' ? 'COMMIT' : 'ROLLBACK'));
      pending = committed;
    }
    if (pending === undefined) return arrays ? queryArrays(query, arrays.text, arrays.values) : query(...args);
    pendingOpenings.delete(client);
    if (typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values))) {
      const inlined = inlineParameters(text, (values as unknown[] | undefined) ?? []);
      if (inlined !== null && pending.startsWith(READ_ONLY_OPENING_PREFIX) && PLAIN_READ.test(inlined)) {
        // The read with its opening and a COMMIT; its result is the one before COMMIT's. A failed
        // read leaves the transaction aborted on the server, and the caller's ROLLBACK goes out as usual.
        const opening = pending;
        return (send(`${opening}; ${inlined}; commit`) as Promise<pg.QueryResult[]>).then((results) => {
          committedReads.set(client, opening);
          return results[results.length - 2];
        });
      }
      if (inlined !== null) {
        return (send(`${pending}; ${inlined}`) as Promise<pg.QueryResult | pg.QueryResult[]>).then((results) =>
          Array.isArray(results) ? results[results.length - 1] : results,
        );
      }
    }
    const opening = query(pending) as Promise<unknown>;
    opening.catch(() => {});
    if (arrays) return opening.then(() => queryArrays(query, arrays.text, arrays.values));
    if (typeof text === 'string' && typeof callback !== 'function' && typeof values !== 'function') {
      return opening.then(() => query(...args));
    }
    return query(...args);
  } as pg.PoolClient['query'];
  // A client released with an opening still held (a transaction that sent nothing) must not carry it to the next call.
  client.on('end', () => {
    pendingOpenings.delete(client);
    committedReads.delete(client);
  });
}

class SettingsDriver extends PostgresDriver {
  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const opening = openings.getStore();
    if (!opening || opening.used || settings.isolationLevel || settings.accessMode) {
      return super.beginTransaction(connection, settings);
    }
    opening.used = true;
    await connection.executeQuery(CompiledQuery.raw(beginWithSettings(opening.settings, { readOnly: opening.readOnly })));
  }
}

class SettingsDialect extends PostgresDialect {
  readonly #config: ConstructorParameters<typeof PostgresDialect>[0];
  /** The driver Kysely made (it makes one per handle). */
  driver: SettingsDriver | null = null;
  constructor(config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    this.driver = new SettingsDriver(this.#config);
    return this.driver;
  }
}

/** What a createDb handle's read-only calls need: its pool, and the props its transactions are made with. */
interface ReadOnlyCalls {
  pool: pg.Pool;
  /** createDb's log function: told of each query as Kysely's driver tells it. */
  log: Extract<KyselyConfig['log'], (...args: never[]) => unknown> | null;
  executor: ReturnType<Kysely<Database>['getExecutor']>;
  props: { config: KyselyConfig; dialect: PostgresDialect; driver: Driver };
}
const readOnlyCalls = new WeakMap<Kysely<Database>, ReadOnlyCalls>();

type CallStatus = 'active' | 'committed' | 'rolled back' | 'aborted';

/**
 * The one connection of a read-only call, as Kysely's transaction hands it to its queries (its
 * single-connection provider: one query at a time, in order; none once the call has ended, with
 * Kysely's errors), and as its PostgreSQL connection runs them.
 */
export class ReadOnlyConnection implements ConnectionProvider, DatabaseConnection {
  status: CallStatus = 'active';
  #tail: Promise<unknown> | undefined;
  constructor(
    readonly client: pg.PoolClient,
    private readonly log: ReadOnlyCalls['log'],
  ) {}

  provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T> {
    if (this.status !== 'active') {
      return Promise.reject(new Error(`Transaction is already ${this.status === 'committed' ? 'committed' : 'rolled back'}`));
    }
    const start = () => consumer(this);
    let run: Promise<T>;
    if (this.#tail === undefined) {
      try {
        run = start();
      } catch (error) {
        run = Promise.reject(error as Error);
      }
    } else {
      run = this.#tail.then(start, start);
    }
    const settled = (): void => {
      if (this.#tail === tail) this.#tail = undefined;
    };
    const tail: Promise<unknown> = run.then(settled, settled);
    this.#tail = tail;
    return run;
  }

  /** As Kysely's PostgresConnection (and its driver's log, when the handle has a log function). */
  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.log ? this.logged(compiledQuery, this.log) : this.run<R>(compiledQuery);
  }

  private async run<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { command, rowCount, rows } = await this.client.query(compiledQuery.sql, compiledQuery.parameters as unknown[]);
    if (command === 'ROLLBACK' || command === 'COMMIT') return { rows: [{ command }] as R[] };
    const changes = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return { numAffectedRows: changes ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
  }

  /**
   * A read whose rows pg answers as arrays of the columns' values, with the columns' names: the
   * caller makes each row once (QueryTemplate), instead of pg making an object per row that is then
   * copied into the answer's row. Told to the handle's log function as executeQuery would be.
   */
  async queryArrays(query: CompiledQuery): Promise<{ rows: unknown[][]; fields: readonly { name: string }[] }> {
    const started = this.log ? performance.now() : 0;
    try {
      const result = (await this.client.query(new ArrayRowsQuery(query.sql, query.parameters) as never)) as unknown as pg.QueryArrayResult;
      if (this.log) await this.log({ level: 'query', isStream: false, query, queryDurationMillis: performance.now() - started });
      return result;
    } catch (error) {
      if (this.log) await this.log({ level: 'error', error, query, queryDurationMillis: performance.now() - started });
      throw error;
    }
  }

  private async logged<R>(query: CompiledQuery, log: NonNullable<ReadOnlyCalls['log']>): Promise<QueryResult<R>> {
    const started = performance.now();
    try {
      const result = await this.run<R>(query);
      await log({ level: 'query', isStream: false, query, queryDurationMillis: performance.now() - started });
      return result;
    } catch (error) {
      await log({ level: 'error', error, query, queryDurationMillis: performance.now() - started });
      throw error;
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('A read-only call does not stream its rows');
  }
}

/** Whether a read-only call left a transaction open on the server: false when nothing was sent (the opening still held) or every read went out with its own COMMIT. */
const leftOpen = (client: pg.PoolClient): boolean => !(pendingOpenings.delete(client) || committedReads.delete(client));

/** COMMIT or ROLLBACK of a read-only call whose transaction is open on the server. */
async function end(client: pg.PoolClient, command: 'commit' | 'rollback'): Promise<void> {
  const result = await client.query(command);
  // As Kysely's commit: PostgreSQL ends with ROLLBACK when an earlier statement's error left the transaction aborted.
  if (command === 'commit' && result.command === 'ROLLBACK') throw new AbortedTransactionError();
}

/** The read-only openings of the settings seen lately: one user's calls repeat theirs, and escaping them again each call is work. */
const readOnlyOpenings = new Map<string, string>();
const MAX_OPENINGS = 1000;

function readOnlyOpening(settings: OpeningSettings): string {
  let key = '';
  for (const [name, value] of settings) {
    // NUL separates the key's parts: a value holding one is not remembered (it could read as other settings).
    if (value.includes('\u0000')) return beginWithSettings(settings, { readOnly: true });
    key += `${name}\u0000${value}\u0000`;
  }
  let text = readOnlyOpenings.get(key);
  if (text === undefined) {
    text = beginWithSettings(settings, { readOnly: true });
    if (readOnlyOpenings.size >= MAX_OPENINGS) readOnlyOpenings.clear();
    readOnlyOpenings.set(key, text);
  }
  return text;
}

/**
 * openingWith's read-only transaction on a createDb handle, as Kysely's transaction runs it (the
 * pooled connection, BEGIN, the callback on a Transaction of that one connection, COMMIT, or
 * ROLLBACK on a failure, the connection released; AbortedTransactionError when COMMIT rolled
 * back; a connection whose ROLLBACK failed is discarded), without its layers: the opening is
 * handed to the connection directly (deferOpenings sends it with the first read), and COMMIT or
 * ROLLBACK goes to the client only when something is left to end (a read committed with its
 * opening has nothing; a call that sent nothing has no transaction). Per call that spares Kysely's
 * runtime driver and connection providers, the opening's async context, BEGIN's and COMMIT's
 * compiled queries and a dozen promise jobs (issue 16).
 */
async function readOnlyCall<T>(
  direct: ReadOnlyCalls,
  settings: OpeningSettings,
  fn: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const client = await direct.pool.connect();
  pendingOpenings.set(client, readOnlyOpening(settings));
  const connection = new ReadOnlyConnection(client, direct.log);
  const tx = new Transaction<Database>({ ...direct.props, executor: direct.executor.withConnectionProvider(connection) });
  let discard: Error | undefined;
  try {
    const result = await fn(tx);
    if (leftOpen(client)) await end(client, 'commit');
    connection.status = 'committed';
    return result;
  } catch (error) {
    if (isAbortedTransactionError(error)) {
      connection.status = 'aborted';
    } else {
      try {
        if (leftOpen(client)) await end(client, 'rollback');
      } catch (rollbackError) {
        discard = rollbackError as Error;
        throw rollbackError;
      }
      connection.status = 'rolled back';
    }
    throw error;
  } finally {
    if (connection.status === 'active') connection.status = 'rolled back';
    client.release(discard);
  }
}
