import { z } from 'zod';
import { recordId, timestamp } from './fields.js';
import { pageInput, pageOutput } from './pagination.js';

/**
 * The notification centre: stored notifications per person, made by the server in the
 * transaction of the change they tell of (migrations/2026-11-25T1300_notifications.ts).
 */

export const NOTIFICATION_KINDS = [
  'load_assigned',
  'load_status',
  'invoice_payment',
  'message',
  'wip_decided',
  'settlement_approved',
  'detention_warning',
  'detention_started',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  load_assigned: { label: 'Load assignments', description: 'A load is assigned to you as its driver' },
  load_status: { label: 'Load status changes', description: 'A load you can see changes status' },
  invoice_payment: { label: 'Invoice payments', description: "An invoice's payment status changes" },
  message: { label: 'New messages', description: 'Someone sends you a message' },
  wip_decided: { label: 'Assignment requests', description: 'Your WIP assignment request is approved or rejected' },
  settlement_approved: { label: 'Pay statements', description: 'Your settlement for a week is approved' },
  detention_warning: { label: 'Free time ending', description: "A truck's free time at a stop ends in 30 minutes" },
  detention_started: { label: 'Detention started', description: 'A truck at a stop is past its free time' },
};

export const NOTIFICATION_TEXTS = {
  title: 'Notifications',
  loading: 'Loading notifications...',
  empty: 'No notifications yet',
  markAllRead: 'Mark all read',
  unreadOnly: 'Unread only',
  settingsTitle: 'Notifications',
  settingsDescription: 'Choose what you are notified about',
} as const;

export const notificationListInput = pageInput.extend({ unreadOnly: z.boolean().optional() }).prefault({});
export type NotificationListInput = z.input<typeof notificationListInput>;

export const notificationItem = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path of this app to open (never another site), or null. */
  link: z.string().nullable(),
  entityId: z.uuid().nullable(),
  isRead: z.boolean(),
  createdAt: timestamp,
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListOutput = pageOutput(notificationItem);
export const notificationMarkReadInput = recordId;
export const notificationCountOutput = z.object({ count: z.number().int().nonnegative() });

export const notificationPreference = z.object({ kind: z.enum(NOTIFICATION_KINDS), enabled: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreference>;
export const notificationPreferencesOutput = z.array(notificationPreference);
export const notificationPreferenceInput = z.object({
  kind: z.enum(NOTIFICATION_KINDS, 'Unknown notification kind'),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});

/** Web Push: the server's VAPID public key, for PushManager.subscribe(). */
export const pushKeyOutput = z.object({ publicKey: z.string() });

const base64url = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required` })
    .min(min, `${label} is invalid`)
    .max(max, `${label} is invalid`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} is invalid`);

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionInput = z.object({
  endpoint: z.url('Push endpoint is invalid').max(1000, 'Push endpoint is invalid'),
  keys: z.object({ p256dh: base64url('Push key', 20, 200), auth: base64url('Push secret', 8, 100) }),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInput>;
export const pushUnsubscribeInput = z.object({ endpoint: z.string().max(1000, 'Push endpoint is invalid') });
export const PUSH_UNSUPPORTED = 'This browser’s push service is not supported';
