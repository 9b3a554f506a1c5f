import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import { seedDemoEquipment } from '../../server/src/seed/demo-equipment.js';
import { createDriver, createLoad, createTestCompany, loadForm } from '../support/factories.js';
import { expectTrpcError, settle, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';
import { expectSameAsMissing } from './security/authorization-matrix.js';
import { vinCheckDigitMatches } from '#shared/schemas/equipment.js';

/**
 * Trucks and trailers (issue 31, item 1): records per company with unit numbers unique in it, a
 * driver's assignment to a truck with dates (one truck per driver and one driver per truck at a
 * time), a load's truck (by default its driver's current truck), positions attributed to the
 * truck their driver drove at that moment, audit rows, and nothing of another company.
 */

const tenants = useTenants();
const { as } = tenants;

const unit = () => `U${randomUUID().slice(0, 6)}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** The load form's values (a driver, broker and carrier of company A made for it), with the overrides. */
const loadValues = async (overrides: Record<string, unknown> = {}) => ({
  ...(await loadForm(tenants.services.db, tenants.companyA)),
  ...overrides,
});

const newTruck = (overrides: Record<string, unknown> = {}) => ({
  unitNumber: unit(),
  vin: '1FUJHHDR0CLBP8834',
  plate: 'P 123 45',
  plateState: 'tx',
  make: 'Freightliner',
  model: 'Cascadia',
  year: 2022,
  iftaBaseJurisdiction: 'TX',
  ...overrides,
});

async function fieldError(call: Promise<unknown>, code: string, path: string) {
  const error = await expectTrpcError(call, code as never);
  const shown = userFacingError(error, path);
  return { message: shown.message, field: shown.data.field };
}

describe('trucks', () => {
  it('a dispatcher adds a truck (plate state uppercased, active), reads, edits and lists it', async () => {
    const dispatcher = await as('dispatcher');
    const input = newTruck();
    const truck = await dispatcher.trucks.create(input);
    expect(truck).toMatchObject({
      ...input,
      plateState: 'TX',
      status: 'active',
      currentDriverId: null,
      companyId: tenants.companyA.companyId,
    });
    expect(await dispatcher.trucks.get({ id: truck.id })).toEqual(truck);
    const edited = await dispatcher.trucks.update({ id: truck.id, status: 'inactive', notes: 'In the shop' });
    expect(edited).toMatchObject({ status: 'inactive', notes: 'In the shop', make: 'Freightliner' });

    const found = await dispatcher.trucks.list({ search: truck.unitNumber });
    expect(found.items.map((item) => item.id)).toEqual([truck.id]);
    expect((await dispatcher.trucks.list({ search: truck.unitNumber, status: 'active' })).items).toEqual([]);
  });

  it('sorts by unit either way and pages with a cursor', async () => {
    const admin = await as('admin');
    const prefix = `S${randomUUID().slice(0, 4)}`;
    for (const n of ['3', '1', '2']) await admin.trucks.create(newTruck({ unitNumber: `${prefix}-${n}`, vin: '' }));
    const first = await admin.trucks.list({ search: prefix, sort: 'unit', limit: 2 });
    expect(first.items.map((item) => item.unitNumber)).toEqual([`${prefix}-1`, `${prefix}-2`]);
    const second = await admin.trucks.list({ search: prefix, sort: 'unit', limit: 2, cursor: first.nextCursor });
    expect(second.items.map((item) => item.unitNumber)).toEqual([`${prefix}-3`]);
    expect(second.nextCursor).toBeNull();
    const desc = await admin.trucks.list({ search: prefix, sort: 'unit', sortDirection: 'desc' });
    expect(desc.items.map((item) => item.unitNumber)).toEqual([`${prefix}-3`, `${prefix}-2`, `${prefix}-1`]);
  });

  it('refuses bad fields with messages naming them', async () => {
    const admin = await as('admin');
    expect(await fieldError(admin.trucks.create(newTruck({ unitNumber: '' })), 'BAD_REQUEST', 'trucks.create')).toEqual({
      message: 'Unit number is required',
      field: 'unitNumber',
    });
    expect(await fieldError(admin.trucks.create(newTruck({ vin: '1FUJHHDR0CLBP883' })), 'BAD_REQUEST', 'trucks.create')).toEqual({
      message: 'VIN must be 17 characters',
      field: 'vin',
    });
    expect(await fieldError(admin.trucks.create(newTruck({ vin: '1FUJHHDR0CLBP883O' })), 'BAD_REQUEST', 'trucks.create')).toEqual({
      message: 'VIN must be letters and digits without I, O or Q',
      field: 'vin',
    });
    expect(await fieldError(admin.trucks.create(newTruck({ plateState: 'Texas' })), 'BAD_REQUEST', 'trucks.create')).toEqual({
      message: 'Plate state must be 2 letters',
      field: 'plateState',
    });
  });

  it('a unit number is unique per company (case aside), not across companies', async () => {
    const admin = await as('admin');
    const unitNumber = `101-${randomUUID().slice(0, 4)}`;
    await admin.trucks.create(newTruck({ unitNumber }));
    expect(await fieldError(admin.trucks.create(newTruck({ unitNumber: unitNumber.toLowerCase() })), 'CONFLICT', 'trucks.create')).toEqual({
      message: `A truck with unit ${unitNumber.toLowerCase()} already exists`,
      field: 'unitNumber',
    });
    const other = await as('admin', tenants.companyB);
    expect((await other.trucks.create(newTruck({ unitNumber }))).unitNumber).toBe(unitNumber);
  });

  it("another company's truck is invisible: it answers like a missing one, and lists never show it", async () => {
    const truck = await (await as('admin', tenants.companyB)).trucks.create(newTruck());
    const admin = await as('admin');
    await expectSameAsMissing(
      () => admin.trucks.get({ id: truck.id }),
      () => admin.trucks.get({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => admin.trucks.update({ id: truck.id, notes: 'x' }),
      () => admin.trucks.update({ id: randomUUID(), notes: 'x' }),
    );
    await expectSameAsMissing(
      () => admin.trucks.delete({ id: truck.id }),
      () => admin.trucks.delete({ id: randomUUID() }),
    );
    await expectSameAsMissing(
      () => admin.trucks.assignments({ truckId: truck.id }),
      () => admin.trucks.assignments({ truckId: randomUUID() }),
    );
    expect((await admin.trucks.list({ search: truck.unitNumber })).items).toEqual([]);
  });

  it('only admins delete; a truck on loads is refused with the advice to deactivate it', async () => {
    const admin = await as('admin');
    const spare = await admin.trucks.create(newTruck());
    expect((await settle((await as('dispatcher')).trucks.delete({ id: spare.id })))?.code).toBe('FORBIDDEN');
    expect(await admin.trucks.delete({ id: spare.id })).toEqual({ id: spare.id });

    const used = await admin.trucks.create(newTruck());
    await admin.loads.create(await loadValues({ truckId: used.id }));
    const error = await expectTrpcError(admin.trucks.delete({ id: used.id }), 'CONFLICT');
    expect(error.message).toBe('This truck is on loads and cannot be deleted: set it inactive instead');
    expect((await admin.trucks.get({ id: used.id })).id).toBe(used.id);
  });

  it('writes audit rows for trucks, trailers and assignments', async () => {
    const admin = await as('admin');
    const truck = await admin.trucks.create(newTruck());
    await admin.trucks.update({ id: truck.id, plate: 'NEW 1' });
    const trailer = await admin.trailers.create({ unitNumber: unit(), trailerType: 'reefer' });
    const driverId = await createDriver(tenants.services.db, tenants.companyA.users.admin);
    const assignment = await admin.trucks.assignDriver({ truckId: truck.id, driverId, startsAt: ago(HOUR) });
    const rows = await tenants.owner
      .selectFrom('auditLogs')
      .select(['entityType', 'entityId', 'action', 'userId'])
      .where('entityId', 'in', [truck.id, trailer.id, assignment.id])
      .orderBy('createdAt')
      .execute();
    const userId = tenants.companyA.users.admin.userId;
    expect(rows).toEqual([
      { entityType: 'trucks', entityId: truck.id, action: 'created', userId },
      { entityType: 'trucks', entityId: truck.id, action: 'updated', userId },
      { entityType: 'trailers', entityId: trailer.id, action: 'created', userId },
      { entityType: 'truck_assignments', entityId: assignment.id, action: 'created', userId },
    ]);
  });
});

describe('trailers', () => {
  it('adds, edits, lists, refuses a duplicate unit and deletes', async () => {
    const admin = await as('admin');
    const unitNumber = unit();
    const trailer = await admin.trailers.create({ unitNumber, trailerType: 'flatbed', plate: 'TR 9', plateState: 'ok' });
    expect(trailer).toMatchObject({ unitNumber, trailerType: 'flatbed', plateState: 'OK', status: 'active' });
    expect(await fieldError(admin.trailers.create({ unitNumber, trailerType: 'reefer' }), 'CONFLICT', 'trailers.create')).toEqual({
      message: `A trailer with unit ${unitNumber} already exists`,
      field: 'unitNumber',
    });
    expect((await admin.trailers.update({ id: trailer.id, trailerType: 'step_deck' })).trailerType).toBe('step_deck');
    expect((await admin.trailers.list({ search: unitNumber })).items.map((item) => item.id)).toEqual([trailer.id]);
    expect(await admin.trailers.delete({ id: trailer.id })).toEqual({ id: trailer.id });
    await expectTrpcError(admin.trailers.get({ id: trailer.id }), 'NOT_FOUND');
  });
});

describe('assignments', () => {
  it("assigning ends the truck's and the driver's previous assignments where the new one starts", async () => {
    const dispatcher = await as('dispatcher');
    const db = tenants.services.db;
    const by = tenants.companyA.users.dispatcher;
    const [first, second] = [await createDriver(db, by), await createDriver(db, by)];
    const truckA = await dispatcher.trucks.create(newTruck());
    const truckB = await dispatcher.trucks.create(newTruck());

    const a1 = await dispatcher.trucks.assignDriver({ truckId: truckA.id, driverId: first, startsAt: ago(3 * DAY) });
    expect((await dispatcher.trucks.get({ id: truckA.id })).currentDriverId).toBe(first);
    // The same driver moves to truck B: their time in truck A ends then.
    const moved = ago(2 * DAY);
    await dispatcher.trucks.assignDriver({ truckId: truckB.id, driverId: first, startsAt: moved });
    // The second driver takes truck A.
    await dispatcher.trucks.assignDriver({ truckId: truckA.id, driverId: second, startsAt: ago(DAY) });

    const history = (await dispatcher.trucks.assignments({ truckId: truckA.id })).items;
    expect(history.map((row) => [row.driverId, row.endsAt === null])).toEqual([
      [second, true],
      [first, false],
    ]);
    const [latest, earlier] = history;
    expect(new Date(earlier?.endsAt ?? 0).toISOString()).toBe(moved);
    expect(earlier?.id).toBe(a1.id);
    expect((await dispatcher.trucks.get({ id: truckA.id })).currentDriverName).toBe(latest?.driverName);
  });

  it('refuses an overlap with an earlier closed assignment, and a start before the open one, naming startsAt', async () => {
    const dispatcher = await as('dispatcher');
    const driverId = await createDriver(tenants.services.db, tenants.companyA.users.dispatcher);
    const truck = await dispatcher.trucks.create(newTruck());
    const open = await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId, startsAt: ago(5 * DAY) });
    await dispatcher.trucks.endAssignment({ id: open.id, endsAt: ago(2 * DAY) });
    // Starts inside the closed one: the trigger refuses.
    const other = await createDriver(tenants.services.db, tenants.companyA.users.dispatcher);
    expect(
      await fieldError(
        dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: other, startsAt: ago(3 * DAY) }),
        'CONFLICT',
        'trucks.assignDriver',
      ),
    ).toEqual({
      message: 'The truck has another driver in that time',
      field: 'startsAt',
    });
    const current = await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: other, startsAt: ago(DAY) });
    const error = await fieldError(
      dispatcher.trucks.assignDriver({ truckId: truck.id, driverId, startsAt: ago(DAY + HOUR) }),
      'CONFLICT',
      'trucks.assignDriver',
    );
    expect(error.field).toBe('startsAt');
    expect(
      await fieldError(dispatcher.trucks.endAssignment({ id: current.id, endsAt: ago(2 * DAY) }), 'BAD_REQUEST', 'trucks.endAssignment'),
    ).toEqual({
      message: 'End must be after the start',
      field: 'endsAt',
    });
    await dispatcher.trucks.endAssignment({ id: current.id });
    expect((await dispatcher.trucks.get({ id: truck.id })).currentDriverId).toBeNull();
    await expectTrpcError(dispatcher.trucks.endAssignment({ id: current.id }), 'CONFLICT');
  });

  it("refuses another company's driver like a missing one", async () => {
    const dispatcher = await as('dispatcher');
    const truck = await dispatcher.trucks.create(newTruck());
    const foreign = await createDriver(tenants.services.db, tenants.companyB.users.dispatcher);
    await expectSameAsMissing(
      () => dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: foreign, startsAt: ago(HOUR) }),
      () => dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: randomUUID(), startsAt: ago(HOUR) }),
    );
  });
});

describe("a load's truck and trailer", () => {
  it("a load assigned a driver without a truck takes the driver's current truck; units are kept on the load", async () => {
    const dispatcher = await as('dispatcher');
    const by = tenants.companyA.users.dispatcher;
    const driverId = await createDriver(tenants.services.db, by);
    const truck = await dispatcher.trucks.create(newTruck());
    const trailer = await dispatcher.trailers.create({ unitNumber: unit(), trailerType: 'reefer' });
    await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId, startsAt: ago(HOUR) });

    const assigned = await dispatcher.loads.create(await loadValues({ driverId, trailerId: trailer.id }));
    expect(assigned).toMatchObject({
      truckId: truck.id,
      truckUnit: truck.unitNumber,
      trailerId: trailer.id,
      trailerUnit: trailer.unitNumber,
    });
    const loadId = assigned.id;

    // A load without a driver has no truck; given the driver on an edit, it takes theirs; an explicit truck wins over the default.
    const created = await dispatcher.loads.create(await loadValues({ driverId: '' }));
    expect(created.truckId).toBeNull();
    const edit = async (values: Record<string, unknown>) =>
      dispatcher.loads.update({ ...(await loadValues(values)), id: created.id, loadNumber: created.loadNumber });
    expect(await edit({ driverId })).toMatchObject({ truckId: truck.id, truckUnit: truck.unitNumber });
    const other = await dispatcher.trucks.create(newTruck());
    expect(await edit({ driverId, truckId: other.id })).toMatchObject({ truckId: other.id, truckUnit: other.unitNumber });

    // The board's Truck column.
    const board = await dispatcher.loads.list({ search: assigned.loadNumber });
    expect(board.items.find((item) => item.id === loadId)).toMatchObject({ truckId: truck.id, truckUnit: truck.unitNumber });

    // A renumbered truck shows its new unit on its loads.
    const renumbered = unit();
    await dispatcher.trucks.update({ id: truck.id, unitNumber: renumbered });
    expect((await dispatcher.loads.get({ id: loadId })).truckUnit).toBe(renumbered);
  });

  it("refuses another company's truck on a load like a missing one, naming truckId", async () => {
    const dispatcher = await as('dispatcher');
    const foreign = await (await as('admin', tenants.companyB)).trucks.create(newTruck());
    expect(await fieldError(dispatcher.loads.create(await loadValues({ truckId: foreign.id })), 'NOT_FOUND', 'loads.create')).toEqual({
      message: 'Truck not found',
      field: 'truckId',
    });
  });

  it("offers active trucks with their current driver, and active trailers, in the load form's options", async () => {
    const dispatcher = await as('dispatcher');
    const driverId = await createDriver(tenants.services.db, tenants.companyA.users.dispatcher);
    const truck = await dispatcher.trucks.create(newTruck());
    const parked = await dispatcher.trucks.create(newTruck({ status: 'inactive' }));
    await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId, startsAt: ago(HOUR) });
    const options = await dispatcher.loads.formOptions();
    expect(options.trucks).toContainEqual({ id: truck.id, name: truck.unitNumber, driverId });
    expect(options.trucks.map((option) => option.id)).not.toContain(parked.id);
  });
});

describe('positions attributed to trucks', () => {
  const dayStart = (daysAgo: number) => new Date(Math.floor(Date.now() / DAY) * DAY - daysAgo * DAY);

  async function position(driverId: string, at: Date) {
    await sql`select positions_partition_create(${at.toISOString().slice(0, 10)}::date)`.execute(tenants.owner);
    await tenants.owner
      .insertInto('positions')
      .values({ companyId: tenants.companyA.companyId, driverId, idempotencyKey: randomUUID(), recordedAt: at, lat: '39.1', lng: '-94.6' })
      .execute();
  }

  it('reads a truck’s track across a driver change in mid-quarter: each position goes to the truck its driver drove then', async () => {
    const dispatcher = await as('dispatcher');
    const by = tenants.companyA.users.dispatcher;
    const [first, second] = [await createDriver(tenants.services.db, by), await createDriver(tenants.services.db, by)];
    const truck = await dispatcher.trucks.create(newTruck());
    const change = new Date(dayStart(3).getTime() + 12 * HOUR);
    await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: first, startsAt: dayStart(6).toISOString() });
    await dispatcher.trucks.assignDriver({ truckId: truck.id, driverId: second, startsAt: change.toISOString() });

    const at = (daysAgo: number, hours: number) => new Date(dayStart(daysAgo).getTime() + hours * HOUR);
    // The first driver before the change (the truck's), and after it (another truck's, or none).
    for (const when of [at(5, 8), at(4, 8), at(3, 11)]) await position(first, when);
    await position(first, at(2, 8));
    // The second driver before the change (not in this truck), and after it (the truck's).
    await position(second, at(4, 9));
    for (const when of [at(3, 13), at(2, 9), at(1, 9)]) await position(second, when);

    const read = (companyId: string, userId: string) =>
      withCompany(tenants.services.db, { companyId, userId }, async (tx) => {
        const { rows } = await sql<{ driverId: string; recordedAt: Date }>`
          select driver_id, recorded_at from truck_positions(${tenants.companyA.companyId}::uuid, ${truck.id}::uuid,
            ${dayStart(7).toISOString()}::timestamptz, ${new Date().toISOString()}::timestamptz)`.execute(tx);
        return rows.map((row) => [row.driverId, new Date(row.recordedAt).toISOString()]);
      });

    expect(await read(tenants.companyA.companyId, by.userId)).toEqual([
      [first, at(5, 8).toISOString()],
      [first, at(4, 8).toISOString()],
      [first, at(3, 11).toISOString()],
      [second, at(3, 13).toISOString()],
      [second, at(2, 9).toISOString()],
      [second, at(1, 9).toISOString()],
    ]);
    // Another company reads nothing of it (row-level security).
    expect(await read(tenants.companyB.companyId, tenants.companyB.users.dispatcher.userId)).toEqual([]);
  });

  it('walks the assignments by truck and each driver’s positions by their key', async () => {
    await sql`analyze truck_assignments`.execute(tenants.owner);
    const plan = await withCompany(tenants.services.db, { companyId: tenants.companyA.companyId, userId: null }, async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain
        select p.driver_id from truck_assignments a
        join positions p on p.company_id = a.company_id and p.driver_id = a.driver_id
         and p.recorded_at >= greatest(a.starts_at, now() - interval '7 days') and p.recorded_at < least(coalesce(a.ends_at, 'infinity'), now())
        where a.company_id = ${tenants.companyA.companyId}::uuid and a.truck_id = ${randomUUID()}::uuid
          and a.starts_at < now() and coalesce(a.ends_at, 'infinity') > now() - interval '7 days'`.execute(tx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('truck_assignments_truck_idx');
    expect(plan).toMatch(/Index (Only )?Scan using positions_\d+_pkey/);
  });
});

