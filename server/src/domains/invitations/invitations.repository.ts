import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import { INVITATION_LIFETIME_DAYS, INVITATION_RESEND_COOLDOWN_SECONDS, type PendingInvitation } from '#shared/schemas/team.js';
import type { Database } from '../../db/schema.js';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The invitations table (migrations/2026-11-21T1300_team.ts). */
// A type alias, not an interface: Kysely's withTables wants an indexable record.
export type InvitationsTable = {
  id: Generated<string>;
  company_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: StaffRole;
  /** SHA-256 of the mailed token, hex: the token itself is never stored. */
  token_hash: string;
  invited_by: string | null;
  created_at: DefaultedTimestamp;
  expires_at: DefaultedTimestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_sent_at: DefaultedTimestamp;
};

export type InvitationTables = { invitations: InvitationsTable };

type Db = Kysely<Database>;

/** The same connection (and transaction), typed with the invitations table as well. */
const withInvitations = (db: Db) => db.withTables<InvitationTables>();

const expiresIn = () => sql<Date>`now() + make_interval(days => ${INVITATION_LIFETIME_DAYS})`;

/** Not yet accepted and not revoked: the admin's Pending Invitations (expired ones included, to resend). */
function openInvitations(db: Db, companyId: string) {
  return withInvitations(db)
    .selectFrom('invitations as invitation')
    .leftJoin('profiles as inviter', 'inviter.user_id', 'invitation.invited_by')
    .select([
      'invitation.id',
      'invitation.email',
      'invitation.first_name',
      'invitation.last_name',
      'invitation.role',
      'invitation.created_at',
      'invitation.last_sent_at',
      'invitation.expires_at',
      sql<boolean>`invitation.expires_at <= now()`.as('is_expired'),
      sql<string | null>`nullif(trim(inviter.first_name || ' ' || inviter.last_name), '')`.as('inviter_name'),
    ])
    .where('invitation.company_id', '=', companyId)
    .where('invitation.accepted_at', 'is', null)
    .where('invitation.revoked_at', 'is', null);
}

type OpenRow = Awaited<ReturnType<ReturnType<typeof openInvitations>['executeTakeFirstOrThrow']>>;

function toPendingInvitation(row: OpenRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    invitedByName: row.inviter_name,
    createdAt: row.created_at.toISOString(),
    lastSentAt: row.last_sent_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    isExpired: row.is_expired,
  };
}

/** The newest pending invitations of the company; a team has far fewer. */
export const PENDING_LIST_LIMIT = 200;

export async function listPendingInvitations(db: Db, companyId: string): Promise<PendingInvitation[]> {
  const rows = await openInvitations(db, companyId)
    .orderBy('invitation.created_at', 'desc')
    .orderBy('invitation.id', 'desc')
    .limit(PENDING_LIST_LIMIT)
    .execute();
  return rows.map(toPendingInvitation);
}

export async function findPendingInvitation(db: Db, companyId: string, id: string): Promise<PendingInvitation | null> {
  const row = await openInvitations(db, companyId).where('invitation.id', '=', id).executeTakeFirst();
  return row ? toPendingInvitation(row) : null;
}

/** The open invitation to this address, expired or not. */
export async function findOpenInvitationTo(db: Db, companyId: string, email: string): Promise<PendingInvitation | null> {
  const row = await openInvitations(db, companyId).where('invitation.email', '=', email).executeTakeFirst();
  return row ? toPendingInvitation(row) : null;
}

/** An expired invitation is closed when the same address is invited again, so the new one can take its place. */
export async function closeExpiredInvitationTo(db: Db, companyId: string, email: string): Promise<void> {
  await withInvitations(db)
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export async function insertInvitation(
  db: Db,
  values: { companyId: string; email: string; firstName: string; lastName: string; role: StaffRole; tokenHash: string; invitedBy: string },
): Promise<string> {
  const row = await withInvitations(db)
    .insertInto('invitations')
    .values({
      company_id: values.companyId,
      email: values.email,
      first_name: values.firstName,
      last_name: values.lastName,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: expiresIn(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new token and a new expiry for a pending invitation, at most once per cooldown, in one
 * statement (two admins clicking Resend at once send one email). The old link stops working.
 * Returns false when no pending invitation of the company has this id, or it was sent too recently.
 */
export async function renewInvitation(db: Db, companyId: string, id: string, tokenHash: string): Promise<boolean> {
  const row = await withInvitations(db)
    .updateTable('invitations')
    .set({ token_hash: tokenHash, expires_at: expiresIn(), last_sent_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('last_sent_at', '<=', sql<Date>`now() - make_interval(secs => ${INVITATION_RESEND_COOLDOWN_SECONDS})`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Seconds until a pending invitation may be sent again (0 when it may be now). */
export async function secondsUntilResend(db: Db, companyId: string, id: string): Promise<number> {
  const row = await withInvitations(db)
    .selectFrom('invitations')
    .select(
      sql<number>`ceil(extract(epoch from (last_sent_at + make_interval(secs => ${INVITATION_RESEND_COOLDOWN_SECONDS}) - now())))::int`.as(
        'seconds',
      ),
    )
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Math.max(0, row?.seconds ?? 0);
}

export async function revokeInvitation(db: Db, companyId: string, id: string): Promise<boolean> {
  const row = await withInvitations(db)
    .updateTable('invitations')
    .set({ revoked_at: sql<Date>`now()` })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export interface UsableInvitation {
  id: string;
  companyId: string;
  companyName: string;
  /** A suspended company takes no new members. */
  isCompanySuspended: boolean;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  expiresAt: Date;
}

/**
 * The invitation this token opens, if it can still be used: not accepted, not revoked, not
 * expired. Run inside withInvitationToken: row-level security shows no other invitation.
 */
export async function findUsableInvitation(db: Db, tokenHash: string): Promise<UsableInvitation | null> {
  const row = await withInvitations(db)
    .selectFrom('invitations as invitation')
    .innerJoin('companies as company', 'company.id', 'invitation.company_id')
    .select([
      'invitation.id',
      'invitation.company_id',
      'company.name as company_name',
      'company.subscription_status',
      'invitation.email',
      'invitation.first_name',
      'invitation.last_name',
      'invitation.role',
      'invitation.expires_at',
    ])
    .where('invitation.token_hash', '=', tokenHash)
    .where('invitation.accepted_at', 'is', null)
    .where('invitation.revoked_at', 'is', null)
    .where('invitation.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    isCompanySuspended: row.subscription_status === 'suspended',
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    expiresAt: row.expires_at,
  };
}

/** Marks the invitation used, in one statement: of two accepts at once, only one claims it. */
export async function claimInvitation(db: Db, id: string): Promise<boolean> {
  const row = await withInvitations(db)
    .updateTable('invitations')
    .set({ accepted_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
