import type { TaskList } from 'graphile-worker';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { withCompany } from '../../db/with-company.js';
import { lazyModule } from '../../lazy-module.js';
import { addJob } from '../../services/jobs/job-queue.js';
import { isPushServiceEndpoint, vapidKeys, type VapidKeys } from './web-push.js';

const webPush = lazyModule(() => import('web-push'));

/**
 * Web Push delivery: a stored notification also reaches the browsers its user subscribed
 * (Settings, Notifications card), also when no tab is open, through the browser's push service,
 * signed with the server's VAPID keys and encrypted for the browser (aes128gcm). It leaves after
 * commit: the notification's insert queued a fan-out job (migrations/2026-11-25T1300_web_push.ts),
 * which queues one delivery job per subscription, each retried on its own; a subscription the
 * push service says is gone (404, 410) is deleted. The request is made here (fetch), from the
 * details web-push prepares, and only to the browsers' push services (no request to an address a
 * user typed).
 */

export const WEB_PUSH_FAN_OUT = 'web-push-fan-out';
export const WEB_PUSH_SEND = 'web-push-send';
/** How long a push service keeps an undelivered notification (the device may be off). */
const TTL_SECONDS = 24 * 3600;
const REQUEST_TIMEOUT_MS = 10_000;

interface FanOutPayload {
  notificationId: string;
  companyId: string;
  userId: string;
}
interface SendPayload extends FanOutPayload {
  subscriptionId: string;
}

/** What the service worker shows (client/public/sw.js): title, body, icon, and the path a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag: string;
}

export function pushTasks(config: Config, db: Kysely<Database>): TaskList {
  const keys = vapidKeys(config);
  return {
    [WEB_PUSH_FAN_OUT]: async (raw) => {
      const payload = raw as FanOutPayload;
      const owner = { companyId: payload.companyId, userId: payload.userId };
      await withCompany(db, owner, async (tx) => {
        const subscriptions = await tx
          .selectFrom('pushSubscriptions')
          .select('id')
          .where('companyId', '=', payload.companyId)
          .where('userId', '=', payload.userId)
          .execute();
        for (const subscription of subscriptions) {
          await addJob(
            tx,
            WEB_PUSH_SEND,
            { ...payload, subscriptionId: subscription.id },
            { jobKey: `web-push:${payload.notificationId}:${subscription.id}`, maxAttempts: 5 },
          );
        }
      });
    },
    [WEB_PUSH_SEND]: async (raw) => {
      const payload = raw as SendPayload;
      const owner = { companyId: payload.companyId, userId: payload.userId };
      // Read, then send with no transaction open: a slow push service holds no connection.
      const found = await withCompany(db, owner, async (tx) => {
        const notification = await tx
          .selectFrom('notifications')
          .select(['id', 'title', 'body', 'link'])
          .where('id', '=', payload.notificationId)
          .where('readAt', 'is', null)
          .executeTakeFirst();
        const subscription = await tx
          .selectFrom('pushSubscriptions')
          .select(['id', 'endpoint', 'p256dh', 'auth'])
          .where('id', '=', payload.subscriptionId)
          .executeTakeFirst();
        return notification && subscription ? { notification, subscription } : null;
      });
      // Read already (in another tab), or the browser unsubscribed meanwhile: nothing to send.
      if (!found || !isPushServiceEndpoint(found.subscription.endpoint, config.WEB_PUSH_EXTRA_HOSTS)) return;
      const message: PushMessage = {
        title: found.notification.title,
        body: found.notification.body,
        url: found.notification.link ?? '/dashboard',
        icon: '/favicon.png',
        tag: found.notification.id,
      };
      const status = await deliver(found.subscription, message, keys);
      if (status === 404 || status === 410) {
        await withCompany(db, owner, (tx) => tx.deleteFrom('pushSubscriptions').where('id', '=', payload.subscriptionId).execute());
        return;
      }
      if (status < 200 || status >= 300) throw new Error(`push service answered ${status}`);
    },
  };
}

/** One encrypted, VAPID-signed push request to the subscription's push service; answers its HTTP status. */
export async function deliver(
  subscription: { endpoint: string; p256dh: string; auth: string },
  message: PushMessage,
  keys: VapidKeys,
): Promise<number> {
  const { default: webpush } = await webPush();
  const details = webpush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(message),
    { vapidDetails: keys, TTL: TTL_SECONDS, contentEncoding: 'aes128gcm', urgency: 'normal' },
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
}
