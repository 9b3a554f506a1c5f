import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { quarterOf } from '../../../shared/src/schemas/ifta.js';
import { withCompany } from '../../../server/src/db/with-company.js';
import { haversineMiles } from '../../../server/src/domains/ifta/miles.js';
import { IFTA_ROLLUP_DELAY_SECONDS, IFTA_ROLLUP_TASK, runIftaRollup } from '../../../server/src/domains/ifta/rollup-tasks.js';
import { useTenants } from '../../support/tenants.js';
import { rebuildQuarterAndWait } from './rebuild-and-wait.js';
import { linkDriverAccount } from '../security/matrix/portal.js';

/**
 * IFTA roll-ups kept as positions arrive (issue 31, item 5): the driver portal's positions.report
 * queues one `ifta-rollup` job per driver (its batches share it); the job adds the new positions'
 * miles to the day rows, so ifta.report is current without a rebuild. Kansas City, Missouri to
 * Kansas along 39.06°N, where the line is State Line Road (94.6075°W).
 */
const tenants = useTenants();
const { as } = tenants;

const MINUTE = 60_000;
const LAT = 39.06;
const STATE_LINE = -94.6075;

/** A position every 30 s along 39.06°N from one longitude to another (at about 60 mph). */
function drive(fromLng: number, toLng: number, start: number) {
  const miles = haversineMiles(LAT, fromLng, LAT, toLng);
  const steps = Math.max(1, Math.round(miles * 2));
  return Array.from({ length: steps + 1 }, (_, k) => ({
    idempotencyKey: randomUUID(),
    recordedAt: new Date(start + k * 30_000).toISOString(),
    lat: LAT,
    lng: Number((fromLng + ((toLng - fromLng) * k) / steps).toFixed(6)),
    accuracy: 10,
  }));
}

type Fix = ReturnType<typeof drive>[number];

async function report(positions: Fix[]) {
  const driver = await as('driver');
  for (let i = 0; i < positions.length; i += 100) await driver.positions.report({ positions: positions.slice(i, i + 100) });
}

const jobOf = (driverId: string) =>
  sql<{ runAt: Date; payload: { companyId: string; driverId: string } }>`
    select run_at, payload from graphile_worker._private_jobs where key = ${`${IFTA_ROLLUP_TASK}:${driverId}`}`
    .execute(tenants.owner)
    .then((result) => result.rows);

/** The truck's miles per state in the report of the quarters the positions are in. */
async function milesOf(truckId: string, quarters: Set<string>): Promise<Record<string, number>> {
  const treasury = await as('treasury');
  const miles: Record<string, number> = {};
  for (const quarter of quarters) {
    const result = await treasury.ifta.report({ quarter });
    for (const j of result.trucks.find((row) => row.truckId === truckId)?.jurisdictions ?? [])
      miles[j.jurisdiction] = (miles[j.jurisdiction] ?? 0) + Number(j.miles);
  }
  return miles;
}

const within2Percent = (actual: number | undefined, truth: number) => {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - truth) / truth).toBeLessThanOrEqual(0.02);
};

describe('IFTA roll-ups kept as positions arrive', () => {
  it('counts reported positions per state through the queued job; a second batch adds on, a retry adds nothing', async () => {
    const company = tenants.companyA;
    const admin = company.users.admin;
    const driverId = await linkDriverAccount(tenants.services, company);
    const truck = await withCompany(tenants.services.db, admin, (tx) =>
      tx
        .insertInto('trucks')
        .values({ companyId: admin.companyId, unitNumber: `L${randomUUID().slice(0, 6)}` })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );

    // First, with no truck: a drive in Iowa (near Des Moines) counts for no one.
    const start = Date.now() - 6 * 60 * MINUTE;
    const untrucked = drive(-93.9, -93.4, start).map((fix) => ({ ...fix, lat: 41.6 }));
    await report(untrucked);
    const [queued] = await jobOf(driverId);
    expect(queued?.payload).toEqual({ companyId: company.companyId, driverId });
    const none = await runIftaRollup(tenants.services.db, queued?.payload);
    expect(none.read).toBe(untrucked.length);
    const iowa = await tenants.owner
      .selectFrom('iftaDaily')
      .select('truckId')
      .where('companyId', '=', company.companyId)
      .where('jurisdiction', '=', 'IA')
      .execute();
    expect(iowa).toEqual([]);

    // Then the truck, from an hour later: east of Kansas City, Missouri, across State Line Road, on into Kansas.
    const assignedAt = start + 60 * MINUTE;
    await withCompany(tenants.services.db, admin, (tx) =>
      tx
        .insertInto('truckAssignments')
        .values({ companyId: admin.companyId, truckId: truck.id, driverId, startsAt: new Date(assignedAt).toISOString(), endsAt: null })
        .execute(),
    );
    const missouri = drive(-93.5, -94.2, assignedAt + MINUTE);
    const rest = drive(-94.2, -95.7, assignedAt + (missouri.length + 1) * 30_000);
    const quarters = new Set([...missouri, ...rest].map((fix) => quarterOf(fix.recordedAt)));

    const before = Date.now();
    await report(missouri);
    const [first] = await jobOf(driverId);
    // One job for the driver, a short delay after the batch (the driver's later batches share it).
    expect(new Date(first?.runAt as Date).getTime()).toBeGreaterThanOrEqual(before + (IFTA_ROLLUP_DELAY_SECONDS - 5) * 1000);
    // The worker runs it (called here as the task does).
    await runIftaRollup(tenants.services.db, first?.payload);
    const partial = await milesOf(truck.id, quarters);
    within2Percent(partial.MO, haversineMiles(LAT, -93.5, LAT, -94.2));
    expect(partial.KS).toBeUndefined();
    expect(partial.IA).toBeUndefined();

    // The second batch (calls of at most 100 positions) shares one job, which adds on.
    await report(rest);
    const jobs = await jobOf(driverId);
    expect(jobs).toHaveLength(1);
    await runIftaRollup(tenants.services.db, jobs[0]?.payload);
    const full = await milesOf(truck.id, quarters);
    within2Percent(full.MO, haversineMiles(LAT, -93.5, LAT, STATE_LINE));
    within2Percent(full.KS, haversineMiles(LAT, STATE_LINE, LAT, -95.7));
    expect(Object.keys(full).sort()).toEqual(['KS', 'MO']);

    // A retried job (the worker died after the commit) counts nothing twice.
    const again = await runIftaRollup(tenants.services.db, jobs[0]?.payload);
    expect(again.counted).toBe(0);
    expect(await milesOf(truck.id, quarters)).toEqual(full);

    // A batch sent again stores nothing and queues nothing.
    await sql`select graphile_worker.remove_job(${`${IFTA_ROLLUP_TASK}:${driverId}`}::text)`.execute(tenants.owner);
    await report(rest.slice(0, 50));
    expect(await jobOf(driverId)).toEqual([]);

    // A rebuild finds the same figures, and the live path does not count them again afterwards.
    const adminCaller = await as('admin');
    for (const quarter of quarters) await rebuildQuarterAndWait(adminCaller, quarter);
    const rebuilt = await milesOf(truck.id, quarters);
    expect(Object.keys(rebuilt).sort()).toEqual(['KS', 'MO']);
    for (const state of ['KS', 'MO']) expect(Math.abs((rebuilt[state] ?? 0) - (full[state] ?? 0))).toBeLessThanOrEqual(1);
    expect((await runIftaRollup(tenants.services.db, jobs[0]?.payload)).counted).toBe(0);
  });
});
