import { MESSAGE_RATE_LIMIT, MESSAGE_RATE_LIMITED, MESSAGE_TEXTS, messageItem, messageSendInput } from '#shared/schemas/messages.js';
import type { PortalKind } from '#shared/schemas/auth.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { AppError, orNotFound } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { findColleague, findMessage, insertMessage, type RecipientRule } from './messages.repository.js';

/** Counts one message against the sender's limit (in the call's own transaction). */
export async function checkSendRate(db: Kysely<Database>, scope: Scope): Promise<void> {
  const allowed = await hitRateLimit(db, `messages:send:user:${scope.userId}`, MESSAGE_RATE_LIMIT.limit, MESSAGE_RATE_LIMIT.windowSeconds);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', MESSAGE_RATE_LIMITED);
}

/** Whether the caller writes as a driver or a carrier user (no staff role, not a master admin). */
export const writesAsPortal = (scope: Scope, portal: PortalKind | null): portal is PortalKind =>
  portal !== null && scope.role === null && !scope.isMasterAdmin;

/**
 * The recipient must be someone of the caller's own company (not the caller) whom the rule lets
 * them write to (messages.repository.ts, RecipientRule): any other id answers "Recipient not found".
 */
export async function checkRecipient(
  db: Kysely<Database>,
  scope: Scope,
  recipientId: string,
  rule: RecipientRule = 'anyone',
): Promise<void> {
  if (!(await findColleague(db, scope, recipientId, rule))) {
    throw new AppError('NOT_FOUND', MESSAGE_TEXTS.recipientNotFound, { field: 'recipientId' });
  }
}

/**
 * A load a driver or a carrier user may name on a message: the driver's own (assigned to their
 * record), or the carrier's (the carrier's, or one of its drivers').
 */
async function isPortalLoad(db: Kysely<Database>, scope: Scope, portal: PortalKind, loadId: string): Promise<boolean> {
  const load = await db
    .selectFrom('loads')
    .select('id')
    .where('companyId', '=', scope.companyId)
    .where('id', '=', loadId)
    .where((eb) => {
      if (portal === 'driver') {
        return eb(
          'driverId',
          'in',
          eb.selectFrom('drivers').select('id').where('companyId', '=', scope.companyId).where('userId', '=', scope.userId),
        );
      }
      const carriers = eb
        .selectFrom('carrierUsers')
        .select('carrierId')
        .where('companyId', '=', scope.companyId)
        .where('userId', '=', scope.userId);
      return eb.or([
        eb('carrierId', 'in', carriers),
        eb(
          'driverId',
          'in',
          eb.selectFrom('drivers').select('id').where('companyId', '=', scope.companyId).where('carrierId', 'in', carriers),
        ),
      ]);
    })
    .executeTakeFirst();
  return load !== undefined;
}

/**
 * Compose Message: to a person of one's own company, with an optional subject and load (one the
 * sender may see). A driver or a carrier user writes only to the staff who dispatch them (admins,
 * dispatchers), about their own loads. The body is plain text. Rate-limited per sender. The
 * recipient's notification and the live notice are made by triggers in this same transaction.
 */
export const sendMessageProcedure = permitted('messages', 'write')
  .input(messageSendInput)
  .output(messageItem)
  .mutation(async ({ ctx, input }) => {
    await checkSendRate(ctx.db, ctx.scope);
    const portal = writesAsPortal(ctx.scope, ctx.session.portal) ? ctx.session.portal : null;
    await checkRecipient(ctx.db, ctx.scope, input.recipientId, portal ? 'dispatch' : 'anyone');
    if (input.loadId) {
      const found = portal
        ? await isPortalLoad(ctx.db, ctx.scope, portal, input.loadId)
        : (await ctx.db
            .selectFrom('loads')
            .select('id')
            .where(readable(ctx.scope, 'loads'))
            .where('id', '=', input.loadId)
            .executeTakeFirst()) !== undefined;
      if (!found) throw new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' });
    }
    const id = await insertMessage(ctx.db, ctx.scope, { ...input, threadId: null });
    return orNotFound(await findMessage(ctx.db, ctx.scope, id), 'Message');
  });
