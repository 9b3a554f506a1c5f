import { randomInt, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_USER_COMPANIES, TEST_USER_PASSWORD, TEST_USERS, type TestUserCompany } from '#shared/test-users.js';
import { loadSessionContext } from '../../server/src/auth/session-context.js';
import { withCompany, withMasterAdmin } from '../../server/src/db/with-company.js';
import type { RealtimeEvent } from '../../server/src/services/realtime/bus.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { seedTestUsers, TEST_USER_MESSAGES } from '../../server/src/domains/admin/test-users.js';
import { withCompanyStatusWrite } from '../../server/src/domains/admin/company-status.js';
import { OWN_COMPANY_SUSPENSION } from '../../server/src/domains/admin/set-company-status.js';
import { platformStats } from '../../server/src/domains/admin/admin.repository.js';
import { createLoad, createMasterAdmin, createTestCompany, TEST_PASSWORD, type TestCompany, type TestUser } from '../support/factories.js';
import { callerFor, ownerDb, sessionFor, startTestServices } from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';

let started: StartedServices;
let owner: Kysely<any>;
let company: TestCompany;
let other: TestCompany;
let master: TestUser;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
});
afterAll(async () => {
  await started?.close();
  await owner?.destroy();
});

const as = (user: TestUser | null) => callerFor(started.services, user, uniqueIp());
const scopeOf = (user: TestUser) => ({ companyId: user.companyId, userId: user.userId });
const FORBIDDEN = 'You do not have permission to do this';

