import { MESSAGE_RATE_LIMIT, MESSAGE_RATE_LIMITED, MESSAGE_TEXTS, messageItem, messageSendInput } from '#shared/schemas/messages.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { readable, type Scope } from '../../db/scope.js';
import { AppError, orNotFound } from '../../errors.js';
import { hitRateLimit } from '../../services/rate-limit.js';
import { permitted } from '../../trpc/procedures.js';
import { findColleague, findMessage, insertMessage } from './messages.repository.js';

/** Counts one message against the sender's limit (in the call's own transaction). */
export async function checkSendRate(db: Kysely<Database>, scope: Scope): Promise<void> {
  const allowed = await hitRateLimit(db, `messages:send:user:${scope.userId}`, MESSAGE_RATE_LIMIT.limit, MESSAGE_RATE_LIMIT.windowSeconds);
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', MESSAGE_RATE_LIMITED);
}

/** The recipient must be someone of the caller's own company (not the caller): any other id answers "Recipient not found". */
export async function checkRecipient(db: Kysely<Database>, scope: Scope, recipientId: string): Promise<void> {
  if (!(await findColleague(db, scope, recipientId))) {
    throw new AppError('NOT_FOUND', MESSAGE_TEXTS.recipientNotFound, { field: 'recipientId' });
  }
}

/**
 * Compose Message: to a person of one's own company, with an optional subject and load (one the
 * sender may see). The body is plain text. Rate-limited per sender. The recipient's notification
 * and the live notice are made by triggers in this same transaction.
 */
export const sendMessageProcedure = permitted('messages', 'write')
  .input(messageSendInput)
  .output(messageItem)
  .mutation(async ({ ctx, input }) => {
    await checkSendRate(ctx.db, ctx.scope);
    await checkRecipient(ctx.db, ctx.scope, input.recipientId);
    if (input.loadId) {
      const load = await ctx.db
        .selectFrom('loads')
        .select('id')
        .where(readable(ctx.scope, 'loads'))
        .where('id', '=', input.loadId)
        .executeTakeFirst();
      if (!load) throw new AppError('NOT_FOUND', 'Load not found', { field: 'loadId' });
    }
    const id = await insertMessage(ctx.db, ctx.scope, { ...input, threadId: null });
    return orNotFound(await findMessage(ctx.db, ctx.scope, id), 'Message');
  });
