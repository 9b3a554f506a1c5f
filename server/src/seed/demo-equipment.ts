import { sql } from 'kysely';
import { vinCheckDigitMatches } from '#shared/schemas/equipment.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';

/**
 * The demo workspace's equipment (issue 31): trucks of the usual makes with VINs whose check digit
 * is right, Texas and neighbouring plates, the demo drivers assigned to them for the last month,
 * trailers of every type, and the demo loads hauled by their driver's truck and a trailer that
 * fits their equipment. Idempotent: a company that has trucks is left as it is.
 */

interface DemoTruck {
  unit: string;
  /** The VIN without its check digit (position 9 is filled in). */
  vin: string;
  make: string;
  model: string;
  year: number;
  plate: string;
  plateState: string;
  base: string;
}

const TRUCKS: DemoTruck[] = [
  {
    unit: '101',
    vin: '3AKJHHDR_NSNA4821',
    make: 'Freightliner',
    model: 'Cascadia',
    year: 2022,
    plate: 'R41 8832',
    plateState: 'TX',
    base: 'TX',
  },
  {
    unit: '102',
    vin: '3AKJHHDR_PSNB1177',
    make: 'Freightliner',
    model: 'Cascadia',
    year: 2023,
    plate: 'R41 9915',
    plateState: 'TX',
    base: 'TX',
  },
  { unit: '103', vin: '1XKYD49X_MJ446210', make: 'Kenworth', model: 'T680', year: 2021, plate: 'S72 1046', plateState: 'TX', base: 'TX' },
  { unit: '104', vin: '1XKYD49X_NJ458833', make: 'Kenworth', model: 'T680', year: 2022, plate: 'KPX 4471', plateState: 'OK', base: 'OK' },
  { unit: '105', vin: '1XPBD49X_PD793302', make: 'Peterbilt', model: '579', year: 2023, plate: 'S72 3380', plateState: 'TX', base: 'TX' },
  { unit: '106', vin: '1XPBD49X_LD712654', make: 'Peterbilt', model: '579', year: 2020, plate: '8KT 2209', plateState: 'LA', base: 'LA' },
  { unit: '107', vin: '4V4NC9EH_NN308142', make: 'Volvo', model: 'VNL 860', year: 2022, plate: 'R43 0528', plateState: 'TX', base: 'TX' },
  { unit: '108', vin: '4V4NC9EH_RN321997', make: 'Volvo', model: 'VNL 760', year: 2024, plate: 'AR 5518', plateState: 'AR', base: 'AR' },
];

const TRAILERS = [
  { unit: 'T-201', type: 'dry_van', plate: '2TR 8410', state: 'TX' },
  { unit: 'T-202', type: 'dry_van', plate: '2TR 8411', state: 'TX' },
  { unit: 'T-203', type: 'dry_van', plate: '2TR 8412', state: 'TX' },
  { unit: 'T-204', type: 'dry_van', plate: '2TR 8413', state: 'TX' },
  { unit: 'R-301', type: 'reefer', plate: '2TR 9120', state: 'TX' },
  { unit: 'R-302', type: 'reefer', plate: '2TR 9121', state: 'TX' },
  { unit: 'R-303', type: 'reefer', plate: 'TRL 4402', state: 'OK' },
  { unit: 'F-401', type: 'flatbed', plate: '2TR 7730', state: 'TX' },
  { unit: 'S-501', type: 'step_deck', plate: '2TR 7731', state: 'TX' },
  { unit: 'K-601', type: 'tanker', plate: 'TK 1188', state: 'LA' },
] as const;

