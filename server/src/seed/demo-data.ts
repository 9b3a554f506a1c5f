import { sql } from 'kysely';
import type { LoadStatus, StaffRole } from '#shared/constants.js';
import { haversineMiles, type LatLng } from '#shared/rules/geo.js';
import type { Db, Tx } from '../db/database.js';
import type { DriverStatus } from '#shared/schemas/drivers.js';
import { withCompany } from '../db/with-company.js';
import { seedDemoDocuments } from './demo-documents.js';
import { addMember } from '../auth/accounts.js';
import { signUp } from '../auth/sign-up.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoFleet } from './demo-fleet.js';
import { seedDemoTracking } from './demo-tracking.js';

export const DEMO_PASSWORD = 'haulwise-demo';

interface DemoAccount {
  label: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole | null;
  phone: string;
}

export const DEMO_COMPANY = 'Summit Freight Lines';
export const PLATFORM_COMPANY = 'Haulwise Platform';

export const MASTER_ADMIN: DemoAccount = {
  label: 'Master admin',
  email: 'owner@haulwise.demo',
  firstName: 'Morgan',
  lastName: 'Reyes',
  role: 'admin',
  phone: '+1 555 010 0001',
};

export const COMPANY_ACCOUNTS: DemoAccount[] = [
  { label: 'Admin', email: 'admin@summit.demo', firstName: 'Avery', lastName: 'Collins', role: 'admin', phone: '+1 555 010 0101' },
  {
    label: 'Dispatcher',
    email: 'dispatch@summit.demo',
    firstName: 'Dana',
    lastName: 'Whitfield',
    role: 'dispatcher',
    phone: '+1 555 010 0102',
  },
  { label: 'Sales agent', email: 'sales@summit.demo', firstName: 'Sam', lastName: 'Okafor', role: 'sales', phone: '+1 555 010 0103' },
  {
    label: 'Treasury',
    email: 'treasury@summit.demo',
    firstName: 'Tara',
    lastName: 'Lindqvist',
    role: 'treasury',
    phone: '+1 555 010 0104',
  },
  { label: 'Driver', email: 'driver@summit.demo', firstName: 'Diego', lastName: 'Martinez', role: null, phone: '+1 555 010 0105' },
];

export const DEMO_ACCOUNTS: DemoAccount[] = [MASTER_ADMIN, ...COMPANY_ACCOUNTS];

/**
 * Creates the demo workspace: a platform company with the master admin, and Summit Freight
 * Lines with one account per role and a realistic operation (drivers across the US, brokers,
 * carriers, a year of loads, WIP requests). Idempotent: accounts that exist are left as they
 * are, and the operation is added once. Its accounts are verified (their addresses are not
 * mailboxes anyone reads), also those of a workspace seeded before addresses were verified.
 * Never in production: every demo account has the same, public password.
 */
export async function seedDemo(db: Db, options: { onlyIfEmpty: boolean; nodeEnv?: string | undefined }): Promise<boolean> {
  if ((options.nodeEnv ?? process.env.NODE_ENV) === 'production') {
    throw new Error('The demo workspace is never seeded in production: its accounts share a public password.');
  }
  await db
    .updateTable('users')
    .set({ emailVerifiedAt: new Date() })
    .where(
      'email',
      'in',
      DEMO_ACCOUNTS.map((account) => account.email),
    )
    .where('emailVerifiedAt', 'is', null)
    .execute();
  if (options.onlyIfEmpty) {
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    if (Number(count.count) > 0) return false;
  }
  const existing = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
  if (!existing.has(MASTER_ADMIN.email)) {
    await signUp(
      db,
      { ...nameOf(MASTER_ADMIN), companyName: PLATFORM_COMPANY, password: DEMO_PASSWORD },
      {
        isPlatformAdmin: true,
        emailVerified: true,
      },
    );
  }
  const [admin, ...members] = COMPANY_ACCOUNTS;
  if (!admin) return false;
  let companyId: string;
  if (!existing.has(admin.email)) {
    ({ companyId } = await signUp(
      db,
      { ...nameOf(admin), companyName: DEMO_COMPANY, password: DEMO_PASSWORD },
      { isPlatformAdmin: false, emailVerified: true },
    ));
  } else {
    companyId = await companyOf(db, admin.email);
  }
  for (const member of members) {
    if (existing.has(member.email)) continue;
    await addMember(db, companyId, {
      ...nameOf(member),
      password: DEMO_PASSWORD,
      role: member.role,
      phone: member.phone,
      emailVerified: true,
    });
  }
  await seedOperations(db, companyId);
  await seedDemoMessages(db, companyId);
  await seedDemoDocuments(db, companyId);
  await seedDemoInvoices(db, companyId);
  await seedDemoFleet(db, companyId, DEMO_PASSWORD);
  await seedDemoTracking(db, companyId);
  return true;
}

