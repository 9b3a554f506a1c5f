import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The positions table is partitioned by day (migration 2026-11-25T1900_positions_partitioned).
 * Once an hour a job makes the partitions of the coming days and drops those wholly older than
 * POSITIONS_RETENTION_DAYS. The job runs as the app role, which owns no table: both steps go
 * through the owner's two narrow security-definer functions (the only things they can do is make
 * a day's partition between 8 days back and 31 ahead, and drop whole days older than the
 * retention, never fewer than 8 days), allow-listed in the database gate test.
 */
export const POSITION_PARTITIONS_TASK = 'rotate-position-partitions';
/** Days of partitions kept ready ahead of today (a server down this long still finds its partitions). */
export const POSITION_PARTITIONS_AHEAD_DAYS = 14;
/** Hourly; after a stop, a missed run within the last day runs at start (graphile-worker's backfill). */
export const POSITION_PARTITIONS_CRONTAB = `23 * * * * ${POSITION_PARTITIONS_TASK} ?fill=1d`;

export interface PartitionRotation {
  made: number;
  dropped: string[];
}

export async function rotatePositionPartitions(db: Kysely<Database>, retentionDays: number): Promise<PartitionRotation> {
  const { rows: prepared } = await sql<{ made: number }>`
    select app_positions_prepare_partitions(${POSITION_PARTITIONS_AHEAD_DAYS}::int) as made`.execute(db);
  const { rows: dropped } = await sql<{ dropped: string[] }>`
    select app_positions_drop_partitions(${retentionDays}::int) as dropped`.execute(db);
  return { made: prepared[0]?.made ?? 0, dropped: dropped[0]?.dropped ?? [] };
}

/** The job's task, for the worker's task list. */
export function positionPartitionTasks(db: Kysely<Database>, retentionDays: number) {
  return {
    [POSITION_PARTITIONS_TASK]: async () => {
      await rotatePositionPartitions(db, retentionDays);
    },
  };
}
