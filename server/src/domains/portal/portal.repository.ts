import { sql, type Kysely } from 'kysely';
import type { CarrierPortalOutput, DriverPortalLoad, DriverPortalOutput, PortalLoad } from '#shared/schemas/portal.js';
import type { Scope } from '../../db/scope.js';
import type { Database } from '../../db/schema.js';
import { isoTimestampOrNull } from '../../db/sql.js';
import { loadGazetteer } from '../../services/geo/gazetteer.js';
import { placeOf } from '../geo/describe-places.js';
import { STOPS_JSON, stopsFromLane } from '../loads/load-stops.js';
import { settledPayThisYear } from '../settlements/portal-statements.js';
import { findOwnCarrier, findOwnDriver } from './own-driver.js';

type Db = Kysely<Database>;

/** The loads a portal shows, newest first: at most this many. */
export const PORTAL_LOADS_MAX = 100;

/** The driver portal counts active loads as pending, assigned or in_transit (the spec's reading for this screen). */
const PORTAL_ACTIVE_STATUSES = ['pending', 'assigned', 'in_transit'] as const;

function portalLoads(db: Db, companyId: string) {
  return db
    .selectFrom('loads')
    .select([
      'loads.id',
      'loads.loadNumber',
      'loads.pickupCity',
      'loads.pickupState',
      'loads.deliveryCity',
      'loads.deliveryState',
      'loads.pickupDate',
      'loads.deliveryDate',
      'loads.status',
      'loads.rate',
      'loads.distance',
      'loads.driverName',
    ])
    .where('loads.companyId', '=', companyId)
    .orderBy('loads.createdAt', 'desc')
    .orderBy('loads.id', 'desc')
    .limit(PORTAL_LOADS_MAX);
}

const toNumber = (value: string | null) => (value === null ? null : Number(value));

/**
 * The driver's own loads with what a driver drives by (issue 27, item 1): the stops' addresses,
 * notes and dates, the reference number, the broker and its phone (a broker deleted since: its
 * name as the load kept it, no phone). Each end is located from its city and state by the offline
 * gazetteer (loaded only when there is a load to place), for the lane's map.
 */
async function driverLoads(db: Db, companyId: string, driverId: string): Promise<DriverPortalLoad[]> {
  const rows = await portalLoads(db, companyId)
    .leftJoin('brokers', (join) => join.onRef('brokers.companyId', '=', 'loads.companyId').onRef('brokers.id', '=', 'loads.brokerId'))
    .select([
      'loads.referenceNumber',
      'loads.pickupLocation',
      'loads.pickupNotes',
      'loads.deliveryLocation',
      'loads.deliveryNotes',
      'loads.commodity',
      'loads.weight',
      sql<string | null>`coalesce(nullif(brokers.company_name, ''), brokers.name, loads.broker_name)`.as('brokerName'),
      'brokers.phone as brokerPhone',
      isoTimestampOrNull('loads.statusUpdatedAt').as('statusUpdatedAt'),
      // When a dispatcher last sent the load confirmation (loadPaperwork.sendConfirmation); null: never.
      sql<string | null>`(select to_json(max(c.sent_at)) #>> '{}' from load_confirmations c
        where c.company_id = loads.company_id and c.load_id = loads.id)`.as('confirmationSentAt'),
      STOPS_JSON.as('stops'),
    ])
    .where('loads.driverId', '=', driverId)
    .execute();
  if (rows.length === 0) return [];
  const gazetteer = await loadGazetteer();
  return rows.map((row) => ({
    ...(row as Omit<DriverPortalLoad, 'pickupPoint' | 'deliveryPoint'>),
    pickupPoint: gazetteer.locate(row.pickupCity, row.pickupState),
    deliveryPoint: gazetteer.locate(row.deliveryCity, row.deliveryState),
    // A load written before it had stops: its two ends from the lane's columns.
    stops: row.stops.length >= 2 ? row.stops : stopsFromLane(row),
  }));
}

