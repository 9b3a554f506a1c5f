import { sql, type Kysely } from 'kysely';
import { UNVERIFIED_ACCOUNT_LIFETIME_DAYS } from '#shared/schemas/verification.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/**
 * An account nobody has proven the address of belongs to no one yet: whoever typed the address
 * may not own it. So it never stands in the way of the address's owner. A new sign-up for the
 * address replaces it, an invitation accepted from the address's mailbox replaces it, and it is
 * deleted once it is UNVERIFIED_ACCOUNT_LIFETIME_DAYS old.
 */

/**
 * Deletes an unverified account with its sessions (their sockets close), links and codes, and the
 * company its sign-up made, through the database's app_discard_unverified_account (migration
 * 2026-11-28T1300). False, and nothing deleted, for an account verified meanwhile or one whose
 * company has another member or any record.
 */
export async function discardUnverifiedAccount(db: Db, userId: string): Promise<boolean> {
  const { rows } = await sql<{ discarded: boolean }>`select app_discard_unverified_account(${userId}::uuid) as discarded`.execute(db);
  return rows[0]?.discarded ?? false;
}

/** Whether an account's unproven address has outlived its days (it is treated as gone before the sweep deletes it). */
export function isExpiredUnverified(account: { emailVerifiedAt: Date | null; createdAt: Date }, now = Date.now()): boolean {
  return account.emailVerifiedAt === null && now - new Date(account.createdAt).getTime() >= UNVERIFIED_ACCOUNT_LIFETIME_DAYS * 86_400_000;
}

/** At most this many accounts per sweep (the job runs hourly: a backlog clears over a few runs). */
const SWEEP_BATCH = 500;

/**
 * The hourly job: unverified accounts older than UNVERIFIED_ACCOUNT_LIFETIME_DAYS go, each in
 * its own transaction (the handle is the pool). Answers how many were deleted.
 */
export async function sweepUnverifiedAccounts(db: Db): Promise<number> {
  const expired = await db
    .selectFrom('users')
    .select('id')
    .where('emailVerifiedAt', 'is', null)
    .where('createdAt', '<', sql<Date>`now() - make_interval(days => ${UNVERIFIED_ACCOUNT_LIFETIME_DAYS})`)
    .orderBy('createdAt')
    .limit(SWEEP_BATCH)
    .execute();
  let deleted = 0;
  for (const account of expired) if (await discardUnverifiedAccount(db, account.id)) deleted += 1;
  return deleted;
}

/** The job queue's hourly sweep (server/src/create-services.ts). */
export const UNVERIFIED_ACCOUNTS_CRONTAB = '23 * * * * sweep-unverified-accounts';

export const unverifiedAccountTasks = (db: Db) => ({
  'sweep-unverified-accounts': async () => void (await sweepUnverifiedAccounts(db)),
});
