import { quarterOf, quarterRange } from '#shared/schemas/ifta.js';
import type { Db } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { sql } from 'kysely';
import { milesByJurisdiction, type TrackPoint } from '../domains/ifta/miles.js';
import { rollUpTruckDays } from '../domains/ifta/rollup.js';

/**
 * The demo workspace's IFTA (issue 31, item 5): the current quarter's roll-ups built from the demo
 * trucks' stored tracks (a day of them), plus each truck's regular lane driven every third day
 * since the quarter began: the lane's positions every 15 s are counted by the same miles code
 * (miles.ts) and written as day rows without storing those positions (a "Rebuild quarter" in the
 * demo recomputes from the stored tracks only, so it clears the lanes' miles), diesel tax rates for every state (round demo figures near the published ones,
 * not the official matrix), and fuel purchases for each truck in the states it drove most (about
 * 6.5 miles a gallon), or in its base state when it has no miles yet. Idempotent: a company with
 * fuel purchases this quarter is left as it is.
 */

/** Dollars per gallon of diesel, demo figures. */
const RATES: Record<string, string> = {
  AL: '0.2900', AK: '0.0895', AR: '0.2850', AZ: '0.2600', CA: '0.9880', CO: '0.3250', CT: '0.4920', DC: '0.3500',
  DE: '0.2200', FL: '0.3930', GA: '0.3620', HI: '0.1600', IA: '0.3250', ID: '0.3300', IL: '0.7470', IN: '0.6100',
  KS: '0.2600', KY: '0.2460', LA: '0.2000', MA: '0.2400', MD: '0.4675', ME: '0.3120', MI: '0.4770', MN: '0.3040',
  MO: '0.2700', MS: '0.1800', MT: '0.2975', NC: '0.4050', ND: '0.2300', NE: '0.3030', NH: '0.2220', NJ: '0.5230',
  NM: '0.2100', NV: '0.2700', NY: '0.4340', OH: '0.4700', OK: '0.1900', OR: '0.4000', PA: '0.7410', RI: '0.3700',
  SC: '0.2800', SD: '0.2800', TN: '0.2700', TX: '0.2000', UT: '0.3650', VA: '0.3730', VT: '0.3200', WA: '0.5840',
  WI: '0.3290', WV: '0.3570', WY: '0.2400',
}; // prettier-ignore

/** Each demo truck's regular lane (real waypoints on the interstates), by its place in unit order. */
const LANES: [number, number][][] = [
  [
    [32.78, -96.8],
    [31.55, -97.15],
    [30.27, -97.74],
    [29.42, -98.49],
  ], // Dallas - Waco - Austin - San Antonio (I-35)
  [
    [32.78, -96.8],
    [33.91, -97.13],
    [35.47, -97.52],
    [36.69, -97.34],
    [37.69, -97.34],
  ], // Dallas - Oklahoma City - Wichita
  [
    [29.76, -95.37],
    [30.08, -94.13],
    [30.23, -93.22],
    [30.22, -92.02],
    [30.45, -91.19],
  ], // Houston - Beaumont - Lake Charles - Baton Rouge (I-10)
  [
    [32.78, -96.8],
    [32.5, -94.74],
    [32.52, -93.75],
    [32.51, -92.12],
    [32.3, -90.18],
  ], // Dallas - Shreveport - Monroe - Jackson (I-20)
  [
    [32.75, -97.33],
    [33.43, -94.05],
    [34.75, -92.29],
    [35.15, -90.05],
  ], // Fort Worth - Texarkana - Little Rock - Memphis (I-30, I-40)
  [
    [35.47, -97.52],
    [35.39, -99.4],
    [35.22, -101.83],
    [35.17, -103.72],
    [35.08, -106.65],
  ], // Oklahoma City - Amarillo - Albuquerque (I-40)
  [
    [36.15, -95.99],
    [37.08, -94.51],
    [37.21, -93.29],
    [38.58, -92.17],
    [38.63, -90.2],
  ], // Tulsa - Joplin - Springfield - St. Louis (I-44)
  [
    [29.76, -95.37],
    [30.08, -94.13],
    [30.22, -92.02],
    [30.45, -91.19],
    [30.5, -90.46],
    [30.28, -89.78],
    [30.4, -89.07],
    [30.69, -88.04],
    [30.67, -87.91],
    [30.42, -87.22],
    [30.44, -84.28],
  ], // Houston - Baton Rouge - Slidell - Mobile - Pensacola - Tallahassee (I-10, I-12)
];

