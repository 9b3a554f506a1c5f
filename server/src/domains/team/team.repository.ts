import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import { MEMBER_STATUS, type AdminStats, type TeamMember } from '#shared/schemas/team.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/**
 * The team: the company's profiles joined with their roles (the spec's "profiles joined with
 * user_roles"). Users without a role are drivers, managed on the Drivers page, not here.
 */
function membersOf(db: Db, companyId: string) {
  return db
    .selectFrom('profiles')
    .innerJoin('user_roles', (join) =>
      join.onRef('user_roles.user_id', '=', 'profiles.user_id').onRef('user_roles.company_id', '=', 'profiles.company_id'),
    )
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .where('profiles.company_id', '=', companyId);
}

export async function listMembers(db: Db, companyId: string, currentUserId: string): Promise<TeamMember[]> {
  const rows = await membersOf(db, companyId)
    .select(['profiles.user_id', 'profiles.first_name', 'profiles.last_name', 'profiles.created_at', 'users.email', 'user_roles.role'])
    .orderBy('profiles.first_name')
    .orderBy('profiles.last_name')
    .orderBy('profiles.user_id')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    joinedAt: row.created_at.toISOString(),
    status: MEMBER_STATUS,
    isCurrentUser: row.user_id === currentUserId,
  }));
}

/** Whether someone with this address is already on the company's team. */
export async function isMemberEmail(db: Db, companyId: string, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('profiles')
    .innerJoin('users', 'users.id', 'profiles.user_id')
    .select('profiles.user_id')
    .where('profiles.company_id', '=', companyId)
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
    .selectFrom('user_roles')
    .select(['user_id', 'role'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('role', '=', 'admin'), eb('user_id', '=', userId)]))
    .orderBy('user_id')
    .forUpdate()
    .execute();
  return {
    adminIds: rows.filter((row) => row.role === 'admin').map((row) => row.user_id),
    memberRole: rows.find((row) => row.user_id === userId)?.role ?? null,
  };
}

export async function setRole(db: Db, companyId: string, userId: string, role: StaffRole): Promise<void> {
  await db.updateTable('user_roles').set({ role }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

/**
 * Takes the member off the company: their role and profile go, their account stays (it keeps
 * its name on loads they created, and it can be invited again, here or elsewhere).
 */
export async function removeMembership(db: Db, companyId: string, userId: string): Promise<void> {
  await db.deleteFrom('user_roles').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
  await db.deleteFrom('profiles').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

/**
 * Signs the user out everywhere, at once: their sessions rows go, and the sessions trigger
 * tells every app instance (on commit) to close that session's sockets.
 */
export async function endSessions(db: Db, userId: string): Promise<number> {
  const deleted = await db.deleteFrom('sessions').where('user_id', '=', userId).returning('id').execute();
  return deleted.length;
}

/** The admin dashboard's counters, counted and summed in SQL. */
export async function adminStats(db: Db, companyId: string): Promise<AdminStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('loads').select(eb.fn.countAll<number>().as('count')).where('loads.company_id', '=', companyId).as('total_loads'),
      eb
        .selectFrom('loads')
        .select(sql<string>`coalesce(sum(loads.rate), 0)::numeric(14, 2)::text`.as('revenue'))
        .where('loads.company_id', '=', companyId)
        .as('total_revenue'),
      eb
        .selectFrom('drivers')
        .select(eb.fn.countAll<number>().as('count'))
        .where('drivers.company_id', '=', companyId)
        .where('drivers.status', 'in', ['available', 'on_route'])
        .as('active_drivers'),
      eb
        .selectFrom('profiles')
        .innerJoin('user_roles', (join) =>
          join.onRef('user_roles.user_id', '=', 'profiles.user_id').onRef('user_roles.company_id', '=', 'profiles.company_id'),
        )
        .select(eb.fn.countAll<number>().as('count'))
        .where('profiles.company_id', '=', companyId)
        .as('team_members'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalLoads: Number(row.total_loads ?? 0),
    activeDrivers: Number(row.active_drivers ?? 0),
    teamMembers: Number(row.team_members ?? 0),
    totalRevenue: row.total_revenue ?? '0.00',
  };
}
