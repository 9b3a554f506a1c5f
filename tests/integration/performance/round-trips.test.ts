import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../../server/src/services/lucia.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import type { StartedServices } from '../../../server/src/create-services.js';
import { createLoad } from '../../support/factories.js';
import { createTestCompany, listen, sessionFor, startTestServices, type TestCompany } from '../../support/harness.js';

/**
 * A call is one transaction on one connection (handbook: one connection per call): BEGIN (READ
 * ONLY for a read call), one parameterised select of the tenant settings, the call's statements,
 * COMMIT; no session re-validation while the session is cached; the settings stay
 * transaction-local, and every value travels as a parameter.
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

/** Every query any pg client of this process sends while `fn` runs, text and values (the job queue's own polling left out). */
async function queriesDuring(fn: () => Promise<void>): Promise<{ text: string; values: unknown[] }[]> {
  const sent: { text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : String((config as { text?: string } | null)?.text ?? '');
    if (!text.includes('graphile_worker')) sent.push({ text, values: Array.isArray(values) ? values : [] });
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

describe('a call is one transaction on one connection', () => {
  it('a warm loads.list: three round trips, the read-only BEGIN with the settings, the list, COMMIT', async () => {
    const session = await sessionFor(started.services, company.users.dispatcher);
    // Cold: the session is read (and cached).
    const cold = await queriesDuring(async () => expect(await listLoads(session)).toBe(3));
    // Warm: only the tenant transaction.
    const warm = await queriesDuring(async () => expect(await listLoads(session)).toBe(3));
    expect(cold.length).toBeGreaterThan(warm.length);
    // The opening travels with its BEGIN as one simple-protocol text, its values quoted (db/opening-driver.ts).
    expect(warm.map((query) => query.text.replace(/\s+/g, ' '))).toEqual([
      `start transaction read only; select set_config('app.company_id', '${company.companyId}', true), ` +
        `set_config('app.user_id', '${company.users.dispatcher.userId}', true) /* haulwise:opening */`,
      expect.stringMatching(/^select /),
      'commit',
    ]);
    expect(warm[0]?.values).toEqual([]);
    expect(warm[1]?.text).toMatch(/from "loads"/);
  });

  it("runs every statement of a call in the call's one transaction, on one connection", async () => {
    const seen = await withCompany(started.services.db, { companyId: company.companyId, userId: null }, async (tx) => {
      const first = await sql<{ pid: number; at: string }>`select pg_backend_pid() as pid, now()::text as at`.execute(tx);
      const second = await sql<{ pid: number; at: string; count: number }>`
        select pg_backend_pid() as pid, now()::text as at, (select count(*)::int from loads) as count`.execute(tx);
      return [first.rows[0], second.rows[0]];
    });
    // now() is the transaction's start: the same in both statements only inside one transaction.
    expect(seen[1]).toEqual({ ...seen[0], count: 3 });
  });

  it('a read-only call refuses a write, and runs reads with values of any type', async () => {
    const scope = { companyId: company.companyId, userId: null };
    await expect(
      withCompany(started.services.db, scope, (tx) => sql`update loads set notes = 'x' where false`.execute(tx), { readOnly: true }),
    ).rejects.toThrow(/read-only transaction/);
    const at = await withCompany(
      started.services.db,
      scope,
      async (tx) => (await sql<{ at: Date }>`select ${new Date('2026-01-02T03:04:05Z')}::timestamptz as at`.execute(tx)).rows,
      { readOnly: true },
    );
    expect(at).toEqual([{ at: new Date('2026-01-02T03:04:05Z') }]);
  });

  it('a failing statement rolls the whole call back and leaves the connection clean', async () => {
    const sent = await queriesDuring(async () => {
      await expect(
        withCompany(started.services.db, { companyId: company.companyId, userId: null }, (tx) => sql`select 1/0`.execute(tx), {
          readOnly: true,
        }),
      ).rejects.toThrow(/division by zero/);
    });
    expect(sent.at(-1)?.text).toBe('rollback');
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

  it('the settings are transaction-local: the pooled connection carries no company after it', async () => {
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

  it('a value that tries to break out of the SQL is only a value', async () => {
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
    // The opening carries its values as literals quoted by pg's escapeLiteral (db/database.ts,
    // openingSql): the hostile value is one quoted literal, and the setting reads back as itself.
    const sent = await queriesDuring(async () => {
      await withCompany(started.services.db, { companyId: company.companyId, userId: hostile }, async () => 1);
    });
    expect(sent[0]?.text).toContain(`set_config('app.user_id', ${pg.escapeLiteral(hostile)}, true)`);
    const read = await withCompany(started.services.db, { companyId: company.companyId, userId: hostile }, async (tx) => {
      const { rows: settings } = await sql<{ value: string }>`select current_setting('app.user_id') as value`.execute(tx);
      return settings[0]?.value;
    });
    expect(read).toBe(hostile);
  });
});
