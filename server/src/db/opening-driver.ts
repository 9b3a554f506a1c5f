import {
  CompiledQuery,
  PostgresDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A transaction's opening sent with its BEGIN in one round trip, through Kysely's documented
 * extension points only (a Dialect's driver, the Driver and DatabaseConnection interfaces) around
 * Kysely's own PostgresDriver: no private member of Kysely or pg.
 *
 * Every call of Haulwise opens a transaction with its settings (db/database.ts, openingWith):
 * BEGIN, then `select set_config(...)`. PostgreSQL's simple query protocol takes several
 * statements in one message, so this driver holds BEGIN back until the transaction's first query
 * and, when that query is an opening (its text carries OPENING_MARK and it has no parameters, so
 * it is sent by the simple protocol), sends both as one text: `begin; select set_config(...)`.
 * The opening's own rows are never read (the inner connection answers a multi-statement text with
 * no rows). Any other first query gets its BEGIN sent alone first, as Kysely's driver would; a
 * transaction that ran no query sends neither BEGIN nor COMMIT.
 */
export const OPENING_MARK = '/* haulwise:opening */';

class DeferredBeginConnection implements DatabaseConnection {
  /** The BEGIN not sent yet (null: none pending). */
  pendingBegin: string | null = null;

  constructor(readonly inner: DatabaseConnection) {}

  /** Sends a pending BEGIN on its own (before a query that cannot carry it, or a savepoint). */
  async flush(): Promise<void> {
    const begin = this.pendingBegin;
    if (begin === null) return;
    this.pendingBegin = null;
    await this.inner.executeQuery(CompiledQuery.raw(begin));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const begin = this.pendingBegin;
    if (begin !== null && query.parameters.length === 0 && query.sql.includes(OPENING_MARK)) {
      this.pendingBegin = null;
      await this.inner.executeQuery(CompiledQuery.raw(`${begin}; ${query.sql}`));
      return { rows: [] };
    }
    await this.flush();
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    await this.flush();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

export class DeferredBeginDriver implements Driver {
  readonly #inner: Driver;
  readonly #wrappers = new WeakMap<DatabaseConnection, DeferredBeginConnection>();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.#inner.acquireConnection();
    let wrapper = this.#wrappers.get(inner);
    if (!wrapper) {
      wrapper = new DeferredBeginConnection(inner);
      this.#wrappers.set(inner, wrapper);
    }
    wrapper.pendingBegin = null;
    return wrapper;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['start transaction'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    (connection as DeferredBeginConnection).pendingBegin = parts.length === 1 ? 'begin' : parts.join(' ');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    if (wrapper.pendingBegin !== null) {
      wrapper.pendingBegin = null;
      return;
    }
    await this.#inner.commitTransaction(wrapper.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    if (wrapper.pendingBegin !== null) {
      wrapper.pendingBegin = null;
      return;
    }
    await this.#inner.rollbackTransaction(wrapper.inner);
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    await wrapper.flush();
    await this.#inner.savepoint?.(wrapper.inner, name, compileQuery);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    await wrapper.flush();
    await this.#inner.rollbackToSavepoint?.(wrapper.inner, name, compileQuery);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    await wrapper.flush();
    await this.#inner.releaseSavepoint?.(wrapper.inner, name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as DeferredBeginConnection;
    wrapper.pendingBegin = null;
    return this.#inner.releaseConnection(wrapper.inner);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** Kysely's PostgresDialect whose driver sends a transaction's opening with its BEGIN (above). */
export class OpeningPostgresDialect extends PostgresDialect {
  override createDriver(): Driver {
    return new DeferredBeginDriver(super.createDriver());
  }
}