function nameOf(account: DemoAccount) {
  return { email: account.email, firstName: account.firstName, lastName: account.lastName };
}

async function companyOf(db: Db, email: string): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const user = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await sql`select set_config('app.user_id', ${user.id}, true)`.execute(tx);
    const profile = await tx.selectFrom('profiles').select('companyId').where('userId', '=', user.id).executeTakeFirstOrThrow();
    return profile.companyId;
  });
}

// ---------------------------------------------------------------------------------------------
// The demo operation of Summit Freight Lines. Deterministic (a seeded random source), dated
// relative to today, written as the admin through the app role in one company transaction, so
// row-level security, the name snapshots and the audit trail apply exactly as in use.
// ---------------------------------------------------------------------------------------------

/** Every demo load's number starts with this; its presence means the operation is seeded. */
export const DEMO_LOAD_PREFIX = 'SFL-';

export interface City extends LatLng {
  city: string;
  state: string;
  areaCode: string;
}

/** Freight cities across the US, with their coordinates and an area code for phone numbers. */
export const CITIES: readonly City[] = [
  { city: 'Dallas', state: 'TX', lat: 32.7767, lng: -96.797, areaCode: '214' },
  { city: 'Houston', state: 'TX', lat: 29.7604, lng: -95.3698, areaCode: '713' },
  { city: 'San Antonio', state: 'TX', lat: 29.4241, lng: -98.4936, areaCode: '210' },
  { city: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431, areaCode: '512' },
  { city: 'El Paso', state: 'TX', lat: 31.7619, lng: -106.485, areaCode: '915' },
  { city: 'Laredo', state: 'TX', lat: 27.5306, lng: -99.4803, areaCode: '956' },
  { city: 'Atlanta', state: 'GA', lat: 33.749, lng: -84.388, areaCode: '404' },
  { city: 'Savannah', state: 'GA', lat: 32.0809, lng: -81.0912, areaCode: '912' },
  { city: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298, areaCode: '312' },
  { city: 'Indianapolis', state: 'IN', lat: 39.7684, lng: -86.1581, areaCode: '317' },
  { city: 'Columbus', state: 'OH', lat: 39.9612, lng: -82.9988, areaCode: '614' },
  { city: 'Cleveland', state: 'OH', lat: 41.4993, lng: -81.6944, areaCode: '216' },
  { city: 'Cincinnati', state: 'OH', lat: 39.1031, lng: -84.512, areaCode: '513' },
  { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458, areaCode: '313' },
  { city: 'Nashville', state: 'TN', lat: 36.1627, lng: -86.7816, areaCode: '615' },
  { city: 'Memphis', state: 'TN', lat: 35.1495, lng: -90.049, areaCode: '901' },
  { city: 'Louisville', state: 'KY', lat: 38.2527, lng: -85.7585, areaCode: '502' },
  { city: 'Charlotte', state: 'NC', lat: 35.2271, lng: -80.8431, areaCode: '704' },
  { city: 'Raleigh', state: 'NC', lat: 35.7796, lng: -78.6382, areaCode: '919' },
  { city: 'Jacksonville', state: 'FL', lat: 30.3322, lng: -81.6557, areaCode: '904' },
  { city: 'Orlando', state: 'FL', lat: 28.5383, lng: -81.3792, areaCode: '407' },
  { city: 'Miami', state: 'FL', lat: 25.7617, lng: -80.1918, areaCode: '305' },
  { city: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572, areaCode: '813' },
  { city: 'Birmingham', state: 'AL', lat: 33.5186, lng: -86.8104, areaCode: '205' },
  { city: 'New Orleans', state: 'LA', lat: 29.9511, lng: -90.0715, areaCode: '504' },
  { city: 'Little Rock', state: 'AR', lat: 34.7465, lng: -92.2896, areaCode: '501' },
  { city: 'Oklahoma City', state: 'OK', lat: 35.4676, lng: -97.5164, areaCode: '405' },
  { city: 'Kansas City', state: 'MO', lat: 39.0997, lng: -94.5786, areaCode: '816' },
  { city: 'St. Louis', state: 'MO', lat: 38.627, lng: -90.1994, areaCode: '314' },
  { city: 'Omaha', state: 'NE', lat: 41.2565, lng: -95.9345, areaCode: '402' },
  { city: 'Des Moines', state: 'IA', lat: 41.5868, lng: -93.625, areaCode: '515' },
  { city: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265, areaCode: '612' },
  { city: 'Milwaukee', state: 'WI', lat: 43.0389, lng: -87.9065, areaCode: '414' },
  { city: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903, areaCode: '303' },
  { city: 'Salt Lake City', state: 'UT', lat: 40.7608, lng: -111.891, areaCode: '801' },
  { city: 'Phoenix', state: 'AZ', lat: 33.4484, lng: -112.074, areaCode: '602' },
  { city: 'Tucson', state: 'AZ', lat: 32.2226, lng: -110.9747, areaCode: '520' },
  { city: 'Albuquerque', state: 'NM', lat: 35.0844, lng: -106.6504, areaCode: '505' },
  { city: 'Las Vegas', state: 'NV', lat: 36.1699, lng: -115.1398, areaCode: '702' },
  { city: 'Reno', state: 'NV', lat: 39.5296, lng: -119.8138, areaCode: '775' },
  { city: 'Los Angeles', state: 'CA', lat: 34.0522, lng: -118.2437, areaCode: '213' },
  { city: 'Fresno', state: 'CA', lat: 36.7378, lng: -119.7871, areaCode: '559' },
  { city: 'Sacramento', state: 'CA', lat: 38.5816, lng: -121.4944, areaCode: '916' },
  { city: 'Oakland', state: 'CA', lat: 37.8044, lng: -122.2712, areaCode: '510' },
  { city: 'Portland', state: 'OR', lat: 45.5152, lng: -122.6784, areaCode: '503' },
  { city: 'Seattle', state: 'WA', lat: 47.6062, lng: -122.3321, areaCode: '206' },
  { city: 'Spokane', state: 'WA', lat: 47.6588, lng: -117.426, areaCode: '509' },
  { city: 'Boise', state: 'ID', lat: 43.615, lng: -116.2023, areaCode: '208' },
  { city: 'Billings', state: 'MT', lat: 45.7833, lng: -108.5007, areaCode: '406' },
  { city: 'Pittsburgh', state: 'PA', lat: 40.4406, lng: -79.9959, areaCode: '412' },
  { city: 'Philadelphia', state: 'PA', lat: 39.9526, lng: -75.1652, areaCode: '215' },
  { city: 'Newark', state: 'NJ', lat: 40.7357, lng: -74.1724, areaCode: '973' },
  { city: 'Baltimore', state: 'MD', lat: 39.2904, lng: -76.6122, areaCode: '410' },
  { city: 'Richmond', state: 'VA', lat: 37.5407, lng: -77.436, areaCode: '804' },
  { city: 'Boston', state: 'MA', lat: 42.3601, lng: -71.0589, areaCode: '617' },
];

