import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER_TEXTS } from '#shared/schemas/loads-dispatcher.js';
import type { LoadListInput } from '#shared/schemas/loads.js';
import { createBroker, createLoad, createMember, loadForm, type TestCompany, type TestUser } from '../support/factories.js';
import type { Caller } from '../support/harness.js';
import { expectTrpcError, userFacingError } from '../support/http.js';
import { listLoads, type LoadFilters } from '../../server/src/domains/loads/loads.repository.js';
import { usePlans } from '../support/plans.js';
import { useTenants } from '../support/tenants.js';

/**
 * A dispatcher per load (issue 26, item 2): the creator by default when they dispatch, the form's
 * choice, the board's Dispatcher filter ("Mine" or one) and sort (keyset, names A to Z, loads
 * without one last), the board's denser row (extra stops, equipment), and loads.bulkAssignDispatcher
 * (audited per load, bounded, refusing anyone not a member able to dispatch, another company's
 * loads left alone). Each test's loads carry a broker of their own, so the broker filter keeps
 * them apart from the file's other loads.
 */
const tenants = useTenants();
const { as } = tenants;
const { planOf } = usePlans(tenants);
const db = () => tenants.services.db;
const tag = () => `D${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** Loads of company A under a broker of their own, each with the dispatcher given (written as the owner; the trigger names it). */
async function loadsDispatchedBy(dispatchers: (TestUser | null)[], company: TestCompany = tenants.companyA) {
  const brokerId = await createBroker(db(), company.users.dispatcher, { name: `Broker ${tag()}` });
  const ids: string[] = [];
  for (const dispatcher of dispatchers) {
    const id = await createLoad(db(), company.users.admin);
    await tenants.owner
      .updateTable('loads')
      .set({ brokerId, dispatcherId: dispatcher?.userId ?? null })
      .where('id', '=', id)
      .execute();
    ids.push(id);
  }
  return { brokerId, ids };
}

type ListInput = Omit<Exclude<LoadListInput, undefined>, 'cursor'>;

/** Every page of the list, following the cursors; fails on a repeated row. */
async function allPages(caller: Caller, input: ListInput, limit = 2) {
  const rows: Awaited<ReturnType<Caller['loads']['list']>>['items'] = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<Caller['loads']['list']>> = await caller.loads.list({ ...input, limit, cursor });
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  return rows;
}

/** The field a refusal names, as a browser receives it. */
const fieldOf = (error: TRPCError, path: string) => userFacingError(error, path).data.field;

const nameOf = async (user: TestUser) => {
  const profile = await tenants.owner
    .selectFrom('profiles')
    .select(['firstName', 'lastName'])
    .where('userId', '=', user.userId)
    .executeTakeFirstOrThrow();
  return `${profile.firstName} ${profile.lastName}`.trim();
};

describe('a new load', () => {
  it('is dispatched by its creator when they dispatch (a dispatcher or an admin), by nobody when a sales user creates it', async () => {
    const company = tenants.companyA;
    const byDispatcher = await (await as('dispatcher')).loads.create(await loadForm(db(), company));
    expect(byDispatcher).toMatchObject({
      dispatcherId: company.users.dispatcher.userId,
      dispatcherName: await nameOf(company.users.dispatcher),
    });
    const byAdmin = await (await as('admin')).loads.create(await loadForm(db(), company));
    expect(byAdmin.dispatcherId).toBe(company.users.admin.userId);
    const bySales = await (await as('sales')).loads.create(await loadForm(db(), company));
    expect(bySales).toMatchObject({ dispatcherId: null, dispatcherName: null });
    // A duplicate is a new load: the same default, whoever dispatched the original.
    const copy = await (await as('dispatcher')).loads.duplicate({ id: byAdmin.id });
    expect(copy.dispatcherId).toBe(company.users.dispatcher.userId);
    const salesCopy = await (await as('sales')).loads.duplicate({ id: bySales.id });
    expect(salesCopy.dispatcherId).toBeNull();
  });

  it('takes the dispatcher chosen, or none; the form lists who may dispatch', async () => {
    const company = tenants.companyA;
    const admin = await as('admin');
    const options = await admin.loads.formOptions();
    const listed = options.dispatchers.map((option) => option.id);
    expect(listed).toEqual(expect.arrayContaining([company.users.admin.userId, company.users.dispatcher.userId]));
    expect(listed).not.toContain(company.users.sales.userId);
    expect(listed).not.toContain(company.users.treasury.userId);
    expect(listed).not.toContain(tenants.companyB.users.dispatcher.userId);

    const chosen = await admin.loads.create({ ...(await loadForm(db(), company)), dispatcherId: company.users.dispatcher.userId });
    expect(chosen.dispatcherId).toBe(company.users.dispatcher.userId);
    const none = await admin.loads.create({ ...(await loadForm(db(), company)), dispatcherId: '' });
    expect(none.dispatcherId).toBeNull();

    // An edit changes it, keeps it when left out, and clears it.
    const moved = await admin.loads.update({ id: none.id, ...(await loadForm(db(), company)), dispatcherId: company.users.admin.userId });
    expect(moved.dispatcherId).toBe(company.users.admin.userId);
    const { dispatcherId: _left, ...withoutDispatcher } = { ...(await loadForm(db(), company)), dispatcherId: undefined };
    const kept = await admin.loads.update({ id: none.id, ...withoutDispatcher });
    expect(kept.dispatcherId).toBe(company.users.admin.userId);
    const cleared = await admin.loads.update({ id: none.id, ...(await loadForm(db(), company)), dispatcherId: null });
    expect(cleared).toMatchObject({ dispatcherId: null, dispatcherName: null });
  });

  it('refuses, naming the field, a member who may not dispatch and another company’s dispatcher alike', async () => {
    const company = tenants.companyA;
    const admin = await as('admin');
    for (const userId of [company.users.sales.userId, tenants.companyB.users.dispatcher.userId, randomUUID()]) {
      const error = await expectTrpcError(
        admin.loads.create({ ...(await loadForm(db(), company)), dispatcherId: userId }),
        'NOT_FOUND',
        DISPATCHER_TEXTS.notFound,
      );
      expect(fieldOf(error, 'loads.create')).toBe('dispatcherId');
    }
  });
});

describe('the board', () => {
  it('filters by one dispatcher and by "Mine"', async () => {
    const company = tenants.companyA;
    const { brokerId, ids } = await loadsDispatchedBy([company.users.dispatcher, company.users.admin, null, company.users.dispatcher]);
    const dispatcher = await as('dispatcher');
    const mine = await allPages(dispatcher, { brokerId, mine: true });
    expect(new Set(mine.map((row) => row.id))).toEqual(new Set([ids[0], ids[3]]));
    const admins = await allPages(dispatcher, { brokerId, dispatcherId: company.users.admin.userId });
    expect(admins.map((row) => row.id)).toEqual([ids[1]]);
    expect(admins[0]).toMatchObject({ dispatcherId: company.users.admin.userId, dispatcherName: await nameOf(company.users.admin) });
    // "Mine" is whoever asks: the admin's own.
    const adminsMine = await allPages(await as('admin'), { brokerId, mine: true });
    expect(adminsMine.map((row) => row.id)).toEqual([ids[1]]);
  });

  it('sorts by dispatcher name both ways, keyset paged, loads without one last', async () => {
    const company = tenants.companyA;
    const suffix = tag();
    const amy = await createMember(tenants.services, company.companyId, { role: 'dispatcher', firstName: 'Amy', lastName: suffix });
    const zoe = await createMember(tenants.services, company.companyId, { role: 'dispatcher', firstName: 'Zoe', lastName: suffix });
    const { brokerId, ids } = await loadsDispatchedBy([zoe, null, amy, zoe, amy]);
    const caller = await as('dispatcher');
    const ascending = await allPages(caller, { brokerId, sort: 'dispatcherName', sortDirection: 'asc' });
    expect(ascending.map((row) => row.dispatcherName)).toEqual([`Amy ${suffix}`, `Amy ${suffix}`, `Zoe ${suffix}`, `Zoe ${suffix}`, null]);
    expect(ascending.at(-1)?.id).toBe(ids[1]);
    const descending = await allPages(caller, { brokerId, sort: 'dispatcherName', sortDirection: 'desc' });
    expect(descending.map((row) => row.dispatcherName)).toEqual([`Zoe ${suffix}`, `Zoe ${suffix}`, `Amy ${suffix}`, `Amy ${suffix}`, null]);
  });

  it('shows each row’s stops between pickup and delivery and its equipment', async () => {
    const company = tenants.companyA;
    const stop = (type: 'pickup' | 'drop', city: string, state: string) => ({
      type,
      address: `1 ${city} Rd`,
      city,
      state,
      date: '2026-12-01',
      firstComeFirstServed: true,
    });
    const brokerId = await createBroker(db(), company.users.dispatcher, { name: `Broker ${tag()}` });
    const dispatcher = await as('dispatcher');
    const created = await dispatcher.loads.create({
      loadNumber: tag(),
      brokerId,
      equipmentType: 'reefer',
      temperature: '34',
      stops: [
        stop('pickup', 'Dallas', 'TX'),
        stop('drop', 'Memphis', 'TN'),
        stop('drop', 'Nashville', 'TN'),
        stop('drop', 'Atlanta', 'GA'),
      ],
    });
    const plain = await dispatcher.loads.create({ ...(await loadForm(db(), company)), brokerId });
    const rows = await allPages(dispatcher, { brokerId });
    expect(rows.find((row) => row.id === created.id)).toMatchObject({ extraStops: 2, equipmentType: 'reefer', temperature: '34.0' });
    expect(rows.find((row) => row.id === plain.id)).toMatchObject({ extraStops: 0, equipmentType: null, temperature: null });
  });
});

describe('loads.bulkAssignDispatcher', () => {
  it('assigns the selected loads the user may change in one go, each audited; another company’s and missing ones are left out', async () => {
    const company = tenants.companyA;
    const { ids } = await loadsDispatchedBy([null, company.users.admin, company.users.dispatcher]);
    const foreignLoad = await createLoad(db(), tenants.companyB.users.dispatcher);
    const admin = await as('admin');
    const { changed } = await admin.loads.bulkAssignDispatcher({
      ids: [...ids, foreignLoad, randomUUID()],
      dispatcherId: company.users.dispatcher.userId,
    });
    expect(new Set(changed)).toEqual(new Set([ids[0], ids[1]]));
    const stored = await tenants.owner
      .selectFrom('loads')
      .select(['id', 'dispatcherId', 'dispatcherName'])
      .where('id', 'in', [...ids, foreignLoad])
      .execute();
    const name = await nameOf(company.users.dispatcher);
    expect(Object.fromEntries(stored.map((row) => [row.id, [row.dispatcherId, row.dispatcherName]]))).toEqual({
      [ids[0] as string]: [company.users.dispatcher.userId, name],
      [ids[1] as string]: [company.users.dispatcher.userId, name],
      [ids[2] as string]: [company.users.dispatcher.userId, name],
      [foreignLoad]: [null, null],
    });
    const audited = await tenants.owner
      .selectFrom('auditLogs')
      .select(['entityId', 'userId'])
      .where('entityId', 'in', [...ids, foreignLoad])
      .where('action', '=', 'updated')
      .where('userId', '=', company.users.admin.userId)
      .execute();
    expect(new Set(audited.map((row) => row.entityId))).toEqual(new Set([ids[0], ids[1]]));
    // Each load's history names the change.
    const history = await admin.loads.history({ id: ids[1] as string });
    expect(history.entries.filter((entry) => entry.kind === 'dispatcher').at(-1)).toMatchObject({
      from: await nameOf(company.users.admin),
      to: name,
    });

    // null takes the dispatcher off.
    const off = await admin.loads.bulkAssignDispatcher({ ids: [ids[0] as string], dispatcherId: null });
    expect(off.changed).toEqual([ids[0]]);
  });

  it('refuses, naming the field and changing nothing, anyone not a member able to dispatch (another company’s user alike)', async () => {
    const company = tenants.companyA;
    const { ids } = await loadsDispatchedBy([company.users.admin, null]);
    const dispatcher = await as('dispatcher');
    const refused = [company.users.sales.userId, company.users.treasury.userId, tenants.companyB.users.dispatcher.userId, randomUUID()];
    for (const userId of refused) {
      const error = await expectTrpcError(
        dispatcher.loads.bulkAssignDispatcher({ ids, dispatcherId: userId }),
        'NOT_FOUND',
        DISPATCHER_TEXTS.notFound,
      );
      expect(fieldOf(error, 'loads.bulkAssignDispatcher')).toBe('dispatcherId');
    }
    const stored = await tenants.owner.selectFrom('loads').select(['id', 'dispatcherId']).where('id', 'in', ids).execute();
    expect(Object.fromEntries(stored.map((row) => [row.id, row.dispatcherId]))).toEqual({
      [ids[0] as string]: company.users.admin.userId,
      [ids[1] as string]: null,
    });
  });

  it('from another company changes none of this company’s loads', async () => {
    const company = tenants.companyA;
    const { ids } = await loadsDispatchedBy([company.users.admin]);
    const foreign = await as('admin', tenants.companyB);
    const { changed } = await foreign.loads.bulkAssignDispatcher({ ids, dispatcherId: tenants.companyB.users.dispatcher.userId });
    expect(changed).toEqual([]);
    const stored = await tenants.owner
      .selectFrom('loads')
      .select('dispatcherId')
      .where('id', '=', ids[0] as string)
      .executeTakeFirstOrThrow();
    expect(stored.dispatcherId).toBe(company.users.admin.userId);
  });

  it('is bounded: none, or more than 100 ids, are refused', async () => {
    const caller = await as('dispatcher');
    const dispatcherId = tenants.companyA.users.dispatcher.userId;
    await expectTrpcError(caller.loads.bulkAssignDispatcher({ ids: [], dispatcherId }), 'BAD_REQUEST');
    const tooMany = Array.from({ length: 101 }, () => randomUUID());
    await expectTrpcError(caller.loads.bulkAssignDispatcher({ ids: tooMany, dispatcherId }), 'BAD_REQUEST');
  });
});

describe("the Dispatcher sort and filter's plans at 20,000 loads a company, as the app role under row-level security", () => {
  beforeAll(async () => {
    // Written as the owner with triggers off (no audit for test data): the names set here. Two loads in three
    // have a dispatcher (the company's dispatcher or its admin), under a broker name no other test uses.
    await tenants.owner.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      for (const company of [tenants.companyA, tenants.companyB]) {
        const { dispatcher, admin } = company.users;
        await sql`
          insert into loads (company_id, load_number, pickup_location, pickup_city, pickup_state, delivery_location,
                             delivery_city, delivery_state, broker_name, dispatcher_id, dispatcher_name, status, created_by, created_at)
          select ${company.companyId}, 'DP-' || lpad(n::text, 6, '0'), '1 Main St', 'Denver', 'CO', '2 Dock Rd', 'Omaha', 'NE',
                 'Plan broker',
                 case n % 3 when 0 then null when 1 then ${dispatcher.userId}::uuid else ${admin.userId}::uuid end,
                 case n % 3 when 0 then null when 1 then 'Dee Dispatcher' else 'Ada Admin' end,
                 'pending', ${dispatcher.userId}, now() - n * interval '1 minute'
          from generate_series(1, 20000) as n
        `.execute(tx);
      }
    });
    await sql`analyze loads`.execute(tenants.owner);
  });

  const buffersOf = (plan: string) =>
    [...(/Buffers: shared ([^\n]*)/.exec(plan)?.[1] ?? '').matchAll(/(?:hit|read)=(\d+)/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
  const planOfList = (filters: Partial<LoadFilters>) =>
    planOf(
      'loads',
      async (tx, scope) => {
        const page = await listLoads(tx, scope, { search: '', status: 'all', ...filters }, { cursor: null, limit: 50 });
        expect(page.items).toHaveLength(50);
      },
      'explain (analyze, buffers, costs off, timing off, summary off)',
    );

  it.each(['asc', 'desc'] as const)(
    'sorted by dispatcher %s, walks (company_id, dispatcher_name, id) a page at a time',
    async (direction) => {
      const plan = await planOfList({ sort: 'dispatcherName', direction });
      expect(plan).toMatch(/Index Scan(?: Backward)? using loads_board_dispatcher_name_idx on loads/);
      expect(plan).not.toMatch(/Seq Scan on loads|Sort Method/);
      expect(buffersOf(plan)).toBeLessThan(500);
    },
  );

  it('filtered to "Mine" (or one dispatcher), newest first, walks (company_id, dispatcher_id, created_at desc, id desc)', async () => {
    for (const filters of [{ mine: true }, { dispatcherId: tenants.companyA.users.admin.userId }]) {
      const plan = await planOfList(filters);
      expect(plan).toMatch(/Index Scan using loads_board_dispatcher_idx on loads/);
      expect(plan).not.toMatch(/Seq Scan on loads|Sort Method/);
      expect(buffersOf(plan)).toBeLessThan(500);
    }
  });
});
