import { sql } from 'kysely';
import { totalRate } from '#shared/rules/load-rate.js';
import type { LoadAccessorial, LoadDetail, LoadStop, LoadStopValues } from '#shared/schemas/loads.js';
import type { Scope } from '../../db/scope.js';
import { stopPoints } from '../geofences/stop-points.js';
import type { LoadsDb } from './loads.repository.js';

/**
 * A load's stops and accessorial charges (issue 26, item 3; migrations/2026-11-28T2300_load_stops.ts).
 * The load's pickup_* and delivery_* columns are its first and last stop: every write of stops
 * writes those columns from them, in the same transaction (the call's).
 */

/** A stop as written: every field, none left out. */
export type StopRow = Omit<LoadStop, never>;

/** The lane of the spec (pickup and delivery fields) as the first and the last of `stops`. */
export function laneOf(stops: readonly StopRow[]) {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last || stops.length < 2) throw new Error('A load has at least two stops');
  return {
    pickupLocation: first.address,
    pickupCity: first.city,
    pickupState: first.state,
    pickupDate: first.date,
    pickupNotes: first.notes,
    deliveryLocation: last.address,
    deliveryCity: last.city,
    deliveryState: last.state,
    deliveryDate: last.date,
    deliveryNotes: last.notes,
  };
}

const blankStop = (type: LoadStop['type']): StopRow => ({
  type,
  facilityName: null,
  address: '',
  city: '',
  state: '',
  zip: null,
  contactName: null,
  contactPhone: null,
  date: null,
  fromTime: null,
  toTime: null,
  firstComeFirstServed: false,
  poNumber: null,
  pickupNumber: null,
  notes: null,
});

/** A stop as given by the form: a first-come-first-served stop keeps no window. */
export function stopOf(stop: LoadStopValues): StopRow {
  const fcfs = stop.firstComeFirstServed;
  return {
    type: stop.type,
    facilityName: stop.facilityName ?? null,
    address: stop.address,
    city: stop.city,
    state: stop.state,
    zip: stop.zip ?? null,
    contactName: stop.contactName ?? null,
    contactPhone: stop.contactPhone ?? null,
    date: stop.date ?? null,
    fromTime: fcfs ? null : (stop.fromTime ?? null),
    toTime: fcfs ? null : (stop.toTime ?? null),
    firstComeFirstServed: fcfs,
    poNumber: stop.poNumber ?? null,
    pickupNumber: stop.pickupNumber ?? null,
    notes: stop.notes ?? null,
  };
}

type LaneFields = {
  pickupLocation?: string | undefined;
  pickupCity?: string | undefined;
  pickupState?: string | undefined;
  pickupDate?: string | null | undefined;
  pickupNotes?: string | null | undefined;
  deliveryLocation?: string | undefined;
  deliveryCity?: string | undefined;
  deliveryState?: string | undefined;
  deliveryDate?: string | null | undefined;
  deliveryNotes?: string | null | undefined;
};

/**
 * The stops of a write given without stops (a caller of the spec's form): the current stops (none
 * for a new load: a pickup and a delivery), whose first and last take the pickup and delivery
 * fields given. Stops between, and each end's facility, contact and references, stay.
 */
export function stopsFromLane(lane: LaneFields, current: readonly StopRow[] = []): StopRow[] {
  const stops = current.length >= 2 ? current.map((stop) => ({ ...stop })) : [blankStop('pickup'), blankStop('drop')];
  const first = stops[0] as StopRow;
  const last = stops[stops.length - 1] as StopRow;
  Object.assign(first, {
    address: lane.pickupLocation ?? first.address,
    city: lane.pickupCity ?? first.city,
    state: lane.pickupState ?? first.state,
    ...(lane.pickupDate === undefined ? {} : { date: lane.pickupDate }),
    ...(lane.pickupNotes === undefined ? {} : { notes: lane.pickupNotes }),
  });
  Object.assign(last, {
    address: lane.deliveryLocation ?? last.address,
    city: lane.deliveryCity ?? last.city,
    state: lane.deliveryState ?? last.state,
    ...(lane.deliveryDate === undefined ? {} : { date: lane.deliveryDate }),
    ...(lane.deliveryNotes === undefined ? {} : { notes: lane.deliveryNotes }),
  });
  return stops;
}

/** A stop as its load_stops row: the one mapping of a stop's fields to the table's columns (writeStops, the CSV import). */
export function stopRowValues(companyId: string, loadId: string, position: number, stop: StopRow) {
  return {
    companyId,
    loadId,
    position,
    stopType: stop.type,
    facilityName: stop.facilityName,
    address: stop.address,
    city: stop.city,
    state: stop.state,
    zip: stop.zip,
    contactName: stop.contactName,
    contactPhone: stop.contactPhone,
    appointmentDate: stop.date,
    appointmentFrom: stop.fromTime,
    appointmentTo: stop.toTime,
    firstComeFirstServed: stop.firstComeFirstServed,
    poNumber: stop.poNumber,
    pickupNumber: stop.pickupNumber,
    notes: stop.notes,
  };
}

