import { sql } from 'kysely';
import { hashSessionId } from '../../services/lucia.js';
import type { Db } from '../../db/database.js';
import { withCompany } from '../../db/with-company.js';
import type { RealtimeBus } from '../../services/realtime/bus.js';
import type { AppServices } from '../../services/services.js';
import { LiveHub, type LiveHubOptions } from './live-hub.js';

/** How many of a driver's or carrier's rows the live feed remembers, to tell them when one stops being theirs. */
const REMEMBERED_ROWS = 2_000;

/**
 * The few reads the live feed needs (server/src/domains/realtime/live-hub.ts), each one query on a
 * pool connection of its own: the feed runs outside any call, so it holds no other connection.
 * Tenant rows are read under row-level security as the subscriber (withCompany).
 */
/** A portal group's owner: the driver record a driver hears through, or the carrier a carrier user does. */
export interface PortalOwner {
  kind: 'driver' | 'carrier';
  id: string;
}

export interface LiveLookups {
  /**
   * What the account hears of as a portal account (issue 24, item 3): a carrier user their carrier
   * (carrier_users), a driver their own driver record (drivers.user_id, the newest), even when that
   * record has a carrier; null for anyone else.
   */
  portalOf(companyId: string, userId: string): Promise<PortalOwner | null>;
  /** The loads assigned to the driver (the newest first, at most REMEMBERED_ROWS). */
  driverLoads(companyId: string, userId: string, driverId: string): Promise<string[]>;
  /**
   * The drivers of the carrier and its loads (the carrier's own or one of its drivers'), among
   * `ids` when given (the rows a batch names), or all of them (at most REMEMBERED_ROWS each).
   */
  carrierRows(
    companyId: string,
    userId: string,
    carrierId: string,
    ids: string[] | null,
  ): Promise<{ drivers: Set<string>; loads: Set<string> }>;
  /** Which of these sessions (cookie values) are still valid: one query for all of them. */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
}

export function createLiveLookups(db: Db): LiveLookups {
  return {
    async portalOf(companyId, userId) {
      return withCompany(db, { companyId, userId }, async (tx): Promise<PortalOwner | null> => {
        const carrier = await tx
          .selectFrom('carrierUsers')
          .select('carrierId')
          .where('companyId', '=', companyId)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (carrier) return { kind: 'carrier', id: carrier.carrierId };
        const driver = await tx
          .selectFrom('drivers')
          .select('id')
          .where('companyId', '=', companyId)
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        return driver ? { kind: 'driver', id: driver.id } : null;
      });
    },
    async driverLoads(companyId, userId, driverId) {
      const rows = await withCompany(db, { companyId, userId }, (tx) =>
        tx
          .selectFrom('loads')
          .select('id')
          .where('companyId', '=', companyId)
          .where('driverId', '=', driverId)
          .orderBy('createdAt', 'desc')
          .limit(REMEMBERED_ROWS)
          .execute(),
      );
      return rows.map((row) => row.id);
    },
    async carrierRows(companyId, userId, carrierId, ids) {
      return withCompany(db, { companyId, userId }, async (tx) => {
        let drivers = tx
          .selectFrom('drivers')
          .select('id')
          .where('companyId', '=', companyId)
          .where('carrierId', '=', carrierId)
          .orderBy('createdAt', 'desc')
          .limit(REMEMBERED_ROWS);
        if (ids) drivers = drivers.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
        let loads = tx
          .selectFrom('loads')
          .select('id')
          .where('companyId', '=', companyId)
          .where((eb) =>
            eb.or([
              eb('carrierId', '=', carrierId),
              eb(
                'driverId',
                'in',
                eb
                  .selectFrom('drivers')
                  .select('drivers.id')
                  .where('drivers.companyId', '=', companyId)
                  .where('drivers.carrierId', '=', carrierId),
              ),
            ]),
          )
          .orderBy('createdAt', 'desc')
          .limit(REMEMBERED_ROWS);
        if (ids) loads = loads.where('id', 'in', ids.length > 0 ? ids : ['00000000-0000-0000-0000-000000000000']);
        const [driverRows, loadRows] = [await drivers.execute(), await loads.execute()];
        return { drivers: new Set(driverRows.map((row) => row.id)), loads: new Set(loadRows.map((row) => row.id)) };
      });
    },
    async liveSessions(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      const byHash = new Map(sessionIds.map((id) => [hashSessionId(id), id]));
      // app_session_lookup is the app role's one way to a session (an owner-rights function, one session by its stored id).
      const { rows } = await sql<{ id: string }>`
        select h as id from unnest(${[...byHash.keys()]}::text[]) as h
        where exists (select 1 from app_session_lookup(h) s where s.expires_at > now() and s.absolute_expires_at > now())`.execute(db);
      return new Set(rows.map((row) => byHash.get(row.id) ?? ''));
    },
  };
}

const hubs = new WeakMap<RealtimeBus, LiveHub>();

/**
 * The instance's one live feed (server/src/domains/realtime/live-hub.ts), made on first use; one
 * per bus, so two instances in one process keep two. `options` count only when it is made (tests).
 */
export function liveHubOf(services: Pick<AppServices, 'bus' | 'db' | 'log'>, options: Partial<LiveHubOptions> = {}): LiveHub {
  let hub = hubs.get(services.bus);
  if (!hub) {
    hub = new LiveHub(services.bus, createLiveLookups(services.db), { log: (message) => services.log.warn(message), ...options });
    hubs.set(services.bus, hub);
  }
  return hub;
}
