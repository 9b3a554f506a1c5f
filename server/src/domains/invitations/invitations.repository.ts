import { sql, type Kysely } from 'kysely';
import type { StaffRole } from '#shared/constants.js';
import type { AccountRole, InvitationRole } from '#shared/schemas/invitations.js';
import { INVITATION_LIFETIME_DAYS, INVITATION_RESEND_COOLDOWN_SECONDS, type PendingInvitation } from '#shared/schemas/team.js';
import { keysetPage, type Page, type PageRequest } from '../../db/pagination.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

const expiresIn = () => sql<Date>`now() + make_interval(days => ${INVITATION_LIFETIME_DAYS})`;

/**
 * Not yet accepted and not revoked: the admin's Pending Invitations (expired ones included, to
 * resend). Team invitations only: a driver's or carrier user's invitation belongs to its driver record.
 */
function openInvitations(db: Db, companyId: string) {
  return db
    .selectFrom('invitations as invitation')
    .leftJoin('profiles as inviter', 'inviter.userId', 'invitation.invitedBy')
    .select([
      'invitation.id',
      'invitation.email',
      'invitation.firstName',
      'invitation.lastName',
      'invitation.role',
      'invitation.createdAt',
      'invitation.lastSentAt',
      'invitation.expiresAt',
      sql<boolean>`invitation.expires_at <= now()`.as('isExpired'),
      sql<string | null>`nullif(trim(inviter.first_name || ' ' || inviter.last_name), '')`.as('inviterName'),
    ])
    .where('invitation.companyId', '=', companyId)
    .where('invitation.driverId', 'is', null)
    .where('invitation.acceptedAt', 'is', null)
    .where('invitation.revokedAt', 'is', null)
    .$narrowType<{ role: StaffRole }>();
}

type OpenRow = Awaited<ReturnType<ReturnType<typeof openInvitations>['executeTakeFirstOrThrow']>>;

function toPendingInvitation(row: OpenRow): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    invitedByName: row.inviterName,
    createdAt: row.createdAt.toISOString(),
    lastSentAt: row.lastSentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.isExpired,
  };
}

/** A page of the company's pending invitations, newest first. */
export async function listPendingInvitations(db: Db, companyId: string, page: PageRequest): Promise<Page<PendingInvitation>> {
  const { items, nextCursor } = await keysetPage(
    openInvitations(db, companyId),
    { sortedBy: 'invitation.createdAt', id: 'invitation.id' },
    page,
  );
  return { items: items.map(toPendingInvitation), nextCursor };
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
  await db
    .updateTable('invitations')
    .set({ revokedAt: sql<Date>`now()` })
    .where('companyId', '=', companyId)
    .where('email', '=', email)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '<=', sql<Date>`now()`)
    .execute();
}

export async function insertInvitation(
  db: Db,
  values: { companyId: string; email: string; firstName: string; lastName: string; role: StaffRole; tokenHash: string; invitedBy: string },
): Promise<string> {
  const row = await db
    .insertInto('invitations')
    .values({
      companyId: values.companyId,
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      role: values.role,
      tokenHash: values.tokenHash,
      invitedBy: values.invitedBy,
      expiresAt: expiresIn(),
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
  const row = await db
    .updateTable('invitations')
    .set({ tokenHash: tokenHash, expiresAt: expiresIn(), lastSentAt: sql<Date>`now()` })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('lastSentAt', '<=', sql<Date>`now() - make_interval(secs => ${INVITATION_RESEND_COOLDOWN_SECONDS})`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Seconds until a pending invitation may be sent again (0 when it may be now). */
export async function secondsUntilResend(db: Db, companyId: string, id: string): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select(
      sql<number>`ceil(extract(epoch from (last_sent_at + make_interval(secs => ${INVITATION_RESEND_COOLDOWN_SECONDS}) - now())))::int`.as(
        'seconds',
      ),
    )
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Math.max(0, row?.seconds ?? 0);
}

export async function revokeInvitation(db: Db, companyId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('invitations')
    .set({ revokedAt: sql<Date>`now()` })
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
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
  role: InvitationRole;
  /** The driver record a driver or carrier-user invitation links the account to; null for staff. */
  driverId: string | null;
  expiresAt: Date;
}

/**
 * The invitation this token opens, if it can still be used: not accepted, not revoked, not
 * expired. Run inside withInvitationToken: row-level security shows no other invitation.
 */
export async function findUsableInvitation(db: Db, tokenHash: string): Promise<UsableInvitation | null> {
  const row = await db
    .selectFrom('invitations as invitation')
    .innerJoin('companies as company', 'company.id', 'invitation.companyId')
    .select([
      'invitation.id',
      'invitation.companyId',
      'company.name as companyName',
      'company.subscriptionStatus',
      'invitation.email',
      'invitation.firstName',
      'invitation.lastName',
      'invitation.role',
      'invitation.driverId',
      'invitation.expiresAt',
    ])
    .where('invitation.tokenHash', '=', tokenHash)
    .where('invitation.acceptedAt', 'is', null)
    .where('invitation.revokedAt', 'is', null)
    .where('invitation.expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    isCompanySuspended: row.subscriptionStatus === 'suspended',
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    driverId: row.driverId,
    expiresAt: row.expiresAt,
  };
}

/** Marks the invitation used, in one statement: of two accepts at once, only one claims it. */
export async function claimInvitation(db: Db, id: string): Promise<boolean> {
  const row = await db
    .updateTable('invitations')
    .set({ acceptedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A driver record's open invitation (expired or not), as its invite dialog shows it. */
export async function findOpenDriverInvitation(db: Db, companyId: string, driverId: string) {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'role', 'email', 'firstName', 'lastName', 'lastSentAt', 'expiresAt'])
    .where('companyId', '=', companyId)
    .where('driverId', '=', driverId)
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .$narrowType<{ role: AccountRole }>()
    .executeTakeFirst();
  return row ?? null;
}

/** A driver's or carrier user's invitation: to the driver record's email, with its names, linked to it. */
export async function insertAccountInvitation(
  db: Db,
  values: {
    companyId: string;
    driverId: string;
    email: string;
    firstName: string;
    lastName: string;
    role: AccountRole;
    tokenHash: string;
    invitedBy: string;
  },
): Promise<string> {
  const row = await db
    .insertInto('invitations')
    .values({ ...values, expiresAt: expiresIn() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes the accepted account a user of the carrier of the invitation's driver record (carrier_users:
 * linked to the carrier itself, never to the driver record, issue 24 item 3); false when that record
 * has no carrier any more.
 */
export async function linkCarrierUser(db: Db, companyId: string, driverId: string, userId: string): Promise<boolean> {
  const driver = await db
    .selectFrom('drivers')
    .select('carrierId')
    .where('companyId', '=', companyId)
    .where('id', '=', driverId)
    .executeTakeFirst();
  if (!driver?.carrierId) return false;
  await db.insertInto('carrierUsers').values({ companyId, userId, carrierId: driver.carrierId }).execute();
  return true;
}

/** Links the accepted account to its driver record, unless another account was linked meanwhile. */
export async function linkDriverAccount(db: Db, companyId: string, driverId: string, userId: string): Promise<boolean> {
  const row = await db
    .updateTable('drivers')
    .set({ userId })
    .where('companyId', '=', companyId)
    .where('id', '=', driverId)
    .where('userId', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
