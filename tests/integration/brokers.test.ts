import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBroker, createTestCompany, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * Brokers, as docs/permissions.md has it: every staff role reads them, admins, dispatchers and
 * sales add and edit, only admins delete (brokers carry payment history), drivers get nothing,
 * a master admin reads every company's and writes only their own.
 */

const tenants = useTenants();
const { as, asMasterAdmin, anonymous } = tenants;

const newBroker = (overrides: Record<string, unknown> = {}) => ({
  name: `Priya Shah ${randomUUID().slice(0, 6)}`,
  companyName: 'Crossroads Logistics',
  email: 'priya@crossroads.example',
  phone: '(555) 010-4400',
  address: '400 Market St, Denver, CO',
  paymentTerms: 'Net 30',
  notes: 'Pays on time',
  ...overrides,
});

const FORBIDDEN = { code: 'FORBIDDEN', message: 'You do not have permission to do this' };
const UNAUTHORIZED = { code: 'UNAUTHORIZED', message: 'Not authenticated' };

async function refusal(call: Promise<unknown>) {
  const error = await settle(call);
  return { code: error?.code, message: error?.message };
}

async function expectFieldError(call: Promise<unknown>, path: string, field: string, message: string) {
  const error = await expectTrpcError(call, 'BAD_REQUEST');
  const shown = userFacingError(error, path);
  expect({ message: shown.message, field: shown.data.field }).toEqual({ message, field });
}

describe('adding a broker', () => {
  it.each(['admin', 'dispatcher', 'sales'] as const)('a %s adds a broker to their company', async (persona) => {
    const input = newBroker();
    const broker = await (await as(persona)).brokers.create(input);
    expect(broker).toMatchObject({ ...input, companyId: tenants.companyA.companyId });
  });

  it('a master admin adds brokers to their own company only', async () => {
    expect((await (await asMasterAdmin()).brokers.create(newBroker())).companyId).toBe(tenants.masterAdmin.companyId);
  });

  it('treasury and drivers may not add brokers; nobody signed out may', async () => {
    expect(await refusal((await as('treasury')).brokers.create(newBroker()))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).brokers.create(newBroker()))).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).brokers.create(newBroker()))).toEqual(UNAUTHORIZED);
  });

  it('needs only the contact name; empty fields are stored as null', async () => {
    const broker = await (
      await as('dispatcher')
    ).brokers.create({
      name: 'Only A Name',
      companyName: '',
      email: '',
      phone: '',
      address: '',
      paymentTerms: '',
      notes: '',
    });
    expect(broker).toMatchObject({
      name: 'Only A Name',
      companyName: null,
      email: null,
      phone: null,
      address: null,
      paymentTerms: null,
      notes: null,
    });
  });

  it.each([
    ['name', { name: '' }, 'Contact name is required'],
    ['name', { name: undefined }, 'Contact name is required'],
    ['email', { email: 'priya-at-crossroads' }, 'Invalid email address'],
    ['phone', { phone: '12' }, 'Invalid phone number'],
    ['paymentTerms', { paymentTerms: 'x'.repeat(101) }, 'Payment terms must be at most 100 characters'],
  ])('refuses a bad %s with a message naming the field, writing nothing', async (field, override, message) => {
    const marker = `Refused ${randomUUID().slice(0, 6)}`;
    await expectFieldError(
      (await as('admin')).brokers.create(newBroker({ notes: marker, ...override }) as never),
      'brokers.create',
      field,
      message,
    );
    expect(await tenants.owner.selectFrom('brokers').select('id').where('notes', '=', marker).execute()).toEqual([]);
  });
});