describe('demo equipment', () => {
  it('gives the demo company trucks with checked VINs, trailers of every type, assignments and loads hauled by them, once', async () => {
    const company = await createTestCompany(tenants.services);
    const by = company.users.dispatcher;
    const drivers = [];
    for (let index = 0; index < 9; index++) drivers.push(await createDriver(tenants.services.db, by));
    const loadId = await createLoad(tenants.services.db, by, { driverId: drivers[0] ?? null });
    await seedDemoEquipment(tenants.services.db, company.companyId);
    await seedDemoEquipment(tenants.services.db, company.companyId);

    const caller = await as('dispatcher', company);
    const trucks = (await caller.trucks.list({ sort: 'unit' })).items;
    expect(trucks.map((truck) => truck.unitNumber)).toEqual(['101', '102', '103', '104', '105', '106', '107', '108']);
    expect(trucks.every((truck) => truck.vin !== null && vinCheckDigitMatches(truck.vin))).toBe(true);
    expect(trucks.filter((truck) => truck.currentDriverId !== null)).toHaveLength(7);
    const trailers = (await caller.trailers.list({})).items;
    expect(new Set(trailers.map((trailer) => trailer.trailerType))).toEqual(
      new Set(['dry_van', 'reefer', 'flatbed', 'step_deck', 'tanker']),
    );
    expect(trailers).toHaveLength(10);
    const load = await caller.loads.get({ id: loadId });
    expect(load.truckUnit).toBe('101');
    expect(load.trailerUnit).toMatch(/^T-20\d$/);
  });
});

