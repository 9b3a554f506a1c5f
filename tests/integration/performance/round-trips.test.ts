import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE } from '../../../server/src/auth/lucia.js';
import { appConnectionString } from '../../../server/src/db/bootstrap.js';
import { createDb, createPool, inlineParameters, ReadOnlyConnection } from '../../../server/src/db/database.js';
import { keysetAnswer, keysetQuery, type KeysetRow } from '../../../server/src/db/pagination.js';
import { QueryTemplate } from '../../../server/src/db/query-template.js';
import type { Database } from '../../../server/src/db/schema.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import type { StartedServices } from '../../../server/src/services/create-services.js';
import { TEST_APP_DB_PASSWORD } from '../../support/config.js';
import { testDatabaseUrl } from '../../support/databases.js';
import { createLoad } from '../../support/factories.js';
import { createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';

/**
 * Issue 16, round trips: a warm read call over HTTP costs one round trip and nothing else (a
 * read-only BEGIN with its settings, the statement with its values written in as literals, and
 * COMMIT in one query; no session re-validation while the session is cached), and the settings
 * stay transaction-local.
 */

let started: StartedServices;
let company: TestCompany;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  started = await startTestServices({ poolSize: 1 });
  company = await createTestCompany(started.services);
  for (let index = 0; index < 3; index += 1) await createLoad(started.services.db, { companyId: company.companyId, userId: null });
  const listening = await listen(started.services);
  origin = listening.origin;
  close = () => listening.app.close();
});
afterAll(async () => {
  await close?.();
  await started.close();
});

/** Every query text any pg client of this process sends while `fn` runs (the job queue's own polling left out). */
async function queriesDuring(fn: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const text = typeof config === 'string' ? config : String((config as { text?: string } | null)?.text ?? '');
    if (!text.includes('graphile_worker')) sent.push(text);
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await fn();
  } finally {
    pg.Client.prototype.query = original;
  }
  return sent;
}

