import { z } from 'zod';
import { STAFF_ROLES } from '../constants.js';
import { PORTAL_KINDS } from './auth.js';
import { optionalId, optionalText, recordId, requiredText, timestamp } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * Messages between the people of one company (platform.md: the messages entity, the Messages
 * page, Compose Message). Bodies are plain text: the client renders them as text, never as HTML.
 */

export const MESSAGE_LIMITS = { subject: 200, body: 5000, search: 100 } as const;

/** Sending is limited per user: at most this many messages (and replies) per window. */
export const MESSAGE_RATE_LIMIT = { limit: 20, windowSeconds: 60 } as const;
export const MESSAGE_RATE_LIMITED = 'You are sending messages too quickly. Please wait a minute and try again.';

/** The spec's texts. */
export const MESSAGE_TEXTS = {
  title: 'Messages',
  subtitle: 'Communicate with your team members',
  mailbox: 'Mailbox',
  inbox: 'Inbox',
  sent: 'Sent',
  inboxTitle: 'Inbox',
  sentTitle: 'Sent Messages',
  loading: 'Loading messages...',
  empty: 'No messages yet',
  noSubject: 'No Subject',
  newMessage: 'New Message',
  compose: 'Compose Message',
  send: 'Send Message',
  sentToast: { title: 'Message Sent', description: 'Your message has been sent successfully' },
  recipientRequired: 'Recipient is required',
  recipientNotFound: 'Recipient not found',
  /** A driver record whose person has no account: listed, marked, never a recipient. */
  noAccount: 'No account yet',
  noAccountHint: 'A driver needs an account to receive messages.',
  invite: 'Invite',
} as const;

export const MESSAGE_BOXES = ['inbox', 'sent'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

const search = z
  .string({ error: 'Search must be text' })
  .trim()
  .max(MESSAGE_LIMITS.search, `Search must be at most ${MESSAGE_LIMITS.search} characters`)
  .optional();

/** One mailbox, newest first, optionally searched (sender or recipient name, subject, body, load number). */
export const messageListInput = pageInput.extend({ search }).prefault({});
export type MessageListInput = z.input<typeof messageListInput>;

const body = requiredText('Message', MESSAGE_LIMITS.body);

export const messageSendInput = z.object({
  recipientId: z.uuid(MESSAGE_TEXTS.recipientRequired),
  subject: optionalText('Subject', MESSAGE_LIMITS.subject),
  body,
  loadId: optionalId('Load'),
});
export type MessageSendInput = z.input<typeof messageSendInput>;

/** A reply goes to the other person of the message replied to, in its thread. */
export const messageReplyInput = z.object({ id: z.uuid('Invalid id'), body });
export type MessageReplyInput = z.input<typeof messageReplyInput>;

export const messageGetInput = recordId;

export const messageItem = z.object({
  id: z.uuid(),
  threadId: z.uuid().nullable(),
  senderId: z.uuid(),
  senderName: z.string(),
  recipientId: z.uuid(),
  recipientName: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  loadId: z.uuid().nullable(),
  loadNumber: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: timestamp,
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageListOutput = pageOutput(messageItem);

/** One message (marked read when its recipient opens it) and its whole thread, oldest first. */
export const messageThreadOutput = z.object({ message: messageItem, thread: z.array(messageItem).max(500) });
export type MessageThread = z.infer<typeof messageThreadOutput>;

export const unreadCountOutput = z.object({ count: z.number().int().nonnegative() });

/**
 * Whom the Compose Message picker lists. Staff: everyone of the company but oneself (staff, driver
 * accounts, carrier users), then every driver record they may read whose person has no account yet
 * (userId null, hasAccount false: marked "No account yet", never a recipient; driverId for the
 * invitation). A driver or a carrier user: the staff who dispatch them (admins, dispatchers, the
 * company's master admins). By name.
 */
export const messageRecipient = z.object({
  /** The account messages go to; null for a driver without one. */
  userId: z.uuid().nullable(),
  name: z.string(),
  role: z.enum(STAFF_ROLES).nullable(),
  isMasterAdmin: z.boolean(),
  /** A driver account or a carrier's user (no role); null for staff. */
  portal: z.enum(PORTAL_KINDS).nullable(),
  /** The driver record (a driver account's, or one without an account): what an invitation names. */
  driverId: z.uuid().nullable(),
  hasAccount: z.boolean(),
});
export type MessageRecipient = z.infer<typeof messageRecipient>;
export const messageRecipientsOutput = z.array(messageRecipient).max(2000);
