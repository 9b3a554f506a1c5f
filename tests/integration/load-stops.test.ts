import { randomUUID } from 'node:crypto';
import type { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withCompany } from '../../server/src/db/with-company.js';
import { seedDemo } from '../../server/src/seed/demo-data.js';
import { DEMO_LOAD_PREFIX } from '../../server/src/seed/demo-operation.js';
import { totalRate } from '#shared/rules/load-rate.js';
import { createLoad } from '../support/factories.js';
import { settle, userFacingError } from '../support/http.js';
import { useTenants } from '../support/tenants.js';

/** Issue 26, item 3: loads with real stops, equipment and accessorial charges. */
const tenants = useTenants();
const { as } = tenants;
const db = () => tenants.services.db;
const tag = () => `S${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const stop = (type: 'pickup' | 'drop', city: string, state: string, extra: Record<string, unknown> = {}) => ({
  type,
  facilityName: `${city} Warehouse`,
  address: `1 ${city} Rd`,
  city,
  state,
  zip: '75201',
  contactName: 'Pat Dock',
  contactPhone: '555-010-2020',
  date: '2026-12-01',
  fromTime: '08:00',
  toTime: '10:00',
  firstComeFirstServed: false,
  poNumber: 'PO-1',
  pickupNumber: 'PU-1',
  notes: 'Call ahead',
  ...extra,
});

const threeStops = () => [
  stop('pickup', 'Dallas', 'TX'),
  stop('drop', 'Memphis', 'TN', { date: '2026-12-02', fromTime: null, toTime: null, firstComeFirstServed: true }),
  stop('drop', 'Atlanta', 'GA', { date: '2026-12-03', fromTime: '14:00', toTime: '16:30', notes: 'Dock 9' }),
];

async function refusal(call: Promise<unknown>, path: string) {
  const error = await settle(call);
  expect(error, 'expected a refusal, but the call succeeded').not.toBeNull();
  const shown = userFacingError(error as TRPCError, path);
  return { code: (error as TRPCError).code, message: shown.message, field: shown.data.field };
}

describe('loads with stops', () => {
  it('creates a load with three stops, equipment and charges: the lane is the first and last stop, the rate their total', async () => {
    const dispatcher = await as('dispatcher');
    const load = await dispatcher.loads.create({
      loadNumber: tag(),
      stops: threeStops(),
      equipmentType: 'reefer',
      temperature: '-10',
      lineHaul: '2000',
      accessorials: [
        { type: 'fuel_surcharge', amount: '250.50' },
        { type: 'lumper', amount: 75 },
      ],
    });
    expect(load).toMatchObject({
      pickupCity: 'Dallas',
      pickupState: 'TX',
      pickupLocation: '1 Dallas Rd',
      pickupDate: '2026-12-01',
      deliveryCity: 'Atlanta',
      deliveryState: 'GA',
      deliveryDate: '2026-12-03',
      deliveryNotes: 'Dock 9',
      lineHaul: '2000.00',
      rate: '2325.50',
      equipmentType: 'reefer',
      temperature: '-10.0',
      accessorials: [
        { type: 'fuel_surcharge', description: null, amount: '250.50' },
        { type: 'lumper', description: null, amount: '75.00' },
      ],
    });
    expect(load.stops.map((s) => [s.type, s.city])).toEqual([
      ['pickup', 'Dallas'],
      ['drop', 'Memphis'],
      ['drop', 'Atlanta'],
    ]);
    expect(load.stops[0]).toMatchObject({ fromTime: '08:00', toTime: '10:00', poNumber: 'PO-1', pickupNumber: 'PU-1', zip: '75201' });
    expect(load.stops[1]).toMatchObject({ firstComeFirstServed: true, fromTime: null, date: '2026-12-02' });
    expect(await dispatcher.loads.get({ id: load.id })).toEqual(load);
  });

  it('edits the stops and adds a charge: the lane and the total follow in the same call', async () => {
    const dispatcher = await as('dispatcher');
    const created = await dispatcher.loads.create({ loadNumber: tag(), stops: threeStops(), lineHaul: '1000' });
    expect(created.rate).toBe('1000.00');
    const stops = threeStops().slice(0, 2);
    stops[1] = stop('drop', 'Nashville', 'TN', { date: '2026-12-04' });
    const edited = await dispatcher.loads.update({
      id: created.id,
      loadNumber: created.loadNumber,
      stops,
      lineHaul: '1000',
      accessorials: [{ type: 'detention', amount: '120' }],
      equipmentType: 'flatbed',
      temperature: null,
    });
    expect(edited).toMatchObject({ deliveryCity: 'Nashville', deliveryDate: '2026-12-04', rate: '1120.00', equipmentType: 'flatbed' });
    expect(edited.stops).toHaveLength(2);
  });

  it('gives a load created the spec’s way two stops from its pickup and delivery, and keeps its rate', async () => {
    const dispatcher = await as('dispatcher');
    const load = await dispatcher.loads.create({
      loadNumber: tag(),
      pickupLocation: '1 Port Rd',
      pickupCity: 'Long Beach',
      pickupState: 'ca',
      pickupDate: '2026-12-01',
      deliveryLocation: '9 Depot St',
      deliveryCity: 'Phoenix',
      deliveryState: 'AZ',
      rate: '1500',
    });
    expect(load.rate).toBe('1500.00');
    expect(load.lineHaul).toBe('1500.00');
    expect(load.stops.map((s) => [s.type, s.address, s.city, s.state, s.date])).toEqual([
      ['pickup', '1 Port Rd', 'Long Beach', 'CA', '2026-12-01'],
      ['drop', '9 Depot St', 'Phoenix', 'AZ', null],
    ]);
    const stored = await tenants.owner.selectFrom('loadStops').selectAll().where('loadId', '=', load.id).orderBy('position').execute();
    expect(stored.map((row) => row.city)).toEqual(['Long Beach', 'Phoenix']);
    // An edit the spec's way keeps the stops between and moves the ends.
    const multi = await dispatcher.loads.create({ loadNumber: tag(), stops: threeStops() });
    const edited = await dispatcher.loads.update({
      id: multi.id,
      loadNumber: multi.loadNumber,
      pickupLocation: '2 New Rd',
      pickupCity: 'Austin',
      pickupState: 'TX',
      deliveryLocation: multi.deliveryLocation,
      deliveryCity: multi.deliveryCity,
      deliveryState: multi.deliveryState,
    });
    expect(edited.stops.map((s) => s.city)).toEqual(['Austin', 'Memphis', 'Atlanta']);
    expect(edited.stops[0]?.facilityName).toBe('Dallas Warehouse');
  });

  it('reads a load written without stops (an old row) as two stops made from its lane', async () => {
    const id = await createLoad(db(), tenants.companyA.users.dispatcher);
    const load = await (await as('dispatcher')).loads.get({ id });
    expect(load.stops.map((s) => [s.type, s.city])).toEqual([
      ['pickup', 'Dallas'],
      ['drop', 'Atlanta'],
    ]);
    expect(load.accessorials).toEqual([]);
  });

  it('names the field of a stop that is refused', async () => {
    const dispatcher = await as('dispatcher');
    const missingCity = threeStops();
    missingCity[1] = stop('drop', '', 'TN');
    expect(await refusal(dispatcher.loads.create({ loadNumber: tag(), stops: missingCity }), 'loads.create')).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'City is required',
      field: 'stops.1.city',
    });
    const wrongOrder = threeStops().reverse();
    expect(await refusal(dispatcher.loads.create({ loadNumber: tag(), stops: wrongOrder }), 'loads.create')).toMatchObject({
      message: 'The first stop must be a pickup',
      field: 'stops.0.type',
    });
    expect(
      await refusal(dispatcher.loads.create({ loadNumber: tag(), stops: [stop('pickup', 'Dallas', 'TX')] }), 'loads.create'),
    ).toMatchObject({
      field: 'stops',
    });
    const tooMany = Array.from({ length: 21 }, (_, index) => stop(index === 0 ? 'pickup' : 'drop', 'Dallas', 'TX'));
    expect(await refusal(dispatcher.loads.create({ loadNumber: tag(), stops: tooMany }), 'loads.create')).toMatchObject({
      message: 'A load has at most 20 stops',
    });
    expect(
      await refusal(
        dispatcher.loads.create({ loadNumber: tag(), stops: threeStops(), accessorials: [{ type: 'lumper', amount: '' }] }),
        'loads.create',
      ),
    ).toMatchObject({ message: 'Amount is required', field: 'accessorials.0.amount' });
    expect(
      await refusal(
        dispatcher.loads.create({ loadNumber: tag(), stops: threeStops(), equipmentType: 'dry_van', temperature: '34' }),
        'loads.create',
      ),
    ).toMatchObject({ field: 'temperature' });
  });

  it('duplicates a load with its stops and charges', async () => {
    const dispatcher = await as('dispatcher');
    const source = await dispatcher.loads.create({
      loadNumber: tag(),
      stops: threeStops(),
      lineHaul: '900',
      accessorials: [{ type: 'stop_off', amount: '100' }],
    });
    const copy = await dispatcher.loads.duplicate({ id: source.id, pickupDate: '2026-12-10', deliveryDate: '2026-12-12' });
    expect(copy.stops.map((s) => [s.city, s.date])).toEqual([
      ['Dallas', '2026-12-10'],
      ['Memphis', null],
      ['Atlanta', '2026-12-12'],
    ]);
    expect(copy).toMatchObject({ rate: '1000.00', lineHaul: '900.00', accessorials: [{ type: 'stop_off', amount: '100.00' }] });
  });
});

describe('stops across companies', () => {
  it('never shows another company’s stops or charges', async () => {
    const load = await (
      await as('dispatcher')
    ).loads.create({
      loadNumber: tag(),
      stops: threeStops(),
      accessorials: [{ type: 'tonu', amount: '150' }],
    });
    const other = tenants.companyB.users.admin;
    const seen = await withCompany(db(), { companyId: other.companyId, userId: other.userId }, async (tx) => ({
      stops: await tx.selectFrom('loadStops').select('id').where('loadId', '=', load.id).execute(),
      charges: await tx.selectFrom('loadAccessorials').select('id').where('loadId', '=', load.id).execute(),
      all: await tx.selectFrom('loadStops').select('companyId').where('companyId', '<>', other.companyId).execute(),
    }));
    expect(seen).toEqual({ stops: [], charges: [], all: [] });
    const error = await settle((await as('admin', tenants.companyB)).loads.get({ id: load.id }));
    expect((error as TRPCError | null)?.code).toBe('NOT_FOUND');
  });

  it('cannot write a stop into another company’s load, under either company', async () => {
    const load = await (await as('dispatcher')).loads.create({ loadNumber: tag(), stops: threeStops() });
    const other = tenants.companyB.users.admin;
    const row = (companyId: string) => ({
      companyId,
      loadId: load.id,
      position: 5,
      stopType: 'drop' as const,
      address: '1 Evil Rd',
      city: 'Elsewhere',
      state: 'NV',
    });
    // As company B, naming B: the composite key finds no such load of B.
    await expect(
      withCompany(db(), { companyId: other.companyId, userId: other.userId }, (tx) =>
        tx.insertInto('loadStops').values(row(other.companyId)).execute(),
      ),
    ).rejects.toThrow(/foreign key/);
    // As company B, naming A: the tenant policy refuses it.
    await expect(
      withCompany(db(), { companyId: other.companyId, userId: other.userId }, (tx) =>
        tx.insertInto('loadStops').values(row(tenants.companyA.companyId)).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      withCompany(db(), { companyId: other.companyId, userId: other.userId }, (tx) =>
        tx
          .insertInto('loadAccessorials')
          .values({ companyId: tenants.companyA.companyId, loadId: load.id, position: 3, chargeType: 'other', amount: '1' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    // Nor change or delete A's stops: they are not there for B.
    const touched = await withCompany(db(), { companyId: other.companyId, userId: other.userId }, async (tx) => {
      const updated = await tx.updateTable('loadStops').set({ city: 'Hacked' }).where('loadId', '=', load.id).executeTakeFirst();
      const deleted = await tx.deleteFrom('loadStops').where('loadId', '=', load.id).executeTakeFirst();
      return [Number(updated.numUpdatedRows), Number(deleted.numDeletedRows)];
    });
    expect(touched).toEqual([0, 0]);
    const stored = await tenants.owner.selectFrom('loadStops').select('city').where('loadId', '=', load.id).orderBy('position').execute();
    expect(stored.map((s) => s.city)).toEqual(['Dallas', 'Memphis', 'Atlanta']);
  });

  it('gives both tables forced row-level security and the load key index', async () => {
    const { rows } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class
      where relname in ('load_stops', 'load_accessorials') order by relname`.execute(tenants.owner);
    expect(rows).toEqual([
      { relname: 'load_accessorials', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'load_stops', relrowsecurity: true, relforcerowsecurity: true },
    ]);
  });
});