/** Replaces the load's stops with `stops`, in order (the tenant policy and the composite key keep them in the load's company). */
export async function writeStops(db: LoadsDb, scope: Scope, loadId: string, stops: readonly StopRow[]): Promise<void> {
  // Issue 31: each stop's point (its ZIP's centre, else its city's) for its geofence; a stop kept in
  // place (same position, city, state and ZIP) keeps its fence radius, arrival and departure.
  const points = await stopPoints(stops);
  const previous = await db
    .deleteFrom('loadStops')
    .where('loadStops.loadId', '=', loadId)
    .returning(['position', 'city', 'state', 'zip', 'geofenceRadiusMiles', 'arrivedAt', 'departedAt', 'autoStatusFrom'])
    .execute();
  const same = (a: string | null, b: string | null) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
  await db
    .insertInto('loadStops')
    .values(
      stops.map((stop, position) => {
        const kept = previous.find(
          (old) => old.position === position && same(old.city, stop.city) && same(old.state, stop.state) && same(old.zip, stop.zip),
        );
        const point = points[position] ?? null;
        return {
          ...stopRowValues(scope.companyId as string, loadId, position, stop),
          lat: point === null ? null : point.lat.toFixed(6),
          lng: point === null ? null : point.lng.toFixed(6),
          ...(kept
            ? {
                geofenceRadiusMiles: kept.geofenceRadiusMiles,
                arrivedAt: kept.arrivedAt,
                departedAt: kept.departedAt,
                autoStatusFrom: kept.autoStatusFrom,
              }
            : {}),
        };
      }),
    )
    .execute();
}

/** Replaces the load's accessorial charges with `charges`, in order. */
export async function writeAccessorials(db: LoadsDb, scope: Scope, loadId: string, charges: readonly LoadAccessorial[]): Promise<void> {
  await db.deleteFrom('loadAccessorials').where('loadAccessorials.loadId', '=', loadId).execute();
  if (charges.length === 0) return;
  await db
    .insertInto('loadAccessorials')
    .values(
      charges.map((charge, position) => ({
        companyId: scope.companyId as string,
        loadId,
        position,
        chargeType: charge.type,
        description: charge.description,
        amount: charge.amount,
      })),
    )
    .execute();
}

/** Charges as given by the form (an amount is required by the schema). */
export const chargesOf = (
  charges: readonly { type: LoadAccessorial['type']; description?: string | null | undefined; amount?: string | null | undefined }[],
) => charges.map((charge) => ({ type: charge.type, description: charge.description ?? null, amount: charge.amount ?? '0.00' }));

/**
 * The money of a write: the line haul (given, else the spec's `rate` given, else the load's own)
 * and the charges (given, else the load's own); the rate is their total (shared/src/rules/load-rate.ts).
 */
export function moneyOf(
  input: { lineHaul?: string | null | undefined; rate?: string | null | undefined },
  charges: readonly LoadAccessorial[],
  current: Pick<LoadDetail, 'lineHaul' | 'rate'> | null = null,
) {
  // A load written before it had a line haul (another path, an old row) has no charges: its rate is its line haul.
  const lineHaul =
    input.lineHaul !== undefined ? input.lineHaul : input.rate !== undefined ? input.rate : (current?.lineHaul ?? current?.rate ?? null);
  return { lineHaul, rate: totalRate(lineHaul, charges) };
}

/** The equipment of a write: a temperature only for a reefer. */
export function equipmentOf(input: { equipmentType?: LoadDetail['equipmentType'] | undefined; temperature?: string | null | undefined }) {
  if (input.equipmentType === undefined) return {};
  return { equipmentType: input.equipmentType, temperature: input.equipmentType === 'reefer' ? (input.temperature ?? null) : null };
}

/** The load's stops in order, as one JSON array read with the row (one statement for loads.get). */
export const STOPS_JSON = sql<LoadStop[]>`coalesce((select json_agg(json_build_object(
    'type', s.stop_type, 'facilityName', s.facility_name, 'address', s.address, 'city', s.city, 'state', s.state,
    'zip', s.zip, 'contactName', s.contact_name, 'contactPhone', s.contact_phone, 'date', s.appointment_date,
    'fromTime', to_char(s.appointment_from, 'HH24:MI'), 'toTime', to_char(s.appointment_to, 'HH24:MI'),
    'firstComeFirstServed', s.first_come_first_served, 'poNumber', s.po_number, 'pickupNumber', s.pickup_number,
    'notes', s.notes) order by s.position)
  from load_stops s where s.company_id = loads.company_id and s.load_id = loads.id), '[]'::json)`;

/** The load's accessorial charges in order, as one JSON array (amounts as exact decimal strings). */
export const ACCESSORIALS_JSON = sql<LoadAccessorial[]>`coalesce((select json_agg(json_build_object(
    'type', a.charge_type, 'description', a.description, 'amount', a.amount::text) order by a.position)
  from load_accessorials a where a.company_id = loads.company_id and a.load_id = loads.id), '[]'::json)`;

/** A load read before it had stops (or with one end missing): its two stops made from its pickup and delivery columns. */
export function withStops<Row extends LoadDetail>(row: Row): Row {
  if (row.stops.length >= 2) return row;
  return { ...row, stops: stopsFromLane(row) };
}
