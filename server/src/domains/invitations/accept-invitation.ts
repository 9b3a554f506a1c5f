import { sql, type Kysely } from 'kysely';
import { sessionOutput } from '#shared/schemas/auth.js';
import { ACCOUNT_INVITE_TEXTS } from '#shared/schemas/invitations.js';
import { acceptInvitationInput, newAccountFields, TEAM_TEXTS, type AcceptInvitationInput } from '#shared/schemas/team.js';
import { STAFF_ROLES, type StaffRole } from '#shared/constants.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { credentialsByEmail } from '../../auth/credentials.js';
import { discardUnverifiedAccount } from '../../auth/unverified-accounts.js';
import type { Config } from '../../config.js';
import { isPgError } from '../../db/pg-errors.js';
import type { Database } from '../../db/schema.js';
import { commitThenFail } from '../../db/transactions.js';
import { AppError } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import type { RequestInfo } from '../../auth/request-info.js';
import { permitted } from '../../trpc/procedures.js';
import { markEmailVerified } from '../auth/email-verification.js';
import { startSignedInSession } from '../auth/start-signed-in-session.js';
import { enterInvitationScope, enterInvitedCompany } from './invitation-scope.js';
import { hashInvitationToken } from './invitation-token.js';
import {
  claimInvitation,
  findUsableInvitation,
  linkCarrierUser,
  linkDriverAccount,
  type UsableInvitation,
} from './invitations.repository.js';
import { invalidInvitation } from './preview-invitation.js';

const ATTEMPT_WINDOW_SECONDS = 15 * 60;

type Db = Kysely<Database>;

/**
 * Joins the invitation's company with its role, once: a new account chooses a password (names
 * prefilled from the invitation); an email that already has a verified account proves it with that
 * account's password. An account nobody proved the address of is not anyone's yet: whoever opened
 * the mailed invitation holds the mailbox, so it is replaced by their new account (its password,
 * company and sessions go). A user belongs to one company, so an account that already has one is
 * refused. Then a session starts, exactly as after signing in; all on the call's transaction.
 */
export const acceptInvitationProcedure = permitted({ public: "an invitation's mailed token" })
  .input(acceptInvitationInput)
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) => {
    const tokenHash = hashInvitationToken(input.token);
    await enterInvitationScope(ctx.db, tokenHash);
    const opened = await findUsableInvitation(ctx.db, tokenHash);
    if (!opened) throw invalidInvitation();
    // Two accepts of one link at once: the second waits here until the first's transaction ends,
    // then reads the invitation again and finds it used, before it looks at any account.
    await sql`select pg_advisory_xact_lock(hashtextextended(${opened.id}, 0))`.execute(ctx.db);
    const invitation = await findUsableInvitation(ctx.db, tokenHash);
    if (!invitation) throw invalidInvitation();
    if (invitation.isCompanySuspended) {
      throw new AppError('FORBIDDEN', `${invitation.companyName} is suspended. Contact support to reactivate it.`);
    }
    // One account's credentials, through the database's owner-rights function (no table-wide read).
    const account = await claimableAccount(ctx.db, invitation.email);
    const joining = account
      ? await existingAccountJoins(ctx.db, ctx.services.config, ctx.request, invitation, account, input.password)
      : await newAccountJoins(ctx.db, invitation, input);
    // Single use: of two accepts at once, only one claims the invitation; the other rolls back.
    if (!(await claimInvitation(ctx.db, invitation.id))) throw invalidInvitation();
    await ctx.db
      .insertInto('profiles')
      .values({ userId: joining.userId, companyId: invitation.companyId, firstName: joining.firstName, lastName: joining.lastName })
      .execute();
    if (isStaffRole(invitation.role)) {
      await ctx.db
        .insertInto('userRoles')
        .values({ userId: joining.userId, companyId: invitation.companyId, role: invitation.role })
        .execute();
    } else if (
      !invitation.driverId ||
      !(await linkAccount(ctx.db, invitation.role, invitation.companyId, invitation.driverId, joining.userId))
    ) {
      throw new AppError('CONFLICT', ACCOUNT_INVITE_TEXTS.linkedMeanwhile);
    }
    // The invitation's link was mailed to this address: opening it proves the address.
    await markEmailVerified(ctx.db, ctx.services.config, joining.userId);
    return startSignedInSession(ctx, joining.userId);
  });

