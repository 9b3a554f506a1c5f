import type { Kysely } from 'kysely';
import type { SessionOutput } from '#shared/schemas/auth.js';
import {
  ACCOUNT_INVITE_TEXTS,
  INVITATION_ROLE_LABELS,
  inviteBlocker,
  type AccountInvitationSent,
  type AccountRole,
  type DriverAccount,
} from '#shared/schemas/invitations.js';
import { mapPgErrors } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { writable, type Scope } from '../../db/scope.js';
import { AppError, notFound } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import type { AppServices } from '../../services/services.js';
import { invitationLink, linkOrigin, sendInvitationEmail } from '../team/invitation-mail.js';
import { isMemberEmail } from '../team/team.repository.js';
import { createInvitationToken } from './invitation-token.js';
import {
  closeExpiredInvitationTo,
  findOpenDriverInvitation,
  insertAccountInvitation,
  renewInvitation,
  secondsUntilResend,
} from './invitations.repository.js';

type Db = Kysely<Database>;

/** The same hourly budget as the team's invitations, counted apart. */
const INVITE_LIMIT = { limit: 50, windowSeconds: 3600 } as const;

interface InviteContext {
  db: Db;
  scope: Scope;
  session: SessionOutput;
  services: Pick<AppServices, 'mailer' | 'config'>;
}

/** The driver record as the invite needs it, if this user may change it (another company's answers like a missing one). */
async function invitableDriver(db: Db, scope: Scope, driverId: string) {
  const row = await db
    .selectFrom('drivers')
    .select(['id', 'firstName', 'lastName', 'email', 'userId', 'carrierId'])
    .where(writable(scope, 'drivers'))
    .where('id', '=', driverId)
    .executeTakeFirst();
  return row ?? null;
}

/** Whether the record may be invited, and its open invitation: the invite dialog's reading. */
export async function readDriverAccount(ctx: Pick<InviteContext, 'db' | 'scope'>, driverId: string): Promise<DriverAccount> {
  const driver = await invitableDriver(ctx.db, ctx.scope, driverId);
  if (!driver) throw notFound('Driver');
  const open = await findOpenDriverInvitation(ctx.db, ctx.scope.companyId, driver.id);
  return {
    driverId: driver.id,
    email: driver.email,
    hasAccount: driver.userId !== null,
    accountUserId: driver.userId,
    pendingInvitation: open
      ? {
          id: open.id,
          role: open.role,
          email: open.email,
          lastSentAt: open.lastSentAt.toISOString(),
          expiresAt: open.expiresAt.toISOString(),
        }
      : null,
  };
}

/**
 * Invites the person of a driver record by email: the team invitation's token (only its hash
 * kept), lifetime and mail job, with the account role `driver` (the driver portal) or `carrier`
 * (the carrier portal, for a driver record with a carrier), linked to the record. A record already
 * linked to an account, or without an email, is refused naming why; a record with an open
 * invitation gets that invitation again with a new link (at most once a minute).
 */
export async function inviteAccount(
  ctx: InviteContext,
  input: { driverId: string; role: AccountRole; carrierId?: string },
): Promise<AccountInvitationSent> {
  const companyId = ctx.scope.companyId;
  const driver = await invitableDriver(ctx.db, ctx.scope, input.driverId);
  if (!driver || (input.carrierId !== undefined && driver.carrierId !== input.carrierId)) {
    throw new AppError('NOT_FOUND', input.carrierId ? ACCOUNT_INVITE_TEXTS.notCarrierDriver : 'Driver not found', { field: 'driverId' });
  }
  if (input.role === 'carrier' && !driver.carrierId)
    throw new AppError('BAD_REQUEST', ACCOUNT_INVITE_TEXTS.noCarrier, { field: 'driverId' });
  const blocker = inviteBlocker({ email: driver.email, hasAccount: driver.userId !== null, pendingInvitation: null });
  if (blocker) throw new AppError('CONFLICT', blocker, { field: 'driverId' });
  const email = driver.email as string;

  const allowed = await hitRateLimit(ctx.db, `account-invite:company:${companyId}`, INVITE_LIMIT.limit, INVITE_LIMIT.windowSeconds);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', 'Too many invitations sent in the last hour. Please try again later.');
  if (await isMemberEmail(ctx.db, companyId, email))
    throw new AppError('CONFLICT', ACCOUNT_INVITE_TEXTS.alreadyMember, { field: 'driverId' });

  const { token, tokenHash } = createInvitationToken();
  const open = await findOpenDriverInvitation(ctx.db, companyId, driver.id);
  let id: string;
  if (open && open.role === input.role && open.email === email) {
    // Sent again: a new link and expiry for the same invitation, the old link stops working.
    if (!(await renewInvitation(ctx.db, companyId, open.id, tokenHash))) {
      const seconds = await secondsUntilResend(ctx.db, companyId, open.id);
      throw new AppError('TOO_MANY_REQUESTS', `Please wait ${seconds} seconds before sending this invitation again.`);
    }
    id = open.id;
  } else {
    // The record's email or the role changed since: the old invitation makes way for the new one.
    if (open) await ctx.db.updateTable('invitations').set({ revokedAt: new Date() }).where('id', '=', open.id).execute();
    await closeExpiredInvitationTo(ctx.db, companyId, email);
    id = await mapPgErrors(
      () =>
        insertAccountInvitation(ctx.db, {
          companyId,
          driverId: driver.id,
          email,
          firstName: driver.firstName,
          lastName: driver.lastName,
          role: input.role,
          tokenHash,
          invitedBy: ctx.session.user.id,
        }),
      { unique: new AppError('CONFLICT', ACCOUNT_INVITE_TEXTS.emailTaken, { field: 'driverId' }) },
    );
  }
  const sent = await ctx.db
    .selectFrom('invitations')
    .select(['id', 'email', 'expiresAt'])
    .where('companyId', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await mailAccountInvitation(ctx, { firstName: driver.firstName, email, role: input.role, expiresAt: sent.expiresAt }, token);
  return { id: sent.id, email: sent.email, role: input.role, expiresAt: sent.expiresAt.toISOString() };
}

/** The invitation email, through the same outbox and mail job as the team's, after commit. */
async function mailAccountInvitation(
  ctx: InviteContext,
  invitation: { firstName: string; email: string; role: AccountRole; expiresAt: Date },
  token: string,
): Promise<void> {
  const { user, company } = ctx.session;
  await sendInvitationEmail(ctx.db, ctx.services.mailer, {
    invitation,
    roleLabel: INVITATION_ROLE_LABELS[invitation.role],
    purpose: invitation.role === 'driver' ? 'your loads, documents and location sharing' : "your carrier's drivers, loads and documents",
    companyName: company.name,
    inviterName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    link: invitationLink(linkOrigin(ctx.services.config), token),
  });
}
