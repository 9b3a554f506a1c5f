import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DeferredBeginDriver, OPENING_MARK } from './opening-driver.js';

/** What the driver sends, message by message: the inner driver records it instead of a server. */
function recorder() {
  const sent: string[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
      sent.push(query.sql);
      return { rows: [{ answer: 1 } as R] };
    },
    streamQuery: async function* () {},
  };
  const inner: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('commit'))),
    rollbackTransaction: async (c) => void (await c.executeQuery(CompiledQuery.raw('rollback'))),
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return { sent, inner };
}

describe('the opening driver', () => {
  it('sends BEGIN with an opening in one message, and a plain first query after its own BEGIN', async () => {
    const { sent, inner } = recorder();
    const driver = new DeferredBeginDriver(inner);
    const connection = await driver.acquireConnection();
    await driver.beginTransaction(connection, { accessMode: 'read only' });
    await connection.executeQuery(CompiledQuery.raw(`select set_config('app.user_id', 'u', true) ${OPENING_MARK}`));
    const read = await connection.executeQuery(CompiledQuery.raw('select 1 as answer'));
    await driver.commitTransaction(connection);
    expect(sent).toEqual([
      `start transaction read only; select set_config('app.user_id', 'u', true) ${OPENING_MARK}`,
      'select 1 as answer',
      'commit',
    ]);
    expect(read.rows).toEqual([{ answer: 1 }]);

    sent.length = 0;
    await driver.beginTransaction(connection, {});
    await connection.executeQuery(CompiledQuery.raw('select 1 as answer'));
    await driver.rollbackTransaction(connection);
    expect(sent).toEqual(['begin', 'select 1 as answer', 'rollback']);

    sent.length = 0;
    await driver.beginTransaction(connection, {});
    await driver.commitTransaction(connection);
    expect(sent).toEqual([]);
  });
});