/** The address's account to join with, or undefined when there is none (or only an unproven one, now discarded). */
async function claimableAccount(tx: Db, email: string): Promise<{ id: string; passwordHash: string } | undefined> {
  const account = await credentialsByEmail(tx, email);
  if (!account) return undefined;
  const user = await tx.selectFrom('users').select('emailVerifiedAt').where('id', '=', account.id).executeTakeFirst();
  if (user?.emailVerifiedAt === null && (await discardUnverifiedAccount(tx, account.id))) return undefined;
  return account;
}

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/**
 * No staff role: a driver's account is linked to the invitation's driver record; a carrier user's
 * to the carrier of that record (the invitation named the person among the carrier's drivers), and
 * never to the record itself, so a carrier user is not a driver and a driver is not a carrier user.
 */
function linkAccount(tx: Db, role: string, companyId: string, driverId: string, userId: string): Promise<boolean> {
  return role === 'carrier' ? linkCarrierUser(tx, companyId, driverId, userId) : linkDriverAccount(tx, companyId, driverId, userId);
}

interface Joining {
  userId: string;
  firstName: string;
  lastName: string;
}

async function newAccountJoins(tx: Db, invitation: UsableInvitation, input: AcceptInvitationInput): Promise<Joining> {
  const parsed = newAccountFields.safeParse({ firstName: input.firstName, lastName: input.lastName, password: input.password });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = String(issue?.path[0] ?? 'password');
    throw new AppError('BAD_REQUEST', issue?.message ?? 'Invalid input', { field });
  }
  const passwordHash = await hashPassword(parsed.data.password);
  let userId: string;
  try {
    const user = await tx
      .insertInto('users')
      .values({ email: invitation.email, passwordHash: passwordHash })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  } catch (error) {
    // Someone signed up with the address since the page was opened.
    if (isPgError(error, 'unique')) {
      throw new AppError('CONFLICT', 'An account with this email was just created. Reload the page and sign in with its password.', {
        field: 'password',
      });
    }
    throw error;
  }
  await enterInvitedCompany(tx, { companyId: invitation.companyId, userId });
  return { userId, firstName: parsed.data.firstName, lastName: parsed.data.lastName };
}

async function existingAccountJoins(
  tx: Db,
  config: Pick<Config, 'SIGN_IN_MAX_PER_IP' | 'SIGN_IN_MAX_PER_ACCOUNT'>,
  request: RequestInfo,
  invitation: UsableInvitation,
  account: { id: string; passwordHash: string },
  password: string,
): Promise<Joining> {
  // The password is checked as carefully as at sign-in: attempts are limited per address and per account.
  const ipAllowed = await hitRateLimit(tx, `invitation-accept:ip:${request.ip}`, config.SIGN_IN_MAX_PER_IP, ATTEMPT_WINDOW_SECONDS);
  const accountAllowed = await hitRateLimit(
    tx,
    `invitation-accept:account:${account.id}`,
    config.SIGN_IN_MAX_PER_ACCOUNT,
    ATTEMPT_WINDOW_SECONDS,
  );
  if (!ipAllowed || !accountAllowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait 15 minutes and try again.');
  }
  // A wrong password commits the attempt's count (and nothing else: nothing is written yet) before it is answered.
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw commitThenFail(new AppError('BAD_REQUEST', TEAM_TEXTS.wrongPassword, { field: 'password' }));
  }
  await enterInvitedCompany(tx, { companyId: invitation.companyId, userId: account.id });
  // The account's own profile is readable to it (profiles_self_read), whichever company it is in.
  const membership = await tx.selectFrom('profiles').select('companyId').where('userId', '=', account.id).executeTakeFirst();
  if (membership) {
    throw new AppError(
      'CONFLICT',
      membership.companyId === invitation.companyId
        ? `You are already a member of ${invitation.companyName}. Sign in to continue.`
        : TEAM_TEXTS.otherCompany,
      { field: 'password' },
    );
  }
  return { userId: account.id, firstName: invitation.firstName, lastName: invitation.lastName };
}