describe('arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR (fast-check)', async () => {
    const admin = await as('admin');
    const truck = await admin.trucks.create(newTruck());
    const driverId = await createDriver(tenants.services.db, tenants.companyA.users.admin);
    const anyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', '1FUJHHDR0CLBP8834', 'IOQIOQIOQIOQIOQIO', '\u0000', '💥'.repeat(30)),
    );
    const anyValue = fc.oneof(anyText, fc.integer(), fc.constant(null), fc.constant(undefined), fc.double(), fc.boolean());
    const anyId = fc.oneof(fc.constant(truck.id), fc.constant(driverId), fc.uuid(), fc.string({ maxLength: 40 }));
    const fields = fc.record(
      {
        unitNumber: anyValue,
        vin: anyValue,
        plate: anyValue,
        plateState: anyValue,
        make: anyValue,
        year: anyValue,
        iftaBaseJurisdiction: anyValue,
        status: fc.oneof(fc.constantFrom('active', 'inactive'), anyText),
        trailerType: fc.oneof(fc.constantFrom('reefer', 'tanker'), anyText),
        startsAt: fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          anyText,
        ),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(anyId, anyId, fields, async (id, other, values) => {
        const calls = [
          () => admin.trucks.create(values as never),
          () => admin.trucks.update({ ...values, id } as never),
          () => admin.trucks.list({ search: values.make, status: values.status, sort: values.status } as never),
          () => admin.trucks.assignDriver({ truckId: id, driverId: other, startsAt: values.startsAt } as never),
          () => admin.trucks.endAssignment({ id, endsAt: values.startsAt } as never),
          () => admin.trucks.assignments({ truckId: id } as never),
          () => admin.trailers.create(values as never),
          () => admin.trailers.update({ ...values, id } as never),
          () => admin.trailers.delete({ id } as never),
        ];
        for (const call of calls) {
          try {
            await call();
          } catch (error) {
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).not.toBe('INTERNAL_SERVER_ERROR');
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
