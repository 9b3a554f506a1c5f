import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCarrier, createTestCompany, type TestCompany } from '../support/factories.js';
import { useTenants } from '../support/tenants.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';

/**
 * Carriers, as docs/permissions.md has it: admins and dispatchers manage the company's, sales
 * their own, treasury and drivers get nothing, a master admin reads every company's and writes
 * only their own. Another company's id answers like a missing one.
 */

const tenants = useTenants();
const { as, asMasterAdmin, anonymous } = tenants;

const newCarrier = (overrides: Record<string, unknown> = {}) => ({
  name: `Blue Ridge Transport ${randomUUID().slice(0, 6)}`,
  mcNumber: 'MC-784512',
  dotNumber: '2849173',
  email: 'ops@blueridge.example',
  phone: '+1 555 010 7788',
  address: '12 Freight Ln, Roanoke, VA',
  insuranceExpiry: '2027-03-31',
  notes: 'Reefer capacity',
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

describe('adding a carrier', () => {
  it.each(['admin', 'dispatcher'] as const)('a %s adds a carrier to the company, contract not yet signed', async (persona) => {
    const input = newCarrier();
    const carrier = await (await as(persona)).carriers.create(input);
    expect(carrier).toMatchObject({ ...input, companyId: tenants.companyA.companyId, contractSigned: false, salesAgentId: null });
  });

  it('a sales user adds a carrier that becomes their own', async () => {
    const carrier = await (await as('sales')).carriers.create(newCarrier({ contractSigned: true }));
    expect(carrier).toMatchObject({ salesAgentId: tenants.companyA.users.sales.userId, contractSigned: true });
  });

  it('a master admin adds carriers to their own company only', async () => {
    expect((await (await asMasterAdmin()).carriers.create(newCarrier())).companyId).toBe(tenants.masterAdmin.companyId);
  });

  it('treasury and drivers may not add carriers; nobody signed out may', async () => {
    expect(await refusal((await as('treasury')).carriers.create(newCarrier()))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).carriers.create(newCarrier()))).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).carriers.create(newCarrier()))).toEqual(UNAUTHORIZED);
  });

  it('needs only the name; an empty insurance expiry and other empty fields are stored as null', async () => {
    const carrier = await (
      await as('admin')
    ).carriers.create({ name: 'Just A Name', mcNumber: '', dotNumber: '', insuranceExpiry: '', email: '' });
    expect(carrier).toMatchObject({ name: 'Just A Name', mcNumber: null, dotNumber: null, insuranceExpiry: null, email: null });
  });

  it.each([
    ['name', { name: '' }, 'Name is required'],
    ['email', { email: 'ops@' }, 'Invalid email address'],
    ['insuranceExpiry', { insuranceExpiry: '31/03/2027' }, 'Insurance expiry must be a valid date'],
    ['mcNumber', { mcNumber: 'M'.repeat(21) }, 'MC number must be at most 20 characters'],
    ['contractSigned', { contractSigned: 'yes' }, 'Contract signed must be yes or no'],
  ])('refuses a bad %s with a message naming the field, writing nothing', async (field, override, message) => {
    const marker = `Refused ${randomUUID().slice(0, 6)}`;
    await expectFieldError(
      (await as('admin')).carriers.create(newCarrier({ notes: marker, ...override }) as never),
      'carriers.create',
      field,
      message,
    );
    expect(await tenants.owner.selectFrom('carriers').select('id').where('notes', '=', marker).execute()).toEqual([]);
  });
});

