import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartedServices } from '../../../server/src/create-services.js';
import { openingWith } from '../../../server/src/db/database.js';
import { startTestServices } from '../../support/harness.js';

/**
 * A call's transaction opens with BEGIN and its settings in one round trip (db/opening-driver.ts,
 * openingWith), on the real PostgreSQL: the settings hold inside the transaction only, a value
 * with quotes and backslashes arrives as written, READ ONLY still refuses writes, a failure rolls
 * back, and a transaction that runs nothing leaves the connection clean.
 */
let started: StartedServices;
beforeAll(async () => {
  started = await startTestServices({ poolSize: 1 });
});
afterAll(async () => {
  await started?.close();
});

const setting = (name: string) => sql<{ value: string | null }>`select current_setting(${name}, true) as value`;

describe('openingWith', () => {
  it('sets the values inside the transaction only, quotes and backslashes as written', async () => {
    const { db } = started.services;
    const awkward = `o'brien \\ "x" '' \\'`;
    const inside = await openingWith(db, [['app.user_id', awkward]], async (tx) => {
      const { rows } = await setting('app.user_id').execute(tx);
      const { rows: state } = await sql<{ open: boolean }>`select now() = statement_timestamp() as open`.execute(tx);
      return { value: rows[0]?.value, inTransaction: state[0]?.open === false };
    });
    expect(inside.value).toBe(awkward);
    // now() is the transaction's start, so it differs from the statement's: BEGIN really came first.
    expect(inside.inTransaction).toBe(true);
    // The same pooled connection (pool of 1) no longer carries it.
    const { rows } = await setting('app.user_id').execute(db);
    expect(rows[0]?.value ?? '').toBe('');
  });

  it('a READ ONLY opening refuses writes, and a failure rolls back', async () => {
    const { db } = started.services;
    await expect(
      openingWith(db, [['app.user_id', 'x']], (tx) => sql`create temporary table opening_probe (id int)`.execute(tx), { readOnly: true }),
    ).rejects.toThrow(/read-only transaction/);
    await expect(
      openingWith(db, [['app.user_id', 'x']], async (tx) => {
        await sql`create temporary table opening_probe (id int)`.execute(tx);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await sql<{ found: string | null }>`select to_regclass('pg_temp.opening_probe')::text as found`.execute(db);
    expect(rows[0]?.found).toBeNull();
  });

  it('a transaction that runs nothing, with no settings, sends neither BEGIN nor COMMIT', async () => {
    const { db } = started.services;
    await expect(openingWith(db, [], async () => 42)).resolves.toBe(42);
    // Had a BEGIN been left open, this would run inside it and now() would lag the statement.
    const { rows } = await sql<{ idle: boolean }>`select now() = statement_timestamp() as idle`.execute(db);
    expect(rows[0]?.idle).toBe(true);
  });

  it('refuses a setting name that is not ours', async () => {
    const { db } = started.services;
    await expect(openingWith(db, [["app.user_id', 'x', true); drop table users; --", 'x']], async () => 1)).rejects.toThrow(
      /not a setting name/,
    );
  });
});
