import { sql, type Kysely } from 'kysely';
import { ACTIVE_LOAD_STATUSES } from '#shared/constants.js';
import {
  FLEET_MAX_DRIVERS,
  type FleetChangedOutput,
  type FleetDriver,
  type FleetDriverDetail,
  type FleetListInput,
  type FleetListOutput,
} from '#shared/schemas/fleet.js';
import type { Scope } from '../../db/scope.js';
import type { Database } from '../../db/schema.js';
import { containsPattern } from '../../db/sql.js';

type Db = Kysely<Database>;

/** What fleet.list and fleet.changed select of a driver: only what the map, its counts and its list show. */
function fleetDrivers(db: Db, scope: Scope) {
  let query = db
    .selectFrom('drivers')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('loads')
          .select(['loads.id as loadId', 'loads.loadNumber', 'loads.status as loadStatus'])
          .whereRef('loads.companyId', '=', 'drivers.companyId')
          .whereRef('loads.driverId', '=', 'drivers.id')
          .where('loads.status', 'in', ACTIVE_LOAD_STATUSES)
          .orderBy('loads.createdAt', 'desc')
          .limit(1)
          .as('current'),
      (join) => join.onTrue(),
    )
    .select([
      'drivers.id',
      'drivers.firstName',
      'drivers.lastName',
      'drivers.phone',
      'drivers.status',
      'drivers.currentLocationLat',
      'drivers.currentLocationLng',
      sql<string | null>`to_json(drivers.last_location_update) #>> '{}'`.as('lastLocationUpdate'),
      'current.loadId',
      'current.loadNumber',
      'current.loadStatus',
    ]);
  if (scope.readsCompanyId !== null) query = query.where('drivers.companyId', '=', scope.readsCompanyId);
  return query;
}

/** The search of the fleet map: first and last name. */
const nameMatches = (search: string) =>
  sql<boolean>`lower(drivers.first_name || ' ' || drivers.last_name) like ${containsPattern(search.toLowerCase())}`;

type FleetRow = Awaited<ReturnType<ReturnType<typeof fleetDrivers>['execute']>>[number];

const toFleetDriver = (row: FleetRow): FleetDriver => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  status: row.status,
  lat: row.currentLocationLat === null ? null : Number(row.currentLocationLat),
  lng: row.currentLocationLng === null ? null : Number(row.currentLocationLng),
  lastLocationUpdate: row.lastLocationUpdate,
  currentLoad:
    row.loadId && row.loadNumber && row.loadStatus ? { id: row.loadId, loadNumber: row.loadNumber, status: row.loadStatus } : null,
});

/**
 * The fleet map's drivers: the scope's company (a master admin: every company), newest location
 * first, drivers who never shared one last (they count as Offline). Each with its current load
 * (the newest assigned, picked or in_transit one): its id, number and status.
 */
export async function listFleet(db: Db, scope: Scope, input: FleetListInput): Promise<FleetListOutput> {
  let query = fleetDrivers(db, scope)
    .orderBy(sql`drivers.last_location_update desc nulls last`)
    .orderBy('drivers.id')
    .limit(FLEET_MAX_DRIVERS + 1);
  if (input.search) query = query.where(nameMatches(input.search));
  const rows = await query.execute();
  return { truncated: rows.length > FLEET_MAX_DRIVERS, drivers: rows.slice(0, FLEET_MAX_DRIVERS).map(toFleetDriver) };
}

/**
 * fleet.changed: the drivers named, and the current drivers of the loads named, as fleet.list
 * would answer them now (one statement, by primary key: a few dozen rows, whatever the fleet's
 * size). The named drivers it does not answer (deleted, another company's, no longer matching
 * the search) are `removed`.
 */
export async function changedFleet(
  db: Db,
  scope: Scope,
  input: { driverIds: readonly string[]; loadIds: readonly string[]; search?: string | undefined },
): Promise<FleetChangedOutput> {
  if (input.driverIds.length === 0 && input.loadIds.length === 0) return { drivers: [], removed: [] };
  // One id list (the drivers named, and the drivers of the loads named, found first by the loads'
  // key): drivers are then reached by their primary key. (An OR of the two conditions made the
  // planner scan the company's drivers.)
  const named = sql<string>`any(${[...input.driverIds]}::uuid[] || array(
    select loads.driver_id from loads where loads.id = any(${[...input.loadIds]}::uuid[]) and loads.driver_id is not null))`;
  let query = fleetDrivers(db, scope).where('drivers.id', '=', named);
  if (input.search) query = query.where(nameMatches(input.search));
  const drivers = (await query.execute()).map(toFleetDriver);
  const answered = new Set(drivers.map((driver) => driver.id));
  return { drivers, removed: [...new Set(input.driverIds)].filter((id) => !answered.has(id)) };
}

/** fleet.driver: the selected driver's company and current load with its lane and broker; null when the scope does not reach them. */
export async function fleetDriverDetail(db: Db, scope: Scope, id: string): Promise<FleetDriverDetail | null> {
  let query = db
    .selectFrom('drivers')
    .innerJoin('companies', 'companies.id', 'drivers.companyId')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('loads')
          .leftJoin('brokers', (join) => join.onRef('brokers.id', '=', 'loads.brokerId').onRef('brokers.companyId', '=', 'loads.companyId'))
          .select([
            'loads.id as loadId',
            'loads.loadNumber',
            'loads.pickupCity',
            'loads.pickupState',
            'loads.deliveryCity',
            'loads.deliveryState',
            'loads.status as loadStatus',
            'loads.brokerName',
            'brokers.phone as brokerPhone',
          ])
          .whereRef('loads.companyId', '=', 'drivers.companyId')
          .whereRef('loads.driverId', '=', 'drivers.id')
          .where('loads.status', 'in', ACTIVE_LOAD_STATUSES)
          .orderBy('loads.createdAt', 'desc')
          .limit(1)
          .as('current'),
      (join) => join.onTrue(),
    )
    .select([
      'drivers.id',
      'companies.name as companyName',
      'current.loadId',
      'current.loadNumber',
      'current.pickupCity',
      'current.pickupState',
      'current.deliveryCity',
      'current.deliveryState',
      'current.loadStatus',
      'current.brokerName',
      'current.brokerPhone',
    ])
    .where('drivers.id', '=', id);
  if (scope.readsCompanyId !== null) query = query.where('drivers.companyId', '=', scope.readsCompanyId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    companyName: row.companyName,
    currentLoad:
      row.loadId && row.loadNumber && row.loadStatus
        ? {
            id: row.loadId,
            loadNumber: row.loadNumber,
            pickupCity: row.pickupCity ?? '',
            pickupState: row.pickupState ?? '',
            deliveryCity: row.deliveryCity ?? '',
            deliveryState: row.deliveryState ?? '',
            status: row.loadStatus,
            brokerName: row.brokerName ?? null,
            brokerPhone: row.brokerPhone ?? null,
          }
        : null,
  };
}