async function listLoads(session: string): Promise<number> {
  const input = encodeURIComponent(JSON.stringify({}));
  const response = await fetch(`${origin}/trpc/loads.list?input=${input}`, { headers: { cookie: `${SESSION_COOKIE}=${session}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { data: { items: unknown[] } } };
  return body.result.data.items.length;
}

/** A company's loads (id and number) newest first, keyset paged: a compiled page for the tests below, each its own template. */
const loadNumbersPage = () =>
  new QueryTemplate<KeysetRow<{ id: string; loadNumber: string }>, { companyId: string; limitPlusOne: number }, null>((db, slot) =>
    keysetQuery(
      db.selectFrom('loads').select(['loads.id', 'loads.loadNumber']).where('loads.companyId', '=', slot('companyId')),
      { sortedBy: 'loads.createdAt', id: 'loads.id' },
      null,
      slot('limitPlusOne'),
    ),
  );

describe('parameters written in as literals', () => {
  it('writes $n as untyped literals, leaving quoted text and identifiers alone', () => {
    expect(inlineParameters(`select "a$1", '$1 it''s', $1, $2, $10 from t where x = $3`, ["o'k", 5, null, 0, 0, 0, 0, 0, 0, true])).toBe(
      `select "a$1", '$1 it''s', 'o''k', '5', 'true' from t where x = NULL`,
    );
    expect(inlineParameters('select $1', ['back\\slash'])).toBe(`select  E'back\\\\slash'`);
  });

  it('gives up (null) on what it does not plainly follow', () => {
    expect(inlineParameters('select $1', [new Date()])).toBeNull();
    expect(inlineParameters('select $1', [[1, 2]])).toBeNull();
    expect(inlineParameters('select $1', [{ a: 1 }])).toBeNull();
    expect(inlineParameters('select $1', ['nul\u0000'])).toBeNull();
    expect(inlineParameters('select $2', ['one'])).toBeNull();
    expect(inlineParameters('select $$x$$, $1', ['a'])).toBeNull();
    expect(inlineParameters("select E'\\n', $1", ['a'])).toBeNull();
    expect(inlineParameters('select 1 -- $1', ['a'])).toBeNull();
    expect(inlineParameters("select 'unterminated", [])).toBeNull();
  });

  it('a statement seen before (its scan remembered) takes each call its own values', () => {
    const text = `select * from loads where company_id = $1 and status = $2 and note <> '$3'`;
    expect(inlineParameters(text, ['a', 'open'])).toBe(`select * from loads where company_id = 'a' and status = 'open' and note <> '$3'`);
    expect(inlineParameters(text, ["b'", null])).toBe(`select * from loads where company_id = 'b''' and status = NULL and note <> '$3'`);
    expect(inlineParameters(text, ['only one'])).toBeNull();
    expect(inlineParameters(text, [new Date(), 'x'])).toBeNull();
    expect(inlineParameters('select 1 -- $1', ['a'])).toBeNull();
    expect(inlineParameters('select 1 -- $1', ['a'])).toBeNull();
  });
});

describe('a query compiled once per shape', () => {
  it('runs each call with its own values, and each shape with its own SQL', async () => {
    const template = new QueryTemplate<{ value: string }, { a: string; b: string }, { upper: boolean }>((db, slot, shape) =>
      db.selectNoFrom(
        shape.upper
          ? sql<string>`upper(${slot('a')}::text || ${slot('b')}::text)`.as('value')
          : sql<string>`${slot('a')}::text || ${slot('b')}::text`.as('value'),
      ),
    );
    const run = (upper: boolean, a: string, b: string) => template.execute(started.services.db, String(upper), { upper }, { a, b });
    expect(await run(false, 'x', 'y')).toEqual([{ value: 'xy' }]);
    expect(await run(false, "o'k", '2')).toEqual([{ value: "o'k2" }]);
    expect(await run(true, 'a', 'b')).toEqual([{ value: 'AB' }]);
    expect(await run(false, 'c', 'd')).toEqual([{ value: 'cd' }]);
  });

  it("answers rows as createDb's camel-case plugin does: plain columns, nested objects and arrays", async () => {
    const build = (db: Kysely<Database>) =>
      db.selectNoFrom([
        sql<string>`'x'`.as('pickup_city'),
        sql<number>`2`.as('rate_cents'),
        sql<null>`null`.as('driver_name'),
        sql<unknown>`json_build_object('first_name', 'a', 'inner_list', json_build_array(json_build_object('last_name', 'b')))`.as(
          'some_object',
        ),
        sql<unknown>`json_build_array(json_build_object('stop_city', 'c'), 1)`.as('stop_list'),
      ]);
    const plain = new QueryTemplate<Record<string, unknown>, Record<string, never>, null>((db) => build(db).where(sql<boolean>`false`));
    const nested = new QueryTemplate<Record<string, unknown>, Record<string, never>, null>((db) => build(db));
    const flat = new QueryTemplate<Record<string, unknown>, Record<string, never>, null>((db) =>
      db.selectNoFrom([sql<string>`'x'`.as('pickup_city'), sql<number>`2`.as('rate_cents'), sql<null>`null`.as('driver_name')]),
    );
    const viaPlugin = async (query: ReturnType<typeof build>) => (await started.services.db.executeQuery(query.compile())).rows;
    expect(await plain.execute(started.services.db, 'plain', null, {})).toEqual([]);
    expect(await nested.execute(started.services.db, 'nested', null, {})).toEqual(await viaPlugin(build(started.services.db)));
    expect(await nested.execute(started.services.db, 'nested', null, {})).toEqual([
      {
        pickupCity: 'x',
        rateCents: 2,
        driverName: null,
        someObject: { firstName: 'a', innerList: [{ lastName: 'b' }] },
        stopList: [{ stopCity: 'c' }, 1],
      },
    ]);
    expect(await flat.execute(started.services.db, 'flat', null, {})).toEqual([{ pickupCity: 'x', rateCents: 2, driverName: null }]);
    // A column null in one row and an object in the next; a timestamp stays a Date.
    const mixed = new QueryTemplate<Record<string, unknown>, Record<string, never>, null>((db) =>
      db
        .selectNoFrom([sql<unknown>`null::json`.as('some_json'), sql<Date | null>`'2026-01-02T03:04:05Z'::timestamptz`.as('at_time')])
        .unionAll(
          db.selectNoFrom([sql<unknown>`'{"a_b": [{"c_d": 1}]}'::json`.as('some_json'), sql<Date | null>`null::timestamptz`.as('at_time')]),
        ),
    );
    expect(await mixed.execute(started.services.db, 'mixed', null, {})).toEqual([
      { someJson: null, atTime: new Date('2026-01-02T03:04:05Z') },
      { someJson: { aB: [{ cD: 1 }] }, atTime: null },
    ]);
  });

  it('answers a keyset page as keysetAnswer does: the rows without their position columns, and the cursor after the last', async () => {
    const template = loadNumbersPage();
    const values = (limit: number) => ({ companyId: company.companyId, limitPlusOne: limit + 1 });
    await withCompany(started.services.db, { companyId: company.companyId, userId: null }, async (tx) => {
      for (const limit of [1, 2, 3, 5]) {
        const page = await template.executePage(tx, 'page', null, values(limit), limit);
        const expected = keysetAnswer(await template.execute(tx, 'page', null, values(limit)), limit);
        expect(page).toEqual(expected);
        expect(page.items.length).toBe(Math.min(limit, 3));
        expect(Object.keys(page.items[0] ?? {})).toEqual(['id', 'loadNumber']);
        expect(page.nextCursor === null).toBe(limit >= 3);
      }
    });
  });

  it('in a read-only call answers what it answers elsewhere: rows, nested values, a repeated name, and a keyset page (its rows answered as arrays)', async () => {
    const scope = { companyId: company.companyId, userId: null };
    const readOnly = <T>(fn: (tx: Kysely<Database>) => Promise<T>) => withCompany(started.services.db, scope, fn, { readOnly: true });
    const asArrays = vi.spyOn(ReadOnlyConnection.prototype, 'queryArrays');
    const rows = new QueryTemplate<Record<string, unknown>, { a: string }, null>((db, slot) =>
      db
        .selectNoFrom([
          sql<string>`${slot('a')}::text`.as('pickup_city'),
          sql<number>`2`.as('rate_cents'),
          sql<string | null>`null`.as('driver_name'),
          sql<unknown>`json_build_object('first_name', 'a', 'inner_list', json_build_array(json_build_object('last_name', 'b')))`.as(
            'some_object',
          ),
          sql<Date | null>`'2026-01-02T03:04:05Z'::timestamptz`.as('at_time'),
          sql<string>`'first'`.as('same_name'),
          sql<string>`'second'`.as('same_name'),
        ])
        .unionAll(
          db.selectNoFrom([
            sql<string>`'y'`.as('pickup_city'),
            sql<number>`3`.as('rate_cents'),
            sql<string | null>`'d'`.as('driver_name'),
            sql<unknown>`null::json`.as('some_object'),
            sql<Date | null>`null::timestamptz`.as('at_time'),
            sql<string>`'third'`.as('same_name'),
            sql<string>`'fourth'`.as('same_name'),
          ]),
        ),
    );
    const elsewhere = await rows.execute(started.services.db, 'rows', null, { a: 'x' });
    expect(elsewhere[0]?.sameName).toBe('second');
    const sent = await queriesDuring(async () => {
      expect(await readOnly((tx) => rows.execute(tx, 'rows', null, { a: 'x' }))).toEqual(elsewhere);
    });
    expect(sent).toHaveLength(1);
    expect(await readOnly((tx) => rows.execute(tx, 'rows', null, { a: "o'k" }))).toEqual([
      { ...elsewhere[0], pickupCity: "o'k" },
      elsewhere[1],
    ]);
    // A value that is not written in as a literal (a Date): the opening goes first, the read after it, rows still as arrays.
    const dated = new QueryTemplate<{ atTime: Date; company: string }, { at: Date }, null>((db, slot) =>
      db.selectNoFrom([
        sql<Date>`${slot('at')}::timestamptz`.as('at_time'),
        sql<string>`current_setting('app.company_id', true)`.as('company'),
      ]),
    );
    const at = new Date('2026-01-02T03:04:05Z');
    const datedSent = await queriesDuring(async () => {
      expect(await readOnly((tx) => dated.execute(tx, 'dated', null, { at }))).toEqual([{ atTime: at, company: company.companyId }]);
    });
    expect(datedSent[0]).toMatch(/^begin read only; select set_config\([^;]*\)$/);
    expect(datedSent.at(-1)).toBe('commit');
    const empty = new QueryTemplate<Record<string, unknown>, Record<string, never>, null>((db) =>
      db.selectNoFrom(sql<number>`1`.as('one')).where(sql<boolean>`false`),
    );
    expect(await readOnly((tx) => empty.execute(tx, 'empty', null, {}))).toEqual([]);

    const page = loadNumbersPage();
    for (const limit of [1, 2, 3, 5]) {
      const values = { companyId: company.companyId, limitPlusOne: limit + 1 };
      // Elsewhere: a tenant transaction (row-level security shows no loads outside one), rows as objects.
      const expected = keysetAnswer(await withCompany(started.services.db, scope, (tx) => page.execute(tx, 'page', null, values)), limit);
      expect(expected.items.length).toBe(Math.min(limit, 3));
      const answered = await readOnly((tx) => page.executePage(tx, 'page', null, values, limit));
      expect(answered).toEqual(expected);
      expect(Object.keys(answered.items[0] ?? {})).toEqual(['id', 'loadNumber']);
    }
    // Every read of a template in a read-only call: two rows, the dated one, the empty one, four pages.
    expect(asArrays).toHaveBeenCalledTimes(8);
    asArrays.mockRestore();
  });

  it('refuses a placeholder hidden inside a larger value (it would be compiled in for good)', async () => {
    const template = new QueryTemplate<{ value: string }, { a: string }, null>((db, slot) =>
      db.selectNoFrom(sql<string>`${`%${slot('a')}%`}::text`.as('value')),
    );
    await expect(template.execute(started.services.db, 'one', null, { a: 'x' })).rejects.toThrow(/slot inside a larger value/);
  });
});

describe('round trips of a read call', () => {
  it('a warm loads.list costs one round trip: a read-only BEGIN with its settings, the statement and COMMIT in one query', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    // Cold: the session is read (and cached).
    const cold = await queriesDuring(async () => expect(await listLoads(session)).toBe(3));
    // Warm: only the tenant transaction.
    const warm = await queriesDuring(async () => expect(await listLoads(session)).toBe(3));
    expect(cold.length).toBeGreaterThan(warm.length);
    expect(warm).toHaveLength(1);
    expect(warm[0]).toMatch(
      /^begin read only; select set_config\('app\.company_id', '[0-9a-f-]{36}', true\), set_config\('app\.user_id', '[0-9a-f-]{36}', true\); select .* from "loads" .*; commit$/s,
    );
    expect(warm[0]).not.toMatch(/\$\d/);
  });

  it('each read of a read-only call goes out with the opening and its own COMMIT, under the same settings', async () => {
    const scope = { companyId: company.companyId, userId: null };
    let seen: string[] = [];
    const sent = await queriesDuring(async () => {
      seen = await withCompany(
        started.services.db,
        scope,
        async (tx) => {
          const first = await sql<{ company: string }>`select current_setting('app.company_id', true) as company`.execute(tx);
          const second = await sql<{ count: number }>`select count(*)::int as count from loads`.execute(tx);
          return [first.rows[0]?.company ?? '', String(second.rows[0]?.count)];
        },
        { readOnly: true },
      );
    });
    expect(seen).toEqual([company.companyId, '3']);
    expect(sent).toHaveLength(2);
    for (const text of sent) expect(text).toMatch(/^begin read only; select set_config\(.*; select .*; commit$/s);
    // Nothing is left open, and the connection carries no company.
    const { rows } = await sql<{ company: string | null }>`select nullif(current_setting('app.company_id', true), '') as company`.execute(
      started.services.db,
    );
    expect(rows[0]?.company ?? null).toBeNull();
  });

  it('a read-only call refuses a write, and a read whose values are not plain literals opens the read-only transaction as usual', async () => {
    const scope = { companyId: company.companyId, userId: null };
    await expect(
      withCompany(started.services.db, scope, (tx) => sql`update loads set notes = 'x' where false`.execute(tx), { readOnly: true }),
    ).rejects.toThrow(/read-only transaction/);
    const sent = await queriesDuring(async () => {
      const at = await withCompany(
        started.services.db,
        scope,
        async (tx) => (await sql<{ at: string }>`select ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at`.execute(tx)).rows,
        { readOnly: true },
      );
      expect(at).toHaveLength(1);
    });
    expect(sent[0]).toMatch(/^begin read only; select set_config\([^;]*\)$/);
    expect(sent[1]).toMatch(/\$1::timestamptz/);
    expect(sent.at(-1)).toBe('commit');
  });

  it('a failing read of a read-only call is rolled back and leaves the connection clean', async () => {
    const scope = { companyId: company.companyId, userId: null };
    const sent = await queriesDuring(async () => {
      await expect(withCompany(started.services.db, scope, (tx) => sql`select 1/0`.execute(tx), { readOnly: true })).rejects.toThrow(
        /division by zero/,
      );
    });
    expect(sent.at(-1)).toBe('rollback');
    const { rows } = await sql<{ company: string | null }>`select nullif(current_setting('app.company_id', true), '') as company`.execute(
      started.services.db,
    );
    expect(rows[0]?.company ?? null).toBeNull();
  });

  it('a first statement whose values are not plain literals still runs after the opening, in the same transaction', async () => {
    const seen = await queriesDuring(async () => {
      const rows = await withCompany(started.services.db, { companyId: company.companyId, userId: null }, async (tx) => {
        const first = await sql<{
          company: string;
          at: string;
        }>`select current_setting('app.company_id', true) as company, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at`.execute(tx);
        return first.rows;
      });
      expect(rows[0]?.company).toBe(company.companyId);
    });
    expect(seen[0]).toMatch(/^begin; select set_config\([^;]*\)$/);
    expect(seen[1]).toMatch(/\$1::timestamptz/);
    expect(seen.at(-1)).toBe('commit');
  });

  it('a failing first statement rolls the whole transaction back and leaves the connection clean', async () => {
    await expect(
      withCompany(started.services.db, { companyId: company.companyId, userId: null }, (tx) => sql`select 1/0`.execute(tx)),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await sql<{ company: string | null }>`select nullif(current_setting('app.company_id', true), '') as company`.execute(
      started.services.db,
    );
    expect(rows[0]?.company ?? null).toBeNull();
  });

  it('answers a query, a batch and a refusal as JSON with a length (one write), not a chunked stream', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const batch = await fetch(`${origin}/trpc/loads.list,auth.session?batch=1&input=${input}`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(batch.status).toBe(200);
    expect(batch.headers.get('content-length')).toMatch(/^\d+$/);
    expect(batch.headers.get('transfer-encoding')).toBeNull();
    const [loads, who] = (await batch.json()) as [{ result: { data: { items: unknown[] } } }, { result: { data: { role: string } } }];
    expect(loads.result.data.items).toHaveLength(3);
    expect(who.result.data.role).toBe('dispatcher');

    const refused = await fetch(`${origin}/trpc/loads.list?input=${encodeURIComponent('{}')}`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('content-length')).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('UNAUTHORIZED');
  });

  it('the settings sent with BEGIN are transaction-local: the pooled connection carries no company after it', async () => {
    const seen = await withCompany(
      started.services.db,
      { companyId: company.companyId, userId: company.users.admin.userId },
      async (tx) => {
        const { rows } = await sql<{ company: string; user: string }>`select current_setting('app.company_id', true) as company,
        current_setting('app.user_id', true) as user`.execute(tx);
        return rows[0];
      },
    );
    expect(seen).toEqual({ company: company.companyId, user: company.users.admin.userId });
    // The pool has one connection: the same one, after the transaction.
    const { rows } = await sql<{ company: string | null }>`select nullif(current_setting('app.company_id', true), '') as company`.execute(
      started.services.db,
    );
    expect(rows[0]?.company ?? null).toBeNull();
  });

  it('a value that tries to break out of its literal is only a value', async () => {
    const hostileSearch = "'); drop table loads; --";
    const session = await sessionFor(started.services, company.users.dispatcher);
    const response = await fetch(`${origin}/trpc/loads.list?input=${encodeURIComponent(JSON.stringify({ search: hostileSearch }))}`, {
      headers: { cookie: `${SESSION_COOKIE}=${session}` },
    });
    expect(response.status).toBe(200);
    const hostile = "x', true); drop table loads; select set_config('app.company_id', 'y";
    await expect(withCompany(started.services.db, { companyId: company.companyId, userId: hostile }, async () => 1)).resolves.toBe(1);
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_tables where tablename = 'loads'`.execute(
      started.services.db,
    );
    expect(rows[0]?.count).toBe(1);
  });
});

