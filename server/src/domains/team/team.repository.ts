import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import { ACTIVE_DRIVER_STATUSES } from '#shared/rules/figures.js';
import { MEMBER_STATUS, TEAM_TEXTS, type AdminStats, type TeamMember } from '#shared/schemas/team.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { revenueSum } from '../analytics/revenue.js';

type Db = Kysely<Database>;

/** A company keeps at least one admin: demoting or removing the last one is refused. */
export const lastAdmin = () => new AppError('PRECONDITION_FAILED', TEAM_TEXTS.lastAdmin);

/**
 * The team: the company's profiles joined with their roles (the spec's "profiles joined with
 * user_roles"). Users without a role are drivers, managed on the Drivers page, not here.
 */
function membersOf(db: Db, companyId: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('userRoles', (join) =>
      join.onRef('userRoles.userId', '=', 'profiles.userId').onRef('userRoles.companyId', '=', 'profiles.companyId'),
    )
    .innerJoin('users', 'users.id', 'profiles.userId')
    .where('profiles.companyId', '=', companyId);
}

/** A page of the team, newest member first (by when they joined). */
export async function listMembers(db: Db, companyId: string, currentUserId: string, page: PageRequest): Promise<Page<TeamMember>> {
  const { items, nextCursor } = await keysetPage(
    membersOf(db, companyId).select([
      'profiles.userId',
      'profiles.firstName',
      'profiles.lastName',
      'profiles.createdAt',
      'users.email',
      'userRoles.role',
    ]),
    { sortedBy: 'profiles.createdAt', id: 'profiles.userId' },
    page,
  );
  return {
    items: items.map((row) => ({
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      role: row.role,
      joinedAt: row.createdAt.toISOString(),
      status: MEMBER_STATUS,
      isCurrentUser: row.userId === currentUserId,
    })),
    nextCursor,
  };
}

/** Whether someone with this address is already on the company's team. */
export async function isMemberEmail(db: Db, companyId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.userId')
    .select('profiles.userId')
    .where('profiles.companyId', '=', companyId)
    .where('users.email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The company's admins, with their role rows locked until the transaction ends, and the
 * member's own role (locked too), or null when they are not on this company's team. Two
 * admins demoting each other at once are serialised here, so one of them is always left.
 */
export async function lockRoles(db: Db, companyId: string, userId: string): Promise<{ adminIds: string[]; memberRole: StaffRole | null }> {
  const rows = await db
    .selectFrom('userRoles')
    .select(['userId', 'role'])
    .where('companyId', '=', companyId)
    .where((eb) => eb.or([eb('role', '=', 'admin'), eb('userId', '=', userId)]))
    .orderBy('userId')
    .forUpdate()
    .execute();
  return {
    adminIds: rows.filter((row) => row.role === 'admin').map((row) => row.userId),
    memberRole: rows.find((row) => row.userId === userId)?.role ?? null,
  };
}

/**
 * Whether the user has an account in the company without a staff role (lockRoles found none): a
 * driver's account (linked to a driver record), a carrier user's (carrier_users), or one whose
 * record is gone. Admins remove these as they remove members.
 */
export async function isAccountWithoutRole(db: Db, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .select('userId')
    .where('companyId', '=', companyId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setRole(db: Db, companyId: string, userId: string, role: StaffRole): Promise<void> {
  await db.updateTable('userRoles').set({ role }).where('companyId', '=', companyId).where('userId', '=', userId).execute();
}

/**
 * Takes the member off the company: their role and profile go, their account stays (it keeps
 * its name on loads they created, and it can be invited again, here or elsewhere).
 */
export async function removeMembership(db: Db, companyId: string, userId: string): Promise<void> {
  // Their driver record stays the company's, but no longer theirs: a removed member sees none of it; nor their carrier.
  await db.updateTable('drivers').set({ userId: null }).where('companyId', '=', companyId).where('userId', '=', userId).execute();
  await db.deleteFrom('carrierUsers').where('companyId', '=', companyId).where('userId', '=', userId).execute();
  await db.deleteFrom('userRoles').where('companyId', '=', companyId).where('userId', '=', userId).execute();
  await db.deleteFrom('profiles').where('companyId', '=', companyId).where('userId', '=', userId).execute();
}

/**
 * Signs the user out everywhere, at once: their sessions rows go, and the sessions trigger
 * tells every app instance (on commit) to close that session's sockets.
 */
export async function endSessions(db: Db, userId: string): Promise<number> {
  // The app role sees only its own user's sessions: a member's end through the database's
  // owner-rights function, which ends them only for a member of this transaction's company.
  const { rows } = await sql<{ ended: number }>`select app_end_member_sessions(${userId}::uuid) as ended`.execute(db);
  return Number(rows[0]?.ended ?? 0);
}

/** The admin dashboard's counters, counted and summed in SQL. */
export async function adminStats(db: Db, companyId: string): Promise<AdminStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('loads').select(eb.fn.countAll<number>().as('count')).where('loads.companyId', '=', companyId).as('totalLoads'),
      eb.selectFrom('loads').select(revenueSum().as('revenue')).where('loads.companyId', '=', companyId).as('totalRevenue'),
      eb
        .selectFrom('drivers')
        .select(eb.fn.countAll<number>().as('count'))
        .where('drivers.companyId', '=', companyId)
        .where('drivers.status', 'in', ACTIVE_DRIVER_STATUSES)
        .as('activeDrivers'),
      eb
        .selectFrom('profiles')
        .innerJoin('userRoles', (join) =>
          join.onRef('userRoles.userId', '=', 'profiles.userId').onRef('userRoles.companyId', '=', 'profiles.companyId'),
        )
        .select(eb.fn.countAll<number>().as('count'))
        .where('profiles.companyId', '=', companyId)
        .as('teamMembers'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalLoads: Number(row.totalLoads ?? 0),
    activeDrivers: Number(row.activeDrivers ?? 0),
    teamMembers: Number(row.teamMembers ?? 0),
    totalRevenue: row.totalRevenue ?? '0.00',
  };
}
