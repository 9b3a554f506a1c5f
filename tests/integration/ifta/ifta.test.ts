import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withCompany } from '../../../server/src/db/with-company.js';
import { haversineMiles, MilesAccumulator } from '../../../server/src/domains/ifta/miles.js';
import { rollUpNewPositions, rollUpTruckDays } from '../../../server/src/domains/ifta/rollup.js';
import { createDriver, type TestCompany } from '../../support/factories.js';
import { expectTrpcError, userFacingError } from '../../support/http.js';
import { useTenants } from '../../support/tenants.js';
import { rebuildQuarterAndWait } from './rebuild-and-wait.js';

/**
 * IFTA (issue 31, item 5): fuel purchases (CRUD and a fuel card's CSV), the quarterly report from
 * a seeded track, a truck that changes drivers in mid-quarter, the incremental roll-up against a
 * rebuild, and nothing of another company.
 */

const tenants = useTenants();
const { as } = tenants;
const unit = () => `I${randomUUID().slice(0, 6)}`;

async function truckOf(company: TestCompany): Promise<{ id: string; unitNumber: string }> {
  const by = company.users.admin;
  return withCompany(tenants.services.db, by, (tx) =>
    tx
      .insertInto('trucks')
      .values({ companyId: by.companyId, unitNumber: unit() })
      .returning(['id', 'unitNumber'])
      .executeTakeFirstOrThrow(),
  );
}

async function assign(company: TestCompany, truckId: string, driverId: string, startsAt: string, endsAt: string | null = null) {
  const by = company.users.admin;
  await withCompany(tenants.services.db, by, (tx) =>
    tx.insertInto('truckAssignments').values({ companyId: by.companyId, truckId, driverId, startsAt, endsAt }).execute(),
  );
}

/** Positions every 15 s along a straight line (the owner writes them, as the ingest would). */
function track(from: [number, number], to: [number, number], start: Date, mph = 60) {
  const miles = haversineMiles(from[0], from[1], to[0], to[1]);
  const steps = Math.max(1, Math.round(miles / (mph / 240)));
  return Array.from({ length: steps + 1 }, (_, k) => ({
    recordedAt: new Date(start.getTime() + k * 15_000),
    lat: from[0] + ((to[0] - from[0]) * k) / steps,
    lng: from[1] + ((to[1] - from[1]) * k) / steps,
  }));
}

async function insertPositions(company: TestCompany, driverId: string, points: { recordedAt: Date; lat: number; lng: number }[]) {
  const days = new Set(points.map((point) => point.recordedAt.toISOString().slice(0, 10)));
  for (const day of days) await sql`select positions_partition_create(${day}::date)`.execute(tenants.owner);
  await tenants.owner
    .insertInto('positions')
    .values(
      points.map((point) => ({
        companyId: company.companyId,
        driverId,
        idempotencyKey: randomUUID(),
        recordedAt: point.recordedAt,
        lat: point.lat.toFixed(6),
        lng: point.lng.toFixed(6),
      })),
    )
    .execute();
}

