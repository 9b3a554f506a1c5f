import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../../server/src/seed/demo-data.js';
import { DEMO_LOAD_PREFIX } from '../../../server/src/seed/demo-operation.js';
import { useTenants } from '../../support/tenants.js';
import { loadWithStops } from './fixtures.js';

/** geofences.*: arbitrary input never answers INTERNAL_SERVER_ERROR; the demo has arrivals and running detention. */
const tenants = useTenants();
const { as } = tenants;

describe('geofences with arbitrary input', () => {
  it('never answers INTERNAL_SERVER_ERROR (fast-check)', async () => {
    const admin = await as('admin');
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const made = await loadWithStops(tenants.services.db, tenants.companyA.users.sales, {
      brokerRate: '75.00',
      pickup: { arrivedAt: hoursAgo(5), departedAt: hoursAgo(1) },
    });
    const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', '1e3', '-1', '0.001', '99999999999', '\u0000', 'NaN'));
    const anyValue = fc.oneof(anyText, fc.integer(), fc.double(), fc.constant(null), fc.constant(undefined), fc.boolean());
    const anyId = fc.oneof(fc.constantFrom(made.loadId, made.pickupId, made.deliveryId, made.brokerId), fc.uuid(), anyText);
    await fc.assert(
      fc.asyncProperty(anyId, anyValue, anyValue, anyValue, async (id, a, b, c) => {
        const calls = [
          () => admin.geofences.stopVisits({ loadId: id } as never),
          () => admin.geofences.undoVisit({ stopId: id, what: a } as never),
          () => admin.geofences.addDetention({ stopId: id } as never),
          () => admin.geofences.setStopRadius({ stopId: id, radiusMiles: a } as never),
          () => admin.geofences.brokerTerms({ brokerId: id } as never),
          () => admin.geofences.setBrokerTerms({ brokerId: id, detentionFreeHours: a, detentionRate: b } as never),
          () =>
            admin.geofences.updateSettings({
              radiusMiles: a,
              arrivalDwellMinutes: b,
              departureDwellMinutes: c,
              autoStatus: a,
              detentionFreeHours: c,
            } as never),
        ];
        for (const call of calls) {
          try {
            await call();
          } catch (error) {
            expect(error).toBeInstanceOf(TRPCError);
            expect((error as TRPCError).code).not.toBe('INTERNAL_SERVER_ERROR');
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});

describe('the demo', () => {
  it('has stops with points, arrivals and departures on loads under way, and one stop with detention running', async () => {
    await seedDemo(tenants.services.db, { onlyIfEmpty: false });
    const owner = tenants.owner;
    const visited = await owner
      .selectFrom('loadStops')
      .innerJoin('loads', 'loads.id', 'loadStops.loadId')
      .select(['loadStops.arrivedAt', 'loadStops.departedAt', 'loadStops.lat'])
      .where('loads.loadNumber', 'like', `${DEMO_LOAD_PREFIX}%`)
      .where('loadStops.arrivedAt', 'is not', null)
      .execute();
    expect(visited.filter((stop) => stop.departedAt !== null).length).toBeGreaterThan(0);
    expect(visited.filter((stop) => stop.departedAt === null)).toHaveLength(1);
    expect(visited.every((stop) => stop.lat !== null)).toBe(true);
    const rated = await owner.selectFrom('brokers').select('id').where('detentionRate', 'is not', null).execute();
    expect(rated.length).toBeGreaterThan(0);
  }, 180_000);
});