describe('listing and reading brokers', () => {
  let list: TestCompany;

  beforeAll(async () => {
    list = await createTestCompany(tenants.services);
    await (await as('admin', list)).brokers.create(newBroker({ name: 'First' }));
    await (await as('sales', list)).brokers.create(newBroker({ name: 'Second' }));
    await (await as('dispatcher', list)).brokers.create(newBroker({ name: 'Third' }));
  });

  it('shows every staff role all of the company brokers, newest first (sales too: brokers are shared)', async () => {
    for (const persona of ['admin', 'dispatcher', 'sales', 'treasury'] as const) {
      const { items, nextCursor } = await (await as(persona, list)).brokers.list();
      expect(items.map((broker) => broker.name)).toEqual(['Third', 'Second', 'First']);
      expect(nextCursor).toBeNull();
    }
  });

  it('pages with a cursor', async () => {
    const admin = await as('admin', list);
    const first = await admin.brokers.list({ limit: 2 });
    expect(first.items.map((broker) => broker.name)).toEqual(['Third', 'Second']);
    const second = await admin.brokers.list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((broker) => broker.name)).toEqual(['First']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses drivers (no role) and anyone signed out', async () => {
    expect(await refusal((await as('driver', list)).brokers.list())).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).brokers.list())).toEqual(UNAUTHORIZED);
    const id = await createBroker(tenants.services.db, list.users.dispatcher);
    expect(await refusal((await as('driver', list)).brokers.get({ id }))).toEqual(FORBIDDEN);
  });

  it('reads one broker as every reader and as a master admin', async () => {
    const id = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher);
    for (const caller of [await as('admin'), await as('dispatcher'), await as('sales'), await as('treasury'), await asMasterAdmin()]) {
      expect((await caller.brokers.get({ id })).id).toBe(id);
    }
  });

  it("shows a master admin other companies' brokers, which other companies never see", async () => {
    const id = await createBroker(tenants.services.db, tenants.companyB.users.dispatcher);
    expect((await (await asMasterAdmin()).brokers.get({ id })).companyId).toBe(tenants.companyB.companyId);
    const { items } = await (await as('admin', list)).brokers.list({ limit: 100 });
    expect(items.some((broker) => broker.id === id)).toBe(false);
  });

  it("answers another company's broker, a random id and a deleted id all alike", async () => {
    const caller = await as('treasury');
    const foreign = await createBroker(tenants.services.db, tenants.companyB.users.dispatcher);
    const deleted = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher);
    await (await as('admin')).brokers.delete({ id: deleted });
    await expectSameAsMissing(
      () => caller.brokers.get({ id: foreign }),
      () => caller.brokers.get({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => caller.brokers.get({ id: foreign }),
      () => caller.brokers.get({ id: deleted }),
    );
    await expectTrpcError(caller.brokers.get({ id: deleted }), 'NOT_FOUND', 'Broker not found');
  });
});