describe('fuel purchases', () => {
  it('treasury adds, edits, lists and deletes a purchase; a bad figure names its field', async () => {
    const treasury = await as('treasury');
    const truck = await truckOf(tenants.companyA);
    const created = await treasury.ifta.fuelCreate({
      truckId: truck.id,
      purchasedOn: '2025-05-03',
      jurisdiction: 'ok',
      gallons: '120.5',
      amount: '455.10',
      vendor: 'Love’s #123',
    });
    expect(created).toMatchObject({
      truckUnit: truck.unitNumber,
      jurisdiction: 'OK',
      gallons: '120.5000',
      amount: '455.10',
      source: 'manual',
    });
    const edited = await treasury.ifta.fuelUpdate({ ...created, gallons: '121', vendor: '' });
    expect(edited).toMatchObject({ gallons: '121.0000', vendor: null });
    const listed = await treasury.ifta.fuelList({ quarter: '2025-Q2', truckId: truck.id });
    expect(listed.items.map((item) => item.id)).toEqual([created.id]);

    const error = await expectTrpcError(treasury.ifta.fuelCreate({ ...created, gallons: '-3' }), 'BAD_REQUEST');
    expect(userFacingError(error, 'ifta.fuelCreate').data.fieldErrors).toMatchObject({ gallons: 'Gallons must be 0 or more' });

    const audit = await tenants.owner
      .selectFrom('auditLogs')
      .select(['action'])
      .where('entityType', '=', 'fuel_purchases')
      .where('entityId', '=', created.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['created', 'updated']);

    await treasury.ifta.fuelDelete({ id: created.id });
    expect((await treasury.ifta.fuelList({ quarter: '2025-Q2', truckId: truck.id })).items).toEqual([]);
    await expectTrpcError(treasury.ifta.fuelDelete({ id: created.id }), 'NOT_FOUND');
  });

  it('imports a fuel card CSV; a bad row is named by row and column and nothing is written', async () => {
    const admin = await as('admin');
    const truck = await truckOf(tenants.companyA);
    const bad = [
      'Transaction Date,Unit,State,Gallons,Amount,Merchant',
      `05/10/2025,${truck.unitNumber},TX,100.25,"$1,380.20",Pilot 1`,
      `2025-05-11,${truck.unitNumber},Texas,90,300.00,Pilot 2`,
      `2025-05-12,NOPE,TX,90,300.00,Pilot 3`,
    ].join('\n');
    const refused = await admin.ifta.fuelImport({ csv: bad });
    expect(refused.imported).toBe(0);
    expect(refused.errors).toEqual([
      { row: 3, column: 'state', message: 'State must be 2 letters' },
      { row: 4, column: 'unit', message: 'No truck with unit number "NOPE"' },
    ]);
    expect((await admin.ifta.fuelList({ quarter: '2025-Q2', truckId: truck.id })).items).toEqual([]);

    const good = bad.split('\n').slice(0, 2).join('\n');
    expect(await admin.ifta.fuelImport({ csv: good })).toEqual({ imported: 1, errors: [] });
    const [row] = (await admin.ifta.fuelList({ quarter: '2025-Q2', truckId: truck.id })).items;
    expect(row).toMatchObject({ purchasedOn: '2025-05-10', gallons: '100.2500', amount: '1380.20', vendor: 'Pilot 1', source: 'import' });

    const missing = await admin.ifta.fuelImport({ csv: 'date,truck,gallons\n2025-05-10,X,1' });
    expect(missing.errors.map((error) => error.column)).toEqual(['state', 'amount']);
  });
});

