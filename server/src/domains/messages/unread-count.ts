import { unreadCountOutput } from '#shared/schemas/messages.js';
import { permitted } from '../../trpc/procedures.js';
import { countUnread } from './messages.repository.js';

/** The red badge of the Inbox and of Messages in the navigation: the caller's unread received messages. */
export const unreadCountProcedure = permitted('messages', 'read')
  .output(unreadCountOutput)
  .query(async ({ ctx }) => ({ count: await countUnread(ctx.db, ctx.scope) }));