export const COMMODITIES = [
  'Frozen poultry',
  'Fresh produce',
  'Paper products',
  'Building materials',
  'Steel coils',
  'Auto parts',
  'Consumer electronics',
  'Canned goods',
  'Bottled beverages',
  'Furniture',
  'Lumber',
  'Plastic resin',
  'Household appliances',
  'Packaged snacks',
  'Pharmaceuticals',
  'Dry groceries',
  'Bagged fertilizer',
  'Textiles',
  'Dairy products',
  'Machinery parts',
] as const;

const STREETS = [
  'Industrial Pkwy',
  'Commerce Dr',
  'Distribution Way',
  'Logistics Blvd',
  'Warehouse Rd',
  'Freight Ave',
  'Terminal St',
  'Enterprise Dr',
  'Trade Center Blvd',
  'Port Rd',
  'Rail Yard Ln',
  'Supply Chain Dr',
] as const;

const DRIVER_NAMES: readonly [string, string][] = [
  ['Marcus', 'Webb'],
  ['Rosa', 'Delgado'],
  ['James', 'Whitaker'],
  ['Tanya', 'Brooks'],
  ['Luis', 'Hernandez'],
  ['Kevin', 'O’Neal'],
  ['Sarah', 'Lindgren'],
  ['Andre', 'Jackson'],
  ['Maria', 'Gonzalez'],
  ['Tom', 'Kowalski'],
  ['Darnell', 'Price'],
  ['Emily', 'Carter'],
  ['Raj', 'Patel'],
  ['Brandon', 'Miller'],
  ['Keisha', 'Washington'],
  ['Victor', 'Nguyen'],
  ['Cody', 'Harrison'],
  ['Angela', 'Reyes'],
  ['Terrence', 'Hall'],
  ['Jenny', 'Olsen'],
  ['Omar', 'Haddad'],
  ['Dustin', 'Pruitt'],
  ['Latoya', 'Simmons'],
  ['Greg', 'Foster'],
  ['Hector', 'Ramirez'],
  ['Bill', 'Sorensen'],
  ['Crystal', 'Young'],
  ['Samuel', 'Adeyemi'],
  ['Travis', 'Boone'],
  ['Nina', 'Petrova'],
  ['Ray', 'Castillo'],
  ['Megan', 'Doyle'],
  ['Isaiah', 'Turner'],
  ['Carl', 'Jensen'],
  ['Yolanda', 'Ortiz'],
  ['Derek', 'Chambers'],
  ['Frank', 'Russo'],
  ['Alicia', 'Moreno'],
  ['Wes', 'Dalton'],
  ['Tiffany', 'Grant'],
  ['Jorge', 'Villanueva'],
  ['Patrick', 'Quinn'],
];