describe('editing a broker', () => {
  it.each(['admin', 'dispatcher', 'sales'] as const)('a %s edits the fields given and keeps the rest', async (persona) => {
    const caller = await as(persona);
    const broker = await caller.brokers.create(newBroker());
    const updated = await caller.brokers.update({ id: broker.id, paymentTerms: 'Quick Pay', address: '' });
    expect(updated).toMatchObject({ name: broker.name, companyName: broker.companyName, paymentTerms: 'Quick Pay', address: null });
  });

  it('sets, rewrites and clears the MC number: digits kept from "MC-", "MC# " or "MC " writings, shown in the list', async () => {
    const caller = await as('dispatcher');
    const broker = await caller.brokers.create(newBroker({ mcNumber: 'MC# 654321' }));
    expect(broker.mcNumber).toBe('654321');
    for (const [written, stored] of [
      ['MC-123456', '123456'],
      ['MC 0778899', '0778899'],
      ['445566', '445566'],
    ] as const) {
      const updated = await caller.brokers.update({ id: broker.id, mcNumber: written });
      expect(updated).toMatchObject({ name: broker.name, paymentTerms: broker.paymentTerms, mcNumber: stored });
    }
    const listed = await caller.brokers.list({});
    expect(listed.items.find((row) => row.id === broker.id)?.mcNumber).toBe('445566');
    expect((await caller.brokers.update({ id: broker.id, notes: 'MC kept' })).mcNumber).toBe('445566');
    expect((await caller.brokers.update({ id: broker.id, mcNumber: '' })).mcNumber).toBeNull();
  });

  it.each([['MC 12a45'], ['123456789'], ['MC-']])('refuses the MC number %s on edit, naming the field', async (written) => {
    const caller = await as('admin');
    const broker = await caller.brokers.create(newBroker({ mcNumber: '771100' }));
    await expectFieldError(
      caller.brokers.update({ id: broker.id, mcNumber: written }),
      'brokers.update',
      'mcNumber',
      'MC number is up to 8 digits',
    );
    expect((await caller.brokers.get({ id: broker.id })).mcNumber).toBe('771100');
  });

  it('refuses a bad field on edit, naming it', async () => {
    const caller = await as('admin');
    const broker = await caller.brokers.create(newBroker());
    await expectFieldError(caller.brokers.update({ id: broker.id, name: '  ' }), 'brokers.update', 'name', 'Contact name is required');
  });

  it('refuses treasury and drivers', async () => {
    const id = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher);
    expect(await refusal((await as('treasury')).brokers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).brokers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
  });

  it("answers another company's broker like a missing one, for a master admin too, and leaves it untouched", async () => {
    const foreign = await createBroker(tenants.services.db, tenants.companyB.users.dispatcher, { name: 'Untouched Broker' });
    for (const caller of [await as('dispatcher'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.brokers.update({ id: foreign, name: 'Hijacked' }),
        () => caller.brokers.update({ id: randomUUID(), name: 'Hijacked' }),
      );
    }
    const row = await tenants.owner.selectFrom('brokers').select('name').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(row.name).toBe('Untouched Broker');
  });
});

describe('deleting a broker', () => {
  it('only admins delete brokers', async () => {
    const id = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher);
    for (const persona of ['dispatcher', 'sales', 'treasury', 'driver'] as const) {
      expect(await refusal((await as(persona)).brokers.delete({ id }))).toEqual(FORBIDDEN);
    }
    expect(await refusal((await anonymous()).brokers.delete({ id }))).toEqual(UNAUTHORIZED);
    expect(await (await as('admin')).brokers.delete({ id })).toEqual({ id });
    await expectTrpcError((await as('admin')).brokers.get({ id }), 'NOT_FOUND', 'Broker not found');
  });

  it("keeps a load's history: the load stays, unlinked, still naming the broker it had", async () => {
    const id = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher, { name: 'Historic Brokerage' });
    const load = await tenants.owner
      .insertInto('loads')
      .values({
        companyId: tenants.companyA.companyId,
        loadNumber: `LOAD-${Date.now()}`,
        pickupLocation: '1 Dock Rd',
        pickupCity: 'Tacoma',
        pickupState: 'WA',
        deliveryLocation: '9 Depot Ave',
        deliveryCity: 'Boise',
        deliveryState: 'ID',
        brokerId: id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await (await as('admin')).brokers.delete({ id });
    const after = await tenants.owner
      .selectFrom('loads')
      .select(['brokerId', 'brokerName'])
      .where('id', '=', load.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ brokerId: null, brokerName: 'Historic Brokerage' });
  });

  it("answers another company's broker, and a deleted one, like a missing one, for a master admin too", async () => {
    const foreign = await createBroker(tenants.services.db, tenants.companyB.users.dispatcher);
    for (const caller of [await as('admin'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.brokers.delete({ id: foreign }),
        () => caller.brokers.delete({ id: randomUUID() }),
      );
    }
    expect(await tenants.owner.selectFrom('brokers').select('id').where('id', '=', foreign).executeTakeFirst()).toEqual({ id: foreign });
    const admin = await as('admin');
    const deleted = await createBroker(tenants.services.db, tenants.companyA.users.dispatcher);
    await admin.brokers.delete({ id: deleted });
    await expectSameAsMissing(
      () => admin.brokers.delete({ id: foreign }),
      () => admin.brokers.delete({ id: deleted }),
    );
  });
});
