import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DETENTION_CHECK_TASK, runDetentionCheck } from '../../../server/src/domains/geofences/detention-tasks.js';
import { useTenants } from '../../support/tenants.js';
import { linkDriverAccount } from '../security/matrix/portal.js';
import { DALLAS, loadWithStops } from './fixtures.js';

/**
 * Detention notices: an arrival queues two checks (30 minutes before the free time ends, and when
 * it ends); each notifies the load's dispatcher (the admins without one) only while the truck is
 * still at the stop on the same arrival.
 */
const tenants = useTenants();
const { as } = tenants;

const MINUTE = 60_000;
const fix = (at: number, point: { lat: number; lng: number }) => ({
  idempotencyKey: randomUUID(),
  recordedAt: new Date(at).toISOString(),
  lat: Number(point.lat.toFixed(6)),
  lng: Number(point.lng.toFixed(6)),
  accuracy: 10,
});

const jobsOf = (stopId: string) =>
  sql<{ key: string; runAt: Date; payload: { kind: string; arrivedAt: string } }>`
    select key, run_at, payload from graphile_worker._private_jobs where key like ${`${DETENTION_CHECK_TASK}:${stopId}:%`} order by run_at`
    .execute(tenants.owner)
    .then((result) => result.rows);
const noticesOf = (userId: string, loadId: string) =>
  tenants.owner
    .selectFrom('notifications')
    .select(['kind', 'title', 'body'])
    .where('userId', '=', userId)
    .where('entityId', '=', loadId)
    .execute();

describe('detention notices', () => {
  it('are queued at the arrival for the broker’s free time, and tell the dispatcher while the truck is still there', async () => {
    const company = tenants.companyA;
    const driverId = await linkDriverAccount(tenants.services, company);
    const { loadId, pickupId } = await loadWithStops(tenants.services.db, company.users.sales, {
      driverId,
      status: 'assigned',
      brokerRate: '60.00',
      brokerFreeHours: '1.00',
    });
    const dispatcherId = company.users.dispatcher.userId;
    await tenants.owner.updateTable('loads').set({ dispatcherId }).where('id', '=', loadId).execute();
    const start = Date.now() - 10 * MINUTE;
    const driver = await as('driver');
    await driver.positions.report({ positions: [fix(start, DALLAS), fix(start + MINUTE, DALLAS), fix(start + 3 * MINUTE, DALLAS)] });

    const jobs = await jobsOf(pickupId);
    expect(jobs.map((job) => job.payload.kind)).toEqual(['detention_warning', 'detention_started']);
    // One free hour from the arrival: the warning 30 minutes before, the start at the hour.
    expect(new Date(jobs[0]?.runAt as Date).getTime()).toBe(start + 30 * MINUTE);
    expect(new Date(jobs[1]?.runAt as Date).getTime()).toBe(start + 60 * MINUTE);

    // The worker runs them (called here as the task does): the dispatcher hears both.
    for (const job of jobs)
      await runDetentionCheck(tenants.services.db, { companyId: company.companyId, stopId: pickupId, ...job.payload });
    const notices = await noticesOf(dispatcherId, loadId);
    expect(notices.map((notice) => notice.kind).sort()).toEqual(['detention_started', 'detention_warning']);
    expect(notices.find((notice) => notice.kind === 'detention_started')).toMatchObject({
      title: 'Detention started',
      body: expect.stringContaining('at Dallas, TX'),
    });
  });

  it('say nothing once the truck has left, and go to the admins when the load has no dispatcher', async () => {
    const company = tenants.companyA;
    const arrivedAt = new Date(Date.now() - 3 * 60 * MINUTE).toISOString();
    const left = await loadWithStops(tenants.services.db, company.users.sales, {
      pickup: { arrivedAt, departedAt: new Date(Date.now() - 2 * 60 * MINUTE).toISOString() },
    });
    await runDetentionCheck(tenants.services.db, {
      companyId: company.companyId,
      stopId: left.pickupId,
      arrivedAt,
      kind: 'detention_started',
    });
    expect(await noticesOf(company.users.admin.userId, left.loadId)).toEqual([]);

    const waiting = await loadWithStops(tenants.services.db, company.users.sales, { pickup: { arrivedAt } });
    await runDetentionCheck(tenants.services.db, {
      companyId: company.companyId,
      stopId: waiting.pickupId,
      arrivedAt,
      kind: 'detention_started',
    });
    expect(await noticesOf(company.users.admin.userId, waiting.loadId)).toMatchObject([{ kind: 'detention_started' }]);
    expect(await noticesOf(company.users.dispatcher.userId, waiting.loadId)).toEqual([]);
  });
});