/** Positions every 15 s at 60 mph along a lane, there and back. */
function laneTrack(waypoints: [number, number][]): TrackPoint[] {
  const route = [...waypoints, ...waypoints.slice(0, -1).reverse()];
  const points: TrackPoint[] = [];
  let t = 0;
  for (let i = 1; i < route.length; i++) {
    const [aLat, aLng] = route[i - 1] as [number, number];
    const [bLat, bLng] = route[i] as [number, number];
    const steps = Math.max(1, Math.round(Math.hypot(bLat - aLat, (bLng - aLng) * 0.85) * 69 * 4));
    for (let k = 0; k < steps; k++) {
      points.push({ recordedAt: new Date(t), lat: aLat + ((bLat - aLat) * k) / steps, lng: aLng + ((bLng - aLng) * k) / steps });
      t += 15_000;
    }
  }
  return points;
}

const VENDORS = ["Love's Travel Stop", 'Pilot Flying J', 'TA Petro', "Buc-ee's", 'Speedway'];

export async function seedDemoIfta(db: Db, companyId: string, now = new Date()): Promise<void> {
  const quarter = quarterOf(now);
  const { from } = quarterRange(quarter);
  const today = now.toISOString().slice(0, 10);
  await withCompany(db, { companyId, userId: null }, async (tx) => {
    const seeded = await tx
      .selectFrom('fuelPurchases')
      .select('id')
      .where('companyId', '=', companyId)
      .where('purchasedOn', '>=', from)
      .limit(1)
      .executeTakeFirst();
    if (seeded) return;
    await tx
      .insertInto('iftaTaxRates')
      .values(Object.entries(RATES).map(([jurisdiction, rate]) => ({ companyId, quarter, jurisdiction, rate })))
      .onConflict((conflict) => conflict.columns(['companyId', 'quarter', 'jurisdiction']).doNothing())
      .execute();
    const trucks = await tx
      .selectFrom('trucks')
      .select(['id', 'iftaBaseJurisdiction'])
      .where('companyId', '=', companyId)
      .orderBy('unitNumber')
      .execute();
    for (const [index, truck] of trucks.entries()) {
      await rollUpTruckDays(tx, { companyId }, truck.id, from, today);
      const lane = LANES[index % LANES.length] ?? [];
      const { totals } = milesByJurisdiction(laneTrack(lane));
      const laneRows: { companyId: string; truckId: string; day: string; jurisdiction: string; miles: string }[] = [];
      for (let day = shiftDay(from, index % 3); day <= today; day = shiftDay(day, 3)) {
        for (const [jurisdiction, value] of totals)
          laneRows.push({ companyId, truckId: truck.id, day, jurisdiction, miles: value.toFixed(3) });
      }
      if (laneRows.length > 0) {
        await tx
          .insertInto('iftaDaily')
          .values(laneRows)
          .onConflict((conflict) =>
            conflict
              .columns(['companyId', 'truckId', 'day', 'jurisdiction'])
              .doUpdateSet({ miles: sql`ifta_daily.miles + excluded.miles` }),
          )
          .execute();
      }
      const miles = await tx
        .selectFrom('iftaDaily')
        .select(['jurisdiction', (eb) => eb.fn.sum<string>('miles').as('miles')])
        .where('companyId', '=', companyId)
        .where('truckId', '=', truck.id)
        .where('day', '>=', from)
        .where('jurisdiction', '<>', 'XX')
        .groupBy('jurisdiction')
        .orderBy('miles', 'desc')
        .limit(3)
        .execute();
      const stops = miles.length > 0 ? miles : [{ jurisdiction: truck.iftaBaseJurisdiction ?? 'TX', miles: '650' }];
      const purchases = stops.map((stop, k) => {
        const gallons = Math.max(20, Number(stop.miles) / 6.3);
        const price = 3.55 + ((index + k) % 5) * 0.12;
        return {
          companyId,
          truckId: truck.id,
          purchasedOn: from > today ? today : shiftDay(today, -((index * 3 + k * 5) % 20)),
          jurisdiction: stop.jurisdiction,
          gallons: gallons.toFixed(3),
          amount: (Math.round(gallons * price * 100) / 100).toFixed(2),
          vendor: VENDORS[(index + k) % VENDORS.length] ?? null,
          source: 'manual' as const,
        };
      });
      await tx
        .insertInto('fuelPurchases')
        .values(purchases.map((purchase) => (purchase.purchasedOn < from ? { ...purchase, purchasedOn: from } : purchase)))
        .execute();
    }
  });
}

function shiftDay(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
