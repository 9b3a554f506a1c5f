import { withCompany } from '../../../server/src/db/with-company.js';
import { createBroker, createLoad } from '../../support/factories.js';
import type { Sample } from '../security/authorization-matrix.js';

type Db = Sample['services']['db'];
type Author = { companyId: string; userId: string };

/** Dallas, TX and Atlanta, GA: the factories' lane. */
export const DALLAS = { lat: 32.7767, lng: -96.797 };
export const ATLANTA = { lat: 33.749, lng: -84.388 };

/**
 * A load of the author's (their sales load, as the factory makes it) with a broker and two stops
 * with points: the pickup at Dallas and the delivery at Atlanta, optionally arrived and departed.
 */
export async function loadWithStops(
  db: Db,
  by: Author,
  options: {
    driverId?: string;
    status?: 'pending' | 'assigned' | 'picked' | 'in_transit';
    brokerRate?: string | null;
    brokerFreeHours?: string | null;
    pickup?: { arrivedAt?: string; departedAt?: string };
  } = {},
): Promise<{ loadId: string; pickupId: string; deliveryId: string; brokerId: string }> {
  const brokerId = await createBroker(db, by);
  const loadId = await createLoad(db, by, { status: options.status ?? 'pending', driverId: options.driverId ?? null });
  return withCompany(db, by, async (tx) => {
    await tx
      .updateTable('brokers')
      .set({ detentionRate: options.brokerRate ?? null, detentionFreeHours: options.brokerFreeHours ?? null })
      .where('id', '=', brokerId)
      .execute();
    await tx.updateTable('loads').set({ brokerId, lineHaul: '2450.00' }).where('id', '=', loadId).execute();
    const rows = await tx
      .insertInto('loadStops')
      .values([
        {
          companyId: by.companyId,
          loadId,
          position: 0,
          stopType: 'pickup',
          address: '1200 Industrial Pkwy',
          city: 'Dallas',
          state: 'TX',
          lat: DALLAS.lat,
          lng: DALLAS.lng,
          arrivedAt: options.pickup?.arrivedAt ?? null,
          departedAt: options.pickup?.departedAt ?? null,
        },
        {
          companyId: by.companyId,
          loadId,
          position: 1,
          stopType: 'drop',
          address: '88 Harbor Rd',
          city: 'Atlanta',
          state: 'GA',
          lat: ATLANTA.lat,
          lng: ATLANTA.lng,
        },
      ])
      .returning(['id', 'position'])
      .execute();
    const id = (position: number) => rows.find((row) => row.position === position)?.id as string;
    return { loadId, pickupId: id(0), deliveryId: id(1), brokerId };
  });
}
