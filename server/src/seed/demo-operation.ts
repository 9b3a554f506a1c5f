import { sql } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import type { DriverStatus } from '#shared/schemas/drivers.js';
import type { Db, Tx } from '../db/database.js';
import { withCompany } from '../db/with-company.js';
import { COMPANY_ACCOUNTS } from './demo-accounts.js';
import { BROKERS, CARRIERS, CITIES, COMMODITIES, DRIVER_NAMES, STREETS, type City } from './demo-reference.js';
import { demoEquipment, planDemoStops, writeDemoStops } from './demo-stops.js';

/**
 * The demo operation of Summit Freight Lines: brokers, carriers, drivers, a year of loads and WIP
 * requests. Deterministic (a seeded random source), dated relative to today, written as the admin
 * through the app role in one company transaction, so row-level security, the name snapshots and
 * the audit trail apply exactly as in use.
 */

/** Every demo load's number starts with this; its presence means the operation is seeded. */
export const DEMO_LOAD_PREFIX = 'SFL-';

/** A small seeded random source (mulberry32): the same demo every time. */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  const chance = (probability: number) => next() < probability;
  /** One of the keys, weighted by its value. */
  const weighted = <K extends string>(weights: Record<K, number>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll <= 0) return key;
    }
    return entries[entries.length - 1]?.[0] as K;
  };
  return { next, int, pick, chance, weighted };
}
export type RandomSource = ReturnType<typeof randomSource>;

const DAY = 86_400_000;
const MINUTE = 60_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const phoneIn = (city: City, random: RandomSource) => `(${city.areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`;
const emailPart = (text: string) => text.toLowerCase().replace(/[^a-z]/g, '');

/** A road lane between two cities: distance in road miles (great circle plus a detour factor) and a market rate in USD. */
export function lane(from: City, to: City, random: RandomSource) {
  const miles = Math.max(40, Math.round(haversineMiles(from, to) * 1.18));
  // Short hauls pay more per mile; long hauls less. Rounded to $25 like a rate confirmation.
  const perMile = 1.85 + 260 / miles + random.next() * 0.7;
  const rate = Math.max(350, Math.round((miles * perMile) / 25) * 25);
  return { miles, rate };
}

/** When a load was created, as days ago: a steady year of history and a busier last fortnight. */
function loadAges(random: RandomSource, count: number): number[] {
  const recent = Math.round(count * 0.1);
  const fortnight = Math.round(count * 0.14);
  const ages: number[] = [];
  for (let index = 0; index < recent; index += 1) ages.push(random.next() * 3);
  for (let index = 0; index < fortnight; index += 1) ages.push(3 + random.next() * 11);
  while (ages.length < count) ages.push(14 + random.next() * 350);
  return ages.sort((a, b) => b - a);
}

/** A realistic status for a load of this age: recent ones are still moving, old ones are done. */
function statusForAge(days: number, random: RandomSource): LoadStatus {
  if (days < 1) return random.weighted({ pending: 55, assigned: 30, picked: 10, cancelled: 5 });
  if (days < 3) return random.weighted({ pending: 15, assigned: 30, picked: 25, in_transit: 25, cancelled: 5 });
  if (days < 7) return random.weighted({ assigned: 5, picked: 10, in_transit: 40, delivered: 40, cancelled: 5 });
  if (days < 14) return random.weighted({ in_transit: 10, delivered: 82, cancelled: 8 });
  return random.weighted({ delivered: 93, cancelled: 7 });
}

interface DemoUsers {
  admin: string;
  dispatcher: string;
  sales: string;
  treasury: string;
}

const LOAD_COUNT = 320;
const BATCH = 100;

/** Adds the demo operation to Summit Freight Lines once; later runs find its loads and leave it. */
export async function seedOperations(db: Db, companyId: string): Promise<boolean> {
  const users = await demoUserIds(db, companyId);
  return withCompany(db, { companyId, userId: users.admin }, async (tx) => {
    const seeded = await tx
      .selectFrom('loads')
      .select('id')
      .where('companyId', '=', companyId)
      .where('loadNumber', 'like', `${DEMO_LOAD_PREFIX}%`)
      .limit(1)
      .executeTakeFirst();
    if (seeded) return false;
    await writeOperation(tx, companyId, users, randomSource(20251121), Date.now());
    return true;
  });
}