describe('the quarterly report', () => {
  it('splits a seeded track at the Missouri–Kansas line, with fleet MPG, net gallons and tax', async () => {
    const company = tenants.companyA;
    const admin = await as('admin');
    const treasury = await as('treasury');
    const truck = await truckOf(company);
    const driver = await createDriver(tenants.services.db, company.users.admin);
    await assign(company, truck.id, driver, '2025-08-01T00:00:00Z');
    // West along 39.06°N from Raytown, Missouri into Kansas, then on to Lawrence: about 42 miles.
    const points = [
      ...track([39.06, -94.45], [39.06, -94.8], new Date('2025-08-12T14:00:00Z')),
      ...track([39.06, -94.8], [38.97, -95.24], new Date('2025-08-12T14:30:00Z')),
    ];
    await insertPositions(company, driver, points);
    await treasury.ifta.fuelCreate({ truckId: truck.id, purchasedOn: '2025-08-12', jurisdiction: 'KS', gallons: '6', amount: '24.00' });
    await treasury.ifta.upsertTaxRates({
      quarter: '2025-Q3',
      rates: [
        { jurisdiction: 'KS', rate: '0.2400' },
        { jurisdiction: 'MO', rate: '0.2450' },
      ],
    });

    const rebuilt = await rebuildQuarterAndWait(admin, '2025-Q3');
    expect(rebuilt.positions).toBeGreaterThanOrEqual(points.length - 1);
    expect(rebuilt).toMatchObject({ quarter: '2025-Q3', status: 'done', error: null, trucksDone: rebuilt.trucksTotal });
    expect(rebuilt.finishedAt).toMatch(/Z$/);
    // Whoever reads the report sees the rebuild's progress too.
    expect(await treasury.ifta.rebuildStatus({ quarter: '2025-Q3' })).toEqual(rebuilt);

    const report = await treasury.ifta.report({ quarter: '2025-Q3' });
    const mo = report.lines.find((line) => line.jurisdiction === 'MO');
    const ks = report.lines.find((line) => line.jurisdiction === 'KS');
    const moExpected = haversineMiles(39.06, -94.45, 39.06, -94.6075);
    expect(Math.abs(Number(mo?.miles) - moExpected)).toBeLessThanOrEqual(1.5);
    expect(Number(report.totalMiles)).toBeGreaterThan(40);
    // Fleet MPG = total miles / total gallons; taxable gallons = miles / MPG; net = taxable - bought.
    expect(report.fleetMpg).toBe((Number(report.totalMiles) / 6).toFixed(2));
    expect(ks).toMatchObject({ gallonsBought: '6.00', rate: '0.2400' });
    expect(Number(ks?.netTaxableGallons)).toBeCloseTo(Number(ks?.taxableGallons) - 6, 6);
    expect(ks?.taxDue).toBe((Math.round(Number(ks?.netTaxableGallons) * 0.24 * 100) / 100).toFixed(2));
    expect(report.trucks.find((row) => row.truckId === truck.id)?.jurisdictions.map((j) => j.jurisdiction)).toEqual(['KS', 'MO']);

    const csv = await treasury.ifta.reportCsv({ quarter: '2025-Q3' });
    expect(csv.fileName).toBe('ifta-2025-Q3.csv');
    expect(csv.content).toContain(`KS,${ks?.miles},`);
    const pdf = await treasury.ifta.reportPdf({ quarter: '2025-Q3' });
    expect(Buffer.from(pdf.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('follows a truck across a change of drivers in mid-quarter, and flags a long gap', async () => {
    const company = tenants.companyA;
    const admin = await as('admin');
    const truck = await truckOf(company);
    const [first, second] = [
      await createDriver(tenants.services.db, company.users.admin),
      await createDriver(tenants.services.db, company.users.admin),
    ];
    await assign(company, truck.id, first, '2025-04-01T00:00:00Z', '2025-05-15T00:00:00Z');
    await assign(company, truck.id, second, '2025-05-15T00:00:00Z');
    // The first driver in Kansas before the change; the second in Nebraska after it, with a gap
    // (tracking off for 2 hours) from Salina to Lincoln.
    await insertPositions(company, first, track([38.84, -97.8], [38.84, -97.61], new Date('2025-05-10T12:00:00Z')));
    await insertPositions(company, second, [
      { recordedAt: new Date('2025-05-20T10:00:00Z'), lat: 38.84, lng: -97.61 },
      ...track([40.81, -96.7], [40.81, -96.5], new Date('2025-05-20T12:00:00Z')),
    ]);
    // The first driver after the change (in another truck, or none): not this truck's.
    await insertPositions(company, first, track([37.0, -100.0], [37.0, -99.5], new Date('2025-06-01T12:00:00Z')));

    await rebuildQuarterAndWait(admin, '2025-Q2');
    const report = await admin.ifta.report({ quarter: '2025-Q2' });
    const row = report.trucks.find((item) => item.truckId === truck.id);
    const miles = Object.fromEntries((row?.jurisdictions ?? []).map((j) => [j.jurisdiction, Number(j.miles)]));
    const kansasDrive = haversineMiles(38.84, -97.8, 38.84, -97.61);
    const gap = haversineMiles(38.84, -97.61, 40.81, -96.7);
    const nebraskaDrive = haversineMiles(40.81, -96.7, 40.81, -96.5);
    expect(Object.keys(miles).sort()).toEqual(['KS', 'NE']);
    expect((miles.KS ?? 0) + (miles.NE ?? 0)).toBeCloseTo(Math.round(kansasDrive + gap + nebraskaDrive), -1);
    const gaps = report.gaps.filter((item) => item.truckId === truck.id);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]).toMatchObject({ fromJurisdiction: 'KS', toJurisdiction: 'NE', startedAt: '2025-05-20T10:00:00.000Z' });
  });

  it('adds ingested positions incrementally to the same figures a rebuild finds', async () => {
    const company = tenants.companyA;
    const admin = await as('admin');
    const truck = await truckOf(company);
    const driver = await createDriver(tenants.services.db, company.users.admin);
    await assign(company, truck.id, driver, '2025-01-01T00:00:00Z');
    const points = track([39.06, -94.45], [39.06, -94.8], new Date('2025-02-03T23:55:00Z'));
    await insertPositions(company, driver, points);
    const by = company.users.admin;
    for (let i = 0; i < points.length; i += 25) {
      await withCompany(tenants.services.db, by, (tx) =>
        rollUpNewPositions(tx, { companyId: by.companyId }, driver, points.slice(i, i + 25)),
      );
    }
    const daily = () =>
      tenants.owner
        .selectFrom('iftaDaily')
        .select(['day', 'jurisdiction', 'miles'])
        .where('truckId', '=', truck.id)
        .orderBy('day')
        .orderBy('jurisdiction')
        .execute();
    const incremental = await daily();
    expect(incremental.map((row) => row.day)).toContain('2025-02-04');
    await rebuildQuarterAndWait(admin, '2025-Q1');
    const rebuilt = await daily();
    expect(rebuilt.map((row) => [row.day, row.jurisdiction])).toEqual(incremental.map((row) => [row.day, row.jurisdiction]));
    rebuilt.forEach((row, i) => expect(Number(row.miles)).toBeCloseTo(Number(incremental[i]?.miles), 2));
  });
});

describe("the rebuild's read", () => {
  it('counts exactly what truck_positions() returns: a change of drivers at an odd instant, windows of 24 hours, the position before the range', async () => {
    const company = tenants.companyA;
    const by = company.users.admin;
    const truck = await truckOf(company);
    const [first, second] = [await createDriver(tenants.services.db, by), await createDriver(tenants.services.db, by)];
    const change = '2025-07-02T13:17:05.123456Z';
    await assign(company, truck.id, first, '2025-06-20T00:00:00Z', change);
    await assign(company, truck.id, second, change);
    // Before the range (the segment into the range counts), across midnight and the change of
    // drivers (each driver's positions outside their assignment are not this truck's), and across
    // the Missouri–Kansas line.
    await insertPositions(company, first, [
      { recordedAt: new Date('2025-06-30T23:59:50Z'), lat: 39.06, lng: -94.4 },
      ...track([39.06, -94.41], [39.06, -95.9], new Date('2025-07-01T22:00:00Z'), 5),
    ]);
    await insertPositions(company, second, track([39.1, -95.9], [39.1, -94.3], new Date('2025-07-02T12:30:00Z'), 6));

    const { positions } = await withCompany(tenants.services.db, by, (tx) =>
      rollUpTruckDays(tx, { companyId: by.companyId }, truck.id, '2025-07-01', '2025-09-30'),
    );
    // The reference: the same positions from truck_positions() into one accumulator.
    const reference = await withCompany(tenants.services.db, by, async (tx) => {
      const { rows } = await sql<{ recordedAt: Date; lat: string; lng: string }>`
        select recorded_at as "recordedAt", lat, lng
        from truck_positions(${by.companyId}::uuid, ${truck.id}::uuid, '2025-06-30T00:00:00Z', '2025-10-01T00:00:00Z')`.execute(tx);
      return rows;
    });
    const accumulator = new MilesAccumulator();
    for (const row of reference) accumulator.add({ recordedAt: row.recordedAt, lat: Number(row.lat), lng: Number(row.lng) });
    const expected = [...accumulator.days]
      .filter(([day]) => day >= '2025-07-01')
      .flatMap(([day, totals]) => [...totals].map(([jurisdiction, miles]) => ({ day, jurisdiction, miles: miles.toFixed(3) })))
      .filter((row) => row.miles !== '0.000')
      .sort((a, b) => `${a.day}${a.jurisdiction}`.localeCompare(`${b.day}${b.jurisdiction}`));
    const rows = await tenants.owner
      .selectFrom('iftaDaily')
      .select(['day', 'jurisdiction', 'miles'])
      .where('truckId', '=', truck.id)
      .orderBy('day')
      .orderBy('jurisdiction')
      .execute();

    expect(positions).toBe(reference.length - 1);
    expect(new Set(expected.map((row) => row.day))).toEqual(new Set(['2025-07-01', '2025-07-02', '2025-07-03']));
    expect(new Set(expected.map((row) => row.jurisdiction))).toEqual(new Set(['KS', 'MO']));
    expect(rows).toEqual(expected);
  });
});

describe('tenant isolation', () => {
  it('another company’s trucks, purchases, rates and miles never appear, and its purchases are not found', async () => {
    const other = tenants.companyB;
    const otherTruck = await truckOf(other);
    const otherDriver = await createDriver(tenants.services.db, other.users.admin);
    await assign(other, otherTruck.id, otherDriver, '2025-10-01T00:00:00Z');
    await insertPositions(other, otherDriver, track([39.06, -94.45], [39.06, -94.8], new Date('2025-10-05T12:00:00Z')));
    const theirs = await (
      await as('treasury', other)
    ).ifta.fuelCreate({
      truckId: otherTruck.id,
      purchasedOn: '2025-10-05',
      jurisdiction: 'WY',
      gallons: '50',
      amount: '200.00',
    });
    await (await as('admin', other)).ifta.upsertTaxRates({ quarter: '2025-Q4', rates: [{ jurisdiction: 'WY', rate: '0.2400' }] });
    await rebuildQuarterAndWait(await as('admin', other), '2025-Q4');
    expect((await (await as('admin', other)).ifta.report({ quarter: '2025-Q4' })).lines.length).toBeGreaterThan(0);

    const admin = await as('admin');
    await rebuildQuarterAndWait(admin, '2025-Q4');
    const report = await admin.ifta.report({ quarter: '2025-Q4' });
    expect(report.trucks.map((row) => row.truckId)).not.toContain(otherTruck.id);
    expect(report.lines.map((line) => line.jurisdiction)).not.toContain('WY');
    expect((await admin.ifta.fuelList({ quarter: '2025-Q4' })).items.map((item) => item.id)).not.toContain(theirs.id);
    expect((await admin.ifta.taxRates({ quarter: '2025-Q4' })).rates).toEqual([]);
    await expectTrpcError(admin.ifta.fuelUpdate({ ...theirs, gallons: '1' }), 'NOT_FOUND');
    await expectTrpcError(admin.ifta.fuelDelete({ id: theirs.id }), 'NOT_FOUND');
    await expectTrpcError(
      admin.ifta.fuelCreate({ truckId: otherTruck.id, purchasedOn: '2025-10-05', jurisdiction: 'WY', gallons: '5', amount: '20.00' }),
      'NOT_FOUND',
    );
  });

  it('runs a rebuild as a job: asking while one is under way answers that one, and only the latest finished one is kept', async () => {
    const admin = await as('admin');
    expect(await admin.ifta.rebuildStatus({ quarter: '2024-Q1' })).toBeNull();
    const first = await rebuildQuarterAndWait(admin, '2024-Q1');
    // One under way (as the job would be while it works): asking again starts nothing.
    const running = await tenants.owner
      .insertInto('ifta_rebuilds')
      .values({ company_id: tenants.companyA.companyId, quarter: '2024-Q1', status: 'running', trucks_total: 4, trucks_done: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const again = await admin.ifta.rebuildQuarter({ quarter: '2024-Q1' });
    expect(again).toMatchObject({ id: running.id, status: 'running', trucksTotal: 4, trucksDone: 1 });
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from graphile_worker.jobs where key = ${`ifta-rebuild:${running.id}`}`.execute(tenants.owner);
    expect(queued.rows[0]?.n).toBe(0);
    // Once it has finished, a new one starts and the finished ones are dropped.
    await tenants.owner
      .updateTable('ifta_rebuilds')
      .set({ status: 'done', finished_at: new Date() })
      .where('id', '=', running.id)
      .execute();
    const next = await rebuildQuarterAndWait(admin, '2024-Q1');
    expect([first.id, running.id]).not.toContain(next.id);
    const kept = await tenants.owner
      .selectFrom('ifta_rebuilds')
      .select('id')
      .where('company_id', '=', tenants.companyA.companyId)
      .where('quarter', '=', '2024-Q1')
      .execute();
    expect(kept.map((row) => row.id)).toEqual([next.id]);
  });

  it('drivers, dispatchers and sales are refused', async () => {
    for (const persona of ['dispatcher', 'sales'] as const) {
      await expectTrpcError((await as(persona)).ifta.report({ quarter: '2025-Q4' }), 'FORBIDDEN');
    }
    await expectTrpcError((await as('treasury')).ifta.rebuildQuarter({ quarter: '2025-Q4' }), 'FORBIDDEN');
  });
});

describe('arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR (fast-check)', async () => {
    const admin = await as('admin');
    const truck = await truckOf(tenants.companyA);
    const anyText = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('', ' ', 'TX', '2025-Q5', '99999999.9999', '1e9', '\u0000', '💥'.repeat(30)),
    );
    const anyValue = fc.oneof(anyText, fc.integer(), fc.constant(null), fc.constant(undefined), fc.double(), fc.boolean());
    const anyId = fc.oneof(fc.constant(truck.id), fc.uuid(), fc.string({ maxLength: 40 }));
    const fields = fc.record(
      {
        truckId: anyId,
        purchasedOn: fc.oneof(fc.constantFrom('2025-05-01', '1999-01-01', '2025-02-30'), anyText),
        jurisdiction: anyValue,
        gallons: fc.oneof(fc.constantFrom('99999.9999', '100000', '12345678.1234', '0.0001'), anyValue),
        amount: fc.oneof(fc.constantFrom('9999999.99', '99999999.99'), anyValue),
        vendor: anyValue,
        quarter: fc.oneof(fc.constantFrom('2025-Q2', '2025-Q0'), anyText),
        rate: fc.oneof(fc.constantFrom('9.9999', '10', '99999999'), anyValue),
        csv: fc.oneof(fc.constant(`date,unit,state,gallons,amount\n2025-05-01,${truck.unitNumber},TX,1e9,1\n`), anyText),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(anyId, fields, async (id, values) => {
        const calls = [
          () => admin.ifta.fuelCreate(values as never),
          () => admin.ifta.fuelUpdate({ ...values, id } as never),
          () => admin.ifta.fuelDelete({ id } as never),
          () => admin.ifta.fuelList({ quarter: values.quarter, truckId: id } as never),
          () => admin.ifta.fuelImport({ csv: values.csv } as never),
          () => admin.ifta.taxRates({ quarter: values.quarter } as never),
          () =>
            admin.ifta.upsertTaxRates({
              quarter: values.quarter,
              rates: [{ jurisdiction: values.jurisdiction, rate: values.rate }],
            } as never),
          () => admin.ifta.report({ quarter: values.quarter } as never),
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
