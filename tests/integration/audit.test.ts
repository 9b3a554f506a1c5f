import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { callerFor, createTestCompany, ownerDb, startTestServices, type TestCompany } from '../support/harness.js';
import { uniqueIp } from '../support/http.js';

/**
 * The audit trail is written by database triggers on loads, drivers and brokers, so no code
 * path can forget it: each create, update and delete writes one audit_logs row naming the
 * acting user (app.user_id; none means System) and changes.changed_fields with old and new
 * values. An update that changes nothing writes nothing.
 */

interface AuditRow {
  companyId: string;
  entityType: string;
  entityId: string;
  action: string;
  userId: string | null;
  changes: { changedFields?: Record<string, { old: unknown; new: unknown }> };
}

let started: StartedServices;
let owner: Kysely<any>;
let company: TestCompany;

beforeAll(async () => {
  started = await startTestServices();
  owner = ownerDb();
  company = await createTestCompany(started.services);
});
afterAll(async () => {
  await owner?.destroy();
  await started?.close();
});

const as = (persona: 'admin' | 'dispatcher' | 'sales') => callerFor(started.services, company.users[persona], uniqueIp());

/** Every audit row of one record, oldest first (rows of one transaction share their time, so the action breaks ties). */
async function auditOf(entityId: string): Promise<AuditRow[]> {
  const rows = await owner
    .selectFrom('auditLogs')
    .select(['companyId', 'entityType', 'entityId', 'action', 'userId', 'changes'])
    .where('entityId', '=', entityId)
    .orderBy('createdAt')
    .execute();
  return rows as AuditRow[];
}

/** Writes as the app does, inside the company's transaction; userId null is a system job (no acting user). */
const asSystemOr =
  (userId: string | null) =>
  <T>(fn: Parameters<typeof withCompany<T>>[2]) =>
    withCompany(started.services.db, { companyId: company.companyId, userId }, fn);