const BROKERS = [
  { name: 'Megan Alvarez', company: 'Lakeside Logistics Group', domain: 'lakeside-logistics', terms: 'Net 30', cityIndex: 8 },
  { name: 'Trevor Banks', company: 'Northstar Freight Brokerage', domain: 'northstar-freight', terms: 'Net 30', cityIndex: 31 },
  {
    name: 'Priya Raman',
    company: 'Redline Transport Solutions',
    domain: 'redline-transport',
    terms: 'Quick Pay (2%, 5 days)',
    cityIndex: 0,
  },
  { name: 'Carlos Medina', company: 'Gulf Coast Freight Partners', domain: 'gulfcoast-freight', terms: 'Net 45', cityIndex: 1 },
  { name: 'Hannah Schultz', company: 'Great Plains Logistics', domain: 'greatplains-logistics', terms: 'Net 30', cityIndex: 29 },
  { name: 'Derek Owens', company: 'Blue Ridge Freight Services', domain: 'blueridge-freight', terms: 'Net 15', cityIndex: 17 },
  { name: 'Aisha Grant', company: 'Pinnacle Cargo Brokers', domain: 'pinnacle-cargo', terms: 'Net 30', cityIndex: 6 },
  { name: 'Jason Whitaker', company: 'Keystone Load Connect', domain: 'keystone-load', terms: 'Net 21', cityIndex: 49 },
  { name: 'Mei Chen', company: 'Pacific Crest Logistics', domain: 'pacificcrest-logistics', terms: 'Net 30', cityIndex: 40 },
  {
    name: 'Robert Kline',
    company: 'Heartland Shipping Network',
    domain: 'heartland-shipping',
    terms: 'Quick Pay (3%, 2 days)',
    cityIndex: 27,
  },
  { name: 'Nicole Foster', company: 'Evergreen Freight Exchange', domain: 'evergreen-freight', terms: 'Net 30', cityIndex: 45 },
  { name: 'Luis Romero', company: 'Sun Belt Brokerage', domain: 'sunbelt-brokerage', terms: 'Net 45', cityIndex: 35 },
  { name: 'Olivia Brooks', company: 'Iron Horse Logistics', domain: 'ironhorse-logistics', terms: 'Net 30', cityIndex: 14 },
  { name: 'Samuel Price', company: 'Crossroads Freight Brokers', domain: 'crossroads-freight', terms: 'Net 15', cityIndex: 9 },
] as const;