/** The driver portal: the user's own driver record (its position named by the gazetteer), its company and dispatcher, the four figures and its loads. */
export async function readDriverPortal(db: Db, scope: Scope): Promise<DriverPortalOutput> {
  const company = await db.selectFrom('companies').select('name').where('id', '=', scope.companyId).executeTakeFirst();
  const own = await findOwnDriver(db, scope);
  const empty: DriverPortalOutput = {
    driver: null,
    companyName: company?.name ?? '',
    dispatcher: null,
    stats: { earnings: '0.00', settledPay: '0.00', pendingPayments: 0, pendingPaymentsAmount: '0.00', activeLoads: 0, milesThisMonth: 0 },
    loads: [],
  };
  if (!own) return empty;
  const driver = await db
    .selectFrom('drivers')
    .select([
      'id',
      'firstName',
      'lastName',
      'phone',
      'status',
      'gpsConsent',
      'currentLocationLat',
      'currentLocationLng',
      sql<string | null>`to_json(last_location_update) #>> '{}'`.as('lastLocationUpdate'),
    ])
    .where('companyId', '=', scope.companyId)
    .where('id', '=', own.id)
    .executeTakeFirstOrThrow();
  const dispatcher = own.dispatcherId
    ? await db
        .selectFrom('profiles')
        .select(['firstName', 'lastName', 'phone'])
        .where('companyId', '=', scope.companyId)
        .where('userId', '=', own.dispatcherId)
        .executeTakeFirst()
    : undefined;
  // The spec's figures, summed in SQL: earnings are the rate of delivered loads; pending payments
  // the delivered loads with no paid invoice; miles this month the distance of loads delivered this month.
  const stats = await db
    .selectFrom('loads')
    .select([
      sql<string>`coalesce(sum(rate) filter (where status = 'delivered'), 0)::numeric(12, 2)::text`.as('earnings'),
      sql<string>`count(*) filter (where status = 'delivered' and not exists (
        select 1 from invoices i where i.company_id = loads.company_id and i.load_id = loads.id and i.status = 'paid'))`.as('pending'),
      sql<string>`coalesce(sum(rate) filter (where status = 'delivered' and not exists (
        select 1 from invoices i where i.company_id = loads.company_id and i.load_id = loads.id and i.status = 'paid')), 0)::numeric(12, 2)::text`.as(
        'pendingAmount',
      ),
      sql<string>`count(*) filter (where status in (${sql.join(PORTAL_ACTIVE_STATUSES.map((status) => sql.lit(status)))}))`.as('active'),
      sql<string>`coalesce(sum(distance) filter (where status = 'delivered'
        and coalesce(status_updated_at, updated_at) >= date_trunc('month', now())), 0)::text`.as('miles'),
    ])
    .where('companyId', '=', scope.companyId)
    .where('driverId', '=', own.id)
    .executeTakeFirstOrThrow();
  const loads = await driverLoads(db, scope.companyId, own.id);
  const lat = toNumber(driver.currentLocationLat);
  const lng = toNumber(driver.currentLocationLng);
  return {
    driver: {
      id: driver.id,
      firstName: driver.firstName,
      lastName: driver.lastName,
      phone: driver.phone,
      status: driver.status,
      gpsConsent: driver.gpsConsent,
      lat,
      lng,
      place: await placeOf(lat !== null && lng !== null ? { lat, lng } : null),
      lastLocationUpdate: driver.lastLocationUpdate,
    },
    companyName: empty.companyName,
    dispatcher: dispatcher ?? null,
    stats: {
      earnings: stats.earnings,
      settledPay: await settledPayThisYear(db, scope.companyId, own.id),
      pendingPayments: Number(stats.pending),
      pendingPaymentsAmount: stats.pendingAmount,
      activeLoads: Number(stats.active),
      milesThisMonth: Number(stats.miles),
    },
    loads,
  };
}

/**
 * The carrier portal: the carrier whose user the account is (carrier_users), its drivers and their
 * loads (or the carrier's). A driver, even one whose record has a carrier, gets none of it.
 */
export async function readCarrierPortal(db: Db, scope: Scope): Promise<CarrierPortalOutput> {
  const carrierId = await findOwnCarrier(db, scope);
  if (!carrierId) return { carrier: null, drivers: [], loads: [] };
  const carrier = await db
    .selectFrom('carriers')
    .select(['id', 'name', 'mcNumber', 'dotNumber', 'email', 'phone', 'contractSigned'])
    .where('companyId', '=', scope.companyId)
    .where('id', '=', carrierId)
    .executeTakeFirst();
  if (!carrier) return { carrier: null, drivers: [], loads: [] };
  const drivers = await db
    .selectFrom('drivers')
    .select([
      'id',
      'firstName',
      'lastName',
      'phone',
      'status',
      sql<string | null>`to_json(last_location_update) #>> '{}'`.as('lastLocationUpdate'),
    ])
    .where('companyId', '=', scope.companyId)
    .where('carrierId', '=', carrier.id)
    .orderBy('firstName')
    .orderBy('lastName')
    .limit(500)
    .execute();
  const driverIds = drivers.map((driver) => driver.id);
  const loads = await portalLoads(db, scope.companyId)
    .where((eb) =>
      eb.or([eb('loads.carrierId', '=', carrier.id), ...(driverIds.length > 0 ? [eb('loads.driverId', 'in', driverIds)] : [])]),
    )
    .execute();
  return { carrier, drivers, loads: loads as PortalLoad[] };
}
