import { MESSAGE_LIMITS, messageItem, messageReplyInput } from '#shared/schemas/messages.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findMessage, insertMessage } from './messages.repository.js';
import { checkRecipient, checkSendRate, writesAsPortal } from './send-message.js';

const replySubject = (subject: string | null) => {
  if (!subject) return null;
  return (/^re:/i.test(subject) ? subject : `Re: ${subject}`).slice(0, MESSAGE_LIMITS.subject);
};

/**
 * A reply to a message one sent or received: to the other person, in the same thread, with the
 * same load. Rate-limited like any message; a message the caller may not read answers like a missing one.
 * A driver or a carrier user replies only to staff.
 */
export const replyMessageProcedure = permitted('messages', 'write')
  .input(messageReplyInput)
  .output(messageItem)
  .mutation(async ({ ctx, input }) => {
    const original = orNotFound(await findMessage(ctx.db, ctx.scope, input.id), 'Message');
    await checkSendRate(ctx.db, ctx.scope);
    const recipientId = original.senderId === ctx.scope.userId ? original.recipientId : original.senderId;
    // A driver or a carrier user answers any staff member who wrote, never another account without a role.
    await checkRecipient(ctx.db, ctx.scope, recipientId, writesAsPortal(ctx.scope, ctx.session.portal) ? 'staff' : 'anyone');
    const id = await insertMessage(ctx.db, ctx.scope, {
      recipientId,
      subject: replySubject(original.subject),
      body: input.body,
      loadId: original.loadId,
      threadId: original.threadId ?? original.id,
    });
    return orNotFound(await findMessage(ctx.db, ctx.scope, id), 'Message');
  });