const CARRIERS = [
  { name: 'Ridgeway Trucking LLC', mc: 'MC-784512', dot: '2215487', cityIndex: 14 },
  { name: 'Blue Mesa Transport Inc.', mc: 'MC-902341', dot: '3018764', cityIndex: 37 },
  { name: 'Cardinal Express Lines', mc: 'MC-657203', dot: '1893342', cityIndex: 12 },
  { name: 'Lone Star Haulers LLC', mc: 'MC-1043876', dot: '3521098', cityIndex: 2 },
  { name: 'Great Lakes Carriers Co.', mc: 'MC-538914', dot: '1467725', cityIndex: 32 },
  { name: 'Desert Sun Freight LLC', mc: 'MC-1120457', dot: '3780012', cityIndex: 35 },
  { name: 'Magnolia Road Carriers', mc: 'MC-812690', dot: '2498831', cityIndex: 23 },
  { name: 'Timberline Transport Inc.', mc: 'MC-726118', dot: '2107754', cityIndex: 44 },
  { name: 'Coastal Reefer Services', mc: 'MC-968372', dot: '3296640', cityIndex: 19 },
  { name: 'Prairie Wind Logistics', mc: 'MC-1187325', dot: '3905517', cityIndex: 26 },
  { name: 'Appalachian Freightways', mc: 'MC-601447', dot: '1738206', cityIndex: 49 },
  { name: 'Golden State Drayage', mc: 'MC-1056689', dot: '3614473', cityIndex: 40 },
] as const;

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
      salesPercentage: plan.isSales ? (random.int(50, 100) / 10).toFixed(1) : null,
      factoring: random.chance(0.3),
      status: plan.status,
      createdAt: plan.createdAt,
    };
  });
  for (let start = 0; start < loadRows.length; start += BATCH) {
    await tx
      .insertInto('loads')
      .values(loadRows.slice(start, start + BATCH))
      .execute();
  }
  // When each load reached its status (the trigger stamps it only on later changes; bookkeeping, so no audit row).
  await sql`
    update loads
       set status_updated_at = least(now(), created_at + (interval '1 hour' * (6 + (abs(hashtext(id::text)) % 60))))
     where company_id = ${companyId} and status <> 'pending' and load_number like ${`${DEMO_LOAD_PREFIX}%`}
  `.execute(tx);

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
