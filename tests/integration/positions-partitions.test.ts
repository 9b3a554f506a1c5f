import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addJob } from '../../server/src/services/jobs/job-queue.js';
import {
  POSITION_PARTITIONS_AHEAD_DAYS,
  POSITION_PARTITIONS_TASK,
  rotatePositionPartitions,
} from '../../server/src/services/jobs/position-partitions.js';
import { useTenants } from '../support/tenants.js';
import { linkDriverAccount } from './security/matrix/portal.js';

/**
 * Issue 14, "Ingest that scales": positions partitioned by UTC day, partitions made ahead and
 * dropped after the retention by the hourly job (as the app role, through the owner's two
 * security-definer functions), rows carried over by the migration.
 */
const tenants = useTenants();

const DAY_MS = 86_400_000;
/** The UTC day `offset` days from today, as the partitions name it. */
const dayName = (offset: number) => `positions_${new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '')}`;
const dayStart = (offset: number) => `${new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10)}T12:00:00Z`;

async function partitions(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname::text as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'public.positions'::regclass order by 1`.execute(tenants.owner);
  return rows.map((row) => row.name);
}

/** As the owner (the test's superuser): a day's partition and a position in it, older than a report may be. */
async function oldPosition(driverId: string, offset: number): Promise<void> {
  await sql`select positions_partition_create(${dayStart(offset)}::date)`.execute(tenants.owner);
  await tenants.owner
    .insertInto('positions')
    .values({
      companyId: tenants.companyA.companyId,
      driverId,
      idempotencyKey: randomUUID(),
      recordedAt: dayStart(offset),
      lat: '30',
      lng: '-90',
    })
    .execute();
}

describe('positions partitioned by day', () => {
  it('is a partitioned table whose partitions cover 8 days back to the days ahead, out of the app role’s reach', async () => {
    const { rows } = await sql<{
      kind: string;
    }>`select relkind::text as kind from pg_class where oid = 'public.positions'::regclass`.execute(tenants.owner);
    expect(rows[0]?.kind).toBe('p');
    const names = await partitions();
    for (let offset = -8; offset <= POSITION_PARTITIONS_AHEAD_DAYS; offset += 1) expect(names).toContain(dayName(offset));
    // The app role reaches rows only through the parent (its policies and grants), never a partition.
    await expect(sql`select count(*) from positions_partitions.${sql.raw(dayName(0))}`.execute(tenants.services.db)).rejects.toThrow(
      /permission denied/,
    );
    await expect(sql`select positions_partition_create(current_date + 40)`.execute(tenants.services.db)).rejects.toThrow(
      /permission denied/,
    );
  });

  it('routes a report into its day’s partition, and a retry (same key, same time) is stored once', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await tenants.as('driver');
    const position = { idempotencyKey: randomUUID(), recordedAt: new Date(Date.now() - 6 * DAY_MS).toISOString(), lat: 35, lng: -95 };
    expect(await driver.positions.report({ positions: [position] })).toMatchObject({ stored: 1, duplicates: 0 });
    expect(await driver.positions.report({ positions: [position, position] })).toMatchObject({ stored: 0, duplicates: 1 });
    const { rows } = await sql<{ partition: string }>`
      select tableoid::regclass::text as partition from positions where driver_id = ${driverId}`.execute(tenants.owner);
    expect(rows).toEqual([{ partition: `positions_partitions.${dayName(-6)}` }]);
  });

  it('drops whole days older than the retention and keeps the rest; a second run changes nothing', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    for (const offset of [-100, -91, -90, -89]) await oldPosition(driverId, offset);
    const rotation = await rotatePositionPartitions(tenants.services.db, 90);
    expect(rotation.dropped.sort()).toEqual([dayName(-100), dayName(-91)].sort());
    const names = await partitions();
    expect(names).not.toContain(dayName(-100));
    expect(names).toContain(dayName(-90));
    expect(names).toContain(dayName(-89));
    const kept = await tenants.owner.selectFrom('positions').select('recordedAt').where('driverId', '=', driverId).execute();
    expect(kept).toHaveLength(2);
    expect(await rotatePositionPartitions(tenants.services.db, 90)).toEqual({ made: 0, dropped: [] });
  });

  it('never drops the days a report may still write to, whatever retention it is asked for', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    await oldPosition(driverId, -9);
    const rotation = await rotatePositionPartitions(tenants.services.db, 0);
    // Earlier tests' old days go too; the last 8 days stay.
    expect(rotation.dropped).toContain(dayName(-9));
    expect(rotation.dropped).not.toContain(dayName(-8));
    const names = await partitions();
    for (let offset = -8; offset <= 0; offset += 1) expect(names).toContain(dayName(offset));
  });

  it('runs as the job queue’s task: a queued rotation drops an expired partition', async () => {
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    await oldPosition(driverId, -200);
    expect(await partitions()).toContain(dayName(-200));
    await addJob(tenants.services.db, POSITION_PARTITIONS_TASK, {}, { jobKey: `rotate-${randomUUID()}`, maxAttempts: 1 });
    const deadline = Date.now() + 15_000;
    while ((await partitions()).includes(dayName(-200)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await partitions()).not.toContain(dayName(-200));
  });
});

describe('the migration', () => {
  it('carries the rows of the unpartitioned table over, and its down migration brings them back', async () => {
    const migration = await import('../../migrations/2026-11-25T1900_positions_partitioned.js');
    const driverId = await linkDriverAccount(tenants.services, tenants.companyA);
    const driver = await tenants.as('driver');
    const reported = [3, 2, 1].map((daysAgo) => ({
      idempotencyKey: randomUUID(),
      recordedAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
      lat: 40 + daysAgo,
      lng: -100,
    }));
    await driver.positions.report({ positions: reported });
    // As the owner inside company A's scope: the table the down migration makes again has its tenant policies but not
    // the owner's own (migrations/2026-11-28T1200_owner_rows.ts), and the suite's owner is not a superuser.
    const count = async () =>
      tenants.owner.transaction().execute(async (tx) => {
        await sql`select set_config('app.company_id', ${tenants.companyA.companyId}, true)`.execute(tx);
        const row = await tx
          .selectFrom('positions')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('driverId', '=', driverId)
          .executeTakeFirst();
        return Number(row?.n);
      });
    await migration.down(tenants.owner);
    const { rows: unpartitioned } = await sql<{ kind: string }>`
      select relkind::text as kind from pg_class where oid = 'public.positions'::regclass`.execute(tenants.owner);
    expect(unpartitioned[0]?.kind).toBe('r');
    expect(await count()).toBe(3);
    // The up migration as the owner in the driver's own scope: the tables it reads and makes have the policies of
    // their day, not the owner's (migrations/2026-11-28T1200_owner_rows.ts and T1400 came later), and the suite's
    // owner is not a superuser.
    await tenants.owner.transaction().execute(async (tx) => {
      await sql`select set_config('app.company_id', ${tenants.companyA.companyId}, true),
        set_config('app.user_id', ${tenants.companyA.users.driver.userId}, true)`.execute(tx);
      await migration.up(tx);
    });
    expect(await count()).toBe(3);
    // Policies, grants and idempotency as before: the same batch again stores nothing.
    expect(await driver.positions.report({ positions: reported })).toMatchObject({ stored: 0, duplicates: 3 });
    expect(await partitions()).toContain(dayName(-3));
  });
});
