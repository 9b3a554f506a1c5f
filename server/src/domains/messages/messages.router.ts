import { router } from '../../trpc/procedures.js';
import { getMessageProcedure } from './get-message.js';
import { listRecipientsProcedure } from './list-recipients.js';
import { listInboxProcedure, listSentProcedure } from './list-messages.js';
import { replyMessageProcedure } from './reply-message.js';
import { sendMessageProcedure } from './send-message.js';
import { unreadCountProcedure } from './unread-count.js';

/** Messages between the people of a company: who may call each is in shared/src/permissions.ts ("messages"). */
export const messagesRouter = router({
  /** Received messages, newest first, optionally searched. */
  inbox: listInboxProcedure,
  /** Sent messages, newest first, optionally searched. */
  sent: listSentProcedure,
  /** One message with its thread; opening a received unread message marks it read. */
  get: getMessageProcedure,
  /** Compose Message. */
  send: sendMessageProcedure,
  /** A reply in the thread, to the other person. */
  reply: replyMessageProcedure,
  /** Unread received messages, for the badges. */
  unreadCount: unreadCountProcedure,
  /** The people one may write to. */
  recipients: listRecipientsProcedure,
});