describe('the demo', () => {
  it('has multi-stop loads with appointments, equipment and charges, whose rate is still their total', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const owner = tenants.owner;
    const multi = await owner
      .selectFrom('loadStops')
      .innerJoin('loads', 'loads.id', 'loadStops.loadId')
      .select(['loads.id', sql<number>`count(*)::int`.as('stops')])
      .where('loads.loadNumber', 'like', `${DEMO_LOAD_PREFIX}%`)
      .groupBy('loads.id')
      .having(sql`count(*)`, '>', 2)
      .execute();
    expect(multi.length).toBeGreaterThanOrEqual(5);
    const withoutStops = await sql<{ count: number }>`
      select count(*)::int as count from loads l where l.load_number like ${`${DEMO_LOAD_PREFIX}%`}
        and not exists (select 1 from load_stops s where s.load_id = l.id)`.execute(owner);
    expect(withoutStops.rows[0]?.count).toBe(0);
    const loadId = multi[0]?.id as string;
    const load = await owner.selectFrom('loads').selectAll().where('id', '=', loadId).executeTakeFirstOrThrow();
    const stops = await owner.selectFrom('loadStops').selectAll().where('loadId', '=', loadId).orderBy('position').execute();
    const charges = await owner.selectFrom('loadAccessorials').selectAll().where('loadId', '=', loadId).orderBy('position').execute();
    expect(stops[0]).toMatchObject({ stopType: 'pickup', city: load.pickupCity, appointmentDate: load.pickupDate });
    expect(stops[0]?.appointmentFrom).toMatch(/^\d\d:00/);
    expect(stops.at(-1)).toMatchObject({ stopType: 'drop', city: load.deliveryCity, appointmentDate: load.deliveryDate });
    expect(charges.length).toBeGreaterThan(0);
    expect(load.equipmentType).not.toBeNull();
    expect(totalRate(load.lineHaul as string, charges as { amount: string }[])).toBe(load.rate);
  }, 180_000);
});