async function demoUserIds(db: Db, companyId: string): Promise<DemoUsers> {
  const emails = Object.fromEntries(COMPANY_ACCOUNTS.map((account) => [account.label, account.email]));
  const rows = await withCompany(db, { companyId, userId: null }, (tx) =>
    tx
      .selectFrom('users')
      .innerJoin('profiles', 'profiles.userId', 'users.id')
      .select(['users.id', 'users.email'])
      .where('profiles.companyId', '=', companyId)
      .execute(),
  );
  const idOf = (label: string) => {
    const id = rows.find((row) => row.email === emails[label])?.id;
    if (!id) throw new Error(`demo account ${label} is missing`);
    return id;
  };
  return { admin: idOf('Admin'), dispatcher: idOf('Dispatcher'), sales: idOf('Sales agent'), treasury: idOf('Treasury') };
}

async function writeOperation(tx: Tx, companyId: string, users: DemoUsers, random: RandomSource, now: number): Promise<void> {
  const city = (index: number) => CITIES[index % CITIES.length] as City;

  const brokerIds = (
    await tx
      .insertInto('brokers')
      .values(
        BROKERS.map((broker) => {
          const [first = '', last = ''] = broker.name.split(' ');
          const home = city(broker.cityIndex);
          return {
            companyId: companyId,
            name: broker.name,
            companyName: broker.company,
            email: `${emailPart(first)}.${emailPart(last)}@${broker.domain}.example`,
            phone: phoneIn(home, random),
            address: `${random.int(100, 9900)} ${random.pick(STREETS)}, ${home.city}, ${home.state}`,
            paymentTerms: broker.terms,
          };
        }),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);

  const carrierIds = (
    await tx
      .insertInto('carriers')
      .values(
        CARRIERS.map((carrier, index) => {
          const home = city(carrier.cityIndex);
          return {
            companyId: companyId,
            name: carrier.name,
            mcNumber: carrier.mc,
            dotNumber: carrier.dot,
            email: `dispatch@${emailPart(carrier.name.split(' ')[0] ?? 'carrier')}${emailPart(carrier.name.split(' ')[1] ?? '')}.example`,
            phone: phoneIn(home, random),
            address: `${random.int(100, 9900)} ${random.pick(STREETS)}, ${home.city}, ${home.state}`,
            insuranceExpiry: isoDate(new Date(now + random.int(-20, 540) * DAY)),
            contractSigned: index % 4 !== 3,
            salesAgentId: index % 3 === 0 ? users.sales : null,
          };
        }),
      )
      .returning('id')
      .execute()
  ).map((row) => row.id);

  // Loads first in memory, so drivers can be placed where their current load is.
  const ages = loadAges(random, LOAD_COUNT);
  const plans = ages.map((days, index) => {
    let from = random.pick(CITIES);
    let to = random.pick(CITIES);
    while (to === from || haversineMiles(from, to) < 120) {
      from = random.pick(CITIES);
      to = random.pick(CITIES);
    }
    const createdAt = new Date(now - days * DAY - random.int(0, 50) * MINUTE);
    const status = statusForAge(days, random);
    const { miles, rate } = lane(from, to, random);
    const pickup = new Date(createdAt.getTime() + random.int(0, 2) * DAY);
    const delivery = new Date(pickup.getTime() + Math.max(1, Math.ceil(miles / 520)) * DAY);
    const isSales = random.chance(0.2);
    const month = `${String(createdAt.getUTCFullYear()).slice(2)}${String(createdAt.getUTCMonth() + 1).padStart(2, '0')}`;
    return {
      index,
      from,
      to,
      createdAt,
      status,
      miles,
      rate,
      pickup,
      delivery,
      isSales,
      loadNumber: `${DEMO_LOAD_PREFIX}${month}-${String(index + 1).padStart(4, '0')}`,
    };
  });

  // Drivers: the ones hauling an active load are where that load is; the rest at a home city.
  const activePlans = plans.filter((plan) => plan.status === 'assigned' || plan.status === 'picked' || plan.status === 'in_transit');
  const driverRows = DRIVER_NAMES.map(([first, last], index) => {
    const home = city(index * 7 + 3);
    const active = activePlans[index];
    let status: DriverStatus = random.weighted({ available: 60, off_duty: 40 });
    let position: LatLng | null = { lat: home.lat + (random.next() - 0.5) * 0.2, lng: home.lng + (random.next() - 0.5) * 0.2 };
    let ageMinutes = status === 'available' ? random.int(5, 360) : random.int(600, 7 * 24 * 60);
    if (active) {
      const progress = active.status === 'in_transit' ? 0.15 + random.next() * 0.7 : 0;
      const origin = active.status === 'assigned' ? home : active.from;
      position = {
        lat: origin.lat + (active.to.lat - origin.lat) * progress,
        lng: origin.lng + (active.to.lng - origin.lng) * progress,
      };
      status = active.status === 'assigned' ? 'available' : 'on_route';
      ageMinutes = status === 'on_route' ? random.int(0, 25) : random.int(10, 240);
    }
    // A few drivers never shared their location (no GPS consent yet): "Never".
    const sharesLocation = index % 9 !== 4;
    if (!sharesLocation) position = null;
    return {
      companyId: companyId,
      firstName: first,
      lastName: last,
      email: `${emailPart(first)}.${emailPart(last)}@summitdrivers.example`,
      phone: phoneIn(home, random),
      licenseNumber: `${home.state}${String(random.int(10_000_000, 99_999_999))}`,
      licenseExpiry: isoDate(new Date(now + random.int(20, 1400) * DAY)),
      status,
      dispatcherId: users.dispatcher,
      salesAgentId: index % 7 === 2 ? users.sales : null,
      carrierId: index % 6 === 5 ? (carrierIds[index % carrierIds.length] ?? null) : null,
      gpsConsent: sharesLocation,
      currentLocationLat: position ? position.lat.toFixed(6) : null,
      currentLocationLng: position ? position.lng.toFixed(6) : null,
      lastLocationUpdate: position ? new Date(now - ageMinutes * MINUTE) : null,
      notes: index % 11 === 0 ? 'Hazmat endorsed; prefers Southeast lanes.' : null,
      createdAt: new Date(now - random.int(60, 900) * DAY),
    };
  });
  const driverIds = (await tx.insertInto('drivers').values(driverRows).returning('id').execute()).map((row) => row.id);

  const loadRows = plans.map((plan) => {
    const activeIndex = activePlans.indexOf(plan);
    const hasDriver = plan.status !== 'pending' && !(plan.status === 'cancelled' && random.chance(0.6));
    const driverId =
      activeIndex >= 0 && activeIndex < driverIds.length ? driverIds[activeIndex] : hasDriver ? random.pick(driverIds) : null;
    const createdBy = plan.isSales ? users.sales : random.chance(0.7) ? users.dispatcher : users.admin;
    return {
      companyId: companyId,
      loadNumber: plan.loadNumber,
      referenceNumber: random.chance(0.8) ? `PO-${random.int(100_000, 999_999)}` : null,
      pickupLocation: `${random.int(100, 9900)} ${random.pick(STREETS)}`,
      pickupCity: plan.from.city,
      pickupState: plan.from.state,
      pickupDate: isoDate(plan.pickup),
      pickupNotes: random.chance(0.25) ? 'Appointment required; check in at guard shack.' : null,
      deliveryLocation: `${random.int(100, 9900)} ${random.pick(STREETS)}`,
      deliveryCity: plan.to.city,
      deliveryState: plan.to.state,
      deliveryDate: isoDate(plan.delivery),
      deliveryNotes: random.chance(0.2) ? 'Lumper fee reimbursed with receipt.' : null,
      commodity: random.pick(COMMODITIES),
      weight: random.int(80, 440) * 100,
      distance: plan.miles,
      rate: plan.rate.toFixed(2),
      driverId: driverId ?? null,
      brokerId: random.chance(0.92) ? random.pick(brokerIds) : null,
      carrierId: random.chance(0.22) ? random.pick(carrierIds) : null,
      createdBy: createdBy,
      salesUserId: plan.isSales ? users.sales : null,
      dispatcherId: users.dispatcher,
      salesPercentage: plan.isSales ? (random.int(50, 100) / 10).toFixed(1) : null,
      factoring: random.chance(0.3),
      status: plan.status,
      createdAt: plan.createdAt,
    };
  });
  // Equipment, line haul and the multi-stop loads (issue 26, item 3), from a random source of their own.
  const extras = planDemoStops(plans, randomSource(20261128));
  const rowsWithExtras = loadRows.map((row) => {
    const extra = extras.get(row.loadNumber);
    return extra
      ? { ...row, lineHaul: extra.lineHaul, equipmentType: extra.equipmentType, temperature: extra.temperature }
      : { ...row, lineHaul: row.rate, ...demoEquipment(row.commodity) };
  });
  for (let start = 0; start < rowsWithExtras.length; start += BATCH) {
    await tx
      .insertInto('loads')
      .values(rowsWithExtras.slice(start, start + BATCH))
      .execute();
  }
  // When each load reached its status (the trigger stamps it only on later changes; bookkeeping, so no audit row).
  await sql`
    update loads
       set status_updated_at = least(now(), created_at + (interval '1 hour' * (6 + (abs(hashtext(id::text)) % 60))))
     where company_id = ${companyId} and status <> 'pending' and load_number like ${`${DEMO_LOAD_PREFIX}%`}
  `.execute(tx);
  // Stops and charges (issue 26, item 3), planned below with the loads' rows.
  await writeDemoStops(tx, companyId, DEMO_LOAD_PREFIX, extras);

  // WIP requests in every state, over the last fortnight.
  const requests: { user: string; status: 'pending' | 'approved' | 'rejected'; days: number; notes: string; decision?: string }[] = [
    { user: users.dispatcher, status: 'pending', days: 0.1, notes: 'Can I take the Dallas to Atlanta reefer loads this week?' },
    { user: users.sales, status: 'pending', days: 0.6, notes: 'New shipper onboarding: Northstar wants two trucks Friday.' },
    { user: users.treasury, status: 'pending', days: 1.2, notes: 'Assign me the factoring reconciliation for last month.' },
    {
      user: users.dispatcher,
      status: 'approved',
      days: 3,
      notes: 'Cover the Midwest board while Pat is out.',
      decision: 'Approved through Friday.',
    },
    { user: users.sales, status: 'approved', days: 6, notes: 'Take over the Gulf Coast Freight Partners account.', decision: 'Go ahead.' },
    {
      user: users.dispatcher,
      status: 'rejected',
      days: 8,
      notes: 'Weekend on-call swap with the night dispatcher.',
      decision: 'Schedule is locked this month.',
    },
    {
      user: users.treasury,
      status: 'rejected',
      days: 12,
      notes: 'Move broker collections to me.',
      decision: 'Stays with the admin for now.',
    },
  ];
  await tx
    .insertInto('wipAssignments')
    .values(
      requests.map((request) => {
        const requestedAt = new Date(now - request.days * DAY);
        const decided = request.status !== 'pending';
        return {
          companyId: companyId,
          userId: request.user,
          status: request.status,
          requestedAt: requestedAt,
          assignedAt: decided ? new Date(requestedAt.getTime() + 5 * 60 * MINUTE) : null,
          assignedBy: decided ? users.admin : null,
          notes: decided ? (request.decision ?? request.notes) : request.notes,
        };
      }),
    )
    .execute();
}
