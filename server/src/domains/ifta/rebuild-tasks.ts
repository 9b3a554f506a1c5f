import type { Task } from 'graphile-worker';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { quarterRange, type IftaRebuild } from '#shared/schemas/ifta.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from '../../db/scope.js';
import { withCompany } from '../../db/with-company.js';
import { addJob } from '../../services/jobs/job-queue.js';
import { rollUpTruckDays } from './rollup.js';

type Db = Kysely<Database>;

/**
 * A quarter's IFTA rebuild from the tracks (issue 31, item 5; docs/ifta.md), as a job: a quarter
 * of a fleet's positions is minutes of work, more than a call or one transaction should hold.
 * ifta.rebuildQuarter writes an ifta_rebuilds row and queues this job in its transaction; the job
 * recomputes one truck per transaction, two trucks at a time (rebuildTrucks; rollUpTruckDays
 * replaces the truck's days, so a retry after a crash starts over without counting twice) and
 * writes its progress after each, which the screen polls (ifta.rebuildStatus). On the last failed
 * attempt the row says "failed" with the reason.
 */
export const REBUILD_TASK = 'ifta-rebuild';
const MAX_ATTEMPTS = 3;

const payloadSchema = z.object({ companyId: z.uuid(), rebuildId: z.uuid() });

const rebuildColumns = [
  'id',
  'quarter',
  'status',
  'trucksTotal',
  'trucksDone',
  sql<number>`positions::float8`.as('positions'),
  'days',
  'error',
  'createdAt',
  'finishedAt',
] as const;

type RebuildRow = Omit<IftaRebuild, 'createdAt' | 'finishedAt'> & { createdAt: Date; finishedAt: Date | null };
const wire = (row: RebuildRow): IftaRebuild => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

/** The quarter's latest rebuild, or null. */
export async function latestRebuild(db: Db, scope: Pick<Scope, 'companyId'>, quarter: string): Promise<IftaRebuild | null> {
  const row = await db
    .selectFrom('iftaRebuilds')
    .select(rebuildColumns)
    .where('companyId', '=', scope.companyId)
    .where('quarter', '=', quarter)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? wire(row) : null;
}

/**
 * Queues a rebuild of the quarter in the caller's transaction, or answers the one already queued
 * or running (asking twice starts nothing twice). Earlier finished rebuilds of the quarter are
 * dropped: the table keeps the latest only.
 */
export async function queueRebuild(db: Db, scope: Pick<Scope, 'companyId' | 'userId'>, quarter: string): Promise<IftaRebuild> {
  const inserted = await db
    .insertInto('iftaRebuilds')
    .values({ companyId: scope.companyId, quarter, requestedBy: scope.userId })
    .onConflict((conflict) => conflict.columns(['companyId', 'quarter']).where('status', 'in', ['queued', 'running']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    await db
      .deleteFrom('iftaRebuilds')
      .where('companyId', '=', scope.companyId)
      .where('quarter', '=', quarter)
      .where('status', 'in', ['done', 'failed'])
      .execute();
    await addJob(
      db,
      REBUILD_TASK,
      { companyId: scope.companyId, rebuildId: inserted.id },
      { jobKey: `${REBUILD_TASK}:${inserted.id}`, maxAttempts: MAX_ATTEMPTS },
    );
  }
  return (await latestRebuild(db, scope, quarter)) as IftaRebuild;
}

async function runRebuild(db: Db, payload: z.infer<typeof payloadSchema>, lastAttempt: boolean): Promise<void> {
  const tenant = { companyId: payload.companyId, userId: null };
  const started = await withCompany(db, tenant, async (tx) => {
    const trucks = await tx.selectFrom('trucks').select('id').where('companyId', '=', payload.companyId).orderBy('id').execute();
    const row = await tx
      .updateTable('iftaRebuilds')
      .set({ status: 'running', trucksTotal: trucks.length, trucksDone: 0, positions: '0', days: 0, error: null })
      .where('companyId', '=', payload.companyId)
      .where('id', '=', payload.rebuildId)
      .where('status', 'in', ['queued', 'running'])
      .returning('quarter')
      .executeTakeFirst();
    return row ? { quarter: row.quarter, trucks: trucks.map((truck) => truck.id) } : null;
  });
  if (!started) return; // Already finished (a duplicate run) or gone with its company.
  const { from, to } = quarterRange(started.quarter);
  try {
    await rebuildTrucks(db, tenant, started.trucks, from, to, async (tx, result) => {
      await tx
        .updateTable('iftaRebuilds')
        .set((eb) => ({
          trucksDone: eb('trucksDone', '+', 1),
          positions: sql`positions + ${result.positions}`,
          days: eb('days', '+', result.days),
        }))
        .where('companyId', '=', payload.companyId)
        .where('id', '=', payload.rebuildId)
        .execute();
    });
    await finish(db, payload, { status: 'done', error: null });
  } catch (error) {
    if (lastAttempt)
      await finish(db, payload, { status: 'failed', error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
    throw error;
  }
}

/** Trucks rebuilt side by side, each on its own connection (the pool's; the machine's 2 cores). */
export const REBUILD_CONCURRENCY = 2;

/**
 * Rebuilds the trucks' days from..to (rollUpTruckDays), one truck per tenant transaction,
 * REBUILD_CONCURRENCY at a time: a truck's work is independent of the others' (rollup.ts,
 * lockCompanyRollups), and PostgreSQL reading one truck's positions overlaps Node counting
 * another's. `done` runs in the truck's transaction after its rows are written. The first failure
 * stops the trucks not started yet and is thrown once the running ones end.
 */
export async function rebuildTrucks(
  db: Db,
  scope: Pick<Scope, 'companyId'>,
  truckIds: readonly string[],
  from: string,
  to: string,
  done: (tx: Db, result: { positions: number; days: number }) => Promise<void> = async () => {},
): Promise<void> {
  let next = 0;
  let failed = false;
  const tenant = { companyId: scope.companyId, userId: null };
  const worker = async (): Promise<void> => {
    while (!failed && next < truckIds.length) {
      const truckId = truckIds[next++] as string;
      try {
        await withCompany(db, tenant, async (tx) => {
          const result = await rollUpTruckDays(tx, tenant, truckId, from, to);
          await done(tx, result);
        });
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const results = await Promise.allSettled(Array.from({ length: Math.min(REBUILD_CONCURRENCY, truckIds.length) }, worker));
  const rejected = results.find((result) => result.status === 'rejected');
  if (rejected) throw rejected.reason;
}

async function finish(db: Db, payload: z.infer<typeof payloadSchema>, end: { status: 'done' | 'failed'; error: string | null }) {
  await withCompany(db, { companyId: payload.companyId, userId: null }, (tx) =>
    tx
      .updateTable('iftaRebuilds')
      .set({ ...end, finishedAt: new Date() })
      .where('companyId', '=', payload.companyId)
      .where('id', '=', payload.rebuildId)
      .execute(),
  );
}

/** The jobs to register with the worker (server/src/create-services.ts). */
export function iftaRebuildTasks(db: Db): Record<string, Task> {
  return {
    [REBUILD_TASK]: async (payload, helpers) => {
      await runRebuild(db, payloadSchema.parse(payload), helpers.job.attempts >= helpers.job.max_attempts);
    },
  };
}
