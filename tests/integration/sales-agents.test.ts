import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { SALES_AGENT_TEXTS } from '#shared/schemas/sales-agents.js';
import { createMember, type TestUser } from '../support/factories.js';
import { callerFor } from '../support/harness.js';
import { expectTrpcError, settle, uniqueIp, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';

/**
 * Issue 24, item 8: who earns the commission. Admins and dispatchers choose a load's sales agent
 * and a driver's or carrier's on the forms (create and edit); a sales user keeps owning what they
 * add; a change is audited; the sales dashboard follows the chosen agent.
 */

const tenants = useTenants();
const { as } = tenants;

/** A sales agent of company A of this file's own, so their dashboard counts only what these tests give them. */
let agent: TestUser;
/** A second one, to hand records over to. */
let otherAgent: TestUser;

beforeAll(async () => {
  agent = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales', firstName: 'Aria', lastName: 'Agent' });
  otherAgent = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales', firstName: 'Otto', lastName: 'Agent' });
});

const asMember = (user: TestUser) => callerFor(tenants.services, user, uniqueIp());

const bareLoad = (extra: Record<string, unknown> = {}) => ({
  loadNumber: `LOAD-SA-${randomUUID().slice(0, 8)}`,
  pickupLocation: '1 Port Rd',
  pickupCity: 'Long Beach',
  pickupState: 'CA',
  deliveryLocation: '9 Depot St',
  deliveryCity: 'Phoenix',
  deliveryState: 'AZ',
  ...extra,
});

const storedLoad = (id: string) => tenants.owner.selectFrom('loads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The audit rows of one record, oldest first. */
async function auditOf(entityId: string) {
  const rows = await tenants.owner
    .selectFrom('auditLogs')
    .select(['action', 'userId', 'changes'])
    .where('entityId', '=', entityId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows as { action: string; userId: string | null; changes: { changedFields: Record<string, { old: unknown; new: unknown }> } }[];
}

/** The message and the field a browser shows for a refused call. */
async function refusal(call: Promise<unknown>, path: string) {
  const error = await settle(call);
  expect(error, 'expected a refusal, but the call succeeded').not.toBeNull();
  const shown = userFacingError(error as TRPCError, path);
  return { code: (error as TRPCError).code, message: shown.message, field: shown.data.field };
}

describe('team.salesAgents: the Sales Agent select', () => {
  it("lists the company's sales agents by name, and nobody else (no other role, no other company)", async () => {
    for (const persona of ['admin', 'dispatcher'] as const) {
      const agents = await (await as(persona)).team.salesAgents();
      const ids = agents.map((option) => option.id);
      expect(ids).toEqual(expect.arrayContaining([tenants.companyA.users.sales.userId, agent.userId, otherAgent.userId]));
      expect(agents).toContainEqual({ id: agent.userId, name: 'Aria Agent' });
      for (const other of ['admin', 'dispatcher', 'treasury', 'driver'] as const) {
        expect(ids).not.toContain(tenants.companyA.users[other].userId);
      }
      expect(ids).not.toContain(tenants.companyB.users.sales.userId);
    }
  });

  it('is refused to sales users and treasury, who never choose one', async () => {
    await expectTrpcError((await as('sales')).team.salesAgents(), 'FORBIDDEN');
    await expectTrpcError((await as('treasury')).team.salesAgents(), 'FORBIDDEN');
  });
});

describe('the sales agent of a load', () => {
  it("a dispatcher's load with a chosen agent counts on that agent's dashboard: commission and My Active Loads", async () => {
    const fresh = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const before = await (await asMember(fresh)).dashboard.sales();
    expect(before.commission).toBe('0.00');

    const dispatcher = await as('dispatcher');
    const load = await dispatcher.loads.create(bareLoad({ rate: '2000', salesPercentage: '10', salesUserId: fresh.userId }));
    expect(load).toMatchObject({ salesUserId: fresh.userId, createdBy: tenants.companyA.users.dispatcher.userId });
    await dispatcher.loads.changeStatus({ id: load.id, status: 'assigned' });

    const after = await (await asMember(fresh)).dashboard.sales();
    expect(after.commission).toBe('200.00');
    expect(after.activeLoads.map((row) => row.id)).toContain(load.id);
    // The agent's own list holds it too (a sales user sees the loads they sell), and so does My Performance.
    const list = await (await asMember(fresh)).loads.list({ search: load.loadNumber });
    expect(list.items.map((row) => row.id)).toEqual([load.id]);
    const performance = await (await asMember(fresh)).analytics.report({ range: 'this_month' });
    expect(performance.overview).toMatchObject({ totalLoads: 1, totalRevenue: '2000.00' });
  });

  it('is none when the dispatcher chooses none, and an admin may choose one too', async () => {
    const none = await (await as('dispatcher')).loads.create(bareLoad({ salesUserId: '' }));
    expect(none.salesUserId).toBeNull();
    const chosen = await (await as('admin')).loads.create(bareLoad({ salesUserId: agent.userId }));
    expect(chosen.salesUserId).toBe(agent.userId);
  });

  it('refuses anyone but a sales agent of the company beside the field, writing nothing', async () => {
    const dispatcher = await as('dispatcher');
    const named = [tenants.companyB.users.sales.userId, tenants.companyA.users.dispatcher.userId, randomUUID()];
    const answers = [];
    for (const userId of named) {
      const input = bareLoad({ salesUserId: userId });
      answers.push(await refusal(dispatcher.loads.create(input), 'loads.create'));
      expect(await tenants.owner.selectFrom('loads').select('id').where('loadNumber', '=', input.loadNumber).execute()).toEqual([]);
    }
    // Another company's sales agent answers exactly like nobody at all.
    for (const answer of answers) {
      expect(answer).toEqual({ code: 'BAD_REQUEST', message: SALES_AGENT_TEXTS.notFound, field: 'salesUserId' });
    }
  });

  it('a sales user keeps owning what they create, whoever they name', async () => {
    const sales = tenants.companyA.users.sales;
    const load = await (await as('sales')).loads.create(bareLoad({ salesUserId: agent.userId }));
    expect(load.salesUserId).toBe(sales.userId);
    // Their edit cannot hand it to someone else (nor clear it).
    const edited = await (
      await as('sales')
    ).loads.update({ ...bareLoad({ loadNumber: load.loadNumber }), id: load.id, salesUserId: agent.userId });
    expect(edited.salesUserId).toBe(sales.userId);
    await (await as('sales')).loads.update({ ...bareLoad({ loadNumber: load.loadNumber }), id: load.id, salesUserId: '' });
    expect((await storedLoad(load.id)).salesUserId).toBe(sales.userId);
  });

  it('a change of sales agent is audited, and the commission moves with it', async () => {
    const first = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const second = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const dispatcher = await as('dispatcher');
    const input = bareLoad({ rate: '1500', salesPercentage: '5', salesUserId: first.userId });
    const load = await dispatcher.loads.create(input);
    expect((await (await asMember(first)).dashboard.sales()).commission).toBe('75.00');

    const admin = await as('admin');
    const moved = await admin.loads.update({ ...input, id: load.id, salesUserId: second.userId });
    expect(moved.salesUserId).toBe(second.userId);
    expect((await (await asMember(first)).dashboard.sales()).commission).toBe('0.00');
    expect((await (await asMember(second)).dashboard.sales()).commission).toBe('75.00');

    const rows = await auditOf(load.id);
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(rows[0]?.changes.changedFields.salesUserId).toEqual({ old: null, new: first.userId });
    expect(rows[1]).toMatchObject({ userId: tenants.companyA.users.admin.userId });
    expect(rows[1]?.changes.changedFields).toEqual({ salesUserId: { old: first.userId, new: second.userId } });

    // Cleared: audited too, and an edit that leaves it out keeps it as it is.
    await admin.loads.update({ ...input, id: load.id, salesUserId: null });
    expect((await auditOf(load.id))[2]?.changes.changedFields).toEqual({ salesUserId: { old: second.userId, new: null } });
    await admin.loads.update({ ...input, id: load.id, salesUserId: first.userId });
    await admin.loads.update({ ...input, salesUserId: undefined, id: load.id, notes: 'Left out' });
    expect((await storedLoad(load.id)).salesUserId).toBe(first.userId);
  });

  it('an agent who has since left the sales role does not stop an edit of something else', async () => {
    const leaving = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const input = bareLoad({ salesUserId: leaving.userId });
    const load = await (await as('dispatcher')).loads.create(input);
    await tenants.owner.updateTable('userRoles').set({ role: 'treasury' }).where('userId', '=', leaving.userId).execute();
    const edited = await (await as('dispatcher')).loads.update({ ...input, id: load.id, notes: 'Still theirs' });
    expect(edited).toMatchObject({ salesUserId: leaving.userId, notes: 'Still theirs' });
    // Naming them anew is refused: they are no longer a sales agent.
    const other = await (await as('dispatcher')).loads.create(bareLoad());
    expect(
      await refusal(
        (await as('dispatcher')).loads.update({ ...bareLoad({ loadNumber: other.loadNumber }), id: other.id, salesUserId: leaving.userId }),
        'loads.update',
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: SALES_AGENT_TEXTS.notFound,
      field: 'salesUserId',
    });
  });
});

describe('the sales agent of a driver or a carrier', () => {
  it("a dispatcher's driver and carrier with a chosen agent count as that agent's onboarding", async () => {
    const fresh = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const before = await (await asMember(fresh)).dashboard.sales();
    expect(before).toMatchObject({ carriersOnboarded: 0, driversOnboarded: 0 });

    const dispatcher = await as('dispatcher');
    const carrier = await dispatcher.carriers.create({ name: `Onboarded Carrier ${randomUUID().slice(0, 6)}`, salesAgentId: fresh.userId });
    expect(carrier.salesAgentId).toBe(fresh.userId);
    const driver = await dispatcher.drivers.create({ firstName: 'Onboarded', lastName: 'Driver', salesAgentId: fresh.userId });
    expect(driver.salesAgentId).toBe(fresh.userId);
    const unowned = await dispatcher.drivers.create({ firstName: 'Nobodys', lastName: 'Driver', salesAgentId: '' });
    expect(unowned.salesAgentId).toBeNull();

    const after = await (await asMember(fresh)).dashboard.sales();
    expect(after).toMatchObject({ carriersOnboarded: 1, driversOnboarded: 1 });
    // And the agent now reads them as their own.
    expect((await (await asMember(fresh)).drivers.get({ id: driver.id })).id).toBe(driver.id);
    expect((await (await asMember(fresh)).carriers.get({ id: carrier.id })).id).toBe(carrier.id);
  });

  it('an admin hands a driver and a carrier to another agent: audited, and the dashboards follow', async () => {
    const first = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const second = await createMember(tenants.services, tenants.companyA.companyId, { role: 'sales' });
    const admin = await as('admin');
    const driver = await admin.drivers.create({ firstName: 'Handed', lastName: 'Over', salesAgentId: first.userId });
    const carrier = await admin.carriers.create({ name: `Handed Carrier ${randomUUID().slice(0, 6)}`, salesAgentId: first.userId });

    expect((await admin.drivers.update({ id: driver.id, salesAgentId: second.userId })).salesAgentId).toBe(second.userId);
    expect((await admin.carriers.update({ id: carrier.id, salesAgentId: second.userId })).salesAgentId).toBe(second.userId);
    expect(await (await asMember(first)).dashboard.sales()).toMatchObject({ carriersOnboarded: 0, driversOnboarded: 0 });
    expect(await (await asMember(second)).dashboard.sales()).toMatchObject({ carriersOnboarded: 1, driversOnboarded: 1 });

    for (const id of [driver.id, carrier.id]) {
      const [, updated] = await auditOf(id);
      expect(updated).toMatchObject({ action: 'updated', userId: tenants.companyA.users.admin.userId });
      expect(updated?.changes.changedFields).toEqual({ salesAgentId: { old: first.userId, new: second.userId } });
    }
  });

  it('refuses anyone but a sales agent of the company beside the field', async () => {
    const dispatcher = await as('dispatcher');
    const expected = { code: 'BAD_REQUEST', message: SALES_AGENT_TEXTS.notFound, field: 'salesAgentId' };
    for (const userId of [tenants.companyB.users.sales.userId, tenants.companyA.users.admin.userId, randomUUID()]) {
      expect(
        await refusal(dispatcher.drivers.create({ firstName: 'Refused', lastName: 'Driver', salesAgentId: userId }), 'drivers.create'),
      ).toEqual(expected);
      expect(await refusal(dispatcher.carriers.create({ name: 'Refused Carrier', salesAgentId: userId }), 'carriers.create')).toEqual(
        expected,
      );
    }
    const driver = await dispatcher.drivers.create({ firstName: 'Kept', lastName: 'Driver', salesAgentId: agent.userId });
    expect(
      await refusal(dispatcher.drivers.update({ id: driver.id, salesAgentId: tenants.companyB.users.sales.userId }), 'drivers.update'),
    ).toEqual(expected);
    expect((await dispatcher.drivers.get({ id: driver.id })).salesAgentId).toBe(agent.userId);
  });

  it('a sales user keeps owning the drivers and carriers they add, whoever they name', async () => {
    const sales = await as('sales');
    const own = tenants.companyA.users.sales.userId;
    const driver = await sales.drivers.create({ firstName: 'Own', lastName: 'Driver', salesAgentId: agent.userId });
    const carrier = await sales.carriers.create({ name: `Own Carrier ${randomUUID().slice(0, 6)}`, salesAgentId: '' });
    expect(driver.salesAgentId).toBe(own);
    expect(carrier.salesAgentId).toBe(own);
    expect((await sales.drivers.update({ id: driver.id, salesAgentId: agent.userId, notes: 'Mine' })).salesAgentId).toBe(own);
    expect((await sales.carriers.update({ id: carrier.id, salesAgentId: null, notes: 'Mine' })).salesAgentId).toBe(own);
  });
});