describe("a read-only call's own transaction (no Kysely transaction layers)", () => {
  const scope = () => ({ companyId: company.companyId, userId: null });
  const companyOnConnection = async () =>
    (
      await sql<{ company: string | null }>`select nullif(current_setting('app.company_id', true), '') as company`.execute(
        started.services.db,
      )
    ).rows[0]?.company ?? null;

  it('a call that sends nothing, or fails before sending anything, sends nothing and gives its connection back', async () => {
    const sent = await queriesDuring(async () => {
      await expect(withCompany(started.services.db, scope(), async () => 'none', { readOnly: true })).resolves.toBe('none');
      await expect(
        withCompany(
          started.services.db,
          scope(),
          async () => {
            throw new Error('refused before reading');
          },
          { readOnly: true },
        ),
      ).rejects.toThrow('refused before reading');
    });
    expect(sent).toEqual([]);
    // The pool has one connection: it came back, clean.
    expect(await companyOnConnection()).toBeNull();
  });

  it('its handle is refused once the call has ended, as a Kysely transaction is', async () => {
    let kept: Kysely<Database> | null = null;
    await withCompany(
      started.services.db,
      scope(),
      async (tx) => {
        kept = tx;
        return (await sql`select 1 as one`.execute(tx)).rows;
      },
      { readOnly: true },
    );
    await expect(sql`select 1`.execute(kept as unknown as Kysely<Database>)).rejects.toThrow('Transaction is already committed');
    let failed: Kysely<Database> | null = null;
    await expect(
      withCompany(
        started.services.db,
        scope(),
        async (tx) => {
          failed = tx;
          await sql`select 1/0`.execute(tx);
        },
        { readOnly: true },
      ),
    ).rejects.toThrow(/division by zero/);
    await expect(sql`select 1`.execute(failed as unknown as Kysely<Database>)).rejects.toThrow('Transaction is already rolled back');
  });

  it('reads started together run one after the other on its one connection, each with its own answer', async () => {
    const answers = await withCompany(
      started.services.db,
      scope(),
      (tx) =>
        Promise.all(
          [1, 2, 3, 4].map(async (value) => (await sql<{ value: number }>`select ${value}::int as value`.execute(tx)).rows[0]?.value),
        ),
      { readOnly: true },
    );
    expect(answers).toEqual([1, 2, 3, 4]);
    expect(await companyOnConnection()).toBeNull();
  });

  it('a failed read the callback swallowed ends in AbortedTransactionError (COMMIT answered ROLLBACK), the connection clean', async () => {
    await expect(
      withCompany(
        started.services.db,
        scope(),
        async (tx) => {
          await sql`select 1/0`.execute(tx).catch(() => null);
          return 'swallowed';
        },
        { readOnly: true },
      ),
    ).rejects.toThrow('Transaction was rolled back instead of committed');
    expect(await companyOnConnection()).toBeNull();
  });

  it('a handle made with a log function tells it of each query of a read-only call', async () => {
    const heard: string[] = [];
    const pool = createPool({ connectionString: appConnectionString(await testDatabaseUrl(), TEST_APP_DB_PASSWORD), max: 1 });
    const logged = createDb(pool, { log: (event) => void heard.push(`${event.level}: ${event.query.sql}`) });
    try {
      await withCompany(logged, scope(), (tx) => sql`select 1 as one`.execute(tx), { readOnly: true });
      await expect(withCompany(logged, scope(), (tx) => sql`select 1/0`.execute(tx), { readOnly: true })).rejects.toThrow();
    } finally {
      await logged.destroy();
    }
    expect(heard).toEqual(['query: select 1 as one', 'error: select 1/0']);
  });
});
