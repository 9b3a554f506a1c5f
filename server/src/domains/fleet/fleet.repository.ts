import { sql, type Kysely } from 'kysely';
import { ACTIVE_LOAD_STATUSES } from '#shared/constants.js';
import { FLEET_MAX_DRIVERS, type FleetListInput, type FleetListOutput } from '#shared/schemas/fleet.js';
import type { Scope } from '../../db/scope.js';
import type { Database } from '../../db/schema.js';
import { containsPattern } from '../../db/sql.js';

type Db = Kysely<Database>;

/**
 * The fleet map's drivers: the scope's company (a master admin: every company), newest location
 * first, drivers who never shared one last (they count as Offline). Each with its current load
 * (the newest assigned, picked or in_transit one) and that load's broker name and phone.
 */
export async function listFleet(db: Db, scope: Scope, input: FleetListInput): Promise<FleetListOutput> {
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
      'drivers.firstName',
      'drivers.lastName',
      'drivers.phone',
      'drivers.status',
      'drivers.currentLocationLat',
      'drivers.currentLocationLng',
      sql<string | null>`to_json(drivers.last_location_update) #>> '{}'`.as('lastLocationUpdate'),
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
    .orderBy(sql`drivers.last_location_update desc nulls last`)
    .orderBy('drivers.id')
    .limit(FLEET_MAX_DRIVERS + 1);
  if (scope.readsCompanyId !== null) query = query.where('drivers.companyId', '=', scope.readsCompanyId);
  if (input.search) {
    const pattern = containsPattern(input.search.toLowerCase());
    query = query.where(sql<boolean>`lower(drivers.first_name || ' ' || drivers.last_name) like ${pattern}`);
  }
  const rows = await query.execute();
  const truncated = rows.length > FLEET_MAX_DRIVERS;
  return {
    truncated,
    drivers: rows.slice(0, FLEET_MAX_DRIVERS).map((row) => ({
      id: row.id,
      companyName: row.companyName,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      status: row.status,
      lat: row.currentLocationLat === null ? null : Number(row.currentLocationLat),
      lng: row.currentLocationLng === null ? null : Number(row.currentLocationLng),
      lastLocationUpdate: row.lastLocationUpdate,
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
    })),
  };
}