async function sessionCount(companyId: string): Promise<number> {
  const row = await owner
    .selectFrom('sessions')
    .innerJoin('profiles', 'profiles.userId', 'sessions.userId')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('profiles.companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every company, read page after page (newest first) as the console's "Load more" does. */
async function everyCompany(caller: Awaited<ReturnType<typeof as>>) {
  const rows: Awaited<ReturnType<typeof caller.admin.companies>>['items'] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof caller.admin.companies>> = await caller.admin.companies({ cursor, limit: 100 });
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const statusOf = async (companyId: string) =>
  (await owner.selectFrom('companies').select('subscriptionStatus').where('id', '=', companyId).executeTakeFirstOrThrow())
    .subscriptionStatus;

describe('who may use the master admin console', () => {
  const calls = {
    stats: (caller: Awaited<ReturnType<typeof as>>) => caller.admin.stats(),
    companies: (caller: Awaited<ReturnType<typeof as>>) => caller.admin.companies(),
    outbox: (caller: Awaited<ReturnType<typeof as>>) => caller.admin.outbox(),
    seedTestUsers: (caller: Awaited<ReturnType<typeof as>>) => caller.admin.seedTestUsers(),
    setCompanyStatus: (caller: Awaited<ReturnType<typeof as>>) =>
      caller.admin.setCompanyStatus({ companyId: other.companyId, status: 'suspended' }),
  };

  it.each(Object.keys(calls) as (keyof typeof calls)[])('admin.%s refuses every role of a company, and anonymous callers', async (name) => {
    for (const persona of ['admin', 'sales', 'dispatcher', 'treasury', 'driver'] as const) {
      await expectTrpcError(calls[name](await as(company.users[persona])), 'FORBIDDEN', FORBIDDEN);
    }
    await expectTrpcError(calls[name](await as(null)), 'UNAUTHORIZED', 'Not authenticated');
    // Nothing happened on the way: the other company is still active.
    expect(await statusOf(other.companyId)).toBe('active');
  });
});

describe('admin.stats and admin.companies', () => {
  it('lists a company with its users, loads, revenue (summed in SQL, to the cent), status and creation time', async () => {
    const fresh = await createTestCompany(started.services, `Stats Freight ${randomUUID().slice(0, 6)}`);
    await createLoad(started.services.db, scopeOf(fresh.users.dispatcher), { rate: '100.10' });
    await createLoad(started.services.db, scopeOf(fresh.users.dispatcher), { rate: '200.25' });
    await createLoad(started.services.db, scopeOf(fresh.users.dispatcher), { rate: null });
    const companies = await everyCompany(await as(master));
    const row = companies.find((candidate) => candidate.id === fresh.companyId);
    expect(row).toMatchObject({ name: fresh.name, users: 5, loads: 3, revenue: '300.35', status: 'active' });
    expect(Date.now() - new Date(row?.createdAt ?? 0).getTime()).toBeLessThan(60_000);
    const empty = companies.find((candidate) => candidate.id === master.companyId);
    expect(empty).toMatchObject({ users: 1, loads: 0, revenue: '0.00' });
  });

  it('lists every company newest first, page after page, none twice', async () => {
    const companies = await everyCompany(await as(master));
    expect(new Set(companies.map((row) => row.id)).size).toBe(companies.length);
    // A cursor goes on exactly after the row it names, whatever other tests add meanwhile.
    const caller = await as(master);
    const first = await caller.admin.companies({ limit: 2 });
    const second = await caller.admin.companies({ limit: 2, cursor: first.nextCursor });
    const [before, after] = [
      companies.findIndex((row) => row.id === first.items[1]?.id),
      companies.findIndex((row) => row.id === second.items[0]?.id),
    ];
    expect(after).toBe(before + 1);
    const times = companies.map((row) => new Date(row.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const positions = [master.companyId, other.companyId, company.companyId].map((id) => companies.findIndex((row) => row.id === id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('shows a missing subscription status as active', async () => {
    const blank = await createTestCompany(started.services);
    await owner.updateTable('companies').set({ subscriptionStatus: '' }).where('id', '=', blank.companyId).execute();
    const row = (await everyCompany(await as(master))).find((candidate) => candidate.id === blank.companyId);
    expect(row?.status).toBe('active');
  });

  it('counts companies, active companies, users, loads and revenue across the whole platform', async () => {
    // Other test files write in parallel: compare with plain counts in one snapshot.
    const { stats, expected } = await started.services.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        await sql`select set_config('app.master_admin', 'on', true), set_config('app.user_id', ${master.userId}, true),
                         set_config('app.company_id', ${master.companyId}, true)`.execute(tx);
        const counted = await sql<{ companies: number; suspended: number; users: number; loads: number; revenue: string }>`
          select (select count(*) from companies)::int as companies,
                 (select count(*) from companies where subscription_status = 'suspended')::int as suspended,
                 (select count(*) from profiles)::int as users,
                 (select count(*) from loads)::int as loads,
                 (select coalesce(sum(rate) filter (where status <> 'cancelled'), 0)::numeric(20, 2)::text from loads) as revenue`.execute(
          tx,
        );
        return { stats: await platformStats(tx), expected: counted.rows[0] };
      });
    expect(stats).toEqual({
      totalCompanies: expected?.companies,
      activeCompanies: (expected?.companies ?? 0) - (expected?.suspended ?? 0),
      totalUsers: expected?.users,
      totalLoads: expected?.loads,
      totalRevenue: expected?.revenue,
    });
    expect(stats.totalCompanies).toBeGreaterThanOrEqual(3);
  });

  it('answers the master admin through the procedure, with an exact decimal revenue', async () => {
    const stats = await (await as(master)).admin.stats();
    expect(stats.totalCompanies).toBeGreaterThanOrEqual(3);
    expect(stats.activeCompanies).toBeLessThanOrEqual(stats.totalCompanies);
    expect(stats.totalUsers).toBeGreaterThanOrEqual(11);
    expect(stats.totalRevenue).toMatch(/^\d+\.\d{2}$/);
  });
});

describe('admin.setCompanyStatus', () => {
  it("suspending a company ends its users' sessions at once, refuses their sign-in with the reason, and counts it inactive", async () => {
    const target = await createTestCompany(started.services, `Suspended Freight ${randomUUID().slice(0, 6)}`);
    const sessions = [await sessionFor(started.services, target.users.admin), await sessionFor(started.services, target.users.driver)];
    const bystander = await sessionFor(started.services, company.users.dispatcher);
    const ended: RealtimeEvent[] = [];
    const stop = started.services.bus.onEvent((event) => {
      if (event.table === 'sessions' && event.op === 'DELETE') ended.push(event);
    });
    try {
      const result = await (await as(master)).admin.setCompanyStatus({ companyId: target.companyId, status: 'suspended' });
      expect(result).toEqual({ id: target.companyId, name: target.name, status: 'suspended', endedSessions: 2 });
      expect(await statusOf(target.companyId)).toBe('suspended');
      expect(await sessionCount(target.companyId)).toBe(0);
      for (const sessionId of sessions) expect(await loadSessionContext(started.services, sessionId)).toBeNull();
      expect(await loadSessionContext(started.services, bystander)).not.toBeNull();
      // The bus hears each ended session, so the realtime layer closes their sockets.
      await expect
        .poll(() => ended.filter((event) => [target.users.admin.userId, target.users.driver.userId].includes(String(event.userId))).length)
        .toBe(2);
    } finally {
      stop();
    }

    const signIn = (await as(null)).auth.signIn({ email: target.users.dispatcher.email, password: TEST_PASSWORD });
    await expectTrpcError(signIn, 'FORBIDDEN', `${target.name} is suspended. Contact support to reactivate it.`);

    const row = (await everyCompany(await as(master))).find((candidate) => candidate.id === target.companyId);
    expect(row?.status).toBe('suspended');
  });

  it('reactivating lets the users sign in again', async () => {
    const target = await createTestCompany(started.services);
    const caller = await as(master);
    await caller.admin.setCompanyStatus({ companyId: target.companyId, status: 'suspended' });
    const result = await caller.admin.setCompanyStatus({ companyId: target.companyId, status: 'active' });
    expect(result).toMatchObject({ status: 'active', endedSessions: 0 });
    expect(await statusOf(target.companyId)).toBe('active');
    const signIn = await settle((await as(null)).auth.signIn({ email: target.users.sales.email, password: TEST_PASSWORD }));
    expect(signIn).toBeNull();
  });

  it('a master admin cannot suspend their own company', async () => {
    const session = await sessionFor(started.services, master);
    const error = await expectTrpcError(
      (await as(master)).admin.setCompanyStatus({ companyId: master.companyId, status: 'suspended' }),
      'FORBIDDEN',
      OWN_COMPANY_SUSPENSION,
    );
    expect(userFacingError(error, 'admin.setCompanyStatus').data.field).toBe('companyId');
    expect(await statusOf(master.companyId)).toBe('active');
    expect(await loadSessionContext(started.services, session)).not.toBeNull();
  });

  it('answers NOT_FOUND for a company that does not exist, and refuses other statuses naming the field', async () => {
    const caller = await as(master);
    await expectTrpcError(
      caller.admin.setCompanyStatus({ companyId: randomUUID(), status: 'suspended' }),
      'NOT_FOUND',
      'Company not found',
    );
    const error = await expectTrpcError(
      caller.admin.setCompanyStatus({ companyId: other.companyId, status: 'cancelled' as 'active' }),
      'BAD_REQUEST',
    );
    expect(userFacingError(error, 'admin.setCompanyStatus')).toMatchObject({
      message: 'Status must be active or suspended',
      data: { field: 'status' },
    });
    const badId = await expectTrpcError(caller.admin.setCompanyStatus({ companyId: 'not-an-id', status: 'active' }), 'BAD_REQUEST');
    expect(userFacingError(badId, 'admin.setCompanyStatus')).toMatchObject({ message: 'Invalid company id', data: { field: 'companyId' } });
  });
});

describe('admin.setCompanyStatus under any input', () => {
  it('answers a clear client error (or changes an unknown company: none), never an internal error', async () => {
    const caller = await as(master);
    const input = fc.oneof(
      fc.record(
        {
          companyId: fc.oneof(fc.uuid(), fc.string(), fc.constant(master.companyId), fc.anything()),
          status: fc.oneof(fc.constantFrom('active', 'suspended'), fc.string(), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const error = await settle(caller.admin.setCompanyStatus(value as never));
        const isOwnCompanyReactivation =
          typeof value === 'object' &&
          value !== null &&
          'companyId' in value &&
          value.companyId === master.companyId &&
          'status' in value &&
          value.status === 'active';
        expect(error?.code ?? 'OK', error?.message).toBeOneOf(
          isOwnCompanyReactivation ? ['OK'] : ['BAD_REQUEST', 'NOT_FOUND', 'FORBIDDEN'],
        );
      }),
      { numRuns: 60 },
    );
    expect(await statusOf(master.companyId)).toBe('active');
  });
});

describe('the master admin can write nothing else in another company', () => {
  it("through the cross-company read path, another company's name and loads stay out of reach", async () => {
    const loadId = await createLoad(started.services.db, scopeOf(other.users.dispatcher), { rate: '500.00' });
    const outcome = await withMasterAdmin(
      started.services.db,
      scopeOf(master),
      async (tx) => {
        const visible = await tx.selectFrom('loads').select('id').where('id', '=', loadId).execute();
        const renamed = await tx.updateTable('companies').set({ name: 'Taken over' }).where('id', '=', other.companyId).executeTakeFirst();
        const suspended = await tx
          .updateTable('companies')
          .set({ subscriptionStatus: 'suspended' })
          .where('id', '=', other.companyId)
          .executeTakeFirst();
        const rerated = await tx.updateTable('loads').set({ rate: '1.00' }).where('id', '=', loadId).executeTakeFirst();
        const removed = await tx.deleteFrom('loads').where('id', '=', loadId).executeTakeFirst();
        return {
          visible: visible.length,
          changed: [renamed, suspended, rerated, removed].map((result) =>
            Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows),
          ),
        };
      },
      () => {},
    );
    expect(outcome).toEqual({ visible: 1, changed: [0, 0, 0, 0] });
    const insert = withMasterAdmin(
      started.services.db,
      scopeOf(master),
      (tx) =>
        tx
          .insertInto('loads')
          .values({
            companyId: other.companyId,
            loadNumber: 'PLANTED',
            pickupLocation: 'a',
            pickupCity: 'b',
            pickupState: 'TX',
            deliveryLocation: 'c',
            deliveryCity: 'd',
            deliveryState: 'GA',
          })
          .execute(),
      () => {},
    );
    await expect(insert).rejects.toThrow(/row-level security/);
    expect(await statusOf(other.companyId)).toBe('active');
    expect((await owner.selectFrom('companies').select('name').where('id', '=', other.companyId).executeTakeFirstOrThrow()).name).toBe(
      other.name,
    );
    expect((await owner.selectFrom('loads').select('rate').where('id', '=', loadId).executeTakeFirstOrThrow()).rate).toBe('500.00');
  });

  describe('inside the company-status write path, the database refuses every other write', () => {
    const path = <T>(fn: Parameters<typeof withCompanyStatusWrite<T>>[2], actor: TestUser = master, companyId = other.companyId) =>
      withCompanyStatusWrite(started.services.db, { actorUserId: actor.userId, companyId }, fn);

    it("refuses to change the company's name, alone or together with its status", async () => {
      await expect(
        path((tx) => tx.updateTable('companies').set({ name: 'Taken over' }).where('id', '=', other.companyId).execute()),
      ).rejects.toThrow(/only changes a company's subscription status/);
      await expect(
        path((tx) =>
          tx
            .updateTable('companies')
            .set({ name: 'Taken over', subscriptionStatus: 'suspended' })
            .where('id', '=', other.companyId)
            .execute(),
        ),
      ).rejects.toThrow(/only changes a company's subscription status/);
      await expect(
        path((tx) => tx.updateTable('companies').set({ airwallexAccountId: 'acct_evil' }).where('id', '=', other.companyId).execute()),
      ).rejects.toThrow(/only changes a company's subscription status/);
    });

    it('refuses to create or delete companies', async () => {
      await expect(path((tx) => tx.insertInto('companies').values({ id: other.companyId, name: 'Twin' }).execute())).rejects.toThrow(
        /only changes a company's subscription status/,
      );
      // The app role may not delete companies at all (issue 10, item 5): refused before the trigger.
      await expect(path((tx) => tx.deleteFrom('companies').where('id', '=', other.companyId).execute())).rejects.toThrow(
        /permission denied for table companies/,
      );
    });

    it("writes none of the company's loads, profiles or roles", async () => {
      const loadId = await createLoad(started.services.db, scopeOf(other.users.dispatcher), { rate: '700.00' });
      const changed = await path(async (tx) => {
        const rerated = await tx.updateTable('loads').set({ rate: '1.00' }).where('id', '=', loadId).executeTakeFirst();
        const promoted = await tx
          .updateTable('userRoles')
          .set({ role: 'admin' })
          .where('companyId', '=', other.companyId)
          .executeTakeFirst();
        const removed = await tx.deleteFrom('loads').where('id', '=', loadId).executeTakeFirst();
        return [rerated.numUpdatedRows, promoted.numUpdatedRows, removed.numDeletedRows].map(Number);
      });
      expect(changed).toEqual([0, 0, 0]);
      // The app role may never write is_master_admin at all (column-level grants).
      await expect(
        path((tx) => tx.updateTable('profiles').set({ isMasterAdmin: true }).where('companyId', '=', other.companyId).execute()),
      ).rejects.toThrow(/permission denied for table profiles/);
      await expect(
        path((tx) => tx.insertInto('brokers').values({ companyId: other.companyId, name: 'Planted broker' }).execute()),
      ).rejects.toThrow(/row-level security/);
      expect((await owner.selectFrom('loads').select('rate').where('id', '=', loadId).executeTakeFirstOrThrow()).rate).toBe('700.00');
      const roles = await owner.selectFrom('userRoles').select('role').where('companyId', '=', other.companyId).execute();
      expect(roles.filter((row: { role: string }) => row.role === 'admin')).toHaveLength(1);
    });

    it('lets only a master admin change a status, never to suspend their own company, and only to active or suspended', async () => {
      const suspend = (tx: Parameters<Parameters<typeof path>[0]>[0], companyId: string, status = 'suspended') =>
        tx.updateTable('companies').set({ subscriptionStatus: status }).where('id', '=', companyId).execute();
      await expect(path((tx) => suspend(tx, other.companyId), company.users.admin)).rejects.toThrow(/only a master admin/);
      await expect(path((tx) => suspend(tx, master.companyId), master, master.companyId)).rejects.toThrow(
        /cannot suspend their own company/,
      );
      await expect(path((tx) => suspend(tx, other.companyId, 'free-forever'))).rejects.toThrow(/active or suspended/);
      expect(await statusOf(other.companyId)).toBe('active');
      expect(await statusOf(master.companyId)).toBe('active');
    });

    it('outside the path, a company admin still edits their own company as before', async () => {
      const renamed = `${company.name} Renamed`;
      await withCompany(started.services.db, scopeOf(company.users.admin), (tx) =>
        tx.updateTable('companies').set({ name: renamed }).where('id', '=', company.companyId).execute(),
      );
      expect((await owner.selectFrom('companies').select('name').where('id', '=', company.companyId).executeTakeFirstOrThrow()).name).toBe(
        renamed,
      );
      await withCompany(started.services.db, scopeOf(company.users.admin), (tx) =>
        tx.updateTable('companies').set({ name: company.name }).where('id', '=', company.companyId).execute(),
      );
    });
  });
});

describe('admin.seedTestUsers', () => {
  /** The spec's companies and accounts, with addresses of their own so this run starts from none. */
  function uniqueTestCompanies(): TestUserCompany[] {
    const run = randomInt(1_000_000, 9_999_999);
    return TEST_USER_COMPANIES.map((testCompany) => ({
      name: `${testCompany.name} ${run}`,
      accounts: testCompany.accounts.map((account) => ({
        ...account,
        email: account.email.replace('@', `+${run}@`),
      })) as unknown as TestUserCompany['accounts'],
    }));
  }

  async function membersByCompany(emails: readonly string[]) {
    const rows = await owner
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.userId', 'users.id')
      .innerJoin('companies', 'companies.id', 'profiles.companyId')
      .leftJoin('userRoles', 'userRoles.userId', 'users.id')
      .select(['users.email', 'companies.name as company', 'userRoles.role', 'profiles.isMasterAdmin'])
      .where('users.email', 'in', emails)
      .execute();
    const byCompany = new Map<string, (string | null)[]>();
    for (const row of rows as { company: string; role: string | null; isMasterAdmin: boolean }[]) {
      expect(row.isMasterAdmin).toBe(false);
      byCompany.set(row.company, [...(byCompany.get(row.company) ?? []), row.role]);
    }
    return byCompany;
  }

  it('creates 8 users across 2 companies (5 and 3), every role represented, all with the shared password', async () => {
    const companies = uniqueTestCompanies();
    const results = await seedTestUsers(started.services.db, { companies });
    expect(results).toHaveLength(8);
    expect(results.every((result) => result.success && result.created && result.message === TEST_USER_MESSAGES.created)).toBe(true);
    const byCompany = await membersByCompany(results.map((result) => result.email));
    expect([...byCompany.keys()].sort()).toEqual(companies.map((testCompany) => testCompany.name).sort());
    expect(byCompany.get(companies[0]?.name ?? '')?.sort()).toEqual(['admin', 'dispatcher', null, 'sales', 'treasury'].sort());
    expect(byCompany.get(companies[1]?.name ?? '')?.sort()).toEqual(['admin', 'dispatcher', 'treasury']);
    for (const email of [companies[0]?.accounts[4]?.email, companies[1]?.accounts[0]?.email]) {
      expect(await settle((await as(null)).auth.signIn({ email: email ?? '', password: TEST_USER_PASSWORD }))).toBeNull();
    }
  });

  it('is idempotent, also when two runs overlap', async () => {
    const companies = uniqueTestCompanies();
    const [first, second] = await Promise.all([
      seedTestUsers(started.services.db, { companies }),
      seedTestUsers(started.services.db, { companies }),
    ]);
    expect([...(first ?? []), ...(second ?? [])].every((result) => result.success)).toBe(true);
    expect([...(first ?? []), ...(second ?? [])].filter((result) => result.created)).toHaveLength(8);
    const again = await seedTestUsers(started.services.db, { companies });
    expect(again.map((result) => [result.success, result.created, result.message])).toEqual(
      Array.from({ length: 8 }, () => [true, false, TEST_USER_MESSAGES.existing]),
    );
    const byCompany = await membersByCompany(again.map((result) => result.email));
    expect([...byCompany.values()].map((roles) => roles.length).sort()).toEqual([3, 5]);
  });

  it('the procedure seeds the documented accounts; a second run reports them all as already present', async () => {
    const caller = await as(master);
    const first = await caller.admin.seedTestUsers();
    expect(first.results.map((result) => result.email)).toEqual(TEST_USERS.map((account) => account.email));
    expect(first.results.every((result) => result.success)).toBe(true);
    const second = await caller.admin.seedTestUsers();
    expect(second.results).toEqual(
      TEST_USERS.map((account) => ({ email: account.email, success: true, created: false, message: 'Already exists' })),
    );
    const byCompany = await membersByCompany(TEST_USERS.map((account) => account.email));
    expect(new Map([...byCompany].map(([name, roles]) => [name, roles.length]))).toEqual(
      new Map(TEST_USER_COMPANIES.map((testCompany) => [testCompany.name, testCompany.accounts.length])),
    );
  });
});

describe('admin.outbox', () => {
  it('shows the newest mail first with channel, recipient, subject, company, status and error; never a body (issue 10)', async () => {
    const subject = `Your invitation ${randomUUID()}`;
    const { mailer, db } = started.services;
    const sent = await mailer.send(db, { channel: 'email', to: 'invitee@example.test', subject, text: 'Open this link to join.' });
    const sms = await mailer.send(db, { channel: 'sms', to: '+15550100', subject: '', text: 'Your code is 123456' });
    const outbox = await (await as(master)).admin.outbox();
    expect(outbox.length).toBeLessThanOrEqual(100);
    const times = outbox.map((message) => new Date(message.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(outbox.find((message) => message.id === sent.id)).toMatchObject({
      channel: 'email',
      recipient: 'invitee@example.test',
      subject,
      companyName: null,
      status: 'sent',
      error: null,
    });
    expect(outbox.find((message) => message.id === sms.id)).toMatchObject({ channel: 'sms', recipient: '+15550100' });
    expect(JSON.stringify(outbox)).not.toContain('Open this link to join.');
    expect(JSON.stringify(outbox)).not.toContain('123456');
  });
});
