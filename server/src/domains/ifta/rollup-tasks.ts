import type { Task } from 'graphile-worker';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { quarterOf, quarterRange } from '#shared/schemas/ifta.js';
import { POSITION_MAX_AGE_DAYS } from '#shared/schemas/positions.js';
import type { Database } from '../../db/schema.js';
import { withCompany } from '../../db/with-company.js';
import type { TrackPoint } from './miles.js';
import { rollUpNewPositions } from './rollup.js';

type Db = Kysely<Database>;

/**
 * IFTA roll-ups kept as positions arrive (issue 31, item 5; docs/ifta.md, "Roll-ups").
 *
 * The ingest statement (storeOwnPositions) queues one `ifta-rollup` job per driver, keyed
 * `ifta-rollup:<driverId>`, run IFTA_ROLLUP_DELAY_SECONDS after the first batch that stored a
 * position (job_key_mode 'preserve_run_at': the driver's later batches share that job). The job,
 * in a tenant transaction as the app role, reads the driver's positions after its cursor
 * (ifta_driver_cursor) in time order, at most IFTA_ROLLUP_BATCH, and adds them to the day rows
 * (rollUpNewPositions); the cursor moves in the same transaction as the upsert, so a retried job
 * counts nothing twice. When the bound was hit it queues itself again at once.
 *
 * A driver with no cursor (never rolled up, live or by a rebuild) starts at the start of the
 * quarter that holds the oldest position the ingest still accepts (now − POSITION_MAX_AGE_DAYS):
 * the current quarter, or the previous one during a quarter's first days. A rebuild moves the
 * cursors of the drivers whose positions it counted (rollUpTruckDays), so the live path never
 * counts them again.
 */
export const IFTA_ROLLUP_TASK = 'ifta-rollup';
/** A driver's batches within this delay of the first one share one job. */
export const IFTA_ROLLUP_DELAY_SECONDS = 30;
/** Positions read per run; a driver with more is continued by a job queued at once. */
export const IFTA_ROLLUP_BATCH = 20_000;
const MAX_ATTEMPTS = 10;

const payloadSchema = z.object({ companyId: z.uuid(), driverId: z.uuid() });

/** Where a driver with no cursor starts (see above). */
export function firstRolledUpInstant(now: Date): Date {
  const oldestAccepted = new Date(now.getTime() - POSITION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  return new Date(`${quarterRange(quarterOf(oldestAccepted)).from}T00:00:00Z`);
}

/**
 * The SQL the ingest statement runs for a driver row `me` (the CTE `stored` holds the batch's
 * newly stored positions): one add_job, only when the batch stored at least one position.
 */
export const queueIftaRollupSql = sql`
  select (graphile_worker.add_job(
    identifier => ${IFTA_ROLLUP_TASK}::text,
    payload => json_build_object('companyId', me.company_id, 'driverId', me.id),
    run_at => now() + ${`${IFTA_ROLLUP_DELAY_SECONDS} seconds`}::interval,
    max_attempts => ${MAX_ATTEMPTS}::int,
    job_key => ${`${IFTA_ROLLUP_TASK}:`}::text || me.id::text,
    job_key_mode => 'preserve_run_at')).id as job_id
  from me
  where exists (select 1 from stored)`;

/** Runs one roll-up of a driver's new positions. Returns how many positions it read and counted. */
export async function runIftaRollup(db: Db, raw: unknown): Promise<{ read: number; counted: number; continued: boolean }> {
  const { companyId, driverId } = payloadSchema.parse(raw);
  return withCompany(db, { companyId, userId: null }, async (tx) => {
    // One run per driver at a time (a continuation and a new job could otherwise overlap); the
    // ingest never takes this lock.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${IFTA_ROLLUP_TASK}:${driverId}`}::text, 0))`.execute(tx);
    const cursor = await tx
      .selectFrom('iftaDriverCursor')
      .select('recordedAt')
      .where('companyId', '=', companyId)
      .where('driverId', '=', driverId)
      .executeTakeFirst();
    const after = cursor ? sql`p.recorded_at > ${cursor.recordedAt}` : sql`p.recorded_at >= ${firstRolledUpInstant(new Date())}`;
    const { rows } = await sql<{ ms: number; lat: number; lng: number }>`
      select extract(epoch from p.recorded_at)::float8 * 1000 as ms, p.lat::float8 as lat, p.lng::float8 as lng
      from positions p
      where p.company_id = ${companyId}::uuid and p.driver_id = ${driverId}::uuid and ${after}
      order by p.recorded_at
      limit ${IFTA_ROLLUP_BATCH}`.execute(tx);
    const points: TrackPoint[] = rows.map((row) => ({ recordedAt: new Date(row.ms), lat: row.lat, lng: row.lng }));
    const { counted } = await rollUpNewPositions(tx, { companyId }, driverId, points);
    const continued = rows.length === IFTA_ROLLUP_BATCH;
    if (continued) {
      // Positions sharing the bound's last instant after it are skipped (the cursor is exclusive).
      await sql`select graphile_worker.add_job(
                  identifier => ${IFTA_ROLLUP_TASK}::text,
                  payload => json_build_object('companyId', ${companyId}::text, 'driverId', ${driverId}::text),
                  max_attempts => ${MAX_ATTEMPTS}::int,
                  job_key => ${`${IFTA_ROLLUP_TASK}:${driverId}`}::text,
                  job_key_mode => 'replace')`.execute(tx);
    }
    return { read: rows.length, counted, continued };
  });
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function iftaRollupTasks(db: Db): Record<string, Task> {
  return {
    [IFTA_ROLLUP_TASK]: async (payload) => {
      await runIftaRollup(db, payload);
    },
  };
}
