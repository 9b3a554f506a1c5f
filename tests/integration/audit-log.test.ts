import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import type { StartedServices } from '../../server/src/create-services.js';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, AUDIT_PAGE_SIZE, type AuditEntry } from '#shared/schemas/audit.js';
import {
  createBroker,
  createDriver,
  createLoad,
  createMasterAdmin,
  createTestCompany,
  type TestCompany,
  type TestUser,
} from '../support/factories.js';
import { callerFor, startTestServices } from '../support/harness.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';

let started: StartedServices;
let company: TestCompany;
let other: TestCompany;
let master: TestUser;

/**
 * Unique text in this run's records, so searches never meet rows other tests write in
 * parallel. Digits only, like the searches below use letters beyond a-f: ids (hexadecimal)
 * in the changed values can never match them by chance.
 */
const marker = `AUD${randomInt(10_000_000, 99_999_999)}`;
const ids = {} as Record<'created' | 'updated' | 'deleted' | 'system' | 'driver' | 'broker' | 'otherLoad', string>;

const as = (user: TestUser | null) => callerFor(started.services, user);
const scopeOf = (user: TestUser) => ({ companyId: user.companyId, userId: user.userId });

beforeAll(async () => {
  started = await startTestServices();
  company = await createTestCompany(started.services);
  other = await createTestCompany(started.services);
  master = await createMasterAdmin(started.services);
  const { db } = started.services;
  const { dispatcher, admin, sales } = company.users;
  // One change per transaction, so each entry has its own time and "newest first" means something.
  ids.created = await createLoad(db, scopeOf(dispatcher), { loadNumber: `${marker}-FIRST`, rate: '1200.00' });
  ids.updated = await createLoad(db, scopeOf(dispatcher), { loadNumber: `${marker}-RERATED`, rate: '900.00' });
  await withCompany(db, scopeOf(admin), (tx) =>
    tx
      .updateTable('loads')
      .set({ rate: '1875.50', notes: `50%_off ${marker}` })
      .where('id', '=', ids.updated)
      .execute(),
  );
  ids.deleted = await createLoad(db, scopeOf(sales), { loadNumber: `${marker}-GONE` });
  await withCompany(db, scopeOf(admin), (tx) => tx.deleteFrom('loads').where('id', '=', ids.deleted).execute());
  ids.system = await createLoad(db, { companyId: company.companyId, userId: null }, { loadNumber: `${marker}-AUTO`, createdBy: null });
  ids.driver = await createDriver(db, scopeOf(dispatcher), { firstName: 'Rosa', lastName: `Delgado${marker}` });
  ids.broker = await createBroker(db, scopeOf(admin), { name: `Lakeside ${marker}` });
  ids.otherLoad = await createLoad(db, scopeOf(other.users.dispatcher), { loadNumber: `${marker}-OTHER` });
});
afterAll(async () => {
  await started?.close();
});

const byEntity = (entries: AuditEntry[], entityId: string) => entries.filter((entry) => entry.entityId === entityId);