describe('the audit trail of drivers', () => {
  it('records a created driver with the acting user and the values it was given', async () => {
    const driver = await (await as('dispatcher')).drivers.create({ firstName: 'Audit', lastName: 'Created', phone: '555 010 1111' });
    expect(await auditOf(driver.id)).toEqual([
      {
        companyId: company.companyId,
        entityType: 'drivers',
        entityId: driver.id,
        action: 'created',
        userId: company.users.dispatcher.userId,
        changes: {
          changedFields: expect.objectContaining({
            firstName: { old: null, new: 'Audit' },
            lastName: { old: null, new: 'Created' },
            phone: { old: null, new: '555 010 1111' },
            status: { old: null, new: 'available' },
          }),
        },
      },
    ]);
    const [created] = await auditOf(driver.id);
    // Fields left empty and bookkeeping columns are not "changes".
    for (const leftOut of ['email', 'licenseExpiry', 'id', 'companyId', 'createdAt', 'updatedAt']) {
      expect(created?.changes.changedFields).not.toHaveProperty(leftOut);
    }
  });

  it('records an edit with exactly the fields that changed, old and new', async () => {
    const admin = await as('admin');
    const driver = await admin.drivers.create({ firstName: 'Audit', lastName: 'Edited', notes: 'Before' });
    await admin.drivers.update({ id: driver.id, status: 'on_route', notes: 'After', lastName: 'Edited' });
    const [, updated] = await auditOf(driver.id);
    expect(updated).toMatchObject({ entityType: 'drivers', action: 'updated', userId: company.users.admin.userId });
    expect(updated?.changes.changedFields).toEqual({
      status: { old: 'available', new: 'on_route' },
      notes: { old: 'Before', new: 'After' },
    });
  });

  it('writes nothing for an edit that changes nothing', async () => {
    const admin = await as('admin');
    const driver = await admin.drivers.create({ firstName: 'Audit', lastName: 'Unchanged', status: 'off_duty' });
    await admin.drivers.update({ id: driver.id, status: 'off_duty', firstName: 'Audit' });
    await admin.drivers.update({ id: driver.id });
    expect((await auditOf(driver.id)).map((row) => row.action)).toEqual(['created']);
  });

  it('records a deletion with the values the driver had', async () => {
    const sales = await as('sales');
    const driver = await sales.drivers.create({ firstName: 'Audit', lastName: 'Deleted', email: 'gone@example.test' });
    await sales.drivers.delete({ id: driver.id });
    const [, deleted] = await auditOf(driver.id);
    expect(deleted).toMatchObject({ entityType: 'drivers', action: 'deleted', userId: company.users.sales.userId });
    expect(deleted?.changes.changedFields).toMatchObject({
      firstName: { old: 'Audit', new: null },
      lastName: { old: 'Deleted', new: null },
      email: { old: 'gone@example.test', new: null },
      salesAgentId: { old: company.users.sales.userId, new: null },
    });
  });

  it('names no user (System) when no one is acting', async () => {
    const id = await asSystemOr(null)(async (tx) => {
      const row = await tx
        .insertInto('drivers')
        .values({ companyId: company.companyId, firstName: 'System', lastName: 'Import' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('drivers').set({ status: 'off_duty' }).where('id', '=', row.id).execute();
      await tx.deleteFrom('drivers').where('id', '=', row.id).execute();
      return row.id;
    });
    const rows = await auditOf(id);
    expect(rows.map((row) => [row.action, row.userId])).toEqual(
      expect.arrayContaining([
        ['created', null],
        ['updated', null],
        ['deleted', null],
      ]),
    );
    expect(rows).toHaveLength(3);
  });
});

describe('the audit trail of brokers', () => {
  it('records create, edit and delete, each once, with the acting user and old and new values', async () => {
    const dispatcher = await as('dispatcher');
    const broker = await dispatcher.brokers.create({ name: 'Audit Broker', paymentTerms: 'Net 30' });
    await dispatcher.brokers.update({ id: broker.id, paymentTerms: 'Net 15', companyName: 'Audit Logistics' });
    await dispatcher.brokers.update({ id: broker.id, paymentTerms: 'Net 15' });
    await (await as('admin')).brokers.delete({ id: broker.id });
    const rows = await auditOf(broker.id);
    expect(rows.map((row) => [row.entityType, row.action, row.userId])).toEqual([
      ['brokers', 'created', company.users.dispatcher.userId],
      ['brokers', 'updated', company.users.dispatcher.userId],
      ['brokers', 'deleted', company.users.admin.userId],
    ]);
    expect(rows[0]?.changes.changedFields).toEqual({
      name: { old: null, new: 'Audit Broker' },
      paymentTerms: { old: null, new: 'Net 30' },
    });
    expect(rows[1]?.changes.changedFields).toEqual({
      paymentTerms: { old: 'Net 30', new: 'Net 15' },
      companyName: { old: null, new: 'Audit Logistics' },
    });
    expect(rows[2]?.changes.changedFields).toEqual({
      name: { old: 'Audit Broker', new: null },
      paymentTerms: { old: 'Net 15', new: null },
      companyName: { old: 'Audit Logistics', new: null },
    });
  });

  it('names no user (System) when no one is acting', async () => {
    const id = await asSystemOr(null)(async (tx) => {
      const row = await tx
        .insertInto('brokers')
        .values({ companyId: company.companyId, name: 'System Broker' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    expect((await auditOf(id)).map((row) => [row.entityType, row.action, row.userId])).toEqual([['brokers', 'created', null]]);
  });
});

describe('the audit trail of loads', () => {
  const loadValues = () => ({
    companyId: company.companyId,
    loadNumber: `LOAD-${randomUUID().slice(0, 8)}`,
    pickupLocation: '100 Harbor Way',
    pickupCity: 'Oakland',
    pickupState: 'CA',
    deliveryLocation: '5 Commerce Dr',
    deliveryCity: 'Reno',
    deliveryState: 'NV',
    rate: '1800.00',
  });

  it('records create, status change and delete with the acting user; an update that changes nothing writes nothing', async () => {
    const dispatcher = company.users.dispatcher.userId;
    const values = loadValues();
    const id = await asSystemOr(dispatcher)(async (tx) => {
      const row = await tx.insertInto('loads').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    await asSystemOr(dispatcher)((tx) => tx.updateTable('loads').set({ status: 'assigned' }).where('id', '=', id).execute());
    await asSystemOr(dispatcher)((tx) =>
      tx.updateTable('loads').set({ status: 'assigned', rate: '1800.00' }).where('id', '=', id).execute(),
    );
    await asSystemOr(company.users.admin.userId)((tx) => tx.deleteFrom('loads').where('id', '=', id).execute());

    const rows = await auditOf(id);
    expect(rows.map((row) => [row.entityType, row.action, row.userId])).toEqual([
      ['loads', 'created', dispatcher],
      ['loads', 'updated', dispatcher],
      ['loads', 'deleted', company.users.admin.userId],
    ]);
    expect(rows[0]?.changes.changedFields).toMatchObject({
      loadNumber: { old: null, new: values.loadNumber },
      pickupCity: { old: null, new: 'Oakland' },
      status: { old: null, new: 'pending' },
      rate: { old: null, new: 1800 },
    });
    // The generated search text and the status timestamp are bookkeeping, not changes.
    expect(rows[1]?.changes.changedFields).toEqual({ status: { old: 'pending', new: 'assigned' } });
    expect(rows[2]?.changes.changedFields).toMatchObject({
      loadNumber: { old: values.loadNumber, new: null },
      status: { old: 'assigned', new: null },
    });
  });

  it('names no user (System) when no one is acting', async () => {
    const id = await asSystemOr(null)(async (tx) => {
      const row = await tx.insertInto('loads').values(loadValues()).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
    expect((await auditOf(id)).map((row) => [row.action, row.userId])).toEqual([['created', null]]);
  });

  it("records a deleted driver's unlinking on the load, which keeps the driver's name", async () => {
    const admin = await as('admin');
    const driver = await admin.drivers.create({ firstName: 'Linked', lastName: 'Driver' });
    const id = await asSystemOr(company.users.dispatcher.userId)(async (tx) => {
      const row = await tx
        .insertInto('loads')
        .values({ ...loadValues(), driverId: driver.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    await admin.drivers.delete({ id: driver.id });
    const [created, unlinked] = await auditOf(id);
    expect(created?.changes.changedFields).toMatchObject({ driverName: { old: null, new: 'Linked Driver' } });
    expect(unlinked).toMatchObject({ action: 'updated', userId: company.users.admin.userId });
    expect(unlinked?.changes.changedFields).toEqual({ driverId: { old: driver.id, new: null } });
  });
});

describe('carriers', () => {
  // Audited since issue 24 (item 8): whose "Carriers Onboarded" a carrier counts is its sales agent, which admins and dispatchers change.
  it('are audited like drivers: created, each changed field with the acting user, deleted', async () => {
    const admin = await as('admin');
    const carrier = await admin.carriers.create({ name: 'Audited Carrier', salesAgentId: company.users.sales.userId });
    await admin.carriers.update({ id: carrier.id, salesAgentId: null, notes: 'Handed back' });
    await admin.carriers.delete({ id: carrier.id });
    const [created, updated, deleted] = await auditOf(carrier.id);
    expect(created).toMatchObject({ entityType: 'carriers', action: 'created', userId: company.users.admin.userId });
    expect(created?.changes.changedFields).toMatchObject({
      name: { old: null, new: 'Audited Carrier' },
      salesAgentId: { old: null, new: company.users.sales.userId },
    });
    expect(updated?.changes.changedFields).toEqual({
      salesAgentId: { old: company.users.sales.userId, new: null },
      notes: { old: null, new: 'Handed back' },
    });
    expect(deleted).toMatchObject({ entityType: 'carriers', action: 'deleted', userId: company.users.admin.userId });
  });
});
