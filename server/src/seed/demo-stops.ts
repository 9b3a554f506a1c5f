import { sql } from 'kysely';
import type { LoadStatus } from '#shared/constants.js';
import { haversineMiles } from '#shared/rules/geo.js';
import type { AccessorialType, EquipmentType } from '#shared/schemas/loads.js';
import type { Tx } from '../db/database.js';
import { CITIES, STREETS, type City } from './demo-reference.js';

/** What the stops of a demo load are made from: its plan (demo-operation.ts). */
export interface StopPlan {
  loadNumber: string;
  from: City;
  to: City;
  status: LoadStatus;
  pickup: Date;
  delivery: Date;
  rate: number;
  commodity?: string | null;
}

interface Random {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const FACILITIES = ['Distribution Center', 'Cold Storage', 'Cross-Dock', 'Warehouse', 'Plant', 'Fulfillment Center'];
const CONTACTS = ['Maria Lopez', 'James Carter', 'Priya Shah', 'Tom Becker', 'Ana Silva', 'Derek Owens'];
const REEFER_WORDS = /frozen|produce|dairy|meat|poultry|seafood|refrigerated|beverage/i;

/** A city near the lane between two others (the least detour), never either end. */
function cityBetween(from: City, to: City, random: Random, taken: readonly City[]): City | null {
  const direct = haversineMiles(from, to);
  const candidates = CITIES.filter((city) => !taken.includes(city))
    .map((city) => ({ city, detour: haversineMiles(from, city) + haversineMiles(city, to) - direct }))
    .filter((candidate) => candidate.detour < Math.max(120, direct * 0.25))
    .sort((a, b) => a.detour - b.detour)
    .slice(0, 4);
  return candidates.length > 0 ? random.pick(candidates).city : null;
}

/** The equipment of a demo load by its commodity: a reefer (with its setpoint) for cold freight, a flatbed for steel and lumber. */
export function demoEquipment(commodity: string | null): { equipmentType: EquipmentType; temperature: string | null } {
  if (commodity && REEFER_WORDS.test(commodity))
    return { equipmentType: 'reefer', temperature: /frozen/i.test(commodity) ? '-10.0' : '34.0' };
  if (commodity && /steel|lumber|pipe|machinery|coil/i.test(commodity)) return { equipmentType: 'flatbed', temperature: null };
  return { equipmentType: 'dry_van', temperature: null };
}

interface ExtraStop {
  stopType: 'pickup' | 'drop';
  facilityName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  contactName: string;
  contactPhone: string;
  appointmentDate: string;
  appointmentFrom: string | null;
  appointmentTo: string | null;
  firstComeFirstServed: boolean;
  poNumber: string;
  notes: string | null;
}

type Window = { appointmentDate: string; appointmentFrom: string; appointmentTo: string };

/** A multi-stop demo load: the stops between its ends, its ends' windows and references, its charges and line haul. */
export interface DemoStops {
  middle: ExtraStop[];
  pickup: Window & { contactName: string; pickupNumber: string };
  delivery: Window & { contactName: string; poNumber: string };
  charges: { chargeType: AccessorialType; amount: number; description: string | null }[];
  lineHaul: string;
  equipmentType: EquipmentType;
  temperature: string | null;
}

/**
 * Issue 26, item 3: about one open load in six of the demo also stops on the way (3 or 4 stops,
 * appointment windows, a first-come-first-served dock, PO and pickup numbers, contacts) and carries
 * accessorial charges (fuel surcharge, a stop-off per extra stop, sometimes a lumper or detention).
 * Its rate stays what it was (the total); the line haul is the rate less the charges, so every
 * figure of the demo holds. Planned before the loads are written (no audit row for it), from a
 * random source of its own: the rest of the demo is drawn exactly as before.
 */
export function planDemoStops(plans: readonly StopPlan[], random: Random): Map<string, DemoStops> {
  const planned = new Map<string, DemoStops>();
  const open: readonly LoadStatus[] = ['pending', 'assigned', 'delivered'];
  const chosen = plans.filter((plan, index) => index % 6 === 1 && open.includes(plan.status)).slice(0, 40);
  const window = (date: Date, hour: number): Window => ({
    appointmentDate: isoDate(date),
    appointmentFrom: `${String(hour).padStart(2, '0')}:00`,
    appointmentTo: `${String(hour + 2).padStart(2, '0')}:00`,
  });
  for (const plan of chosen) {
    const stopCount = random.chance(0.5) ? 3 : 4;
    const cities: City[] = [];
    for (let index = 0; index < stopCount - 2; index += 1) {
      const city = cityBetween(plan.from, plan.to, random, [plan.from, plan.to, ...cities]);
      if (city) cities.push(city);
    }
    if (cities.length === 0) continue;
    const span = Math.max(DAY, plan.delivery.getTime() - plan.pickup.getTime());
    const middle = cities.map((city, index): ExtraStop => {
      const date = new Date(plan.pickup.getTime() + (span * (index + 1)) / (cities.length + 1));
      const fcfs = index === 0 && random.chance(0.4);
      const slot = window(date, random.pick([7, 9, 11, 13, 15]));
      return {
        stopType: random.chance(0.75) ? 'drop' : 'pickup',
        facilityName: `${city.city} ${random.pick(FACILITIES)}`,
        address: `${random.int(100, 9900)} ${random.pick(STREETS)}`,
        city: city.city,
        state: city.state,
        zip: String(random.int(10_000, 99_999)),
        contactName: random.pick(CONTACTS),
        contactPhone: `(${city.areaCode}) 555-01${String(random.int(0, 99)).padStart(2, '0')}`,
        appointmentDate: slot.appointmentDate,
        appointmentFrom: fcfs ? null : slot.appointmentFrom,
        appointmentTo: fcfs ? null : slot.appointmentTo,
        firstComeFirstServed: fcfs,
        poNumber: `PO-${random.int(100_000, 999_999)}`,
        notes: random.chance(0.3) ? 'Partial drop: 8 pallets, keep the rest loaded.' : null,
      };
    });
    const charges: DemoStops['charges'] = [
      { chargeType: 'fuel_surcharge', amount: Math.round(plan.rate * 0.08), description: null },
      ...cities.map(() => ({ chargeType: 'stop_off' as const, amount: 75, description: null })),
    ];
    if (random.chance(0.4)) charges.push({ chargeType: 'lumper', amount: random.pick([120, 150, 185]), description: null });
    if (random.chance(0.25)) {
      charges.push({ chargeType: 'detention', amount: random.pick([50, 100, 150]), description: `${random.int(2, 4)} h at receiver` });
    }
    const total = charges.reduce((sum, charge) => sum + charge.amount, 0);
    if (total >= plan.rate) continue;
    const equipmentType = random.pick(['dry_van', 'reefer', 'step_deck'] as const);
    planned.set(plan.loadNumber, {
      middle,
      pickup: {
        ...window(plan.pickup, random.pick([6, 8, 10])),
        contactName: random.pick(CONTACTS),
        pickupNumber: `PU-${random.int(10_000, 99_999)}`,
      },
      delivery: {
        ...window(plan.delivery, random.pick([8, 10, 14])),
        contactName: random.pick(CONTACTS),
        poNumber: `PO-${random.int(100_000, 999_999)}`,
      },
      charges,
      lineHaul: (plan.rate - total).toFixed(2),
      equipmentType,
      temperature: equipmentType === 'reefer' ? '36.0' : null,
    });
  }
  return planned;
}

/** Writes the demo loads' stops (every load its two ends; the planned ones their stops between) and charges. */
export async function writeDemoStops(tx: Tx, companyId: string, prefix: string, planned: ReadonlyMap<string, DemoStops>): Promise<void> {
  await sql`
    insert into load_stops (company_id, load_id, position, stop_type, facility_name, address, city, state, appointment_date, notes)
      select company_id, id, 0, 'pickup', pickup_city || ' Shipper', pickup_location, pickup_city, pickup_state, pickup_date, pickup_notes
      from loads where company_id = ${companyId} and load_number like ${`${prefix}%`}
      union all
      select company_id, id, 1, 'drop', delivery_city || ' Receiver', delivery_location, delivery_city, delivery_state, delivery_date, delivery_notes
      from loads where company_id = ${companyId} and load_number like ${`${prefix}%`}
  `.execute(tx);
  if (planned.size === 0) return;
  const rows = await tx
    .selectFrom('loads')
    .select(['id', 'loadNumber'])
    .where('companyId', '=', companyId)
    .where('loadNumber', 'in', [...planned.keys()])
    .execute();
  for (const { id, loadNumber } of rows) {
    const plan = planned.get(loadNumber);
    if (!plan) continue;
    await tx.updateTable('loadStops').set(plan.pickup).where('loadId', '=', id).where('position', '=', 0).execute();
    await tx
      .updateTable('loadStops')
      .set({ ...plan.delivery, position: plan.middle.length + 1 })
      .where('loadId', '=', id)
      .where('position', '=', 1)
      .execute();
    await tx
      .insertInto('loadStops')
      .values(plan.middle.map((stop, index) => ({ ...stop, companyId, loadId: id, position: index + 1 })))
      .execute();
    await tx
      .insertInto('loadAccessorials')
      .values(plan.charges.map((charge, position) => ({ ...charge, companyId, loadId: id, position, amount: charge.amount.toFixed(2) })))
      .execute();
  }
}
