import { messageGetInput, messageThreadOutput } from '#shared/schemas/messages.js';
import { orNotFound } from '../../errors.js';
import { permitted } from '../../trpc/procedures.js';
import { findMessage, listThread, markRead } from './messages.repository.js';

/**
 * One message and its thread, for the reading pane. Opening a received unread message marks it
 * read (the spec's only transition of a message). A message the caller neither sent nor
 * received, or another company's, answers like a missing one. A query, so the reading pane is
 * re-read live when a reply arrives; marking read is idempotent, so reading twice is harmless.
 */
export const getMessageProcedure = permitted('messages', 'read')
  .input(messageGetInput)
  .output(messageThreadOutput)
  .query(async ({ ctx, input }) => {
    const found = orNotFound(await findMessage(ctx.db, ctx.scope, input.id), 'Message');
    const message =
      found.recipientId === ctx.scope.userId && !found.isRead && (await markRead(ctx.db, ctx.scope, found.id))
        ? { ...found, isRead: true }
        : found;
    const thread = await listThread(ctx.db, ctx.scope, message.threadId ?? message.id);
    return { message, thread: thread.map((item) => (item.id === message.id ? message : item)) };
  });