describe('listing and reading carriers', () => {
  let list: TestCompany;

  beforeAll(async () => {
    list = await createTestCompany(tenants.services);
    await (await as('admin', list)).carriers.create(newCarrier({ name: 'Alpha Lines' }));
    await (await as('sales', list)).carriers.create(newCarrier({ name: 'Sales Own Carrier' }));
    await (await as('dispatcher', list)).carriers.create(newCarrier({ name: 'Charlie Freight' }));
  });

  it('shows admins and dispatchers every carrier, newest first; sales only their own', async () => {
    for (const persona of ['admin', 'dispatcher'] as const) {
      const { items } = await (await as(persona, list)).carriers.list();
      expect(items.map((carrier) => carrier.name)).toEqual(['Charlie Freight', 'Sales Own Carrier', 'Alpha Lines']);
    }
    const { items } = await (await as('sales', list)).carriers.list();
    expect(items.map((carrier) => carrier.name)).toEqual(['Sales Own Carrier']);
  });

  it('pages with a cursor', async () => {
    const admin = await as('admin', list);
    const first = await admin.carriers.list({ limit: 1 });
    const second = await admin.carriers.list({ limit: 1, cursor: first.nextCursor });
    const third = await admin.carriers.list({ limit: 1, cursor: second.nextCursor });
    expect([...first.items, ...second.items, ...third.items].map((carrier) => carrier.name)).toEqual([
      'Charlie Freight',
      'Sales Own Carrier',
      'Alpha Lines',
    ]);
    expect(third.nextCursor).toBeNull();
  });

  it("offers a driver's form the carriers by name: the company's, for sales their own", async () => {
    expect((await (await as('dispatcher', list)).carriers.options()).map((option) => option.name)).toEqual([
      'Alpha Lines',
      'Charlie Freight',
      'Sales Own Carrier',
    ]);
    expect((await (await as('sales', list)).carriers.options()).map((option) => option.name)).toEqual(['Sales Own Carrier']);
    const masterOptions = await (await asMasterAdmin()).carriers.options();
    expect(masterOptions.some((option) => option.name === 'Alpha Lines')).toBe(false);
  });

  it('refuses treasury, drivers and anyone signed out', async () => {
    const id = await createCarrier(tenants.services.db, list.users.sales);
    for (const persona of ['treasury', 'driver'] as const) {
      const caller = await as(persona, list);
      expect(await refusal(caller.carriers.list())).toEqual(FORBIDDEN);
      expect(await refusal(caller.carriers.get({ id }))).toEqual(FORBIDDEN);
      expect(await refusal(caller.carriers.options())).toEqual(FORBIDDEN);
    }
    expect(await refusal((await anonymous()).carriers.list())).toEqual(UNAUTHORIZED);
  });

  it('reads one carrier as every reader and as a master admin', async () => {
    const id = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    for (const caller of [await as('admin'), await as('dispatcher'), await as('sales'), await asMasterAdmin()]) {
      expect((await caller.carriers.get({ id })).id).toBe(id);
    }
  });

  it("hides a colleague's carrier from a sales user exactly like a missing one", async () => {
    const sales = await as('sales');
    const colleagues = await (await as('admin')).carriers.create(newCarrier());
    await expectSameAsMissing(
      () => sales.carriers.get({ id: colleagues.id }),
      () => sales.carriers.get({ id: randomUUID() }),
    );
  });

  it("answers another company's carrier, a random id and a deleted id all alike", async () => {
    const caller = await as('dispatcher');
    const foreign = await createCarrier(tenants.services.db, tenants.companyB.users.sales);
    const deleted = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    await (await as('admin')).carriers.delete({ id: deleted });
    await expectSameAsMissing(
      () => caller.carriers.get({ id: foreign }),
      () => caller.carriers.get({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => caller.carriers.get({ id: foreign }),
      () => caller.carriers.get({ id: deleted }),
    );
    await expectTrpcError(caller.carriers.get({ id: deleted }), 'NOT_FOUND', 'Carrier not found');
  });

  it("shows a master admin other companies' carriers", async () => {
    const id = await createCarrier(tenants.services.db, tenants.companyB.users.sales);
    expect((await (await asMasterAdmin()).carriers.get({ id })).companyId).toBe(tenants.companyB.companyId);
  });
});

describe('editing a carrier', () => {
  it('changes the fields given, keeps the rest, and clears an emptied insurance expiry', async () => {
    const caller = await as('dispatcher');
    const carrier = await caller.carriers.create(newCarrier());
    const updated = await caller.carriers.update({ id: carrier.id, insuranceExpiry: '', contractSigned: true, dotNumber: '3001002' });
    expect(updated).toMatchObject({
      name: carrier.name,
      mcNumber: carrier.mcNumber,
      insuranceExpiry: null,
      contractSigned: true,
      dotNumber: '3001002',
    });
  });

  it("lets sales edit their own carriers only; a colleague's answers like a missing one", async () => {
    const sales = await as('sales');
    const own = await sales.carriers.create(newCarrier());
    expect((await sales.carriers.update({ id: own.id, notes: 'Own edit' })).notes).toBe('Own edit');
    const colleagues = await (await as('dispatcher')).carriers.create(newCarrier());
    await expectSameAsMissing(
      () => sales.carriers.update({ id: colleagues.id, notes: 'Not mine' }),
      () => sales.carriers.update({ id: randomUUID(), notes: 'Not mine' }),
    );
  });

  it('refuses a bad field on edit, naming it', async () => {
    const caller = await as('admin');
    const carrier = await caller.carriers.create(newCarrier());
    await expectFieldError(
      caller.carriers.update({ id: carrier.id, phone: 'fax only' }),
      'carriers.update',
      'phone',
      'Invalid phone number',
    );
  });

  it("answers another company's carrier like a missing one, for a master admin too, and leaves it untouched", async () => {
    const foreign = await createCarrier(tenants.services.db, tenants.companyB.users.sales, { name: 'Untouched Carrier' });
    for (const caller of [await as('admin'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.carriers.update({ id: foreign, name: 'Hijacked' }),
        () => caller.carriers.update({ id: randomUUID(), name: 'Hijacked' }),
      );
    }
    const row = await tenants.owner.selectFrom('carriers').select('name').where('id', '=', foreign).executeTakeFirstOrThrow();
    expect(row.name).toBe('Untouched Carrier');
  });

  it('refuses treasury and drivers', async () => {
    const id = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    expect(await refusal((await as('treasury')).carriers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).carriers.update({ id, notes: 'x' }))).toEqual(FORBIDDEN);
  });
});

describe('deleting a carrier', () => {
  it('removes the carrier; afterwards the id answers like any missing one', async () => {
    const caller = await as('admin');
    const carrier = await caller.carriers.create(newCarrier());
    expect(await caller.carriers.delete({ id: carrier.id })).toEqual({ id: carrier.id });
    await expectSameAsMissing(
      () => caller.carriers.delete({ id: carrier.id }),
      () => caller.carriers.delete({ id: randomUUID() }),
    );
  });

  it("keeps a load's history: the load stays, unlinked, still naming the carrier it had", async () => {
    const id = await createCarrier(tenants.services.db, tenants.companyA.users.sales, { name: 'Historic Haulers' });
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
        carrierId: id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await (await as('dispatcher')).carriers.delete({ id });
    const after = await tenants.owner
      .selectFrom('loads')
      .select(['carrierId', 'carrierName'])
      .where('id', '=', load.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ carrierId: null, carrierName: 'Historic Haulers' });
  });

  it("lets sales delete their own carriers only; a colleague's answers like a missing one and stays", async () => {
    const sales = await as('sales');
    await sales.carriers.delete({ id: await createCarrier(tenants.services.db, tenants.companyA.users.sales) });
    const colleagues = await (await as('admin')).carriers.create(newCarrier());
    await expectSameAsMissing(
      () => sales.carriers.delete({ id: colleagues.id }),
      () => sales.carriers.delete({ id: randomUUID() }),
    );
    expect((await (await as('admin')).carriers.get({ id: colleagues.id })).id).toBe(colleagues.id);
  });

  it("answers another company's carrier like a missing one, for a master admin too, and keeps it", async () => {
    const foreign = await createCarrier(tenants.services.db, tenants.companyB.users.sales);
    for (const caller of [await as('dispatcher'), await asMasterAdmin()]) {
      await expectSameAsMissing(
        () => caller.carriers.delete({ id: foreign }),
        () => caller.carriers.delete({ id: randomUUID() }),
      );
    }
    expect(await tenants.owner.selectFrom('carriers').select('id').where('id', '=', foreign).executeTakeFirst()).toEqual({ id: foreign });
  });

  it('refuses treasury, drivers and anyone signed out', async () => {
    const id = await createCarrier(tenants.services.db, tenants.companyA.users.sales);
    expect(await refusal((await as('treasury')).carriers.delete({ id }))).toEqual(FORBIDDEN);
    expect(await refusal((await as('driver')).carriers.delete({ id }))).toEqual(FORBIDDEN);
    expect(await refusal((await anonymous()).carriers.delete({ id }))).toEqual(UNAUTHORIZED);
  });
});
