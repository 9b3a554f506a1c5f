import { messageListInput, messageListOutput } from '#shared/schemas/messages.js';
import { permitted } from '../../trpc/procedures.js';
import { listMessages } from './messages.repository.js';

/** The Inbox: messages the caller received, newest first (platform.md, "Inbox shows messages where the user is the recipient"). */
export const listInboxProcedure = permitted('messages', 'read')
  .input(messageListInput)
  .output(messageListOutput)
  .query(({ ctx, input }) => listMessages(ctx.db, ctx.scope, 'inbox', input.search, input));

/** Sent Messages: messages the caller sent, newest first. */
export const listSentProcedure = permitted('messages', 'read')
  .input(messageListInput)
  .output(messageListOutput)
  .query(({ ctx, input }) => listMessages(ctx.db, ctx.scope, 'sent', input.search, input));