/** The VIN with its North American check digit in position 9. */
export function withCheckDigit(vin: string): string {
  for (const digit of '0123456789X') {
    const candidate = `${vin.slice(0, 8)}${digit}${vin.slice(9)}`;
    if (vinCheckDigitMatches(candidate)) return candidate;
  }
  throw new Error(`No check digit fits ${vin}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export async function seedDemoEquipment(db: Db, companyId: string): Promise<void> {
  await withCompany(db, { companyId, userId: null }, async (tx) => {
    const existing = await tx.selectFrom('trucks').select('id').where('companyId', '=', companyId).limit(1).executeTakeFirst();
    if (existing) return;
    const trucks = await tx
      .insertInto('trucks')
      .values(
        TRUCKS.map((truck, index) => ({
          companyId,
          unitNumber: truck.unit,
          vin: withCheckDigit(truck.vin),
          make: truck.make,
          model: truck.model,
          year: truck.year,
          plate: truck.plate,
          plateState: truck.plateState,
          iftaBaseJurisdiction: truck.base,
          // One truck is in the shop: the screens show an inactive one.
          status: index === TRUCKS.length - 1 ? ('inactive' as const) : ('active' as const),
          notes: index === TRUCKS.length - 1 ? 'In the shop: DEF sensor' : null,
        })),
      )
      .returning(['id', 'unitNumber'])
      .execute();
    const trailers = await tx
      .insertInto('trailers')
      .values(
        TRAILERS.map((trailer) => ({
          companyId,
          unitNumber: trailer.unit,
          trailerType: trailer.type,
          plate: trailer.plate,
          plateState: trailer.state,
        })),
      )
      .returning(['id', 'trailerType'])
      .execute();

    // The demo drivers, longest-serving first, each in a truck for the last month; the first one's
    // truck changed hands two weeks ago (a mid-quarter change, as IFTA sees it).
    const drivers = await tx
      .selectFrom('drivers')
      .select('id')
      .where('companyId', '=', companyId)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(trucks.length)
      .execute();
    const now = Date.now();
    const monthAgo = new Date(now - 30 * DAY_MS);
    const active = trucks.slice(0, -1);
    const assignments = drivers.slice(0, active.length).map((driver, index) => ({
      companyId,
      truckId: active[index]?.id ?? '',
      driverId: driver.id,
      startsAt: monthAgo,
    }));
    const spare = drivers[active.length];
    const lastTruck = trucks[trucks.length - 1];
    if (spare && lastTruck) {
      // The spare driver drove the truck now in the shop until it went in.
      assignments.push({ companyId, truckId: lastTruck.id, driverId: spare.id, startsAt: new Date(now - 60 * DAY_MS) });
    }
    if (assignments.length > 0) await tx.insertInto('truckAssignments').values(assignments).execute();
    if (spare && lastTruck) {
      await tx
        .updateTable('truckAssignments')
        .set({ endsAt: new Date(now - 14 * DAY_MS) })
        .where('companyId', '=', companyId)
        .where('truckId', '=', lastTruck.id)
        .execute();
    }

    // The demo loads: their driver's truck, and a trailer that fits the load's equipment.
    await sql`
      update loads set truck_id = a.truck_id
      from truck_assignments a
      where loads.company_id = ${companyId}::uuid and a.company_id = loads.company_id and a.driver_id = loads.driver_id
        and a.ends_at is null and loads.truck_id is null`.execute(tx);
    const trailerOf = (type: string) => trailers.filter((trailer) => trailer.trailerType === type).map((trailer) => trailer.id);
    const fitting: [string, string[]][] = [
      ['reefer', trailerOf('reefer')],
      ['flatbed', trailerOf('flatbed')],
      ['step_deck', trailerOf('step_deck')],
      ['dry_van', trailerOf('dry_van')],
    ];
    for (const [equipment, ids] of fitting) {
      if (ids.length === 0) continue;
      await sql`
        update loads set trailer_id = (${sql.val(ids)}::uuid[])[1 + abs(hashtext(loads.id::text)) % ${ids.length}]
        where company_id = ${companyId}::uuid and driver_id is not null and trailer_id is null
          and coalesce(equipment_type, 'dry_van') = ${equipment}`.execute(tx);
    }
  });
}
