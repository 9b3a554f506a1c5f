import type { Transaction } from 'kysely';
import { sessionOutput } from '#shared/schemas/auth.js';
import { acceptInvitationInput, newAccountFields, TEAM_TEXTS, type AcceptInvitationInput } from '#shared/schemas/team.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { readIdentity } from '../../auth/session-context.js';
import { startSession } from '../../auth/sign-in.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { AppServices } from '../../services/services.js';
import type { RequestInfo } from '../../trpc/context.js';
import { publicProcedure } from '../../trpc/procedures.js';
import { enterInvitedCompany, withInvitationToken } from './invitation-scope.js';
import { hashInvitationToken } from './invitation-token.js';
import { claimInvitation, findUsableInvitation, type UsableInvitation } from './invitations.repository.js';
import { invalidInvitation } from './preview-invitation.js';
import { isPgError } from '../../db/pg-errors.js';

const ATTEMPT_WINDOW_SECONDS = 15 * 60;

/**
 * Joins the invitation's company with its role, once: a new account chooses a password (names
 * prefilled from the invitation); an email that already has an account proves it with that
 * account's password. A user belongs to one company, so an account that already has one is
 * refused. Then a session starts, exactly as after signing in.
 */
export const accept = publicProcedure
  .input(acceptInvitationInput)
  .output(sessionOutput)
  .mutation(async ({ ctx, input }) => {
    const tokenHash = hashInvitationToken(input.token);
    const userId = await withInvitationToken(ctx.services.db, tokenHash, async (tx) => {
      const invitation = await findUsableInvitation(tx, tokenHash);
      if (!invitation) throw invalidInvitation();
      if (invitation.isCompanySuspended) {
        throw new AppError('FORBIDDEN', `${invitation.companyName} is suspended. Contact support to reactivate it.`);
      }
      const account = await tx.selectFrom('users').select(['id', 'passwordHash']).where('email', '=', invitation.email).executeTakeFirst();
      const joining = account
        ? await existingAccountJoins(tx, ctx.services, ctx.request, invitation, account, input.password)
        : await newAccountJoins(tx, invitation, input);
      // Single use: of two accepts at once, only one claims the invitation; the other rolls back.
      if (!(await claimInvitation(tx, invitation.id))) throw invalidInvitation();
      await tx
        .insertInto('profiles')
        .values({ userId: joining.userId, companyId: invitation.companyId, firstName: joining.firstName, lastName: joining.lastName })
        .execute();
      await tx.insertInto('userRoles').values({ userId: joining.userId, companyId: invitation.companyId, role: invitation.role }).execute();
      return joining.userId;
    });
    ctx.setCookie?.(await startSession(ctx.services, userId, ctx.request));
    const identity = await readIdentity(ctx.services.db, userId);
    if (!identity) throw new Error('the member who just joined could not be read back');
    return identity;
  });

interface Joining {
  userId: string;
  firstName: string;
  lastName: string;
}

async function newAccountJoins(tx: Transaction<Database>, invitation: UsableInvitation, input: AcceptInvitationInput): Promise<Joining> {
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
  tx: Transaction<Database>,
  services: Pick<AppServices, 'config' | 'rateLimiter'>,
  request: RequestInfo,
  invitation: UsableInvitation,
  account: { id: string; passwordHash: string },
  password: string,
): Promise<Joining> {
  // The password is checked as carefully as at sign-in: attempts are limited per address and per account.
  const { SIGN_IN_MAX_PER_IP, SIGN_IN_MAX_PER_ACCOUNT } = services.config;
  const ipAllowed = await services.rateLimiter.hit(`invitation-accept:ip:${request.ip}`, SIGN_IN_MAX_PER_IP, ATTEMPT_WINDOW_SECONDS);
  const accountAllowed = await services.rateLimiter.hit(
    `invitation-accept:account:${account.id}`,
    SIGN_IN_MAX_PER_ACCOUNT,
    ATTEMPT_WINDOW_SECONDS,
  );
  if (!ipAllowed || !accountAllowed) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many attempts. Please wait 15 minutes and try again.');
  }
  if (!(await verifyPassword(account.passwordHash, password))) {
    throw new AppError('BAD_REQUEST', TEAM_TEXTS.wrongPassword, { field: 'password' });
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