describe('audit.list for an admin', () => {
  it("lists the company's entries newest first, each with who acted (or System) and the changed fields", async () => {
    const { items: entries, total } = await (await as(company.users.admin)).audit.list({});
    expect(total).toBe(entries.length);
    // created + updated (2 entries), deleted (2), system, driver, broker
    expect(entries).toHaveLength(8);
    const times = entries.map((entry) => new Date(entry.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(entries.every((entry) => entry.companyId === company.companyId && entry.companyName === company.name)).toBe(true);

    const [update] = byEntity(entries, ids.updated).filter((entry) => entry.action === 'updated');
    expect(update).toMatchObject({
      entityType: 'loads',
      userId: company.users.admin.userId,
      userFirstName: 'Ada',
      userLastName: 'Admin',
      changedFields: { rate: { old: 900, new: 1875.5 }, notes: { old: null, new: `50%_off ${marker}` } },
    });
    const [creation] = byEntity(entries, ids.created);
    expect(creation).toMatchObject({ action: 'created', userFirstName: 'Dee', userLastName: 'dispatcher' });
    expect(creation?.changedFields?.loadNumber).toEqual({ old: null, new: `${marker}-FIRST` });

    const [system] = byEntity(entries, ids.system);
    expect(system).toMatchObject({ action: 'created', userId: null, userFirstName: null, userLastName: null });
    expect(
      byEntity(entries, ids.deleted)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['created', 'deleted']);
  });

  it('filters by entity type and by action, on the server, with the total that match', async () => {
    const caller = await as(company.users.admin);
    const drivers = await caller.audit.list({ entityType: 'drivers' });
    expect(drivers.items.map((entry) => entry.entityId)).toEqual([ids.driver]);
    expect(drivers.total).toBe(1);

    const deleted = await caller.audit.list({ action: 'deleted' });
    expect(deleted.items.map((entry) => [entry.entityType, entry.entityId])).toEqual([['loads', ids.deleted]]);

    const loadUpdates = await caller.audit.list({ entityType: 'loads', action: 'updated' });
    expect(loadUpdates.items.map((entry) => entry.entityId)).toEqual([ids.updated]);
    expect(loadUpdates.total).toBe(1);

    expect(await caller.audit.list({ entityType: 'invoices' })).toEqual({ items: [], nextCursor: null, total: 0 });
    expect(await caller.audit.list({ entityType: 'brokers', action: 'deleted' })).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it("searches free text over the user's first, last and full name, case-insensitively", async () => {
    const caller = await as(company.users.admin);
    const byDispatcher = [ids.created, ids.updated, ids.driver].sort();
    for (const text of ['dispatcher', 'DISPATCH', 'Dee dispatcher', 'dee DISP']) {
      const { items: entries, total } = await caller.audit.list({ search: text });
      expect([...new Set(entries.map((entry) => entry.entityId))].sort(), text).toEqual(byDispatcher);
      expect(total, text).toBe(3);
    }
    const bySales = await caller.audit.list({ search: 'sal' });
    // "sal" is the sales user's name; nothing else of this company holds it.
    expect(bySales.items.map((entry) => entry.entityId)).toEqual([ids.deleted]);
  });

  it('searches the changed fields: their names and their old and new values', async () => {
    const caller = await as(company.users.admin);
    const byNewRate = await caller.audit.list({ search: '1875.5' });
    expect(byNewRate.items.map((entry) => [entry.entityId, entry.action])).toEqual([[ids.updated, 'updated']]);

    const byLoadNumber = await caller.audit.list({ search: `${marker}-gone` });
    expect(byLoadNumber.items.map((entry) => entry.action).sort()).toEqual(['created', 'deleted']);

    const byBrokerName = await caller.audit.list({ search: `lakeside ${marker}` });
    expect(byBrokerName.items.map((entry) => entry.entityId)).toEqual([ids.broker]);

    // Every creation lists its fields, so "commodity" names the loads' creations and deletions.
    const byFieldName = await caller.audit.list({ search: 'commodity', entityType: 'loads' });
    expect(byFieldName.total).toBe(5);
  });

  it('searches the entity type, the action and "System" for entries no user made', async () => {
    const caller = await as(company.users.admin);
    expect((await caller.audit.list({ search: 'broker' })).items.map((entry) => entry.entityId)).toEqual([ids.broker]);
    expect((await caller.audit.list({ search: 'DELETED' })).items.map((entry) => entry.action)).toEqual(['deleted']);
    expect((await caller.audit.list({ search: 'system' })).items.map((entry) => entry.entityId)).toEqual([ids.system]);
  });

  it('treats %, _ and \\ in the search as plain characters', async () => {
    const caller = await as(company.users.admin);
    expect((await caller.audit.list({ search: '%_off' })).items.map((entry) => entry.entityId)).toEqual([ids.updated]);
    expect(await caller.audit.list({ search: '%' })).toMatchObject({ total: 1 });
    expect(await caller.audit.list({ search: '\\' })).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('a blank search is no filter; a search over 200 characters is refused, naming the field', async () => {
    const caller = await as(company.users.admin);
    expect((await caller.audit.list({ search: '   ' })).total).toBe(8);
    const error = await expectTrpcError(caller.audit.list({ search: 'x'.repeat(201) }), 'BAD_REQUEST');
    expect(userFacingError(error, 'audit.list')).toMatchObject({
      message: 'Search must be at most 200 characters',
      data: { field: 'search' },
    });
    const badType = await expectTrpcError(caller.audit.list({ entityType: 'companies' as 'loads' }), 'BAD_REQUEST');
    expect(userFacingError(badType, 'audit.list').data.field).toBe('entityType');
  });

  it('returns the 100 most recent entries and counts all that match', async () => {
    const busy = await createTestCompany(started.services);
    const scope = scopeOf(busy.users.dispatcher);
    await withCompany(started.services.db, scope, async (tx) => {
      for (let index = 0; index < 120; index += 1) {
        await tx
          .insertInto('drivers')
          .values({ companyId: busy.companyId, firstName: `Driver${index}`, lastName: 'Bulk' })
          .execute();
      }
    });
    const latest = await createDriver(started.services.db, scope, { firstName: 'Latest', lastName: 'Driver' });
    const admin = await as(busy.users.admin);
    const { items: entries, total, nextCursor } = await admin.audit.list({});
    expect(entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(total).toBe(121);
    expect(entries[0]?.entityId).toBe(latest);
    // The older ones follow on the next page, none repeated, none left out.
    const rest = await admin.audit.list({ cursor: nextCursor });
    expect(rest).toMatchObject({ nextCursor: null, total: 121 });
    expect(new Set([...entries, ...rest.items].map((entry) => entry.id)).size).toBe(121);
  });
});

describe('who may read the audit log', () => {
  it.each(['sales', 'dispatcher', 'treasury', 'driver'] as const)('a %s is refused', async (persona) => {
    await expectTrpcError((await as(company.users[persona])).audit.list({}), 'FORBIDDEN', 'You do not have permission to do this');
  });

  it('an anonymous caller is refused', async () => {
    await expectTrpcError((await as(null)).audit.list({}), 'UNAUTHORIZED', 'Not authenticated');
  });

  it("an admin of company A never sees company B's entries, whatever the filters", async () => {
    const caller = await as(company.users.admin);
    expect(await caller.audit.list({ search: `${marker}-OTHER` })).toEqual({ items: [], nextCursor: null, total: 0 });
    const otherAdmin = await as(other.users.admin);
    const { items: entries } = await otherAdmin.audit.list({ search: marker });
    expect(entries.map((entry) => entry.entityId)).toEqual([ids.otherLoad]);
    expect(entries[0]).toMatchObject({ companyId: other.companyId, userFirstName: 'Dee' });
  });

  it("a master admin reads every company's entries, each naming its company", async () => {
    const caller = await as(master);
    const { items: entries, total } = await caller.audit.list({ search: marker, entityType: 'loads', action: 'created' });
    expect(total).toBe(5);
    const companies = new Map(entries.map((entry) => [entry.entityId, entry.companyName]));
    expect(companies.get(ids.otherLoad)).toBe(other.name);
    expect(companies.get(ids.created)).toBe(company.name);
    // Names come from the other companies' profiles, read through the master admin's path.
    expect(entries.find((entry) => entry.entityId === ids.otherLoad)).toMatchObject({ userFirstName: 'Dee', userLastName: 'dispatcher' });
  });
});

describe('audit.list under any input', () => {
  it('answers entries or a clear BAD_REQUEST, never an internal error', async () => {
    const caller = await as(company.users.admin);
    const search = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary', maxLength: 250 }),
      fc.constantFrom('\\', '%%', '_%\\', "'; drop table audit_logs; --", '{"changed_fields"', '\uD800', '💥'.repeat(60)),
      fc.anything(),
    );
    const input = fc.oneof(
      fc.record(
        {
          entityType: fc.oneof(fc.constantFrom(...AUDIT_ENTITY_TYPES), fc.anything()),
          action: fc.oneof(fc.constantFrom(...AUDIT_ACTIONS), fc.anything()),
          search,
        },
        { requiredKeys: [] },
      ),
      fc.anything(),
    );
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const error = await settle(caller.audit.list(value as never));
        expect(error?.code ?? 'OK', error?.message).toBeOneOf(['OK', 'BAD_REQUEST']);
      }),
      { numRuns: 60 },
    );
  });
});
